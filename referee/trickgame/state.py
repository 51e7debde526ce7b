"""The state of a trick game (Queen's Dungeon, Queen Bees, Black Queen): the table, the hand in
play, its tricks and its irregularities. A game subclasses ``Hand`` (and, for its own phases,
``TableState``) for what it adds: bids, trump, the contract, the dungeon's settings.

``apply`` updates a state in place (replay speed matters); ``clone`` gives an independent copy for
``decide``'s look-ahead and for the restore points of corrections.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar

from referee.trickgame.corrections import KeptRuling
from referee.closed_sets import FollowRule, Record
from referee.trickgame.reneges import Established, Irregularity


@dataclass(frozen=True)
class Layout:
    """The table a game's options make: who plays, who is dealt, and how they score."""

    players: int
    seats: int  # players plus the dummy
    dummy: int | None  # the dummy's seat number (2 in a 2-player Queen's Dungeon), else None
    hands_dealt: int  # seats plus a spare hand (Queen's Dungeon's four-hands variant)
    hand_size: int
    removed: tuple[str, ...]  # cards out of the deck
    quota: int = 0  # the dealer's quota of tricks (Queen's Dungeon)
    partners: bool = False  # two teams of opposite seats

    @property
    def units(self) -> int:
        """Scoring units: teams in a partners game, else players."""
        return 2 if self.partners else self.players

    def unit_of(self, seat: int) -> int | None:
        """The scoring unit of a seat (None for the dummy)."""
        if seat == self.dummy:
            return None
        return seat % 2 if self.partners else seat

    def player_unit(self, seat: int) -> int:
        """The scoring unit of a player's seat (what reads it has a player, never the dummy)."""
        unit = self.unit_of(seat)
        assert unit is not None, f"seat {seat} is the dummy, which scores for nobody"
        return unit

    def seats_of(self, unit: int) -> list[int]:
        """The player seats of a scoring unit."""
        return [s for s in range(self.seats) if self.unit_of(s) == unit]


class Hand:
    """One deal and its play: hands (known record only), the trick in progress, the tricks won,
    and every card that breaks, or in a blind record might break, a rule of play."""

    __slots__ = ("no", "dealer", "hands", "removed", "order", "next_of", "turn", "leader", "trick_no", "trick",
                 "rule", "tricks", "tricks_won", "played", "irregular", "found", "restore_points", "ruled",
                 "last_play_version", "dealt", "over")

    def __init__(self, no: int, dealer: int, seats: int) -> None:
        self.no = no
        self.dealer = dealer
        self.hands: list[list[str]] | None = None  # known record only, by seat
        self.removed: list[str] = []
        self.order: list[int] = []  # seats in play order from the dealer's left
        self.next_of: dict[int, int] = {}
        self.turn: int | None = None
        self.leader: int | None = None
        self.trick_no = 1
        self.trick: list[tuple[int, str]] = []
        self.rule: tuple[FollowRule, str] | None = None  # the following rule this trick's lead set
        self.tricks: list[dict[str, Any]] = []  # completed tricks
        self.tricks_won = [0] * seats
        self.played: dict[str, int] = {}  # card -> trick it was played in
        # Irregularities: known record, actual ones; blind record, every claim a card makes that a
        # later card could disprove.
        self.irregular: list[Irregularity] = []
        self.found: list[Established] = []  # reneges established in window B or C, in order
        self.restore_points: dict[int, tuple[Any, ...]] = {}  # version of a suspect card -> restore point
        # What rulings did to totals (Queen's Dungeon's settings and penalties), with their
        # versions: a correction keeps them (``referee.trickgame.corrections``).
        self.ruled: list[KeptRuling] = []
        self.last_play_version = 0
        self.dealt = False
        self.over = False

    @property
    def known_hands(self) -> list[list[str]]:
        """The hands by seat, which only a known record holds (what reads them is for one)."""
        assert self.hands is not None, "a blind record holds no hands"
        return self.hands

    @property
    def led_rule(self) -> tuple[FollowRule, str]:
        """The following rule this trick's lead set (what reads it has a trick led, in a game that
        keeps the rule: ``TrickGame.keeps_lead_rule``)."""
        assert self.rule is not None, "no following rule before a lead"
        return self.rule

    @property
    def whose_turn(self) -> int:
        """The seat whose turn it is (what reads it acts while the hand is bid or played)."""
        assert self.turn is not None, "nobody's turn: the hand is over"
        return self.turn

    def seat_order(self, order: list[int]) -> None:
        """Set the play order (from the dealer's left) and who follows whom; the first leads."""
        self.order = order
        n = len(order)
        self.next_of = {s: order[(i + 1) % n] for i, s in enumerate(order)}
        self.turn = order[0]

    def clone(self) -> Self:
        """An independent copy, restore points shared (they are never changed once made).

        What ``apply`` changes in place is copied (a game's subclass adds its own): the lists and
        dicts of the hand, and each seat's cards. Records in them (a trick's, an irregularity) are
        never changed once made."""
        new = _shallow(self)
        new.hands = [list(x) for x in self.hands] if self.hands is not None else None
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.tricks_won = self.tricks_won.copy()
        new.played = self.played.copy()
        new.irregular = self.irregular.copy()
        new.found = self.found.copy()
        new.restore_points = self.restore_points.copy()
        new.ruled = self.ruled.copy()
        return new


