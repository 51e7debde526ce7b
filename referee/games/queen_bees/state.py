"""Queen Bees' state: the trick engine's table with Queen Bees' own hands. A module of its own
because the game (:mod:`referee.games.queen_bees.game`) and its score sheet
(:mod:`referee.games.queen_bees.scoring`) both read it."""

from __future__ import annotations

from typing import Any

from referee.trickgame.state import Hand, TableState


class QBHand(Hand):
    """A Queen Bees hand: the bids, and the trump the first Queen fixed."""

    __slots__ = ("bids", "trump", "trump_by")

    def __init__(self, no: int, dealer: int, seats: int) -> None:
        super().__init__(no, dealer, seats)
        self.bids: list[int | None] = [None] * seats
        self.trump: str | None = None
        self.trump_by: dict[str, Any] | None = None  # the first Queen: seat, card, trick

    def clone(self) -> QBHand:
        new = super().clone()
        new.bids = self.bids.copy()
        return new

    def bid_of(self, seat: int) -> int:
        """The seat's bid (what reads it comes after the bidding)."""
        bid = self.bids[seat]
        assert bid is not None, f"seat {seat} has not bid yet"
        return bid


#: The game's state: the trick engine's, with its own hands.
QBState = TableState[QBHand]
