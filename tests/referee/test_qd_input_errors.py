"""Impossible entries are refused with a named error and a readable message, and change nothing
(docs/rules/README.md, "Every game")."""

from __future__ import annotations

import copy

import pytest

from qd_table import QD, Table
from referee import errors
from referee.events import CardPlayed
from referee.games.queens_dungeon import commands as cmd
from events.registry import registry


@pytest.fixture
def table() -> Table:
    t = Table()
    t.start_hand("H", {1: ["AS", "QS", "9S"], 2: ["3S", "KS"], 3: ["5S", "JS"], 0: ["6S", "10S"]})
    return t


def refused(t: Table, command, error):
    before = copy.deepcopy(QD.director_view(t.state))
    with pytest.raises(error) as exc:
        t.act(command)
    assert QD.director_view(t.state) == before  # nothing changed
    return exc.value


def test_card_already_played_is_refused_naming_the_trick(table):
    table.play("AS", "3S", "5S", "6S", "QS", "KS", "JS", "10S")
    e = refused(table, cmd.Play(1, "3S"), errors.CardAlreadyPlayed)
    assert e.message == "Seat 1 (Bob) cannot play 3S in trick 3: 3S was already played in trick 1."
    assert (e.seat, e.card, e.trick, e.code) == (1, "3S", 3, "card_already_played")
    assert "9S" in e.legal


def test_card_not_in_the_deck_is_refused():
    t = Table(players=5)
    t.start_hand("H")
    e = refused(t, cmd.Play(t.hand.turn, "2D"), errors.UnknownCard)
    assert "not in the deck" in e.message
    refused(t, cmd.Play(t.hand.turn, "11X"), errors.UnknownCard)


def test_card_not_in_a_known_hand_is_refused(table):
    e = refused(table, cmd.Play(1, "3S"), errors.CardNotInHand)
    assert e.message == "Seat 1 (Bob) cannot play 3S in trick 1: they do not hold it."
    assert "AS" in e.legal


def test_play_out_of_turn_is_refused(table):
    e = refused(table, cmd.Play(2, "3S"), errors.NotYourTurn)
    assert e.message == "Seat 2 (Carol) cannot play in trick 1: it is Seat 1 (Bob)'s turn."


def test_play_before_trump_is_called_is_refused():
    t = Table()
    e = refused(t, cmd.Play(1, "2S"), errors.WrongPhase)
    assert "trump" in e.message


def test_trump_change_when_none_is_due_is_refused(table):
    refused(table, cmd.ChangeTrump(0, "S"), errors.WrongPhase)


def test_seat_not_at_the_table_is_refused(table):
    refused(table, cmd.Play(7, "AS"), errors.InvalidSeat)


def test_blind_record_refuses_hands_in_the_deal():
    t = Table(record="blind")
    t.act(cmd.CallTrump(0, "S"))
    refused(t, cmd.Deal(hands=[["2C"]]), errors.InvalidDeal)


def test_known_deal_must_make_up_the_deck():
    t = Table()
    t.act(cmd.CallTrump(0, "S"))
    hands = [["2C"] * 13, [], [], []]
    e = refused(t, cmd.Deal(hands=hands), errors.InvalidDeal)
    assert "13 cards" in e.message


def test_invalid_options_are_refused():
    with pytest.raises(errors.InvalidOption):
        Table(players=4, four_hands=True)
    with pytest.raises(errors.InvalidOption):
        Table(players=3, partners=True)
    with pytest.raises(errors.InvalidOption):
        Table(players=9)


def test_commands_load_from_json_through_their_schemas():
    command = QD.command_schemas["play"].load({"seat": 1, "card": "qs"})
    assert command == cmd.Play(1, "qs") and QD.action_of(command) == "play"
    assert set(QD.command_schemas) == set(cmd.ACTIONS) | {"undo", "redo", "confirm"}  # the undo and redo of mis-entries and the players' confirmations, every game's


def test_events_round_trip_through_the_event_registry(table):
    table.play("AS", "3S", "5S", "6S")
    for event in table.log:
        name, version, payload = registry.encode(event)
        assert registry.decode(name, version, payload) == event
    assert registry.encode(CardPlayed(1, "AS", 1, 1))[0] == "CardPlayed"


def test_queens_dungeon_implements_the_game_interface():
    from referee.game import Game
    from referee.registry import game_names, get_game

    assert isinstance(QD, Game) and get_game("queens-dungeon") is QD
    assert "queens-dungeon" in game_names()
    with pytest.raises(errors.UnknownGame):
        get_game("snap")
