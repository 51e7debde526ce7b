"""State shared by the plain trick games (Queen Bees, Black Queen): the table, the hand in play,
its tricks and its irregularities. Each game subclasses ``Hand`` for what its hands add (bids,
trump, the contract).

``apply`` updates a state in place (replay speed matters); ``clone`` gives an independent copy for
``decide``'s look-ahead and for the window-A restore points.
"""

from __future__ import annotations

import copy
from typing import Any


class Hand:
    """One deal and its play: hands (known record only), the trick in progress, the tricks won,
    and every card that breaks, or in a blind record might break, the rule of following."""

    def __init__(self, no: int, dealer: int, players: int) -> None:
        self.no = no
        self.dealer = dealer
        self.hands: list[list[str]] | None = None  # known record only, by seat
        self.removed: list[str] = []
        self.order = [(dealer + 1 + i) % players for i in range(players)]  # from the dealer's left
        self.turn: int | None = self.order[0]
        self.leader: int | None = None
        self.trick_no = 1
        self.trick: list[tuple[int, str]] = []
        self.rule: tuple[str, str] | None = None  # the following rule set by this trick's lead
        self.tricks: list[dict[str, Any]] = []  # completed tricks
        self.tricks_won = [0] * players
        self.played: dict[str, int] = {}  # card -> trick it was played in
        # Irregularities: known record, actual reneges; blind record, every void a card claims.
        self.irregular: list[dict[str, Any]] = []
        self.found: list[dict[str, Any]] = []  # reneges established in window B or C, in order
        self.snapshots: dict[int, tuple] = {}  # version of a suspect card -> restore point
        self.last_play_version = 0
        self.over = False

    def clone(self) -> Hand:
        """An independent copy without restore points (they are never changed once made).

        Two levels are copied, which is all ``apply`` changes: the containers of a hand (a game's
        subclass too) and the lists and records in them (the cards of each hand, the status of an
        irregularity). Deeper values (a trick's cards, a proof) are replaced, never changed."""
        new = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, list):
                setattr(new, name, [_copied(x) for x in value])
            elif isinstance(value, dict):
                setattr(new, name, dict(value))
        new.snapshots = {}
        return new


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


class TableState:
    """A whole game of a plain trick game: options, seats, totals, the hand in play, the record."""

    def __init__(self, game_name: str) -> None:
        self.version = 0
        self.game_name = game_name
        self.options: dict[str, Any] = {}
        self.record = "known"
        self.names: list[str] = []
        self.players = 0
        self.hand_size = 0
        self.deck: tuple[str, ...] = ()
        self.totals: list[int] = []
        self.phase = "new"
        self.dealer: int | None = None
        self.hand: Hand | None = None
        self.history: list[dict[str, Any]] = []  # score sheets of finished hands
        self.rulings: list[dict[str, Any]] = []  # public: claims, rulings, take-backs
        self.replaced: list[list[int]] = []  # [first, last] stream versions marked replaced
        self.outcome: dict[str, Any] | None = None

    def clone(self) -> TableState:
        """An independent copy for look-ahead in ``decide``, restore points included (shared: they
        are never changed once made). Records once appended (sheets, rulings) are never changed."""
        new = copy.copy(self)
        new.totals = list(self.totals)
        new.history = list(self.history)
        new.rulings = list(self.rulings)
        new.replaced = list(self.replaced)
        if self.hand is not None:
            new.hand = self.hand.clone()
            new.hand.snapshots = dict(self.hand.snapshots)
        return new

    def seat_label(self, seat: int) -> str:
        """``Seat 2 (Carol)`` for messages."""
        if 0 <= seat < len(self.names):
            return f"Seat {seat} ({self.names[seat]})"
        return f"Seat {seat}"
