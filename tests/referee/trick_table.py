"""A table for Queen Bees and Black Queen tests: decide and apply commands like the service does,
keep the log, and build deals where the cards that matter are placed by hand."""

from __future__ import annotations

import random
from typing import Any

from referee.cards import deck_without
from referee.trickgame import commands as cmd
from referee.registry import get_game

NAMES = ["Ann", "Bob", "Carol", "Dan", "Eve", "Fay"]


def fill_deal(game: Any, fixed: dict[int, list[str]]) -> list[list[str]]:
    """Hands by seat holding ``fixed`` cards first, then the rest of the deck (suit order C D H S,
    low to high, Queens last, so filler never hands a seat a Queen the test did not place)."""
    rules = game_rules(game)
    hands = [list(fixed.get(s, [])) for s in range(rules.players)]
    used = {c for h in hands for c in h}
    rest = sorted((c for c in deck_without(rules.removed) if c not in used), key=lambda c: c[0] == "Q")
    for seat in range(rules.players):
        while len(hands[seat]) < rules.hand_size:
            hands[seat].append(rest.pop(0))
    return hands


def game_rules(game: Any):
    """The rules object of a plain trick game (players, hand size, removed cards)."""
    if game.name == "queen-bees":
        from referee.games.queen_bees.rules import RULES
    else:
        from referee.games.black_queen.rules import RULES
    return RULES


class Table:
    """One game at a test table. ``act`` decides then applies, exactly like the service."""

    def __init__(self, game: str, record: str = "known", seed: int = 0, **options: Any):
        self.game = get_game(game)
        self.players = game_rules(self.game).players
        self.options = options
        self.record = record
        self.rng = random.Random(seed)
        self.state = self.game.initial_state()
        self.log: list[Any] = []
        self._take(self.game.start(options, NAMES[:self.players], record, self.rng))

    def _take(self, events: list[Any]) -> list[Any]:
        for event in events:
            self.log.append(event)
            self.game.apply(self.state, event)
        return events

    def act(self, command: Any) -> list[Any]:
        return self._take(self.game.decide(self.state, command, self.rng))

    @property
    def hand(self):
        return self.state.hand

    def deal(self, fixed: dict[int, list[str]] | None = None, hands: list[list[str]] | None = None) -> list[Any]:
        """Deal with ``fixed`` cards placed by hand (known record; a blind record logs no hands)."""
        if self.record == "blind":
            return self.act(cmd.Deal())
        return self.act(cmd.Deal(hands=hands or fill_deal(self.game, fixed or {})))

    def play(self, *cards: str) -> list[Any]:
        """Play ``cards`` one after another, each by the seat whose turn it is."""
        out: list[Any] = []
        for card in cards:
            out += self.act(cmd.Play(self.hand.turn, card))
        return out

    def play_out(self, twins: tuple["Table", ...] = ()) -> list[Any]:
        """Finish the hand (known record): every seat plays its first legal card. ``twins`` (the
        same game in other records) get the same commands."""
        out: list[Any] = []
        start = self.hand.no
        while self.state.phase == "play" and self.hand.no == start:
            command = next(a for a in self.game.legal_actions(self.state, self.hand.turn) if isinstance(a, cmd.Play))
            out += self.act(command)
            for twin in twins:
                twin.act(command)
        return out

    def totals(self) -> list[int]:
        return list(self.state.totals)


def events_of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
