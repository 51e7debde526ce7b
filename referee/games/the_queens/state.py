"""A game of The Queens as the referee folds it: the options, the player, the tableau, and the
tableau before each move still standing, so that a take-back restores it exactly."""

from __future__ import annotations

import copy
from typing import Any

from referee.events import GameCreated
from referee.games.the_queens import events as ev
from referee.games.the_queens import rules
from referee.games.the_queens.options import rules_of

#: The player's moves: each keeps the tableau from before it, for a take-back.
MOVES = (ev.QueensCardMoved, ev.QueensCardTurned, ev.QueensNewPackFormed)


class QueensState:
    def __init__(self, game_name: str) -> None:
        self.version = 0
        self.game_name = game_name
        self.options: dict[str, Any] = {}
        self.record = "known"
        self.names: list[str] = []
        self.tableau = rules.Tableau()
        # (stream version of a move still standing, the tableau before it); never changed once made
        self.standing: list[tuple[int, rules.Tableau]] = []
        self.corrections: list[dict[str, int]] = []  # {"version", "replaces_from"} of each take-back
        self.moves = 0  # moves standing
        self.undo_trail = None  # what the undo of the last entry keeps (``referee.undo``); clones share it
        self.confirmations: tuple[Any, ...] = ()  # the player's confirmation of the result (``referee.confirmations``)

    def clone(self) -> QueensState:
        new = copy.copy(self)
        new.tableau = self.tableau.clone()
        new.standing = list(self.standing)
        new.corrections = list(self.corrections)
        return new


def apply_event(state: QueensState, event: Any) -> QueensState:
    """Fold one event in (in place). Never checks: the events are facts."""
    state.version += 1
    kind = type(event)
    if kind in MOVES:
        state.standing.append((state.version, state.tableau.clone()))
        state.moves += 1
    elif kind is ev.QueensMoveTakenBack:
        if not state.standing or state.standing[-1][0] != event.replaces_from:
            raise ValueError(f"no move standing at version {event.replaces_from} to take back")
        _, before = state.standing.pop()
        state.moves -= 1
        state.tableau = before.clone()
        state.corrections.append({"version": state.version, "replaces_from": event.replaces_from})
        return state
    elif kind is GameCreated:
        state.game_name = event.game
        state.options = dict(event.options)
        state.names = list(event.seats)
        state.record = event.record
        state.tableau.new_pack, state.tableau.key_payment = rules_of(state.options)
        return state
    rules.apply(state.tableau, event)
    return state
