"""The Queens on the game interface: creating a game, the deal (shuffled, or a given order), the
refusals that record nothing, giving up, and the take-back's limits."""

from __future__ import annotations

import random

import pytest

from referee import errors
from referee.game import Game
from referee.games.the_queens import commands as cmd
from referee.games.the_queens import events as ev
from referee.games.the_queens.cards import DECK104
from referee.registry import get_game
from referee.replay import replay

GAME = get_game("the-queens")


def new(options=None, seats=("Ann",), record="known"):
    log = GAME.start(options or {}, list(seats), record, random.Random(0))
    return log, replay(log)


def act(log, command):
    events = GAME.decide(replay(log), command, random.Random(5))
    return log + events, events


def test_the_queens_is_registered_and_implements_the_game_interface():
    assert isinstance(GAME, Game) and GAME.title == "The Queens"


def test_the_queens_is_played_alone_in_a_known_or_an_as_dealt_record():
    with pytest.raises(errors.InvalidOption, match="played alone: give one seat name, not 2"):
        new(seats=("Ann", "Bob"))
    with pytest.raises(errors.InvalidOption, match="known record .* not 'open'"):
        new(record="open")
    with pytest.raises(errors.InvalidOption, match="as-dealt.* takes no order"):
        new(options={"order": list(DECK104)}, record="blind")


def test_a_given_order_is_checked_when_the_game_is_created_and_dealt_as_given():
    with pytest.raises(errors.InvalidOption, match=r"order: .*fewer than twice \['AS'\]"):
        new({"order": ["2C"] + [c for c in DECK104 if c != "AS"]})
    order = list(reversed(DECK104))
    log, _ = new({"order": [c.lower() for c in order]})
    log, events = act(log, cmd.Deal(0))
    assert events[0].order == order and events[0].salt
    with pytest.raises(errors.WrongPhase, match="dealt already"):
        act(log, cmd.Deal(0))


def test_the_referee_shuffles_when_no_order_is_given():
    log, _ = new()
    log, events = act(log, cmd.Deal(0))
    assert sorted(events[0].order) == sorted(DECK104) and events[0].order != list(DECK104)


def test_nothing_but_the_deal_before_the_deal():
    log, state = new()
    assert GAME.legal_actions(state, 0) == [cmd.Deal(0)]
    with pytest.raises(errors.WrongPhase, match="not dealt yet"):
        act(log, cmd.Turn(0))


def test_giving_up_ends_the_game_and_is_the_players_action():
    log, _ = new()
    log, _ = act(log, cmd.Deal(0))
    log, events = act(log, cmd.GiveUp(0))
    assert events == [ev.QueensGameEnded("given_up", replay(log).tableau.home())]
    state = replay(log)
    assert GAME.outcome(state)["reason"] == "given_up" and GAME.to_act(state) == []
    assert GAME.command_of(events[0]) == cmd.GiveUp(0)
    with pytest.raises(errors.WrongPhase, match="can no longer be taken back"):
        act(log, cmd.TakeBack(0))


def test_take_backs_go_back_move_by_move_and_the_deal_stays():
    log, _ = new()
    log, _ = act(log, cmd.Deal(0))
    log, turned = act(log, cmd.Turn(0))
    log, _ = act(log, cmd.TakeBack(0))
    assert replay(log).moves == 0
    with pytest.raises(errors.WrongPhase, match="no move to take back"):
        act(log, cmd.TakeBack(0))
    assert GAME.command_of(turned[0]) == cmd.Turn(0, turned[0].card)  # the card turned, checked again


def test_only_seat_0_has_actions():
    log, _ = new()
    log, _ = act(log, cmd.Deal(0))
    state = replay(log)
    assert GAME.legal_actions(state, 1) == [] and GAME.to_act(state) == [0]
    assert cmd.GiveUp(0) in GAME.legal_actions(state, 0)


def test_a_command_for_another_seat_is_refused():
    log, _ = new()
    with pytest.raises(errors.InvalidSeat, match="one player, seat 0, not seat 1"):
        act(log, cmd.Deal(1))


def test_the_queens_writes_its_own_tableau_as_text_for_the_command_line():
    """``courtcard show`` takes The Queens' table from the game's ``table_lines``: the cards home,
    the foundations, the key, the shutter, the talon and the pack, and in the director's view the
    key, the talon and the pack card by card; every key it says is named, so none is printed again."""
    log, _ = new()
    log, _ = act(log, cmd.Deal(0))
    view = GAME.director_view(replay(log))
    lines, said = GAME.table_lines(view, None)
    assert lines[0] == f"{view['home']} of 104 cards home."
    assert f"Key: {view['key']['count']} cards, {view['key']['top']} on top." in lines
    assert f"Pack, card by card: {' '.join(view['pack']['cards'])}." in lines
    assert [line for line in lines if line.startswith("Shutter ")] == \
        [f"Shutter {name}: {' '.join(pile) or 'none'}." for name, pile in view["shutter"].items()]
    assert {"key", "shutter", "foundations", "talon", "pack", "home", "result", "lost"} <= said
