"""Queen's Dungeon play rules (RULINGS.md, "Cards and trumps" and "Legal plays"), one test each."""

from __future__ import annotations

import pytest

from qd_table import QD, Table, events_of
from referee import errors
from referee.games.queens_dungeon import errors as qd_errors
from referee import events as ev
from referee.cards import IS_QUEEN, parse_card
from referee.games.queens_dungeon.rules import STRENGTH as QD_STRENGTH
from referee.games.queens_dungeon import commands as cmd
from referee.trickgame.tricks import trick_winner


def legal(table: Table, seat: int) -> list[str]:
    return sorted(a.card for a in QD.legal_actions(table.state, seat) if isinstance(a, cmd.Play))


def test_rank_order_is_queen_ace_king_jack_ten_down_to_two():
    order = sorted(["2S", "10S", "JS", "KS", "AS", "QS", "9S"], key=QD_STRENGTH.__getitem__, reverse=True)
    assert order == ["QS", "AS", "KS", "JS", "10S", "9S", "2S"]


def test_trump_queen_beats_everything():
    assert trick_winner([(0, "AS"), (1, "QS"), (2, "QH"), (3, "AH")], "H", QD_STRENGTH) == 2


def test_off_suit_non_trump_queen_wins_nothing():
    assert trick_winner([(0, "3S"), (1, "QC"), (2, "2S"), (3, "QD")], "H", QD_STRENGTH) == 0


def test_trick_won_by_highest_trump_else_highest_of_suit_led():
    assert trick_winner([(0, "QS"), (1, "2H"), (2, "AS"), (3, "3H")], "H", QD_STRENGTH) == 3
    assert trick_winner([(0, "KS"), (1, "QS"), (2, "AS"), (3, "AC")], "H", QD_STRENGTH) == 1


def test_player_left_of_dealer_leads_first_and_trick_winner_leads_next():
    t = Table(dealer=2)
    t.start_hand("H", {3: ["5S"], 0: ["AS"], 1: ["2S"], 2: ["3S"]})
    assert t.hand.turn == 3
    events = t.play("5S", "AS", "2S", "3S")
    assert events_of(events, ev.TrickWon)[0].seat == 0
    assert t.hand.turn == 0 and t.hand.leader == 0


def test_must_follow_suit_or_play_any_queen():
    t = Table()
    t.start_hand("H", {1: ["AS"], 2: ["3S", "QC", "4D", "5C"]})
    t.play("AS")
    allowed = legal(t, 2)
    assert "3S" in allowed and "QC" in allowed
    assert "4D" not in allowed and "5C" not in allowed
    assert all(c[-1] == "S" or IS_QUEEN[c] for c in allowed)


def test_player_void_in_led_suit_may_play_anything():
    t = Table()
    t.start_hand("H", {1: ["AS"], 2: ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "KC", "AC", "2D"]})
    t.play("AS")
    assert len(legal(t, 2)) == 13


def test_forced_queen_when_it_is_the_last_card_of_the_led_suit():
    # Diamonds led, and the only diamond held is QD (no other Queen): QD must be played.
    hand2 = ["QD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "KC", "AC"]
    t = Table()
    t.start_hand("H", {1: ["AD"], 2: hand2})
    t.play("AD")
    assert legal(t, 2) == ["QD"]


def test_forced_queen_may_be_replaced_by_another_queen():
    hand2 = ["QD", "QC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "KC", "AC"]
    t = Table()
    t.start_hand("H", {1: ["AD"], 2: hand2})
    t.play("AD")
    assert legal(t, 2) == ["QC", "QD"]


def test_trump_may_not_be_led_until_broken():
    t = Table()
    t.start_hand("H", {1: ["2H", "3S"]})
    assert "2H" not in legal(t, 1) and "3S" in legal(t, 1)
    with pytest.raises(errors.IllegalPlay) as exc:
        t.play("2H")
    assert "trump (hearts) is not broken" in exc.value.message
    assert exc.value.seat == 1 and exc.value.card == "2H" and exc.value.trick == 1


def test_trump_may_be_led_when_leader_holds_only_trumps():
    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "KH", "AH", "3S"]
    t = Table()
    t.start_hand("H", {1: hearts[:12] + ["4S"], 2: ["AS"], 3: ["2S"], 0: ["5S"]})
    # Seat 1 still holds 4S: trump may not be led.
    assert "2H" not in legal(t, 1)
    t2 = Table()
    t2.start_hand("H", {1: hearts[:12] + ["QH"]})
    assert "2H" in legal(t2, 1)


def test_any_queen_may_be_led_before_trump_is_broken():
    t = Table()
    t.start_hand("H", {1: ["QH", "3S"]})
    assert "QH" in legal(t, 1)
    t.play("QH")
    assert t.hand.trick == [(1, "QH")]


def test_trump_is_broken_by_a_trump_played_to_an_earlier_trick():
    t = Table()
    t.start_hand("H", {1: ["AS", "2S"], 2: ["3H", "2D"], 3: ["3S"], 0: ["4S"]})
    # Seat 2 holds no spade, so it may trump in with 3H.
    t.act(cmd.Play(1, "AS"))
    assert not t.hand.broken
    t.play("3H", "3S", "4S")
    assert t.hand.broken
    assert t.hand.turn == 2  # the trump won


def test_cut_highest_card_deals_queen_high_and_ties_draw_again():
    t = Table(dealer=None)
    assert QD.to_act(t.state) == [0, 1, 2, 3]
    t.act(cmd.Cut(0, "KS"))
    t.act(cmd.Cut(1, "QH"))
    t.act(cmd.Cut(2, "qd"))
    events = t.act(cmd.Cut(3, "AC"))
    assert not events_of(events, ev.DealerChosen)
    assert t.state.cut_players == [1, 2] and t.state.cut_round == 2
    t.act(cmd.Cut(1, "AS"))
    events = t.act(cmd.Cut(2, "QC"))
    assert events_of(events, ev.DealerChosen)[0].seat == 2
    assert t.state.phase == "call_trump" and t.state.dealer == 2


def test_dealer_calls_trump_blind_before_the_deal():
    t = Table()
    assert t.state.phase == "call_trump"
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.Deal())
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.Play(1, "2S"))
    with pytest.raises(qd_errors.NotDealer):
        t.act(cmd.CallTrump(1, "S"))
    t.act(cmd.CallTrump(0, "spades"))
    assert t.hand.trump == "S" and t.state.phase == "deal"


def test_deal_rotates_left_after_each_hand():
    t = Table(dealer=3)
    t.start_hand("C")
    t.play_out()
    assert t.state.dealer == 0 and t.state.phase == "call_trump"


def test_parse_card_accepts_people_spellings():
    assert parse_card("td") == "10D" and parse_card(" Qs") == "QS"
    with pytest.raises(errors.UnknownCard):
        parse_card("1Z")
