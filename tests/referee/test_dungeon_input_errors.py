"""Dungeon's refusals: every impossible entry is an input error that names the card, the player
and what would be legal, and records nothing (``Table.refuse`` checks the state is untouched)."""

from __future__ import annotations

import random

import pytest

from dungeon_table import DUNGEON, NAMES, Table, ann_back_in_her_cell
from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon.checks import IllegalMove
from referee.replay import replay

ANN = ["10H", "9H", "QH", "JH", "6H"]
BOB = ["10S", "9S", "8S", "7S", "KS"]


def table() -> Table:
    return Table([list(ANN), list(BOB)], ["AC", "2C"], ["5D", "4D", "3D"])


def test_a_card_that_is_no_card_is_refused_saying_how_cards_are_written():
    t = table()
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "11X"), errors.UnknownCard)
    assert "rank (2-10, J, Q, K, A) then suit" in refused.message


def test_a_second_deck_copy_in_a_one_deck_game_is_no_card_of_the_game():
    t = table()
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "10H#2"), errors.UnknownCard)
    assert "10H#2 is not a card of this game's 1-deck pack" in refused.message


def test_a_card_not_in_the_players_hand_is_refused_listing_the_hand():
    t = table()
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "10S"), errors.CardNotInHand)
    assert "Ann (seat 0) does not hold 10S" in refused.message and refused.legal == t.hand(0)


def test_a_seat_that_is_not_at_the_table_is_refused():
    t = table()
    refused = t.refuse(cmd.Draw(5), errors.InvalidSeat)
    assert "seats 0 to 1" in refused.message


def test_another_players_turn_is_refused_naming_whose_turn_it_is():
    t = table()
    refused = t.refuse(cmd.Draw(1), errors.NotYourTurn)
    assert "It is Ann (seat 0)'s turn, not Bob (seat 1)'s" in refused.message


@pytest.mark.parametrize("command,kind,words", [
    (cmd.Attack(0, "6H", 1), IllegalMove, "6H is not a creature"),
    (cmd.PlayPassage(0, "QH"), IllegalMove, "QH is not a passage card"),
    (cmd.Graverobber(0, "QH", "AC"), IllegalMove, "QH is not a Graverobber"),
    (cmd.Myrmiddon(0, "JH", 1, "KS"), IllegalMove, "JH is not a Myrmiddon"),
    (cmd.PlayAce(0, "6H"), IllegalMove, "6H is not an Ace"),
    (cmd.Myrmiddon(0, "QH", 0, "KS"), errors.InvalidSeat, "cannot ask a Myrmiddon of their own dungeon"),
    (cmd.PlayPassage(0, "10H", "9H"), IllegalMove, "10H cannot go on 9H in Ann (seat 0)'s dungeon; it may go on cell"),
    (cmd.EndTurn(0, ["9S"]), errors.CardNotInHand, "Ann (seat 0) cannot discard 9S"),
    (cmd.Defend(0, ["9H"]), errors.WrongPhase, "it is Ann (seat 0)'s turn"),
    (cmd.HandOver(1), errors.WrongPhase, None),
    (cmd.CloseAces(), errors.WrongPhase, "No Ace window is open"),
    (cmd.Deal(), errors.WrongPhase, "No deal now"),
    (cmd.Reshuffle(), errors.WrongPhase, "No reshuffle now"),
])
def test_a_card_or_action_that_does_not_fit_is_refused_with_what_is_wrong(command, kind, words):
    t = table()
    t.act(cmd.Draw(0))
    refused = t.refuse(command, kind)
    assert words is None or words in refused.message


def test_a_passage_placed_where_it_may_not_go_names_where_it_may():
    t = table()
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    refused = t.refuse(cmd.PlayPassage(1, "10S", "10H"), IllegalMove)
    assert "10S cannot go on 10H in Bob (seat 1)'s dungeon; it may go on cell" in refused.message


def test_a_deal_order_that_is_not_the_deck_names_the_card():
    log = DUNGEON.start({"players": 2}, NAMES[:2], "known", random.Random(1))
    state = replay(log)
    deck = DUNGEON.decide(state, cmd.Deal(), random.Random(1))[0]
    order = [c for h in deck.hands for c in h] + deck.pile
    for bad, words in ((order[:-1], "lacks"), (order[:-1] + [order[0]], "is repeated"), (order[:-1] + ["JK1"], "not in it")):
        with pytest.raises(errors.InvalidDeal) as caught:
            DUNGEON.decide(state, cmd.Deal(bad), random.Random(1))
        assert words in caught.value.message


def test_a_record_is_known_or_blind():
    with pytest.raises(errors.InvalidOption):
        DUNGEON.start({"players": 2}, NAMES[:2], "dealt", random.Random(1))


def test_seat_names_must_match_the_players():
    with pytest.raises(errors.InvalidOption):
        DUNGEON.start({"players": 3}, NAMES[:2], "known", random.Random(1))


def test_nothing_is_logged_after_the_game_is_over():
    t = ann_back_in_her_cell()
    t.act(cmd.Attack(1, "QS", 0))
    t.act(cmd.Retreat(0))
    refused = t.refuse(cmd.EndTurn(1), errors.WrongPhase)
    assert "The game is over" in refused.message


def test_a_passage_named_exactly_is_that_place_not_a_joker_declared_as_it():
    """Jokers Wild: Ann's dungeon holds a Joker declared as the 9H and, beside it, the 9H itself:
    an 8 "on 9H" goes on the 9H."""
    from dungeon_table import Table

    t = Table([["10H", "JK1", "9H", "8H", "2D"], ["3C", "4C", "5C", "6C", "7C"]], ["AC", "2C"],
              pile=["3D", "4D", "5D", "6D", "7D", "8D", "9D"], cells=["QD", "QC"], jokers_wild=True)
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.pass_turn(1)
    t.turn(0, cmd.PlayPassage(0, "JK1=9H"))
    t.pass_turn(1)
    t.turn(0, cmd.PlayPassage(0, "9H", "10H"))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "8H", "9H"))
    assert t.state.dungeons[0] == [("10H", -1), ("JK1=9H", 0), ("9H", 0), ("8H", 2)]
