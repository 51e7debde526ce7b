"""Player counts, the 2-player dummy, the 3-player four-hands variant, partners and the Queen's
Challenge (RULINGS.md, Queen's Dungeon, "Variants" and "Quotas and decks")."""

from __future__ import annotations

import pytest

from qd_table import QD, Table, events_of
from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.games.queens_dungeon import commands as cmd


@pytest.mark.parametrize(
    "players, removed, size, quota",
    [
        (2, ["2C"], 17, 7),
        (3, ["2C"], 17, 7),
        (4, [], 13, 5),
        (5, ["2C", "2D"], 10, 4),
        (6, ["2C", "2D", "2H", "2S"], 8, 3),
        (7, ["2C", "2D", "2H"], 7, 2),
        (8, ["2C", "2D", "2H", "2S"], 6, 2),
    ],
)
def test_decks_and_quotas_for_each_player_count_with_removed_cards_logged(players, removed, size, quota):
    t = Table(players=players)
    t.start_hand("S")
    dealt = events_of(t.log, ev.HandDealt)[0]
    assert dealt.removed == removed
    assert all(len(h) == size for h in dealt.hands)
    assert t.hand.quota == quota
    with pytest.raises(errors.UnknownCard) if removed else _nothing():
        if removed:
            t.act(cmd.Play(t.hand.turn, removed[0]))


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_removed_cards_may_be_chosen_by_option():
    t = Table(players=3, removed_cards=["2s"])
    t.start_hand("C")
    assert events_of(t.log, ev.HandDealt)[0].removed == ["2S"]
    with pytest.raises(errors.InvalidOption):
        Table(players=5, removed_cards=["2S"])


def test_all_options_are_logged_when_the_game_is_created():
    t = Table(players=3, four_hands=True)
    created = t.log[0]
    assert isinstance(created, ev.GameCreated)
    assert created.game == "queens-dungeon" and created.record == "known"
    assert set(created.options) >= {"players", "target", "detection", "four_hands", "partners", "challenge",
                                    "challenge_threshold", "removed_cards", "first_dealer", "renege_penalty"}


def test_two_player_dummy_sits_right_of_the_dealer_and_plays_its_top_card():
    t = Table(players=2, dealer=0)
    t.start_hand("S")
    assert t.hand.order == [1, 2, 0]  # opponent, dummy, dealer
    top = t.hand.hands[2][0]
    t.play(t.hand.hands[1][0])
    assert [a.card for a in QD.legal_actions(t.state, 2) if isinstance(a, cmd.Play)] == [top]
    with pytest.raises(errors.InputError) as exc:
        t.act(cmd.Play(2, t.hand.hands[2][1]))
    assert exc.value.code == "dummy_top_card"
    t.act(cmd.Play(2))  # the dummy's card may be left to the referee
    assert t.hand.trick[-1] == (2, top)


def test_two_player_dummy_never_deals_and_has_no_score():
    t = Table(players=2, dealer=1)
    t.start_hand("S")
    assert t.hand.order == [0, 2, 1]
    t.play_out()
    assert t.state.dealer == 0
    sheet = events_of(t.log, ev.HandScored)[0].sheet
    assert sheet["seats"][2]["unit"] is None and "hand_points" not in sheet["seats"][2]
    assert len(sheet["totals"]) == 2
    assert sum(s["tricks"] for s in sheet["seats"]) == 17


def test_two_queens_won_by_the_dummy_force_a_trump_change():
    t = Table(players=2, dealer=0)
    t.start_hand("H", {1: ["2S"], 2: ["QS"], 0: ["QC"]})
    t.play("2S", "QS", "QC")  # the dummy's top card QS takes the spade lead and QC
    won = events_of(t.log, ev.TrickWon)[-1]
    assert (won.seat, won.queens) == (2, 2) and t.state.phase == "trump_change"


def test_three_queens_won_by_the_dummy_set_no_one_back():
    t = Table(players=2, dealer=0)
    t.start_hand("H", {1: ["QC"], 2: ["QH"], 0: ["QS"]})
    t.play("QC", "QH", "QS")  # the dummy's trump Queen takes three Queens
    assert events_of(t.log, ev.TrickWon)[-1].seat == 2
    assert not events_of(t.log, qd_ev.TotalSet) and t.totals() == [0, 0]


