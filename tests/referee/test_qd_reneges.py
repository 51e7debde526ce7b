"""Reneges and the irregularities handled like them, in every window, in known and blind records
(RULINGS.md, Queen's Dungeon, "Reneges")."""

from __future__ import annotations

import pytest

from qd_table import QD, Table, events_of
from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.games.queens_dungeon import commands as cmd

# Seat 1 leads AS; seat 2 holds 3S but may throw 4C (a renege); seats 3 and 0 follow.
DEAL = {1: ["AS", "7S", "8S"], 2: ["3S", "4C"], 3: ["5S", "9S"], 0: ["6S", "10S"]}


def table(record: str, detection: str = "on_claim", **options) -> Table:
    t = Table(record=record, detection=detection, **options)
    t.start_hand("H", DEAL)
    return t


def ruling(events) -> ev.RenegeRuled:
    return events_of(events, ev.RenegeRuled)[-1]


# ------------------------------------------------------------------ detection announced, known


def test_known_record_with_detection_announced_refuses_a_renege_with_the_legal_cards():
    t = table("known", "announced")
    t.play("AS")
    version = t.state.version
    with pytest.raises(errors.IllegalPlay) as exc:
        t.play("4C")
    e = exc.value
    assert (e.seat, e.card, e.trick, e.code) == (2, "4C", 1, "illegal_play")
    assert e.legal == ["3S"]
    assert e.message == "Seat 2 (Carol) cannot play 4C in trick 1: spades were led and they hold 3S. Legal: 3S."
    assert t.state.version == version and "4C" in t.hand.hands[2]


# ------------------------------------------------------------------ window A


def test_renege_window_a_take_back_in_a_known_record():
    t = table("known")
    t.play("AS", "4C")
    assert t.hand.irregular and t.hand.irregular[0].kind == "renege"
    played_version = t.state.version
    events = t.act(cmd.TakeBack(2))
    assert events == [ev.CardTakenBack(2, 1, 1, "4C", played_version)]
    assert t.hand.trick == [(1, "AS")] and t.hand.turn == 2 and "4C" in t.hand.hands[2]
    assert t.totals() == [0, 0, 0, 0]
    assert t.state.replaced == [[played_version, played_version]]
    t.play("3S")


def test_renege_window_a_claim_by_another_player_returns_the_card_in_a_known_record():
    t = table("known")
    t.play("AS", "4C")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.window, r.evidence["held"]) == ("upheld", "A", ["3S"])
    assert events_of(events, ev.CardTakenBack) and t.hand.turn == 2


def test_renege_window_a_take_back_in_a_blind_record():
    t = table("blind", "announced")
    t.play("AS", "4C")  # blind: a claim of holding no spade, recorded
    events = t.act(cmd.TakeBack(2))
    assert events_of(events, ev.CardTakenBack)
    assert t.hand.trick == [(1, "AS")] and "4C" not in t.hand.played
    t.play("3S")


def test_renege_window_a_upheld_by_a_shown_card_in_a_blind_record():
    t = table("blind", "announced")
    t.play("AS", "4C")
    events = t.act(cmd.ClaimRenege(1, accused=2, trick=1, shown="3S"))
    r = ruling(events)
    assert (r.verdict, r.window, r.evidence["shown"]) == ("upheld", "A", "3S")
    assert t.hand.turn == 2


# ------------------------------------------------------------------ window B


def check_window_b_replay(t: Table) -> None:
    renege_version = t.state.version - 1  # 4C, then 5S
    events = t.act(cmd.AcceptPenalty(2))
    assert events == [qd_ev.PenaltyAccepted(2, 1, 1, "4C", 25, renege_version)]
    assert t.totals() == [0, 0, -25, 0]
    assert t.hand.trick == [(1, "AS")] and t.hand.turn == 2
    assert "5S" not in t.hand.played and "4C" not in t.hand.played
    assert t.state.replaced == [[renege_version, renege_version + 1]]
    t.play("3S", "5S", "6S")
    assert events_of(t.log, ev.TrickWon)[-1].cards == ["AS", "3S", "5S", "6S"]


def test_renege_window_b_replays_trick_in_a_known_record():
    t = table("known")
    t.play("AS", "4C", "5S")
    check_window_b_replay(t)
    assert "5S" not in t.hand.hands[3] and "4C" in t.hand.hands[2]


def test_renege_window_b_replays_trick_in_a_blind_record():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S")
    check_window_b_replay(t)


def test_renege_window_b_penalty_is_flat_and_forfeits_nothing():
    t = table("known")
    t.play("AS", "4C", "5S")
    t.act(cmd.AcceptPenalty(2))
    t.play_out()
    seat2 = events_of(t.log, ev.HandScored)[-1].sheet["seats"][2]
    assert seat2["penalties"] == [{"reason": "renege_penalty", "trick": 1, "amount": -25}]
    assert not seat2["forfeited"]
    assert t.totals()[2] == -25 + seat2["hand_points"]


