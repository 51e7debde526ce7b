"""What every test table of a trick game shares: decide then apply like the service does, keep the
log, play cards in turn, and fill a deal around the cards a test places by hand."""

from __future__ import annotations

import random
from typing import Any

NAMES = ["Ann", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fill_hands(deck: list[str], count: int, size: int, fixed: dict[int, list[str]]) -> list[list[str]]:
    """``count`` hands of ``size`` cards holding ``fixed`` cards first, then the rest of ``deck`` in
    suit order C D H S, low to high, Queens last (so filler never hands a seat a Queen the test did
    not place), dealt to whoever still has room (seat order)."""
    hands = [list(fixed.get(s, [])) for s in range(count)]
    used = {c for h in hands for c in h}
    rest = sorted((c for c in deck if c not in used), key=lambda c: c[0] == "Q")
    for seat in range(count):
        while len(hands[seat]) < size:
            hands[seat].append(rest.pop(0))
    return hands


class BaseTable:
    """One game at a test table. ``act`` decides then applies, exactly like the service; ``Play`` is
    the game's play command."""

    Play: type

    def __init__(self, game: Any, options: dict[str, Any], players: int, record: str, seed: int) -> None:
        self.game = game
        self.options = options
        self.record = record
        self.rng = random.Random(seed)
        self.state = game.initial_state()
        self.log: list[Any] = []
        self.take(game.start(options, NAMES[:players], record, self.rng))

    def take(self, events: list[Any]) -> list[Any]:
        """Fold ``events`` into the state and the log."""
        for event in events:
            self.log.append(event)
            self.game.apply(self.state, event)
        return events

    def act(self, command: Any) -> list[Any]:
        return self.take(self.game.decide(self.state, command, self.rng))

    @property
    def hand(self):
        return self.state.hand

    def play(self, *cards: str) -> list[Any]:
        """Play ``cards`` one after another, each by the seat whose turn it is."""
        out: list[Any] = []
        for card in cards:
            out += self.act(self.Play(self.hand.turn, card))
        return out

    def totals(self) -> list[int]:
        return list(self.state.totals)


def events_of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
