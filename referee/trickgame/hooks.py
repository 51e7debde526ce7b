"""What the trick engine's parts read of the game they serve.

``TrickGame`` (``referee.trickgame.game``) is put together from parts, one concern each: folding
(``apply``), deciding (``decide``), views and words. Each part reads the game's data and calls its
hooks, which ``TrickGame`` and the games define. :class:`TrickHooks`, the base of every part, says
what they are, so that each part is checked against them and each game's hooks against the parts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Optional

from referee.closed_sets import EndReason, FollowRule, Kind
from referee.trickgame.state import StateT

if TYPE_CHECKING:
    from referee import events as ev
    from referee.trickgame.batch import Batch
    from referee.trickgame.corrections import KeptRuling
    from referee.trickgame.reneges import Irregularity
    from referee.trickgame.state import Hand, Layout
    from referee.words import Names

#: What an irregular card says about the hand it came from: ``(kind, suit, following rule)``
#: (``referee.trickgame.game``).
Claim = tuple[Kind, Optional[str], Optional[FollowRule]]


class TrickHooks(Generic[StateT]):
    """The data and hooks of a trick game that the engine's parts read; ``self`` is the game."""

    name: str
    title: str
    actions: ClassVar[Mapping[str, type]]  # action name -> command class

    # The phase a game is in before each hand (after the first dealer is known, and after a hand
    # is scored), the phase a fresh deal starts in, and who acts in which phase.
    opening_phase: ClassVar[str] = "deal"
    bidding_phase: ClassVar[str] = "bid"
    turn_phases: ClassVar[tuple[str, ...]] = ("bid", "play")
    dealer_phases: ClassVar[tuple[str, ...]] = ("deal",)
    correction_phases: ClassVar[tuple[str, ...]] = ("play",)  # when a card may be taken back
    # The command by which a reneger takes a voluntary penalty in window B, where the game has one:
    # a renege found out in window B then waits for it (or stands, ruled again in window C, when
    # window B closes). None: no such penalty.
    penalty_in_window_b: ClassVar[type | None] = None
    # A trick keeps the following rule its lead set (``hand.rule``, from ``lead_rule``), which the
    # default ``claims_of`` and ``legal_cards`` read; a game that reads the lead itself (Queen's
    # Dungeon) spares a card's fold the call.
    keeps_lead_rule: ClassVar[bool] = True

    # Made once by ``TrickGame.__init__``: the handler of each command, every play command a seat can
    # be listed, and the game's ``after_card`` (None when the game left it empty).
    _deciders: dict[type, Callable[[StateT, Any, Any], list[Any]]]
    _plays: dict[int, dict[str, Any]]
    _after_card: Callable[[StateT, int, str], None] | None

    if TYPE_CHECKING:
        # The hooks, defined (with what each does) by ``TrickGame`` and overridden by the games.
        # Declared here only for the checker: defined here, they would come before ``Game``'s in
        # the order Python looks a method up in.

        def apply(self, state: StateT, event: Any) -> StateT: ...
        def layout_of(self, options: Mapping[str, Any]) -> Layout: ...
        def new_hand(self, no: int, dealer: int, seats: int) -> Hand: ...
        def seats_of_units(self, state: StateT, units: list[int]) -> list[int]: ...
        def lead_rule(self, state: StateT, card: str) -> tuple[FollowRule, str]: ...
        def claims_of(self, state: StateT, seat: int, card: str) -> Sequence[Claim]: ...
        def claim_is_false(self, kind: str, suit: str | None, rule: str | None, hand: list[str]) -> list[str]: ...
        def disproved_by(self, irr: Irregularity, card: str) -> bool: ...
        def claim_text(self, kind: str, suit: str | None, rule: str | None) -> str: ...
        def legal_cards(self, state: StateT, seat: int) -> list[str]: ...
        def is_legal(self, state: StateT, seat: int, card: str) -> bool: ...
        def trick_record(self, hand: Hand, e: ev.TrickWon) -> dict[str, Any]: ...
        def after_trick(self, state: StateT, e: ev.TrickWon, last: bool) -> None: ...
        def after_trick_won(self, b: Batch, sim: StateT, winner: int, queens: int, trick: int) -> None: ...
        def trick_winner(self, state: StateT, plays: list[tuple[int, str]]) -> int: ...
        def lead_actions(self, state: StateT, seat: int) -> list[Any]: ...
        def phase_actions(self, state: StateT, seat: int) -> list[Any]: ...
        def penalty(self, state: StateT, seat: int) -> str | None: ...
        def after_upheld(self, b: Batch, irr: Irregularity, window: str) -> None: ...
        def keep_ruling(self, hand: Hand, kept: KeptRuling) -> None: ...
        def hand_sheet(self, state: StateT) -> tuple[dict[str, Any], list[int]]: ...
        def game_end(self, state: StateT, totals: list[int]) -> tuple[EndReason, list[int]] | None: ...
        def rulings_said(self, rulings: list[dict[str, Any]], names: Names) -> list[dict[str, Any]]: ...