def test_renege_window_b_replay_undoes_a_completed_trick():
    t = table("known")
    t.play("AS", "4C", "5S", "6S")  # complete: seat 1 won it, the next trick is not led yet
    assert t.hand.tricks_won[1] == 1
    t.act(cmd.AcceptPenalty(2))
    assert t.hand.tricks_won == [0, 0, 0, 0] and t.hand.trick_no == 1 and t.hand.trick == [(1, "AS")]


def test_renege_window_b_declined_penalty_stands_and_window_c_applies_at_the_next_lead():
    t = table("known")
    t.play("AS", "4C", "5S", "6S")
    events = t.act(cmd.ClaimRenege(1, accused=2, trick=1))
    assert (ruling(events).verdict, ruling(events).window) == ("upheld", "B")
    assert t.totals() == [0, 0, 0, 0]
    events = t.play("7S")  # seat 1 leads trick 2: the penalty was not taken
    r = ruling(events)
    assert (r.window, r.evidence["penalty_declined"]) == ("C", True)
    assert events_of(events, qd_ev.TotalSet)[0].after == -100
    assert isinstance(events[-1], ev.CardPlayed)


# ------------------------------------------------------------------ window C


def test_renege_window_c_dungeon_setting_in_a_known_record():
    t = table("known")
    t.state.totals = [150, 200, 300, 40]
    t.play("AS", "4C", "5S", "6S", "7S")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.window, r.claimant) == ("upheld", "C", 3)
    setting = events_of(events, qd_ev.TotalSet)[0]
    # lower of (300 - 100) and (lowest other 40 - 1)
    assert (setting.seat, setting.reason, setting.after) == (2, "renege", 39)
    assert t.hand.lost[2]


def test_renege_window_c_dungeon_setting_in_a_blind_record():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S", "6S")  # seat 1 wins and leads again
    events = t.play("7S", "3S")  # seat 2 now plays a spade: the log proves the renege
    r = ruling(events)
    assert (r.verdict, r.window, r.claimant) == ("upheld", "C", None)
    assert r.evidence["proof"] == {"card": "3S", "trick": 2}
    assert events_of(events, qd_ev.TotalSet)[0].after == -100


def test_renege_window_c_proof_kept_silent_until_claimed_with_detection_on_claim():
    t = table("blind", "on_claim")
    events = t.play("AS", "4C", "5S", "6S", "7S", "3S")
    assert not events_of(events, ev.RenegeRuled)
    view = QD.public_view(t.state)
    assert view["rulings"] == [] and "irregularities" not in view["hand"]
    assert QD.director_view(t.state)["hand"]["irregularities"][0]["proof"] == {"card": "3S", "trick": 2}
    events = t.act(cmd.ClaimRenege(0, accused=2, trick=1))
    assert (ruling(events).verdict, ruling(events).window) == ("upheld", "C")


# ------------------------------------------------------------------ window D


def test_renege_window_d_no_penalty_in_a_known_record():
    t = table("known")
    t.play("AS", "4C", "5S", "6S")
    t.play_out()
    totals = t.totals()
    events = t.act(cmd.ClaimRenege(1, accused=2, trick=1, hand=1))
    r = ruling(events)
    assert (r.verdict, r.window) == ("upheld", "D")
    assert not events_of(events, qd_ev.TotalSet) and t.totals() == totals


def test_renege_window_d_no_penalty_in_a_blind_record():
    known = table("known")
    blind = table("blind", "on_claim")
    for card in ("AS", "4C", "5S", "6S"):
        known.play(card)
        blind.play(card)
    known.play_out(twins=(blind,))
    assert blind.totals() == known.totals()
    events = blind.act(cmd.ClaimRenege(1, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.window) == ("upheld", "D")
    assert r.evidence["proof"]["card"] == "3S"  # seat 2 had to play its spade later in the hand


# ------------------------------------------------------------------ claims


def test_claim_not_proven_may_be_claimed_again_later():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.evidence["reason"]) == ("not_proven", "the log does not prove it")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1, shown="3S"))
    assert ruling(events).verdict == "upheld" and ruling(events).window == "B"


def test_claim_with_a_shown_card_already_played_is_not_proven():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S")
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1, shown="5S"))
    r = ruling(events)
    assert r.verdict == "not_proven" and "5S was already played in trick 1" in r.evidence["reason"]


def test_claim_against_a_card_that_followed_suit_is_not_proven():
    t = table("known")
    t.play("AS", "3S")
    events = t.act(cmd.ClaimRenege(1, accused=2, trick=1))
    assert ruling(events).verdict == "not_proven"
    assert ruling(events).evidence["reason"] == "the card followed the rules"


def test_claim_on_an_already_ruled_renege_is_refused():
    t = table("known")
    t.play("AS", "4C", "5S", "6S", "7S")
    t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    with pytest.raises(errors.NoIrregularity):
        t.act(cmd.ClaimRenege(1, accused=2, trick=1))


