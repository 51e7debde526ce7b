"""Commands every trick game shares (Queen's Dungeon, Queen Bees, Black Queen): a claim of a
renege, the reneger's take-back in window A, an early end.

Commands are frozen dataclasses, loaded by the schemas of ``referee.command_schemas``.
"""

from __future__ import annotations

from typing import Optional

from referee.fields import HandNo, Seat, Trick
from referee.frozen import frozen


@frozen
class ClaimRenege:
    """``seat`` accuses ``accused`` of a renege (in Queen's Dungeon, of any irregularity) in
    ``trick`` (of ``hand``, default the current one), optionally naming a card of the accused's
    shown at the table."""

    seat: Seat
    accused: Seat
    trick: Trick
    hand: Optional[HandNo] = None
    shown: Optional[str] = None


@frozen
class TakeBack:
    seat: Seat


@frozen
class EndGame:
    reason: str = "time"
