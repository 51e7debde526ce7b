"""What a Queen's Dungeon state holds beyond every trick game's (``referee.trickgame.state``): the
cut for the first dealer, and in a hand the blind trump, the dealer's quota, the extra hand, the
Queens won, the dungeon's settings and penalties, and the Queen's Challenge."""

from __future__ import annotations

from typing import Any

from referee.trickgame.state import Hand, TableState


class QDHand(Hand):
    """A hand from the call of trump (made before the deal) to its score."""

    __slots__ = ("trump", "broken", "extra", "quota", "exchanged", "queens_won", "lost", "settings", "penalties",
                 "challenge", "challenge_used", "totals_before", "change_due", "trump_history")

    def __init__(self, no: int, dealer: int, trump: str, seats: int, totals_before: list[int]) -> None:
        super().__init__(no, dealer, seats)
        self.trump = trump
        self.broken = False
        self.extra: list[str] | None = None  # the spare hand of the four-hands variant
        self.quota = 0
        self.exchanged = False
        self.queens_won = [0] * seats
        self.lost = [False] * seats  # suffered a loss: gains of the hand are forfeited
        self.settings: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
        self.penalties: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
        self.challenge: int | None = None  # challenger, for the current trick
        self.challenge_used = False
        self.totals_before = totals_before
        self.change_due = False
        self.trump_history: list[dict[str, Any]] = [{"trick": 1, "suit": trump}]

    def clone(self) -> QDHand:
        new = super().clone()
        new.extra = self.extra.copy() if self.extra is not None else None
        new.queens_won = self.queens_won.copy()
        new.lost = self.lost.copy()
        new.settings = [x.copy() for x in self.settings]
        new.penalties = [x.copy() for x in self.penalties]
        new.trump_history = self.trump_history.copy()
        return new


class QDState(TableState[QDHand]):
    """A whole game, with the cut that chooses the first dealer."""

    __slots__ = ("cut_round", "cut_players", "cut_draws", "cuts")

    def __init__(self, game_name: str) -> None:
        super().__init__(game_name)
        self.cut_round = 1
        self.cut_players: list[int] = []
        self.cut_draws: dict[int, str] = {}
        self.cuts: list[dict[str, Any]] = []

    def clone(self) -> QDState:
        new = super().clone()
        new.cut_players = self.cut_players.copy()
        new.cut_draws = self.cut_draws.copy()
        new.cuts = self.cuts.copy()
        return new
