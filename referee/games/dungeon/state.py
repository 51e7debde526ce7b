"""Dungeon state: mutable plain containers, cheap to copy (``apply`` updates it in place).

The game moves through phases: ``deal`` (waiting for the deck), ``contest`` (the first-player
contest), ``turn`` (a player's turn, with any window open on it), ``reshuffle`` (the draw pile ran
out during the turn just ended: the discards are shuffled before the next turn) and ``over``.

A turn is one thing; a *window* is another. ``window`` is a moment inside the turn in which one
named player must answer before play goes on: a defender facing a creature, the Myrmiddon's target
answering the ask, the asker deciding whether to look. ``aces`` is the open Ace window: Aces
played one on another, which anyone may add to until the scorekeeper closes it; then they resolve
last played first.
"""

from __future__ import annotations

import copy
from typing import Any

from referee.games.dungeon.tree import Passage


class DungeonState:
    __slots__ = (
        "version", "game_name", "options", "names", "record", "phase",
        "pile", "discard", "hands", "cells", "cell_hidden", "dungeons", "laid_setback", "cheats", "ever_ten", "setback", "alive",
        "contenders", "contest_plays", "contest_round",
        "turn", "drawn", "played", "held", "window", "aces", "outcome", "turn_no", "undo_trail", "confirmations",
    )

    def __init__(self) -> None:
        self.version = 0
        self.game_name = ""  # the registered name, from GameCreated
        self.options: dict[str, Any] = {}
        self.names: list[str] = []
        self.record = "known"
        self.phase = "deal"
        self.pile: list[str] = []  # top first
        self.discard: list[str] = []  # top last; face up
        self.hands: list[list[str]] = []
        self.cells: list[str] = []
        self.cell_hidden: list[bool] = []  # a face-down cell's card is never shown
        self.dungeons: list[list[Passage]] = []
        # Each passage's ``setback`` when it was laid (a Pitch Black dungeon turned up in a blind
        # record is judged passage by passage, as it could be played then).
        self.laid_setback: list[list[bool]] = []
        self.cheats: list[set[int]] = []  # Pitch Black: positions of passages laid against the rules
        self.ever_ten: list[bool] = []  # has laid a passage on the cell (a 10): creatures may attack
        self.setback: list[bool] = []  # retreat or cave-in since the last passage: second-lowest branch
        self.alive: list[bool] = []
        self.contenders: list[int] = []  # the first-player contest's current round
        self.contest_plays: dict[int, str] = {}
        self.contest_round = 1
        self.turn: int | None = None
        self.turn_no = 0
        self.drawn = False
        self.played = False
        self.held: str | None = None  # the Graverobber played this turn, discarded at its end
        self.window: dict[str, Any] | None = None
        self.aces: list[tuple[int, str]] = []
        self.outcome: dict[str, Any] | None = None
        self.undo_trail = None  # what the undo of the last entry keeps (``referee.undo``); clones share it
        self.confirmations: tuple[Any, ...] = ()  # the players' confirmations of the result (``referee.confirmations``)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def on_turn(self) -> int:
        """The seat whose turn it is, in the ``turn`` phase (where one always is)."""
        assert self.turn is not None, "no player's turn outside the turn phase"
        return self.turn

    @property
    def open_window(self) -> dict[str, Any]:
        """The window open on the turn, where a fold or a check has found one is."""
        assert self.window is not None, "no window is open"
        return self.window

    def clone(self) -> DungeonState:
        return copy.deepcopy(self)

    def next_alive(self, seat: int) -> int:
        """The next player alive to the left of ``seat``."""
        n = self.players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.alive[nxt]:
                return nxt
        return seat