def test_four_hands_variant_exchange_raises_the_quota_to_six():
    t = Table(players=3, four_hands=True, dealer=0)
    t.start_hand("D")
    dealt = events_of(t.log, ev.HandDealt)[0]
    assert dealt.removed == [] and len(dealt.extra) == 13 and all(len(h) == 13 for h in dealt.hands)
    assert t.state.phase == "exchange" and QD.to_act(t.state) == [0]
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.Play(1, dealt.hands[1][0]))
    t.act(cmd.ExchangeHand(0, True))
    assert t.hand.quota == 6 and t.hand.hands[0] == dealt.extra and t.hand.extra == dealt.hands[0]
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[0].sheet
    assert sheet["quota"] == 6 and sum(s["tricks"] for s in sheet["seats"]) == 13


def test_four_hands_variant_dealer_may_keep_the_hand_at_quota_five():
    t = Table(players=3, four_hands=True)
    t.start_hand("D")
    t.act(cmd.ExchangeHand(0, False))
    assert t.hand.quota == 5


def test_partners_combine_points_and_a_setting_forfeits_only_the_offenders_gains():
    t = Table(partners=True)
    t.state.totals = [300, 200]  # teams 0 (seats 0, 2) and 1 (seats 1, 3)
    t.start_hand("H", {1: ["QS"], 2: ["QC"], 3: ["QD"], 0: ["2S"]})
    t.play("QS", "QC", "QD", "2S")  # seat 1 takes three Queens
    setting = events_of(t.log, qd_ev.TotalSet)[0]
    # team 1: lower of (200 - 100) and (lowest other team 300 - 1)
    assert (setting.seat, setting.unit, setting.after) == (1, 1, 100)
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[0].sheet
    seat1, seat3 = sheet["seats"][1], sheet["seats"][3]
    assert seat1["forfeited"] and not seat3["forfeited"]
    assert seat3["hand_points"] == 10 * seat3["tricks"] + 25 * seat3["queens"]
    assert sheet["totals"][1] == 100 + seat1["hand_points"] + seat3["hand_points"]
    assert sheet["units"][1]["seats"] == [1, 3]


def test_partners_dealer_quota_counts_the_dealers_own_tricks():
    t = Table(partners=True)
    t.start_hand("S")
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[0].sheet
    dealer = sheet["seats"][0]
    assert (dealer["bonus"] == 50) == (dealer["tricks"] >= 5)


def test_queens_challenge_needs_a_total_at_the_threshold_and_the_lowest_total():
    t = Table(challenge=True, challenge_threshold=400)
    t.start_hand("H", {1: ["QS"]})
    with pytest.raises(errors.WrongPhase, match="no total has reached 400"):
        t.act(cmd.AnnounceChallenge(1))
    t2 = Table(challenge=True)
    t2.state.totals = [450, 300, 100, 200]
    t2.start_hand("H", {1: ["QS"]})
    with pytest.raises(errors.WrongPhase, match="lowest total"):
        t2.act(cmd.AnnounceChallenge(1))


def test_queens_challenge_once_per_hand_and_every_queen_holder_must_play_one():
    t = Table(challenge=True)
    t.state.totals = [450, 100, 200, 300]
    t.start_hand("H", {1: ["QS", "3S", "4S"], 2: ["QC", "QD", "QH", "5S"], 3: ["6S"], 0: ["7S"]})
    assert any(isinstance(a, cmd.AnnounceChallenge) for a in QD.legal_actions(t.state, 1))
    t.act(cmd.AnnounceChallenge(1))
    t.play("QS")
    assert [a.card for a in QD.legal_actions(t.state, 2) if isinstance(a, cmd.Play)] == ["QC", "QD", "QH"]
    with pytest.raises(errors.IllegalPlay, match="Challenge"):
        t.play("5S")
    t.play("QC", "6S", "7S")  # QS (led) wins two Queens: seat 1 leads after the trump change
    t.act(cmd.ChangeTrump(0, "S"))
    assert t.hand.turn == 1
    with pytest.raises(errors.WrongPhase, match="already announced"):
        t.act(cmd.AnnounceChallenge(1))


def test_queens_challenge_is_an_option():
    t = Table()
    t.state.totals = [450, 100, 200, 300]
    t.start_hand("H")
    with pytest.raises(errors.WrongPhase, match="not played in this game"):
        t.act(cmd.AnnounceChallenge(1))
