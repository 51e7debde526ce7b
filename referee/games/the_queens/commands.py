"""The Queens' commands: the deal, a move (to a foundation, or marrying onto a shutter pile),
turning the pack's top card, forming the new pack, taking back the last move, and, in an
as-dealt record, entering a card as it turns up.

Places are written as in the events (``key``, ``talon``, ``s1``-``s7``, ``foundation``); a move's
``source`` may be left out when the card is on only one top it can be moved from. Every command
names its ``seat``, as in every game: the one player is seat 0.
"""

from __future__ import annotations

from typing import Any, Optional

from referee.games.the_queens import events as ev
from referee.fields import Seat
from referee.command_schemas import schemas_of
from referee.frozen import frozen

GIVEN_UP = "given_up"


@frozen
class Deal:
    """Lay out the game: ``order`` (the 104 cards, top of the pack first), else the order the game
    was created with, else the referee shuffles."""

    seat: Seat
    order: Optional[list[str]] = None


@frozen
class Move:
    seat: Seat
    card: str
    target: str
    source: Optional[str] = None


@frozen
class Turn:
    """Turn the pack's top card onto the talon: as dealt, ``card`` is the card turned."""

    seat: Seat
    card: Optional[str] = None


@frozen
class Seen:
    """As dealt: the card that turned up face up (the key's new top, or the pack's top dealt into
    a space), entered as it turned up."""

    seat: Seat
    card: str


@frozen
class NewPack:
    """Form the new pack from the bottom of the talon (3 cards for each Queen counted)."""

    seat: Seat


@frozen
class TakeBack:
    """Take back the last move still standing (a correction: nothing is deleted)."""

    seat: Seat


@frozen
class GiveUp:
    """End the game where it stands: the passes of a talon with Queens in it can go round for ever."""

    seat: Seat


ACTIONS: dict[str, type] = {"deal": Deal, "move": Move, "turn": Turn, "seen": Seen, "new_pack": NewPack, "take_back": TakeBack,
                            "give_up": GiveUp}
COMMAND_SCHEMAS, ACTION_OF = schemas_of(ACTIONS)


def command_of(event: Any) -> Any:
    """The command a table-action event records, None for an event the referee makes."""
    kind = type(event)
    if kind is ev.QueensCardMoved:
        return Move(0, event.card, event.target, event.source)
    if kind is ev.QueensCardTurned:
        return Turn(0, event.card)
    if kind is ev.QueensCardSeen:
        return Seen(0, event.card)
    if kind is ev.QueensNewPackFormed:
        return NewPack(0)
    if kind is ev.QueensMoveTakenBack:
        return TakeBack(0)
    if kind is ev.QueensDealt:
        return Deal(0, list(event.order) or None)  # as dealt: no order
    if kind is ev.QueensGameEnded and event.result == GIVEN_UP:
        return GiveUp(0)
    return None
