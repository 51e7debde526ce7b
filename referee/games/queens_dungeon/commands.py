"""Queen's Dungeon commands: what a scorekeeper (or a seat) asks the referee to record.

Commands are frozen dataclasses; ``COMMAND_SCHEMAS`` maps each action name to a marshmallow
schema whose ``load(json)`` returns the command. Cards and suits stay as typed by a person
(``qs``, ``Td``): ``decide`` normalises them and explains a bad one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import marshmallow_dataclass

_frozen = dataclass(frozen=True, slots=True)


@_frozen
class Cut:
    """A player draws for the first deal; without ``card`` the referee draws for them."""

    seat: int
    card: Optional[str] = None


@_frozen
class CallTrump:
    seat: int
    suit: str


@_frozen
class Deal:
    """Known record: ``hands`` by seat (and ``extra``), or nothing to let the referee shuffle.
    Blind record: nothing."""

    hands: Optional[list[list[str]]] = None
    extra: Optional[list[str]] = None


@_frozen
class ExchangeHand:
    seat: int
    exchange: bool = True


@_frozen
class Play:
    """A card played by a seat. The dummy's card may be left out in a known record (top card)."""

    seat: int
    card: Optional[str] = None


@_frozen
class ChangeTrump:
    seat: int
    suit: str


@_frozen
class AnnounceChallenge:
    seat: int


@_frozen
class ClaimRenege:
    """``seat`` accuses ``accused`` of an irregularity in ``trick`` (of ``hand``, default the
    current one), optionally naming a card of the accused's shown at the table."""

    seat: int
    accused: int
    trick: int
    hand: Optional[int] = None
    shown: Optional[str] = None


@_frozen
class AcceptPenalty:
    seat: int


@_frozen
class TakeBack:
    seat: int


@_frozen
class EndGame:
    reason: str = "time"


ACTIONS: dict[str, type] = {
    "cut": Cut,
    "call_trump": CallTrump,
    "deal": Deal,
    "exchange_hand": ExchangeHand,
    "play": Play,
    "change_trump": ChangeTrump,
    "announce_challenge": AnnounceChallenge,
    "claim_renege": ClaimRenege,
    "accept_penalty": AcceptPenalty,
    "take_back": TakeBack,
    "end_game": EndGame,
}

COMMAND_SCHEMAS = {name: marshmallow_dataclass.class_schema(cls)() for name, cls in ACTIONS.items()}
ACTION_OF = {cls: name for name, cls in ACTIONS.items()}
