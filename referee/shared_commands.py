"""Commands every trick game shares (Queen's Dungeon, Queen Bees, Black Queen): a claim of a
renege, the reneger's corrections (the take-back in window A, the penalty in window B where a game
has one), an early end; and the marshmallow schemas of a game's commands.

Commands are frozen dataclasses; a game's ``command_schemas`` maps each action name to a
marshmallow schema whose ``load(json)`` returns the command. Cards and suits stay as typed by a
person (``qs``, ``Td``): ``decide`` normalises them and explains a bad one. Numbers are exact
and bounded (``referee.fields``): a seat is a ``Seat``, any other integer an ``ExactInteger``.
"""

from __future__ import annotations

from typing import Optional

import marshmallow
import marshmallow_dataclass

from referee.fields import ExactBoolean, ExactInteger, HandNo, Seat, Trick

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
class AcceptPenalty:
    """Queen's Dungeon's window B: the reneger takes the voluntary penalty, and the cards from the
    renege on go back."""

    seat: Seat


@frozen
class EndGame:
    reason: str = "time"


class CommandSchema(marshmallow.Schema):
    """The base of every command's schema: a plain ``int`` field is read exactly, and bounded; a
    ``bool`` is JSON true or false."""

    TYPE_MAPPING = {**marshmallow.Schema.TYPE_MAPPING, int: ExactInteger, bool: ExactBoolean}


def schemas_of(actions: dict[str, type]) -> tuple[dict, dict]:
    """(action name -> marshmallow schema, command class -> action name) for a game's actions."""
    schemas = {name: marshmallow_dataclass.class_schema(cls, base_schema=CommandSchema)() for name, cls in actions.items()}
    return schemas, {cls: name for name, cls in actions.items()}