_COPIERS: dict[type, Callable[[Any], Any]] = {}
_T = TypeVar("_T")


def _shallow(obj: _T) -> _T:
    """A new object of ``obj``'s class holding the same values in every slot (its bases' too)."""
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _copier_of(type(obj))
    return copier(obj)  # type: ignore[no-any-return]


def _copier_of(cls: type) -> Callable[[Any], Any]:
    """A function copying every slot of ``cls`` one by one, written out once per class: a state is
    copied for every play (fold before append), and straight attribute code copies its few dozen
    slots in a third of the time a loop of getattr and setattr takes."""
    slots = list(dict.fromkeys(s for k in reversed(cls.__mro__) for s in getattr(k, "__slots__", ())))
    if not all(s.isidentifier() and not s.startswith("__") for s in slots):  # a name mangled or odd
        return lambda obj: _copy_slots(obj, slots)
    lines = ["def copy(obj):", "    new = make(cls)", *(f"    new.{s} = obj.{s}" for s in slots), "    return new"]
    scope: dict[str, Any] = {"make": cls.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - the code is made from the class's own slot names
    return scope["copy"]  # type: ignore[no-any-return]


def _copy_slots(obj: _T, slots: list[str]) -> _T:
    cls = type(obj)
    new = cls.__new__(cls)
    for name in slots:
        setattr(new, name, getattr(obj, name))
    return new


#: The class of a game's hands (``Hand`` or a game's subclass of it).
HandT = TypeVar("HandT", bound=Hand, covariant=True)


class TableState(Generic[HandT]):
    """A whole game: options, seats, totals, the hand in play, the public record of rulings.

    ``layout`` is set by the game's creation and ``hand`` by each deal: what reads them once they
    are set reads ``table`` and ``in_play``, which say so when they are not."""

    __slots__ = ("version", "game_name", "options", "record", "names", "layout", "players", "hand_size",
                 "totals", "phase", "dealer", "hand", "history", "rulings", "replaced", "outcome", "undo_trail",
                 "confirmations")

    def __init__(self, game_name: str) -> None:
        self.version = 0
        self.game_name = game_name
        self.options: dict[str, Any] = {}
        self.record: Record = "known"
        self.names: list[str] = []  # by seat, a dummy included
        self.layout: Layout | None = None
        self.players = 0
        self.hand_size = 0
        self.totals: list[int] = []  # by scoring unit
        self.phase = "new"
        self.dealer: int | None = None
        self.hand: HandT | None = None
        self.history: list[dict[str, Any]] = []  # score sheets of finished hands
        self.rulings: list[dict[str, Any]] = []  # public: claims, rulings, corrections
        self.replaced: list[list[int]] = []  # [first, last] stream versions marked replaced
        self.outcome: dict[str, Any] | None = None
        self.undo_trail: Any = None  # what the undo of the last entry keeps (``referee.undo``); clones share it
        self.confirmations: tuple[Any, ...] = ()  # the players' confirmations of scored hands (``referee.confirmations``)

    def clone(self) -> Self:
        """An independent copy for look-ahead in ``decide``. Records once appended (sheets,
        rulings) are never changed, so one level is copied."""
        new = _shallow(self)
        new.totals = self.totals.copy()
        new.history = self.history.copy()
        new.rulings = self.rulings.copy()
        new.replaced = self.replaced.copy()
        if self.hand is not None:
            new.hand = self.hand.clone()
        return new

    @property
    def table(self) -> Layout:
        """The layout the game's options made (set when the game is created)."""
        assert self.layout is not None, "no layout before the game is created"
        return self.layout

    @property
    def known_dealer(self) -> int:
        """The dealer (set once the first dealer is chosen, and kept from then on)."""
        assert self.dealer is not None, "no dealer before the first one is chosen"
        return self.dealer

    @property
    def in_play(self) -> HandT:
        """The hand in play (set when it is dealt, or its trump called)."""
        assert self.hand is not None, "no hand before the first deal"
        return self.hand

    def unit_name(self, unit: int) -> str:
        """``Ann & Cat`` (a team) or ``Ann``."""
        return " & ".join(self.names[s] for s in self.table.seats_of(unit))

    def seat_label(self, seat: int) -> str:
        """``Seat 2 (Carol)`` for messages."""
        if 0 <= seat < len(self.names):
            return f"Seat {seat} ({self.names[seat]})"
        return f"Seat {seat}"


#: A trick game's own state class (``TableState`` or a game's subclass of it).
StateT = TypeVar("StateT", bound=TableState[Hand])
