"""What the undo keeps in a state (``referee.undo.Trail``): shared with the state's clones without
mixing their events, bounded however long the game, and in the game's own state class."""

from __future__ import annotations

import pickle
import random

import pytest

from referee import undo as undo_module
from referee.games.queens_dungeon.state import QDState
from test_undo_every_game import GAMES, IDS, Walk, walked

#: Queen's Dungeon's known record: the flagship's state class is the one these tests name.
QUEENS_DUNGEON = next(params for params in GAMES if params[0] == "queens-dungeon" and params[3] == "known")


def fork(walk: Walk, seed: int) -> Walk:
    """A second table going on from ``walk``'s state as a clone (the service folds a batch so),
    with its own log and its own choices."""
    twin = Walk.__new__(Walk)
    twin.game, twin.players, twin.log = walk.game, walk.players, list(walk.log)
    twin.state = walk.state.clone()
    twin.rng = random.Random(seed)
    return twin


def playable(walk: Walk) -> bool:
    return walk.game.outcome(walk.state) is None and bool(walk.choices())


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_a_state_and_its_clone_each_undo_their_own_last_entry(params):
    walk = walked(params, 6, seed=4)
    twin = fork(walk, seed=9)
    for table in (twin, walk):  # the clone folds on first, on the events the state shares with it
        table.step()
        table.step()
    for table in (twin, walk):
        before = table.seen()
        table.step()
        table.undo()
        assert table.seen() == before


def test_the_trail_stays_bounded_however_long_the_game(monkeypatch):
    monkeypatch.setattr(undo_module, "COPY_EVERY", 16)  # a game of Queen's Dungeon is a few hundred events
    walk = Walk(*QUEENS_DUNGEON)
    while walk.state.version <= 3 * undo_module.COPY_EVERY:
        assert playable(walk)
        walk.step()
    trail = walk.state.undo_trail
    assert len(trail.events) <= 2 * undo_module.COPY_EVERY and len(trail.copies) == 2
    before = walk.seen()
    walk.step()
    walk.undo()
    assert walk.seen() == before


def test_a_state_is_of_its_games_own_class_and_pickles_with_its_trail():
    walk = walked(QUEENS_DUNGEON, 20)
    assert type(walk.state) is QDState
    copied = pickle.loads(pickle.dumps(walk.state))
    assert copied.version == walk.state.version
    assert walk.game.director_view(copied) == walk.game.director_view(walk.state)
