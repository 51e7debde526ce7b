"""Black Queen's own events: a hand thrown in when everyone passed, and the contract. Registered
with ``events.registry`` when this module is imported (the package imports it), under the same
names as ever, so every stored record still reads. The events every trick game shares are in
``referee.events``.
"""

from __future__ import annotations

from events.registry import event_type
from referee.frozen import frozen as _frozen


@event_type("HandThrownIn", version=1)
@_frozen
class HandThrownIn:
    """Every player passed: the cards are thrown in and the same dealer deals hand ``hand`` again."""

    hand: int
    dealer: int


@event_type("ContractDeclared", version=1)
@_frozen
class ContractDeclared:
    """Black Queen: the high bidder (declarer) named trump and the two called cards whose holders
    are the declarer's hidden partners. Who holds them is never part of this event."""

    seat: int
    hand: int
    bid: int
    trump: str
    called: list[str]
