"""Queens taken in a trick, hand scoring and the end of the game (RULINGS.md, Queen's Dungeon)."""

from __future__ import annotations

import pytest

from qd_table import Table, events_of
from referee import errors
from referee.games.queens_dungeon import errors as qd_errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.games.queens_dungeon import commands as cmd
from referee.trickgame.leaders import winners_at_target


ALL_SPADES = ["QS", "AS", "KS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]


def two_queens_table(**options) -> Table:
    t = Table(**options)
    t.start_hand("H", {1: ["AS"], 2: ["QS"], 3: ["QC"], 0: ["2S"]})
    t.play("AS", "QS", "QC", "2S")
    return t


def test_two_queens_scored_and_trump_change_required_before_next_card():
    t = two_queens_table()
    won = events_of(t.log, ev.TrickWon)[-1]
    assert (won.seat, won.queens) == (2, 2)
    assert t.state.phase == "trump_change" and t.hand.queens_won[2] == 2
    with pytest.raises(qd_errors.TrumpChangeRequired) as exc:
        t.act(cmd.Play(2, t.hand.hands[2][0]))
    assert exc.value.legal == ["C", "D", "S"]
    assert t.hand.trick == []


def test_trump_change_refused_when_the_same_suit_is_named():
    t = two_queens_table()
    version = t.state.version
    with pytest.raises(qd_errors.InvalidTrumpChange) as exc:
        t.act(cmd.ChangeTrump(0, "H"))
    assert "different trump suit" in exc.value.message
    assert t.state.version == version and t.hand.trump == "H"


def test_trump_change_by_a_non_dealer_is_refused():
    t = two_queens_table()
    with pytest.raises(qd_errors.NotDealer):
        t.act(cmd.ChangeTrump(2, "S"))


def test_trump_change_applies_from_the_next_trick_and_starts_unbroken():
    t = Table()
    # Trick 1 breaks hearts (seat 0 trumps a spade lead), trick 2 holds two Queens.
    t.start_hand("H", {1: ["AS", "AD"], 2: ["KS", "QD"], 3: ["JS", "QC"], 0: ["2H", "2D", "3D"]})
    t.play("AS", "KS", "JS", "2H")
    assert t.hand.broken and t.hand.turn == 0
    t.play("2D", "AD", "QD", "QC")
    events = t.act(cmd.ChangeTrump(0, "D"))
    assert events == [qd_ev.TrumpChanged(0, "D", 1, 3)]
    assert t.hand.trump == "D" and not t.hand.broken and t.state.phase == "play"


def test_no_trump_change_after_the_last_trick():
    t = Table(players=8)  # 6 cards each: the last trick comes quickly
    t.start_hand("S", {
        1: ["3C", "4C", "5C", "6C", "7C", "AD"],
        2: ["3D", "4D", "5D", "6D", "7D", "QD"],
        3: ["8C", "9C", "10C", "JC", "KC", "QH"],
    })
    t.play_out()
    last = events_of(t.log, ev.TrickWon)[-1]
    assert last.trick == 6
    assert t.state.phase in ("call_trump", "over")
    assert not events_of(t.log, qd_ev.TrumpChanged) or last.queens != 2


def three_queens_table(totals: list[int], winner_card: str = "QS") -> Table:
    t = Table()
    t.state.totals = list(totals)  # the game totals at that moment (earlier hands)
    t.start_hand("H", {1: [winner_card], 2: ["QC"], 3: ["QD"], 0: ["2S"]})
    t.play(winner_card, "QC", "QD", "2S")
    return t


def test_three_queens_setting_with_the_lowest_other_total():
    t = three_queens_table([300, 400, 50, 80])
    setting = events_of(t.log, qd_ev.TotalSet)[-1]
    # lower of (400 - 100) and (50 - 1)
    assert (setting.seat, setting.reason, setting.before, setting.after) == (1, "three_queens", 400, 49)
    assert t.totals()[1] == 49 and t.hand.lost[1]


def test_three_queens_setting_with_own_total_minus_100():
    t = three_queens_table([300, 120, 250, 80])
    assert events_of(t.log, qd_ev.TotalSet)[-1].after == 20


def test_four_queens_setting_from_a_total_below_250():
    t = Table()
    t.state.totals = [200, 300, 0, 0]
    t.start_hand("H", {1: ["QS"], 2: ["QC"], 3: ["QD"], 0: ["QH"]})
    t.play("QS", "QC", "QD", "QH")  # the trump Queen takes all four
    setting = events_of(t.log, qd_ev.TotalSet)[-1]
    assert (setting.seat, setting.reason, setting.after) == (0, "four_queens", -50)


def test_four_queens_setting_to_zero():
    t = Table()
    t.state.totals = [400, 300, 0, 0]
    t.start_hand("H", {1: ["QS"], 2: ["QC"], 3: ["QD"], 0: ["QH"]})
    t.play("QS", "QC", "QD", "QH")
    assert events_of(t.log, qd_ev.TotalSet)[-1].after == 0


def test_settings_use_totals_of_the_moment_including_earlier_settings_this_hand():
    t = Table()
    t.state.totals = [500, 500, 50, 500]
    # Trick 1: seat 1 takes three Queens -> 49. Trick 2: seat 2 (now 50, lowest other 49) ...
    t.start_hand("H", {1: ["QS", "3C"], 2: ["QC", "AC"], 3: ["QD", "QH"], 0: ["2S", "2C"]})
    t.play("QS", "QC", "QD", "2S")
    assert t.totals() == [500, 49, 50, 500]
    t.play("3C", "AC", "QH", "2C")  # QH is trump: seat 3 takes two Queens only
    assert events_of(t.log, ev.TrickWon)[-1].seat == 3


def dealer_dungeoned_table() -> Table:
    t = Table()
    low = ["2C", "3C", "4C", "5C", "6C", "7C", "2D", "3D", "4D", "5D", "6D", "7D"]  # no spade: may trump
    t.start_hand("H", {1: ["QS"], 2: ["QC"], 3: ["QD"], 0: ["2H"] + low})
    t.play("QS", "QC", "QD", "2H")  # the dealer trumps three Queens
    t.play_out()
    return t


def test_dealer_dungeoned_and_short_of_quota():
    t = dealer_dungeoned_table()
    sheet = events_of(t.log, ev.HandScored)[-1].sheet
    dealer = sheet["seats"][0]
    assert dealer["tricks"] < 5  # precondition: the dealer holds only low cards besides 2H
    # Setting first: lower of (0 - 100) and (0 - 1) = -100; then the dealer's -50; gains forfeited.
    assert dealer["settings"] == [{"reason": "three_queens", "trick": 1, "before": 0, "after": -100}]
    assert dealer["forfeited"] and dealer["hand_points"] == -50 and dealer["bonus"] == 0
    assert sheet["totals"][0] == -150


def test_loss_forfeits_every_gain_of_the_hand():
    t = dealer_dungeoned_table()
    dealer = events_of(t.log, ev.HandScored)[-1].sheet["seats"][0]
    assert dealer["tricks"] >= 1 and dealer["queens"] == 3
    assert dealer["hand_points"] == -50  # no trick or Queen points despite them


def test_dealer_making_quota_scores_bonus_tricks_and_queens():
    t = Table()
    # The dealer holds all four Queens and ten trumps: nobody else can take a Queen.
    t.start_hand("S", {0: ALL_SPADES[:10] + ["QC", "QD", "QH"]})
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[-1].sheet
    d = sheet["seats"][0]
    assert d["tricks"] >= 5 and d["queens"] == 4 and not d["forfeited"]
    assert d["bonus"] == 50
    assert d["hand_points"] == 50 + 10 * d["tricks"] + 25 * d["queens"]
    for s in sheet["seats"][1:]:
        assert s["hand_points"] == (0 if s["forfeited"] else 10 * s["tricks"] + 25 * s["queens"])
    assert sum(s["tricks"] for s in sheet["seats"]) == 13


def test_game_ends_at_the_target_and_the_highest_total_wins():
    assert winners_at_target([510, 620, 100, 0], 500) == [1]
    assert winners_at_target([490, 120, 100, 0], 500) is None


def test_tie_at_the_top_plays_another_hand():
    assert winners_at_target([520, 520, 100, 0], 500) is None
    t = Table(target=10)
    t.state.totals = [0, 0, 0, 0]
    t.start_hand("S", {0: ALL_SPADES})
    t.play_out()
    scored = events_of(t.log, ev.HandScored)[-1]
    ended = events_of(t.log, ev.GameEnded)
    top = max(scored.totals)
    if scored.totals.count(top) == 1:
        assert ended and ended[0].winners == [scored.totals.index(top)] and t.state.phase == "over"
    else:
        assert not ended and t.state.phase == "call_trump"


def test_early_end_by_the_scorekeeper_shares_a_tie():
    t = Table()
    t.state.totals = [100, 300, 300, 50]
    events = t.act(cmd.EndGame())
    assert events == [ev.GameEnded("early", 0, [1, 2], [100, 300, 300, 50])]
    assert t.state.outcome["winners"] == [1, 2]
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.CallTrump(0, "S"))
