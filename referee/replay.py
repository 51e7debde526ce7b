"""Replay: fold a game's typed events into its state.

The first event is always ``GameCreated``, which names the game, so a log replays on its own:

    >>> import random
    >>> from referee.registry import get_game
    >>> qd = get_game("queens-dungeon")
    >>> log = qd.start({"players": 4, "first_dealer": 0}, ["A", "B", "C", "D"], "known", random.Random(1))
    >>> state = replay(log)
    >>> state.version, game_for(state).name, state.phase
    (2, 'queens-dungeon', 'call_trump')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.errors import RefereeError
from referee.events import GameCreated
from referee.game import Game, GameState
from referee.registry import get_game


def replay(events: Iterable[Any], game: Game | None = None, state: GameState | None = None) -> GameState:
    """Fold ``events`` into a fresh state (or into ``state``, to catch a cached state up).

    Without ``game`` the first event must be ``GameCreated`` and picks the game.
    """
    it = iter(events)
    if state is None:
        first = next(it, None)
        if first is None:
            raise RefereeError("an empty log has no game")
        if game is None:
            if not isinstance(first, GameCreated):
                raise RefereeError(f"a log starts with GameCreated, not {type(first).__name__}")
            game = get_game(first.game)
        state = game.initial_state()
        state = game.apply(state, first)
    elif game is None:
        game = game_for(state)
    apply = game.apply
    for event in it:
        state = apply(state, event)
    return state


def game_for(state: GameState) -> Game:
    """The game a state belongs to (from the options its ``GameCreated`` set)."""
    name = getattr(state, "game_name", None)  # every game's state records the name GameCreated gave
    if name is None:
        raise RefereeError(f"cannot tell which game a {type(state).__name__} belongs to")
    return get_game(name)
