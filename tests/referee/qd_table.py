"""A Queen's Dungeon table for tests: decide and apply commands like the service does, keep the
log, and build deals where the cards that matter are placed by hand."""

from __future__ import annotations

import random
from typing import Any

from referee.cards import deck_without
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.options import layout_of, load_options
from referee.registry import get_game

QD = get_game("queens-dungeon")
NAMES = ["Ann", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fill_deal(options: dict[str, Any], fixed: dict[int, list[str]]) -> tuple[list[list[str]], list[str] | None]:
    """Hands by seat (and the extra hand) holding ``fixed`` cards first, then the rest of the deck
    in suit order C D H S, low to high, Queens last, dealt to whoever still has room (seat order)."""
    layout = layout_of(load_options(options))
    hands = [list(fixed.get(s, [])) for s in range(layout.hands_dealt)]
    used = {c for h in hands for c in h}
    # Queens go last, so filler cards do not hand a seat a Queen the test did not place.
    rest = sorted((c for c in deck_without(layout.removed) if c not in used), key=lambda c: c[0] == "Q")
    for seat in range(layout.hands_dealt):
        while len(hands[seat]) < layout.hand_size:
            hands[seat].append(rest.pop(0))
    extra = hands[layout.seats] if layout.hands_dealt > layout.seats else None
    return hands[:layout.seats], extra


class Table:
    """One game at a test table. ``act`` decides then applies, exactly like the service."""

    def __init__(self, players: int = 4, record: str = "known", dealer: int | None = 0, seed: int = 0, **options: Any):
        self.options = {"players": players, "first_dealer": dealer, **options}
        self.record = record
        self.rng = random.Random(seed)
        self.state = QD.initial_state()
        self.log: list[Any] = []
        self._take(QD.start(self.options, NAMES[:players], record, self.rng))

    def _take(self, events: list[Any]) -> list[Any]:
        for event in events:
            self.log.append(event)
            QD.apply(self.state, event)
        return events

    def act(self, command: Any) -> list[Any]:
        return self._take(QD.decide(self.state, command, self.rng))

    @property
    def hand(self):
        return self.state.hand

    def start_hand(self, trump: str = "H", fixed: dict[int, list[str]] | None = None, hands: list[list[str]] | None = None) -> None:
        """Call trump and deal: ``fixed`` cards placed by hand (known record; blind logs no hands)."""
        self.act(cmd.CallTrump(self.state.dealer, trump))
        if self.record == "blind":
            self.act(cmd.Deal())
            return
        extra = None
        if hands is None:
            hands, extra = fill_deal(self.options, fixed or {})
        self.act(cmd.Deal(hands=hands, extra=extra))

    def play(self, *cards: str) -> list[Any]:
        """Play ``cards`` one after another, each by the seat whose turn it is."""
        out: list[Any] = []
        for card in cards:
            out += self.act(cmd.Play(self.hand.turn, card))
        return out

    def play_out(self, twins: tuple["Table", ...] = ()) -> list[Any]:
        """Finish the hand (known record): every seat plays its first legal card, and the dealer
        names the next suit when a trump change is due. ``twins`` (tables of the same game, e.g.
        its blind record) get the same commands."""
        out: list[Any] = []
        start = self.hand.no
        while self.state.phase in ("play", "trump_change") and self.hand.no == start:
            if self.state.phase == "trump_change":
                trump = self.hand.trump
                command: Any = cmd.ChangeTrump(self.state.dealer, next(s for s in "CDHS" if s != trump))
            else:
                command = QD.legal_actions(self.state, self.hand.turn)[0]
            out += self.act(command)
            for twin in twins:
                twin.act(command)
        return out

    def totals(self) -> list[int]:
        return list(self.state.totals)


def events_of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
