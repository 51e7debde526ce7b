"""Queen Bees reneges in every window, in known and blind records (docs/rules/queen-bees.md,
"Reneges": windows A and D as in Queen's Dungeon; found out in B or C, -10 x bid for the hand)."""

from __future__ import annotations

import pytest

from test_qb_play_rules import bid_all, hands_with
from trick_table import Table, events_of
from referee import errors
from referee import events as ev
from referee.trickgame import commands as cmd
from referee.games.queen_bees.scoring import hand_points

# Seat 1 leads 5D; seat 2 holds 3D but may throw 4H (a renege); seats 3 and 0 are void.
DEAL = hands_with(("3D", 2))


def table(record: str = "known", detection: str = "on_claim", **options) -> Table:
    t = Table("queen-bees", record=record, detection=detection, **options)
    t.deal(hands=DEAL)
    bid_all(t, (3, 3, 3, 3))
    return t


def ruling(events) -> ev.RenegeRuled:
    return events_of(events, ev.RenegeRuled)[-1]


def seat2_hand_total(t: Table) -> int:
    return events_of(t.log, ev.HandScored)[-1].sheet["units"][2]["hand_total"]


def test_known_record_with_detection_announced_refuses_a_renege_with_the_legal_cards():
    t = table("known", "announced")
    t.play("5D")
    version = t.state.version
    with pytest.raises(errors.IllegalPlay) as exc:
        t.play("4H")
    assert (exc.value.seat, exc.value.card, exc.value.trick, exc.value.legal) == (2, "4H", 1, ["3D"])
    assert "diamonds were led and they hold 3D" in exc.value.message
    assert t.state.version == version


def test_renege_window_a_take_back_without_penalty_in_a_known_record():
    t = table()
    t.play("5D", "4H")
    version = t.state.version
    assert t.act(cmd.TakeBack(2)) == [ev.CardTakenBack(2, 1, 1, "4H", version)]
    assert t.hand.trick == [(1, "5D")] and t.hand.turn == 2 and "4H" in t.hand.hands[2]
    assert t.state.replaced == [[version, version]]
    t.play("3D")


def test_renege_window_a_claim_by_another_player_returns_the_card():
    t = table()
    t.play("5D", "4H")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.window, r.evidence["held"]) == ("upheld", "A", ["3D"])
    assert events_of(events, ev.CardTakenBack) and t.hand.turn == 2


def test_renege_window_a_take_back_in_a_blind_record():
    t = table("blind", "announced")
    t.play("5D", "4H")
    assert events_of(t.act(cmd.TakeBack(2)), ev.CardTakenBack)
    assert t.hand.trick == [(1, "5D")] and "4H" not in t.hand.played


def test_take_back_is_refused_once_a_later_card_was_played():
    t = table()
    t.play("5D", "4H", "2S")
    with pytest.raises(errors.NoIrregularity):
        t.act(cmd.TakeBack(2))


def test_renege_window_b_costs_ten_times_the_bid_and_the_renege_stands():
    t = table()
    t.play("5D", "4H", "2S")
    r = ruling(t.act(cmd.ClaimRenege(3, accused=2, trick=1)))
    assert (r.verdict, r.window) == ("upheld", "B")
    assert t.hand.trick == [(1, "5D"), (2, "4H"), (3, "2S")]  # nothing is replayed
    t.play_out()
    assert seat2_hand_total(t) == -30
    assert events_of(t.log, ev.HandScored)[-1].sheet["units"][2]["renege"] is True


def test_renege_window_b_upheld_by_a_shown_card_in_a_blind_record():
    t = table("blind", "announced")
    t.play("5D", "4H", "2S")
    r = ruling(t.act(cmd.ClaimRenege(1, accused=2, trick=1, shown="3D")))
    assert (r.verdict, r.window, r.evidence["shown"]) == ("upheld", "B", "3D")


