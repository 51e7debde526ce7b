"""The numbers a command or an option holds: read exactly, and within a range a real table needs.

Every integer of a command (``seat``, ``trick``, ...) and of a game's options is an
:class:`ExactInteger`: a JSON integer, never a float cut down (``seat: 1.5`` is refused, not read
as seat 1), a ``true`` or a ``"1"``; and within a range, so that no number a table could not
play (``target: 2**63``) reaches the record. ``GET /games/catalog`` gives every range as JSON
Schema (``minimum``, ``maximum``): options in ``options_schema``, actions in ``actions_schema``.

Every yes-or-no of a request (a command's, an option's, ``private``) is an :class:`ExactBoolean`:
JSON ``true`` or ``false``, never ``0``, ``1`` or ``"yes"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from marshmallow import fields, validate

#: Seats are numbered from 0; no game seats more than 8 (Queen's Dungeon with 8 players).
MAX_SEAT = 7
#: A hand's tricks are numbered from 1; a 52-card deck dealt between two hands gives 26.
MAX_TRICK = 26
#: Hands are numbered from 1; an evening is a few dozen. (500 hands of Black Queen export to about
#: 14 MB, within what POST /imports reads.)
MAX_HAND = 500
#: A bid is a number of tricks (Queen Bees) or of card points (Black Queen: 75 to 150).
MAX_BID = 200
#: Scores: a target, a threshold or a penalty in points. A billion: a target no game reaches, for a
#: game played until the scorekeeper ends it (the benchmark's tables play so).
MAX_POINTS = 10**9
#: Any other integer: a command's plain ``int`` field.
MAX_INTEGER = 1_000_000


class ExactInteger(fields.Integer):
    """An integer from ``low`` to ``high``, read exactly (``strict``: no float, bool or string)."""

    low, high = 0, MAX_INTEGER
    default_error_messages = {"invalid": "Not a whole number: write an integer such as 2 (not 2.0, \"2\" or true)."}

    def __init__(self, low: int | None = None, high: int | None = None, **kwargs: Any) -> None:
        low = self.low if low is None else low
        high = self.high if high is None else high
        super().__init__(strict=True, validate=validate.Range(low, high), **kwargs)


class ExactBoolean(fields.Boolean):
    """JSON ``true`` or ``false``, nothing else. marshmallow's Boolean reads ``0``, ``1``, ``"no"``
    and ``"on"`` as booleans (and ``1 in {True}`` holds), so a client's wrong type would pass as a
    choice it never made."""

    default_error_messages = {"invalid": "Not a boolean: write true or false (not 1, 0 or a string)."}

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if isinstance(value, bool):
            return value
        raise self.make_error("invalid")


def _ranged(name: str, low: int, high: int) -> type[ExactInteger]:
    """An ExactInteger class with its range set, for a dataclass annotation (marshmallow_dataclass
    builds the field from the class, with ``required`` and defaults from the dataclass)."""
    return type(name, (ExactInteger,), {"low": low, "high": high, "__doc__": f"An exact integer, {low} to {high}."})


SeatField = _ranged("SeatField", 0, MAX_SEAT)
TrickField = _ranged("TrickField", 1, MAX_TRICK)
HandField = _ranged("HandField", 1, MAX_HAND)
BidField = _ranged("BidField", 0, MAX_BID)

#: Types of command fields (``seat: Seat``): an int to the code, an exact, bounded integer to the schema.
Seat = Annotated[int, SeatField]
Trick = Annotated[int, TrickField]
HandNo = Annotated[int, HandField]
BidAmount = Annotated[int, BidField]