def test_take_back_refused_once_a_later_card_was_played():
    t = table("known")
    t.play("AS", "4C", "5S")
    with pytest.raises(errors.NoIrregularity):
        t.act(cmd.TakeBack(2))


def test_silent_irregularity_hidden_from_the_public_view_and_shown_to_the_director():
    t = table("known")
    t.play("AS", "4C")
    public = QD.public_view(t.state, seat=3)
    assert "irregularities" not in public["hand"] and "hands" not in public["hand"]
    assert public["hand"]["your_hand"] and "4C" not in str(public["hand"]["your_hand"])
    director = QD.director_view(t.state)["hand"]["irregularities"]
    assert director[0]["card"] == "4C" and director[0]["held"] == ["3S"] and director[0]["window_now"] == "A"


# ------------------------------------------------------------------ handled like a renege


def test_illegal_trump_lead_handled_like_a_renege():
    t = Table(detection="on_claim")
    t.start_hand("H", {1: ["2H", "AS"], 2: ["3S"], 3: ["4S"], 0: ["5S"]})
    t.play("2H", "3S", "4S", "5S", "AS")
    events = t.act(cmd.ClaimRenege(2, accused=1, trick=1))
    r = ruling(events)
    assert (r.kind, r.verdict, r.window, r.evidence["held"][0]) == ("trump_lead", "upheld", "C", "AS")
    assert events_of(events, qd_ev.TotalSet)


def test_illegal_trump_lead_proven_by_a_later_off_trump_card_in_a_blind_record():
    t = Table(record="blind")
    t.start_hand("H")
    t.play("2H", "3S", "4S", "5S")  # seat 1 led unbroken trump: a claim of holding only hearts
    events = t.play("AS")  # seat 1 leads again (2H won): a spade disproves the claim
    r = ruling(events)
    assert (r.accused, r.kind, r.window, r.evidence["proof"]) == (1, "trump_lead", "C", {"card": "AS", "trick": 2})


def test_missed_challenge_queen_handled_like_a_renege():
    t = Table(detection="on_claim", challenge=True, challenge_threshold=400)
    t.state.totals = [450, 100, 200, 300]
    t.start_hand("H", {1: ["QS", "2S"], 2: ["QC", "3S"], 3: ["4S"], 0: ["5S"]})
    t.act(cmd.AnnounceChallenge(1))
    assert [a.card for a in QD.legal_actions(t.state, 1) if isinstance(a, cmd.Play)] == ["QS"]
    t.play("QS", "3S", "4S")  # seat 2 kept its Queen
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.kind, r.verdict, r.window, r.evidence["held"]) == ("challenge", "upheld", "B", ["QC"])


def test_renege_window_b_acceptance_undoes_a_dungeon_setting_of_that_trick():
    t = Table(detection="on_claim")
    t.start_hand("H", {1: ["QS"], 2: ["3S", "4C"], 3: ["QD"], 0: ["QH"]})
    t.play("QS", "4C", "QD", "QH")  # seat 0's trump Queen takes three Queens: set to -100
    assert t.totals() == [-100, 0, 0, 0]
    t.act(cmd.AcceptPenalty(2))
    assert t.totals() == [0, 0, -25, 0] and not t.hand.lost[0]
    assert t.hand.trick == [(1, "QS")] and t.hand.settings[0] == []


def test_one_card_breaking_two_rules_is_one_offence():
    # Under the Challenge seat 2 throws 4C on a spade lead while holding 3S and QC.
    t = Table(record="blind", challenge=True)
    t.state.totals = [450, 100, 200, 300]
    t.start_hand("H")
    t.act(cmd.AnnounceChallenge(1))
    t.play("QS", "4C", "5S", "6S")  # QS wins; seat 1 leads again
    events = t.play("7S", "QC")  # QC disproves both claims of 4C: no Queen, and no spade
    rulings = events_of(events, ev.RenegeRuled)
    assert len(rulings) == 1 and len(events_of(events, qd_ev.TotalSet)) == 1
    with pytest.raises(errors.NoIrregularity):
        t.act(cmd.ClaimRenege(3, accused=2, trick=1))


def test_renege_found_after_the_game_ended_early_is_window_d_and_play_stays_over():
    t = table("known")
    t.play("AS", "4C")
    t.act(cmd.EndGame())
    events = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    r = ruling(events)
    assert (r.verdict, r.window) == ("upheld", "D")
    assert not events_of(events, ev.CardTakenBack)
    assert t.state.phase == "over" and t.state.outcome is not None


def test_public_ruling_does_not_show_the_cards_the_reneger_still_holds():
    t = table("known")
    t.play("AS", "4C")
    r = ruling(t.act(cmd.ClaimRenege(3, accused=2, trick=1)))
    assert r.evidence["held"] == ["3S"]  # the record keeps it, for the director and the audit
    public = [e for e in QD.public_view(t.state)["rulings"] if e["type"] == "ruling"]
    assert public and "held" not in public[0]["evidence"]
