"""Black Queen's state: the trick engine's table with Black Queen's own hands. A module of its own
because the game (:mod:`referee.games.black_queen.game`) and its score sheet
(:mod:`referee.games.black_queen.scoring`) both read it."""

from __future__ import annotations

from typing import Any

from referee.trickgame.state import Hand, TableState


class BQHand(Hand):
    """A Black Queen hand: the auction, the contract, the partners, the card points won."""

    __slots__ = ("auction", "passed", "high", "high_seat", "declarer", "bid", "trump", "called", "holders",
                 "revealed", "points_won", "thrown_in")

    def __init__(self, no: int, dealer: int, seats: int) -> None:
        super().__init__(no, dealer, seats)
        self.auction: list[dict[str, Any]] = []  # {"seat", "bid"} in order; bid None is a pass
        self.passed = [False] * seats
        self.high: int | None = None
        self.high_seat: int | None = None
        self.declarer: int | None = None
        self.bid: int | None = None
        self.trump: str | None = None
        self.called: list[str] = []
        self.holders: dict[str, int] = {}  # hidden from the table until the card is played
        self.revealed: list[dict[str, Any]] = []  # public: {"seat", "card", "trick"}
        self.points_won = [0] * seats
        self.thrown_in = False

    def clone(self) -> BQHand:
        new = super().clone()
        new.auction = self.auction.copy()
        new.passed = self.passed.copy()
        new.called = self.called.copy()
        new.holders = self.holders.copy()
        new.revealed = self.revealed.copy()
        new.points_won = self.points_won.copy()
        return new

    def contract(self) -> tuple[int, int]:
        """The declarer and the bid (what reads them comes after the auction is won)."""
        assert self.declarer is not None and self.bid is not None, "no contract before the auction is won"
        return self.declarer, self.bid


#: The game's state: the trick engine's, with its own hands.
BQState = TableState[BQHand]
