"""Black Queen commands: the shared ones of a bidding trick game (``bid`` is card points), a pass,
and the declarer's contract (trump and the two called cards)."""

from __future__ import annotations

from typing import Any

from referee import events as ev
from referee.games.black_queen import events as bq_ev
from referee.fields import Seat
from referee.frozen import frozen as _frozen
from referee.trickgame.table_actions import trick_command_of
from referee.trickgame.commands import SHARED_ACTIONS


@_frozen
class Pass:
    """A pass in the auction: final for the hand."""

    seat: Seat


@_frozen
class Declare:
    """The declarer names trump and two different cards; their holders are the hidden partners."""

    seat: Seat
    trump: str
    called: list[str]


ACTIONS: dict[str, type] = {**SHARED_ACTIONS, "pass": Pass, "declare": Declare}


def command_of(event: Any) -> Any:
    """The command a table-action event records (see ``referee.trickgame.table_actions``), None for an
    event only the referee makes."""
    if type(event) is ev.BidMade and event.bid is None:
        return Pass(event.seat)
    if type(event) is bq_ev.ContractDeclared:
        return Declare(event.seat, event.trump, list(event.called))
    return trick_command_of(event)
