"""The one fold: a visitor sees every event with the state just before it and the end state, and an
event the game cannot apply is named by its place in the fold, with what the game raised."""

from __future__ import annotations

import copy
import random

import pytest

from referee.errors import RefereeError
from referee.events import CardPlayed
from referee.registry import get_game
from referee.replay import FoldError, FoldVisitor, replay


def opening():
    game = get_game("queens-dungeon")
    return game, game.start({"players": 4, "first_dealer": 0}, ["A", "B", "C", "D"], "known", random.Random(1))


class Recorder(FoldVisitor):
    def __init__(self) -> None:
        self.seen: list[tuple[int, object, int]] = []
        self.end = None

    def visit_event(self, index, event, state) -> None:
        self.seen.append((index, event, state.version))

    def end_game(self, state) -> None:
        self.end = copy.deepcopy(state)


def test_a_visitor_sees_each_event_before_it_is_applied_and_the_end_state():
    _, log = opening()
    visitor = Recorder()
    state = replay(log, visitor=visitor)
    assert visitor.seen == [(index, event, index) for index, event in enumerate(log)]
    assert visitor.end.version == state.version == len(log)


def test_a_visitor_does_not_change_what_the_fold_returns():
    game, log = opening()
    assert game.public_view(replay(log, visitor=Recorder())) == game.public_view(replay(log))


def test_catching_a_state_up_folds_only_the_new_events():
    game, log = opening()
    visitor = Recorder()
    state = replay(log[1:], state=replay(log[:1]), visitor=visitor)
    assert [index for index, _, _ in visitor.seen] == list(range(len(log) - 1))
    assert game.public_view(state) == game.public_view(replay(log))


def test_an_event_the_game_cannot_apply_is_named_by_its_index_with_the_cause():
    _, log = opening()
    bad = CardPlayed(seat=1, card="2C", hand=1, trick=1)  # a card played before any deal
    with pytest.raises(FoldError) as caught:
        replay([*log, bad])
    assert caught.value.index == len(log) and caught.value.event is bad
    assert isinstance(caught.value.cause, Exception) and not isinstance(caught.value.cause, FoldError)
    assert "CardPlayed" in str(caught.value)


def test_an_empty_log_has_no_game():
    game, _ = opening()
    with pytest.raises(RefereeError, match="an empty log has no game"):
        replay([], game)
