"""The Queens: one test per ruling (docs/rules/the-queens.md), on the pure rules."""

from __future__ import annotations

import doctest

import pytest

from tq_positions import foundations_without, tableau
from referee import errors
from referee.cards import DECK52
from referee.games.the_queens import cards as tq_cards
from referee.games.the_queens import events as ev
from referee.games.the_queens import rules
from referee.games.the_queens.cards import DECK104, parse_order
from referee.games.the_queens.errors import CardNotAvailable, IllegalMove, UnknownPlace
from referee.games.the_queens.rules import Tableau, apply, deal, legal_moves, move, new_pack, turn


def folded(events, t=None):
    t = t or Tableau()
    for e in events:
        apply(t, e)
    return t


def order_of(first, rest_without_kings_first=True):
    """A deal whose first cards are ``first`` (in dealing order), then the other cards of two packs
    with Kings and Queens last, so the shutter is dealt from plain cards."""
    left = list(DECK104)
    for c in first:
        left.remove(c)
    left.sort(key=lambda c: c[0] in "KQ")
    return list(first) + left


PLAIN = [c for c in DECK104 if c[0] not in "KQ"]


def test_rules_doctests_pass():
    assert doctest.testmod(rules).failed == 0 and doctest.testmod(tq_cards).failed == 0


# --- the key ------------------------------------------------------------------------------------


def test_key_is_32_cards_face_up_with_the_last_dealt_on_top():
    order = order_of(PLAIN[:40])
    t = folded(deal(order))
    assert t.key == order[:32] and t.key[-1] == order[31]
    assert [p[-1] for p in t.piles] == order[32:39]


def test_key_card_is_playable_only_to_a_foundation():
    t = tableau(key=["5H"], piles={"s1": ["6H"], "s2": ["9C"]}, foundations=[["KH", "AH", "2H", "3H"]], pack=["2C"])
    with pytest.raises(IllegalMove, match=r"5H .* from the key .* a key card goes only to a foundation"):
        move(t, "5H", "s1", "key")
    t.foundations[0].append("4H")
    assert type(move(t, "5H", "foundation", "key")[0]) is ev.QueensCardMoved


def test_only_the_key_top_is_available():
    t = tableau(key=["4H", "9C"], foundations=[["KH", "AH", "2H", "3H"]], pack=["2C"], piles={"s1": ["10D"]})
    with pytest.raises(CardNotAvailable, match=r"4H \(4 of hearts\) is not on top of the key \(top 9C\)"):
        move(t, "4H", "foundation", "key")


# --- the Queens' payment -------------------------------------------------------------------------


def test_queen_on_the_key_top_pays_herself_and_13_cards_to_the_bottom_of_the_pack():
    order = order_of(PLAIN[:31] + ["QS"] + PLAIN[31:40])
    events = deal(order)
    assert events[1] == ev.QueensKeyPaid(order[18:32])
    t = folded(events)
    assert t.key == order[:18]
    assert t.pack[:14] == list(reversed(order[18:32]))  # dealt last, the Queen the very last
    assert t.pack[0] == "QS"


def test_queens_payment_is_repeated_while_the_key_top_is_a_queen():
    order = order_of(PLAIN[:17] + ["QH"] + PLAIN[17:30] + ["QS"] + PLAIN[30:40])
    events = deal(order)
    assert [type(e) for e in events[:3]] == [ev.QueensDealt, ev.QueensKeyPaid, ev.QueensKeyPaid]
    assert folded(events).key == order[:4]


def test_third_queen_on_the_key_top_takes_the_last_four_cards():
    order = order_of(PLAIN[:3] + ["QD"] + PLAIN[3:16] + ["QH"] + PLAIN[16:29] + ["QS"] + PLAIN[29:40])
    events = deal(order)
    assert events[3] == ev.QueensKeyPaid(order[:4])
    assert folded(events).key == []


