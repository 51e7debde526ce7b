"""Replay: fold a game's typed events into its state.

The first event is always ``GameCreated``, which names the game, so a log replays on its own:

    >>> import random
    >>> from referee.registry import get_game
    >>> qd = get_game("queens-dungeon")
    >>> log = qd.start({"players": 4, "first_dealer": 0}, ["A", "B", "C", "D"], "known", random.Random(1))
    >>> state = replay(log)
    >>> state.version, game_for(state).name, state.phase
    (2, 'queens-dungeon', 'call_trump')

:func:`replay` is the one loop that folds events (the service and the workers use it too): a
caller that needs more than the end state passes a :class:`FoldVisitor`, in the shape of
python-chess's PGN visitors, and a failure names the event that could not be applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any

from referee.errors import RefereeError
from referee.game import Game, GameState
from referee.registry import game_of_record, get_game


class FoldError(RefereeError):
    """The game could not apply an event: ``index`` is its place among the events folded (from 0),
    ``cause`` what the game raised. Callers name the event in their own terms (its version)."""

    def __init__(self, index: int, event: Any, cause: Exception) -> None:
        super().__init__(f"{type(event).__name__} (at index {index}) cannot be applied: {type(cause).__name__}: {cause}")
        self.index, self.event, self.cause = index, event, cause


class FoldVisitor:
    """What a fold shows its caller on the way; override what you need."""

    def visit_event(self, index: int, event: Any, state: GameState) -> None:
        """Called before ``event`` (the ``index``-th folded) is applied to ``state``."""

    def end_game(self, state: GameState) -> None:
        """Called once every event is applied, with the end state."""


def replay(
    events: Iterable[Any],
    game: Game[Any] | None = None,
    state: GameState | None = None,
    visitor: FoldVisitor | None = None,
) -> GameState:
    """Fold ``events`` into a fresh state (or into ``state``, to catch a cached state up).

    Without ``game`` it is the state's game, or else the one the first event (``GameCreated``)
    names. Raises FoldError when the game cannot apply an event; the game's ``apply`` trusts its
    input, so anything it raises means it cannot take that event.
    """
    it = iter(events)
    if state is None:
        first = next(it, None)
        if first is None:
            raise RefereeError("an empty log has no game")
        if game is None:
            game = game_of_record(first)
        state = game.initial_state()
        it = chain((first,), it)
    elif game is None:
        game = game_for(state)
    apply = game.apply
    visit = visitor.visit_event if visitor is not None else None
    for index, event in enumerate(it):
        if visit is not None:
            visit(index, event, state)
        try:
            state = apply(state, event)
        except Exception as exc:
            raise FoldError(index, event, exc) from exc
    if visitor is not None:
        visitor.end_game(state)
    return state


def game_for(state: GameState) -> Game[Any]:
    """The game a state belongs to (from the options its ``GameCreated`` set)."""
    name = state.game_name  # every game's state records the name GameCreated gave (None before it)
    if name is None:
        raise RefereeError(f"cannot tell which game a {type(state).__name__} belongs to")
    return get_game(name)
