"""Queen's Dungeon state: mutable, plain containers, cheap to copy.

``apply`` updates a state in place (replay speed matters); ``clone`` gives an independent copy
for ``decide``'s look-ahead and for the window-B / window-A restore points.
"""

from __future__ import annotations

from typing import Any

from referee.games.queens_dungeon.options import Layout


class HandState:
    """Everything that belongs to the hand in progress (reset when trump is called)."""

    __slots__ = (
        "no", "dealer", "trump", "broken", "hands", "extra", "order", "next_of", "quota",
        "exchanged", "turn", "leader", "trick_no", "trick", "tricks", "tricks_won", "queens_won",
        "lost", "settings", "penalties", "played", "challenge", "challenge_used",
        "irregular", "snapshots", "ruled", "last_play_version", "totals_before", "removed", "dealt",
        "change_due", "trump_history", "over",
    )

    def __init__(self, no: int, dealer: int, trump: str, nseats: int, totals_before: list[int]) -> None:
        self.no = no
        self.dealer = dealer
        self.trump = trump
        self.broken = False
        self.hands: list[list[str]] | None = None  # known record only, by seat
        self.extra: list[str] | None = None
        self.order: list[int] = []  # seats in play order from the dealer's left
        self.next_of: dict[int, int] = {}
        self.quota = 0
        self.exchanged = False
        self.turn: int | None = None
        self.leader: int | None = None
        self.trick_no = 1
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[dict[str, Any]] = []  # completed tricks
        self.tricks_won = [0] * nseats
        self.queens_won = [0] * nseats
        self.lost = [False] * nseats  # suffered a loss: gains of the hand are forfeited
        self.settings: list[list[dict[str, Any]]] = [[] for _ in range(nseats)]
        self.penalties: list[list[dict[str, Any]]] = [[] for _ in range(nseats)]
        self.played: dict[str, int] = {}  # card -> trick it was played in
        self.challenge: int | None = None  # challenger, for the current trick
        self.challenge_used = False
        # Irregularities: known record, actual ones; blind record, every claim a card makes
        # (void in a suit, only trumps, no Queen) that a later card could disprove.
        self.irregular: list[dict[str, Any]] = []
        self.snapshots: dict[int, tuple] = {}  # version of a suspect card -> restore point
        # What rulings did to totals (renege settings, accepted penalties), with their versions:
        # a correction keeps them (``referee.corrections``).
        self.ruled: list[dict[str, Any]] = []
        self.last_play_version = 0
        self.totals_before = totals_before
        self.removed: list[str] = []
        self.dealt = False
        self.change_due = False
        self.trump_history: list[dict[str, Any]] = [{"trick": 1, "suit": trump}]
        self.over = False

    def clone(self) -> HandState:
        """An independent copy (restore points are shared: they are never changed once made)."""
        new = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = [list(h) for h in self.hands] if self.hands is not None else None
        new.extra = list(self.extra) if self.extra is not None else None
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.tricks_won = list(self.tricks_won)
        new.queens_won = list(self.queens_won)
        new.lost = list(self.lost)
        new.settings = [list(x) for x in self.settings]
        new.penalties = [list(x) for x in self.penalties]
        new.played = dict(self.played)
        new.irregular = [dict(x) for x in self.irregular]
        new.snapshots = dict(self.snapshots)
        new.ruled = list(self.ruled)
        new.trump_history = list(self.trump_history)
        return new


class QDState:
    """The whole game: options, table layout, totals, the cut, the current hand, the record."""

    __slots__ = (
        "version", "game_name", "options", "record", "names", "layout", "totals", "phase", "cut_round",
        "cut_players", "cut_draws", "cuts", "dealer", "hand", "history", "rulings", "replaced",
        "outcome",
    )

    def __init__(self) -> None:
        self.version = 0
        self.game_name = "queens-dungeon"
        self.options: dict[str, Any] = {}
        self.record = "known"
        self.names: list[str] = []  # by seat, the dummy included
        self.layout: Layout | None = None
        self.totals: list[int] = []  # by scoring unit
        self.phase = "new"  # new, cut, call_trump, deal, exchange, play, trump_change, over
        self.cut_round = 1
        self.cut_players: list[int] = []
        self.cut_draws: dict[int, str] = {}
        self.cuts: list[dict[str, Any]] = []
        self.dealer: int | None = None
        self.hand: HandState | None = None
        self.history: list[dict[str, Any]] = []  # score sheets of finished hands
        self.rulings: list[dict[str, Any]] = []  # public: every ruling, acceptance, take-back
        self.replaced: list[list[int]] = []  # [first, last] stream versions marked replaced
        self.outcome: dict[str, Any] | None = None

    def clone(self) -> QDState:
        """An independent copy for look-ahead in ``decide``."""
        new = QDState.__new__(QDState)
        for name in QDState.__slots__:
            setattr(new, name, getattr(self, name))
        new.totals = list(self.totals)
        new.cut_players = list(self.cut_players)
        new.cut_draws = dict(self.cut_draws)
        new.cuts = list(self.cuts)
        new.hand = self.hand.clone() if self.hand is not None else None
        new.history = list(self.history)
        new.rulings = list(self.rulings)
        new.replaced = list(self.replaced)
        return new

    def seat_label(self, seat: int) -> str:
        """``Seat 2 (Carol)`` for messages."""
        if 0 <= seat < len(self.names):
            return f"Seat {seat} ({self.names[seat]})"
        return f"Seat {seat}"