def test_key_payment_always_pays_a_queen_reaching_the_key_top_in_play():
    key = ["5H"] + PLAIN[:13] + ["QS", "3C"]
    paid_at_the_deal = tableau(key=key, foundations=[["KC", "AC", "2C"]], pack=["4D"], piles={"s1": ["9D"]},
                               key_payment="deal")
    assert folded(move(paid_at_the_deal, "3C", "f"), paid_at_the_deal).key[-1] == "QS"  # she stays there
    t = tableau(key=key, foundations=[["KC", "AC", "2C"]], pack=["4D"], piles={"s1": ["9D"]}, key_payment="always")
    events = move(t, "3C", "f")
    assert events[1] == ev.QueensKeyPaid(PLAIN[:13] + ["QS"])
    t = folded(events, t)
    assert t.key == ["5H"] and t.pack == ["QS"] + list(reversed(PLAIN[:13])) + ["4D"]  # the pack's bottom: QS last


def test_key_payment_always_is_recorded_and_refused_when_not_a_choice():
    from referee.games.the_queens.game import TheQueens
    created = TheQueens().start({"key_payment": "always", "new_pack": "queens_with_three"}, ["Ann"], "known", None)[0]
    assert created.options["key_payment"] == "always"
    with pytest.raises(errors.InvalidOption, match="key_payment"):
        TheQueens().start({"key_payment": "sometimes"}, ["Ann"], "known", None)


# --- the shutter and the Kings ---------------------------------------------------------------------


def test_shutter_is_seven_cards_in_rows_of_four_and_three():
    t = folded(deal(order_of(PLAIN[:40])))
    assert [len(p) for p in t.piles] == [1] * 7 and rules.PILES == ("s1", "s2", "s3", "s4", "s5", "s6", "s7")


def test_king_dealt_to_the_shutter_goes_to_the_foundation_row_and_its_place_is_filled():
    order = order_of(PLAIN[:34] + ["KC"] + PLAIN[34:40])
    events = deal(order)
    assert ev.QueensKingFounded("KC", "pack", 0) in events
    t = folded(events)
    assert t.foundations == [["KC"]] and [p[-1] for p in t.piles] == order[32:34] + order[35:40]


def test_king_on_the_key_top_goes_to_the_foundation_row():
    order = order_of(PLAIN[:31] + ["KD"] + PLAIN[31:40])
    t = folded(deal(order))
    assert t.foundations == [["KD"]] and t.key == order[:31]
    t = tableau(key=["KS", "5H"], foundations=[["KH", "AH", "2H", "3H", "4H"]], pack=["2C"], piles={"s1": ["9D"]})
    events = move(t, "5H", "f")
    assert events[1] == ev.QueensKingFounded("KS", "key", 1)


def test_king_turned_from_the_pack_goes_to_the_foundation_row():
    t = tableau(pack=["KH", "3C"], piles={"s1": ["9D"]})
    assert turn(t)[:2] == [ev.QueensCardTurned("KH"), ev.QueensKingFounded("KH", "pack", 0)]
    assert folded(turn(t), t).talon == []


# --- foundations and marrying --------------------------------------------------------------------


def test_foundations_build_up_in_suit_king_ace_two_to_queen():
    t = tableau(foundations=[["KH"]], piles={"s1": ["9D", "AH"], "s2": ["2H"]}, pack=["3C"])
    with pytest.raises(IllegalMove, match=r"the hearts foundations take AH"):
        move(t, "2H", "foundation")
    t = folded(move(t, "AH", "foundation"), t)
    t = folded(move(t, "2H", "foundation"), t)
    assert t.foundations == [["KH", "AH", "2H"]]
    with pytest.raises(IllegalMove, match=r"no spades foundation has its King yet"):
        move(tableau(piles={"s1": ["AS"]}, pack=["3C"]), "AS", "foundation")


def test_marrying_takes_the_next_lower_card_of_the_same_suit():
    t = tableau(piles={"s1": ["7H"], "s2": ["6H"], "s3": ["6D"]}, pack=["3C", "4C"])
    with pytest.raises(IllegalMove, match=r"7H takes only 6H \(same suit, one lower\)"):
        move(t, "6D", "s1")
    assert move(t, "6H", "s1")[0] == ev.QueensCardMoved("6H", "s2", "s1")


def test_marrying_from_another_pile_the_pack_or_the_talon():
    t = tableau(piles={"s1": ["JC"], "s2": ["9C"]}, talon=["10C"], pack=["8C", "3D"])
    assert move(t, "10C", "s1", "talon")[0] == ev.QueensCardMoved("10C", "talon", "s1")
    t = folded(turn(t), t)  # the pack's card, turned, is on the talon's top
    assert move(t, "8C", "s2")[0] == ev.QueensCardMoved("8C", "talon", "s2")


