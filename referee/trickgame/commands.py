"""Commands of the bidding trick games (Queen Bees, Black Queen): what a scorekeeper (or a seat)
asks the referee to record. Queen's Dungeon has its own deal and play (an extra hand, the dummy's
top card).

Frozen dataclasses, as ``referee.trickgame.shared_commands`` describes; the claim, the take-back and the
early end are those every trick game shares, from there.
"""

from __future__ import annotations

from typing import Optional

from referee.fields import BidAmount, Seat
from referee.trickgame.shared_commands import ClaimRenege, EndGame, TakeBack
from referee.frozen import frozen as _frozen

__all__ = ["Deal", "Bid", "Play", "ClaimRenege", "TakeBack", "EndGame", "SHARED_ACTIONS"]


@_frozen
class Deal:
    """Known record: ``hands`` by seat, or nothing to let the referee shuffle. Blind: nothing."""

    hands: Optional[list[list[str]]] = None


@_frozen
class Bid:
    """A bid: tricks in Queen Bees, card points in Black Queen."""

    seat: Seat
    bid: BidAmount


@_frozen
class Play:
    seat: Seat
    card: str


SHARED_ACTIONS: dict[str, type] = {
    "deal": Deal,
    "bid": Bid,
    "play": Play,
    "claim_renege": ClaimRenege,
    "take_back": TakeBack,
    "end_game": EndGame,
}
