"""Queen's Dungeon's own events: the cut for the first dealer, the blind trump call, the exchange,
the Challenge, a change of trump, a dungeon setting and window B's penalty. Registered with
``events.registry`` when this module is imported (the package imports it), under the same names
as ever, so every stored record still reads. The events every trick game shares are in
``referee.events``.
"""

from __future__ import annotations

from typing import Literal

from events.registry import event_type
from referee.closed_sets import closed
from referee.frozen import frozen as _frozen

#: Why a dungeon setting set a total down.
SettingReason = Literal["three_queens", "four_queens", "renege"]


@event_type("DealerCut", version=1)
@_frozen
class DealerCut:
    """A player drew a card to choose the first dealer (``round`` counts redraws after ties)."""

    seat: int
    card: str
    round: int


@event_type("TrumpCalled", version=1)
@_frozen
class TrumpCalled:
    """The dealer named trump, blind, before the deal: this starts hand ``hand``."""

    seat: int
    suit: str
    hand: int


@event_type("HandExchanged", version=1)
@_frozen
class HandExchanged:
    """Four-hands variant: the dealer kept (``exchanged`` false) or took the extra hand."""

    seat: int
    hand: int
    exchanged: bool


@event_type("ChallengeAnnounced", version=1)
@_frozen
class ChallengeAnnounced:
    """The Queen's Challenge: in this trick everyone holding a Queen must play one."""

    seat: int
    hand: int
    trick: int


@event_type("TrumpChanged", version=1)
@_frozen
class TrumpChanged:
    """Two Queens fell in one trick: the dealer named a new trump, in force from ``trick``."""

    seat: int
    suit: str
    hand: int
    trick: int


@event_type("TotalSet", version=1)
@_frozen
@closed
class TotalSet:
    """A dungeon setting: a total was set back (three or four Queens, or a renege in window C).

    ``unit`` is the seat, or the team in a partners game, whose total changed; ``seat`` the
    player who caused it (that player forfeits the hand's gains).
    """

    seat: int
    unit: int
    reason: SettingReason
    before: int
    after: int
    hand: int
    trick: int


@event_type("PenaltyAccepted", version=1)
@_frozen
class PenaltyAccepted:
    """Window B: the reneger took the voluntary 25-point penalty; the cards from the renege (at
    stream version ``replaces_from``) on go back to their players. Rulings made since stay."""

    seat: int
    hand: int
    trick: int
    card: str
    penalty: int
    replaces_from: int