def test_marrying_never_from_the_key():
    t = tableau(key=["10C"], piles={"s1": ["JC"]}, pack=["3D"])
    with pytest.raises(IllegalMove, match="a key card goes only to a foundation"):
        move(t, "10C", "s1")


def test_a_space_is_filled_at_once_from_the_pack():
    t = tableau(piles={"s1": ["JC"], "s2": ["10C"]}, pack=["4D", "5D"], talon=["9S"])
    events = move(t, "10C", "s1")
    assert events[1] == ev.QueensSpaceFilled("s2", "4D", "pack")


def test_a_space_is_filled_from_the_talon_once_the_pack_is_empty():
    t = tableau(piles={"s1": ["JC"], "s2": ["10C"], "s3": ["3H"]}, talon=["9S", "4D"])
    events = move(t, "10C", "s1")
    assert events[1] == ev.QueensSpaceFilled("s2", "4D", "talon")


# --- dealing the pack, the Queen count and the new pack ------------------------------------------


def test_dealing_turns_one_card_at_a_time_to_the_talon_whose_top_is_available():
    t = tableau(pack=["5S", "6S"], piles={"s1": ["7S"]})
    t = folded(turn(t), t)
    assert t.talon == ["5S"] and t.pack == ["6S"]
    t = folded(turn(t), t)
    assert ("move", "6S", "talon", "s1") in legal_moves(t)


def test_queens_put_on_the_talon_in_a_pass_are_counted():
    t = tableau(pack=["QS", "3C", "QH", "4D"], talon=["QD"], pass_base=1, piles={"s1": ["9C"]})
    for _ in range(4):
        t = folded(turn(t), t)
    assert t.queens_counted() == 2  # QD came from an earlier pass


def test_new_pack_is_the_counted_queens_and_three_cards_nearest_the_talon_bottom_for_each():
    # QD (under the pass's base) is not counted: she is one of the others. QS and QH are counted.
    talon = ["2C", "QD", "3C", "4C", "5C", "QS", "6C", "7C", "QH", "8C"]
    t = tableau(talon=talon, pass_base=2, piles={"s1": ["9D"]})
    assert t.queens_counted() == 2
    events = new_pack(t)
    # the Queens and the 6 others nearest the bottom, in the order they reached the talon
    assert events[0] == ev.QueensNewPackFormed(2, ["2C", "QD", "3C", "4C", "5C", "QS", "6C", "QH"])
    t = folded(events, t)
    assert t.talon == ["7C", "8C"] and t.pass_base == 2 and t.queens_counted() == 0  # the count starts again
    assert t.pack[-1] == "2C" and t.pack[0] == "QH"  # dealt from the card that reached the talon first


def test_new_pack_holds_every_counted_queen_however_high_in_the_talon():
    talon = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "QS", "QH", "QD"]
    t = tableau(talon=talon, piles={"s1": ["9D"]})
    formed = new_pack(t)[0]
    assert formed.queens == 3 and formed.cards == talon  # 3 Queens pay for 9 others: the 8 there are
    assert [c for c in formed.cards if c[0] == "Q"] == ["QS", "QH", "QD"]
    t = tableau(talon=["2C", "3C", "4C", "5C", "QS"], piles={"s1": ["9D"]})
    assert new_pack(t)[0] == ev.QueensNewPackFormed(1, ["2C", "3C", "4C", "QS"])
    assert folded(new_pack(t), t).talon == ["5C"]  # the 5C, nearer the top than the three, stays


def test_new_pack_takes_all_the_talon_when_it_has_too_few_cards():
    t = tableau(talon=["2C", "QS", "QH"], piles={"s1": ["9D"]})
    assert new_pack(t)[0] == ev.QueensNewPackFormed(2, ["2C", "QS", "QH"])
    t = tableau(talon=["QS", "QH", "2C", "3C"], piles={"s1": ["9D"]})
    assert new_pack(t)[0].cards == ["QS", "QH", "2C", "3C"] and folded(new_pack(t), t).talon == []


def test_new_pack_under_talon_bottom_is_the_bottom_three_cards_of_the_talon_for_each_queen():
    talon = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "QS", "QH"]
    t = tableau(talon=talon, piles={"s1": ["9D"]}, new_pack="talon_bottom")
    assert t.queens_counted() == 2
    events = new_pack(t)
    assert events[0] == ev.QueensNewPackFormed(2, talon[:6])
    t = folded(events, t)
    assert t.talon == talon[6:] and t.pack == list(reversed(talon[:6])) and t.queens_counted() == 0