def test_renege_window_c_costs_ten_times_the_bid_in_a_known_record():
    t = table()
    t.play("5D", "4H", "2S", "2C", "6D")
    r = ruling(t.act(cmd.ClaimRenege(0, accused=2, trick=1)))
    assert (r.verdict, r.window, r.claimant) == ("upheld", "C", 0)
    t.play_out()
    assert seat2_hand_total(t) == -30


def test_renege_window_c_proved_by_a_later_card_in_a_blind_record():
    t = table("blind", "announced")
    events = t.play("5D", "4H", "2S", "2C", "6D", "3D")
    r = ruling(events)
    assert (r.verdict, r.window, r.claimant) == ("upheld", "C", None)
    assert r.evidence["proof"] == {"card": "3D", "trick": 2}


def test_renege_window_c_proof_kept_silent_until_claimed_with_detection_on_claim():
    t = table("blind", "on_claim")
    events = t.play("5D", "4H", "2S", "2C", "6D", "3D")
    assert not events_of(events, ev.RenegeRuled)
    view = t.game.public_view(t.state)
    assert view["rulings"] == [] and "irregularities" not in view["hand"]
    assert t.game.director_view(t.state)["hand"]["irregularities"][0]["proof"] == {"card": "3D", "trick": 2}
    assert ruling(t.act(cmd.ClaimRenege(0, accused=2, trick=1))).window == "C"


def test_renege_penalty_off_records_the_ruling_without_changing_the_score():
    t = table(renege_costs_bid=False)
    t.play("5D", "4H", "2S", "2C", "6D")
    assert ruling(t.act(cmd.ClaimRenege(0, accused=2, trick=1))).verdict == "upheld"
    t.play_out()
    row = events_of(t.log, ev.HandScored)[-1].sheet["units"][2]
    assert row["hand_total"] == hand_points(3, row["tricks"], False) and row["renege"] is False


@pytest.mark.parametrize("record", ["known", "blind"])
def test_renege_window_d_no_penalty(record):
    t = table(record)
    t.play("5D", "4H", "2S", "2C")
    if record == "blind":  # the blind table follows what the known one would play
        twin = table("known")
        twin.play("5D", "4H", "2S", "2C")
        twin.play_out(twins=(t,))
    else:
        t.play_out()
    totals = t.totals()
    r = ruling(t.act(cmd.ClaimRenege(1, accused=2, trick=1, hand=1)))
    assert (r.verdict, r.window) == ("upheld", "D")
    assert t.totals() == totals
    assert seat2_hand_total(t) >= 0


def test_a_claim_the_log_does_not_prove_is_not_proven_and_may_be_made_again():
    t = table("blind", "on_claim")
    t.play("5D", "4H", "2S")
    r = ruling(t.act(cmd.ClaimRenege(1, accused=2, trick=1)))
    assert (r.verdict, r.evidence["reason"]) == ("not_proven", "the log does not prove it")
    t.play("2C", "6D", "3D")
    assert ruling(t.act(cmd.ClaimRenege(1, accused=2, trick=1))).verdict == "upheld"


def test_a_claim_against_a_card_that_followed_is_not_proven():
    t = table()
    t.play("5D", "4H", "2S")
    r = ruling(t.act(cmd.ClaimRenege(1, accused=3, trick=1)))
    assert (r.verdict, r.evidence["reason"]) == ("not_proven", "the card followed the rules")
    with pytest.raises(errors.InvalidSeat):
        t.act(cmd.ClaimRenege(2, accused=2, trick=1))
    with pytest.raises(errors.InputError):
        t.act(cmd.ClaimRenege(1, accused=0, trick=1))  # seat 0 has not played in trick 1


def test_an_upheld_renege_says_its_penalty_in_the_ruling():
    t = table()
    t.play("5D", "4H", "2S")
    r = ruling(t.act(cmd.ClaimRenege(3, accused=2, trick=1)))
    assert r.evidence["penalty"] == "Seat 2 (Carol) scores -10 x 3 = -30 for hand 1 instead of its normal score"
