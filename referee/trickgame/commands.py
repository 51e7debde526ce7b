"""Commands the plain trick games share: what a scorekeeper (or a seat) asks the referee to record.

Commands are frozen dataclasses; a game's ``COMMAND_SCHEMAS`` maps each action name to a
marshmallow schema whose ``load(json)`` returns the command. Cards and suits stay as typed by a
person (``qs``, ``Td``): ``decide`` normalises them and explains a bad one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import marshmallow_dataclass

_frozen = dataclass(frozen=True, slots=True)


@_frozen
class Deal:
    """Known record: ``hands`` by seat, or nothing to let the referee shuffle. Blind: nothing."""

    hands: Optional[list[list[str]]] = None


@_frozen
class Bid:
    """A bid: tricks in Queen Bees, card points in Black Queen."""

    seat: int
    bid: int


@_frozen
class Play:
    seat: int
    card: str


@_frozen
class ClaimRenege:
    """``seat`` accuses ``accused`` of a renege in ``trick`` (of ``hand``, default the current one),
    optionally naming a card of the accused's shown at the table."""

    seat: int
    accused: int
    trick: int
    hand: Optional[int] = None
    shown: Optional[str] = None


@_frozen
class TakeBack:
    seat: int


@_frozen
class EndGame:
    reason: str = "time"


SHARED_ACTIONS: dict[str, type] = {
    "deal": Deal,
    "bid": Bid,
    "play": Play,
    "claim_renege": ClaimRenege,
    "take_back": TakeBack,
    "end_game": EndGame,
}


def schemas_of(actions: dict[str, type]) -> tuple[dict, dict]:
    """(action name -> marshmallow schema, command class -> action name) for a game's actions."""
    schemas = {name: marshmallow_dataclass.class_schema(cls)() for name, cls in actions.items()}
    return schemas, {cls: name for name, cls in actions.items()}