def test_with_no_queens_counted_no_new_pack_is_formed():
    t = tableau(talon=["QS", "2C"], pass_base=2, piles={"s1": ["9D"], "s2": ["3C"]})
    with pytest.raises(errors.WrongPhase, match="No Queen was put on the talon in this pass"):
        new_pack(t)
    with pytest.raises(errors.WrongPhase, match="no Queen was counted in this pass"):
        turn(t)


def test_the_pack_must_be_exhausted_before_a_new_pack():
    t = tableau(talon=["QS"], pack=["2C"], piles={"s1": ["9D"]})
    with pytest.raises(errors.WrongPhase, match="The pack still holds 1 cards"):
        new_pack(t)


# --- won and stuck --------------------------------------------------------------------------------


def test_won_when_all_104_cards_are_on_the_foundations():
    t = tableau(foundations=foundations_without(["QH"]), piles={"s1": ["QH"]})
    assert move(t, "QH", "foundation")[-1] == ev.QueensGameEnded("won", 104)


def test_stuck_when_no_move_is_possible_and_no_pack_can_be_formed():
    # Both hearts Jacks lie under Queens: nothing can move, and no pack is left to form.
    blocked = tableau(foundations=foundations_without(["QH", "JH", "QH", "JH"]),
                      piles={"s1": ["JH", "QH"], "s2": ["JH", "QH"]})
    assert legal_moves(blocked) == []
    last = tableau(foundations=foundations_without(["QH", "JH", "QH", "JH", "10H"]),
                   piles={"s1": ["JH", "QH"], "s2": ["JH", "QH"], "s3": ["10H"]})
    assert move(last, "10H", "f")[-1] == ev.QueensGameEnded("stuck", 100)
    counted = tableau(foundations=foundations_without(["QH", "JH", "QH", "JH", "10H"]),
                      piles={"s1": ["JH", "QH"], "s2": ["JH", "QH"], "s3": ["10H"]}, talon=["QS", "QS"])
    assert type(move(counted, "10H", "f")[-1]) is not ev.QueensGameEnded  # a Queen counted: a new pack


def test_nothing_is_played_after_the_end():
    t = tableau(foundations=foundations_without(["QH"]), piles={"s1": ["QH"]})
    t = folded(move(t, "QH", "f"), t)
    with pytest.raises(errors.WrongPhase, match=r"The game is over \(won\)"):
        turn(t)


# --- refusals -------------------------------------------------------------------------------------


def test_a_refusal_names_the_card_and_the_place():
    t = tableau(piles={"s1": ["7H"], "s2": ["5H"]}, talon=["9C"], pack=["3D"])
    with pytest.raises(IllegalMove) as refused:
        move(t, "5H", "s1", "s2")
    assert refused.value.card == "5H"
    assert "5H (5 of hearts) from shutter pile s2 (top 5H) cannot go to shutter pile s1 (top 7H)" in refused.value.message
    with pytest.raises(CardNotAvailable, match=r"8C \(8 of clubs\) is on no top .* talon 9C, s1 7H, s2 5H"):
        move(t, "8C", "s1")
    with pytest.raises(UnknownPlace, match="'s9' is not a place"):
        move(t, "5H", "s9")
    with pytest.raises(errors.UnknownCard):
        move(t, "XX", "s1")


def test_a_card_on_two_tops_needs_its_source_named_when_both_moves_are_legal():
    t = tableau(piles={"s1": ["7H"], "s2": ["6H"], "s3": ["8S"]}, talon=["6H"], pack=["3D"])
    with pytest.raises(IllegalMove, match=r"6H .* is on top of talon and s2: say which"):
        move(t, "6H", "s1")
    assert move(t, "6H", "s1", "talon")[0].source == "talon"


def test_the_order_must_be_two_whole_packs():
    with pytest.raises(errors.InvalidDeal, match=r"more than twice \['2C'\], fewer than twice \['AS'\]"):
        parse_order(["2C"] + [c for c in DECK104 if c != "AS"])
    assert parse_order([c.lower() for c in DECK52 * 2]) == list(DECK104)
