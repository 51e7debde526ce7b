"""Queen's Dungeon commands: what a scorekeeper (or a seat) asks the referee to record.

Frozen dataclasses, as ``referee.trickgame.shared_commands`` describes; the claim, the take-back and
the early end are those every trick game shares, from there. ``Deal`` and ``Play`` are Queen's
Dungeon's own: a deal may carry the extra hand, and the dummy's card may be left out.
"""

from __future__ import annotations

from typing import Any, Optional

from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.fields import Seat
from referee.trickgame.shared_commands import ClaimRenege, EndGame, TakeBack
from referee.frozen import frozen as _frozen
from referee.trickgame.table_actions import shared_command_of

__all__ = ["Cut", "CallTrump", "Deal", "ExchangeHand", "Play", "ChangeTrump", "AnnounceChallenge", "ClaimRenege",
           "AcceptPenalty", "TakeBack", "EndGame", "ACTIONS", "command_of"]


@_frozen
class AcceptPenalty:
    """Window B: the reneger takes the voluntary penalty, and the cards from the renege on go back."""

    seat: Seat


@_frozen
class Cut:
    """A player draws for the first deal; without ``card`` the referee draws for them."""

    seat: Seat
    card: Optional[str] = None


@_frozen
class CallTrump:
    seat: Seat
    suit: str


@_frozen
class Deal:
    """Known record: ``hands`` by seat (and ``extra``), or nothing to let the referee shuffle.
    Blind record: nothing."""

    hands: Optional[list[list[str]]] = None
    extra: Optional[list[str]] = None


@_frozen
class ExchangeHand:
    seat: Seat
    exchange: bool = True


@_frozen
class Play:
    """A card played by a seat. The dummy's card may be left out in a known record (top card)."""

    seat: Seat
    card: Optional[str] = None


@_frozen
class ChangeTrump:
    seat: Seat
    suit: str


@_frozen
class AnnounceChallenge:
    seat: Seat


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

# The command each table-action event of Queen's Dungeon records (the shared ones aside).
_RECORDED: dict[type, Any] = {
    qd_ev.DealerCut: lambda e: Cut(e.seat, e.card),
    qd_ev.TrumpCalled: lambda e: CallTrump(e.seat, e.suit),
    ev.HandDealt: lambda e: Deal(e.hands, e.extra),
    qd_ev.HandExchanged: lambda e: ExchangeHand(e.seat, e.exchanged),
    ev.CardPlayed: lambda e: Play(e.seat, e.card),
    qd_ev.TrumpChanged: lambda e: ChangeTrump(e.seat, e.suit),
    qd_ev.ChallengeAnnounced: lambda e: AnnounceChallenge(e.seat),
    qd_ev.PenaltyAccepted: lambda e: AcceptPenalty(e.seat),
}


def command_of(event: Any) -> Any:
    """The command a table-action event records (see ``referee.trickgame.table_actions``), None for an
    event only the referee makes."""
    recorded = _RECORDED.get(type(event))
    return recorded(event) if recorded is not None else shared_command_of(event)
