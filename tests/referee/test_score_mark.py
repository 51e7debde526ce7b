"""A game's score mark changes exactly when its score sheet scores a hand or moves a total, so the
service can tell when to refresh the sheet without building it."""

from __future__ import annotations

import random

import pytest

from referee.registry import get_game
from referee.replay import replay

GAMES = [("queens-dungeon", 4, {"first_dealer": 0, "target": 300}), ("queen-bees", 4, {}), ("black-queen", 6, {})]


@pytest.mark.parametrize("name,players,options", GAMES)
def test_score_mark_is_the_sheets_hands_scored_and_totals(name, players, options):
    game = get_game(name)
    rng = random.Random(7)
    state = replay(game.start(dict(options), [f"P{i}" for i in range(players)], "known", rng), game)
    marks = set()
    for _ in range(3000):
        sheet = game.scores(state)
        assert game.score_mark(state) == (len(sheet["hands"]), tuple(sheet["totals"]))
        marks.add(game.score_mark(state))
        seats = game.to_act(state)
        if game.outcome(state) is not None or not seats:
            break
        choices = [a for a in game.legal_actions(state, seats[0]) if game.action_of(a) not in ("end_game", "undo", "redo", "confirm")]
        for event in game.decide(state, rng.choice(choices), rng):
            state = game.apply(state, event)
    assert len(marks) > 2  # hands were scored on the way
