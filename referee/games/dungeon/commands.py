"""Dungeon's commands (what a scorekeeper logs), their schemas, and the command each table-action
event records.

Cards are typed as a person writes them (``7h``, ``10D#2``, ``jk1``); ``decide`` resolves a bare
name to a copy the player holds. The scorekeeper's own actions (the deal, closing the Ace window,
the reshuffle) carry no seat.
"""

from __future__ import annotations

from typing import Any, Optional

from referee.fields import Seat
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN
from referee.command_schemas import schemas_of
from referee.frozen import frozen as _frozen


@_frozen
class Deal:
    """Known record: ``order`` is the whole shuffled deck, top first (the face-down cells of the
    seats beyond the Jokers, then five cards for each seat in seat order, then the draw pile); left
    out, the referee shuffles. A blind record takes no order: nobody saw the cards dealt."""

    order: Optional[list[str]] = None


@_frozen
class ContestPlay:
    """The first-player contest: ``seat`` plays ``card`` face up (and draws a replacement)."""

    seat: Seat
    card: str


@_frozen
class Draw:
    seat: Seat


@_frozen
class PlayAce:
    """An Ace, at any moment after the contest, by any player alive."""

    seat: Seat
    card: str


@_frozen
class CloseAces:
    """The scorekeeper closes the Ace window: the Aces resolve, last played first."""


@_frozen
class PlayPassage:
    """A passage in one's own dungeon, on ``on`` (a passage's card or "cell"; left out when there
    is one place only). A blind Pitch Black record: ``card`` is ``?`` (face down) and ``on`` the
    cell or the position of the passage it lies on; a player who escapes turns the dungeon up
    (``revealed``: its cards in the order laid, the new one last)."""

    seat: Seat
    card: str
    on: Optional[str] = None
    revealed: Optional[list[str]] = None


@_frozen
class CaveIn:
    """``passage`` (a blind Pitch Black record): the target's face-down last passage as it was
    turned up; elsewhere, when given, it must be that passage."""

    seat: Seat
    card: str
    target: Seat
    passage: Optional[str] = None


@_frozen
class SaveJoker:
    """Jokers Wild: the owner of a Joker passage hit by a cave-in discards ``card`` of the same
    value from hand instead of the Joker."""

    seat: Seat
    card: str


@_frozen
class LetFall:
    """Jokers Wild: the owner of a Joker passage hit by a cave-in lets it collapse."""

    seat: Seat


@_frozen
class Accuse:
    """Pitch Black: ``seat`` accuses ``target`` of cheating; the dungeon is revealed (a blind
    record: ``revealed``, its cards as turned up, in the order laid)."""

    seat: Seat
    target: Seat
    revealed: Optional[list[str]] = None


@_frozen
class Attack:
    seat: Seat
    card: str
    target: Seat


@_frozen
class Defend:
    """The defender beats the creature with ``cards``: passages adding up to its value, a creature
    at least as strong, or a 2 against a King."""

    seat: Seat
    cards: list[str]


@_frozen
class Retreat:
    """The defender abandons the last passage (in the cell: is slain)."""

    seat: Seat


@_frozen
class Graverobber:
    """The Graverobber's ability: ``seat`` plays the Jack ``card`` and takes ``take`` from the
    discard pile."""

    seat: Seat
    card: str
    take: str


@_frozen
class Myrmiddon:
    """The Myrmiddon's ability: ``seat`` plays the Queen ``card`` and asks ``target`` for ``ask``."""

    seat: Seat
    card: str
    target: Seat
    ask: str


@_frozen
class Counter:
    """Counter Attack: ``seat`` interrupts the Graverobber or Myrmiddon in play with a matching
    creature (a Jack on a Graverobber, a Queen on a Myrmiddon)."""

    seat: Seat
    card: str


@_frozen
class CloseCounters:
    """Counter Attack: the scorekeeper closes the window; the ability stands after an even number
    of counters."""


@_frozen
class HandOver:
    """The Myrmiddon's target hands over the card asked."""

    seat: Seat


@_frozen
class Deny:
    """The Myrmiddon's target says they do not hold the card asked."""

    seat: Seat


@_frozen
class Look:
    """After a denial, the asker demands to see the target's hand (a blind record: ``shown``, the
    hand as the asker saw it)."""

    seat: Seat
    shown: Optional[list[str]] = None


@_frozen
class Believe:
    """After a denial, the asker lets it stand."""

    seat: Seat


@_frozen
class DiscardHand:
    """Suicide Queen: the liar found out discards the whole hand instead of handing the card over."""

    seat: Seat


@_frozen
class EndTurn:
    """``seat`` ends the turn, discarding ``discards`` down to five cards."""

    seat: Seat
    discards: Optional[list[str]] = None


@_frozen
class Reshuffle:
    """Known record: ``order`` is the discard pile shuffled, top first; left out, the referee
    shuffles."""

    order: Optional[list[str]] = None


ACTIONS: dict[str, type] = {
    "deal": Deal,
    "contest": ContestPlay,
    "draw": Draw,
    "ace": PlayAce,
    "close_aces": CloseAces,
    "passage": PlayPassage,
    "cave_in": CaveIn,
    "save_joker": SaveJoker,
    "let_fall": LetFall,
    "attack": Attack,
    "accuse": Accuse,
    "defend": Defend,
    "retreat": Retreat,
    "graverobber": Graverobber,
    "myrmiddon": Myrmiddon,
    "counter": Counter,
    "close_counters": CloseCounters,
    "hand_over": HandOver,
    "deny": Deny,
    "look": Look,
    "believe": Believe,
    "discard_hand": DiscardHand,
    "end_turn": EndTurn,
    "reshuffle": Reshuffle,
}

COMMAND_SCHEMAS, ACTION_OF = schemas_of(ACTIONS)


def _deal_order(e: ev.DungeonDealt) -> list[str] | None:
    """The deck order a deal records; None for a blind record's deal, which knows none."""
    hidden = [cell for cell, down in zip(e.cells, e.cell_face_down) if down]
    order = hidden + [c for hand in e.hands for c in hand] + list(e.pile)
    return None if UNKNOWN in order else order


# The command each table-action event records; the referee's own events (a tie, the first
# player, a win) map to None.
_RECORDED: dict[type, Any] = {
    ev.DungeonDealt: lambda e: Deal(_deal_order(e)),
    ev.DungeonContestCardPlayed: lambda e: ContestPlay(e.seat, e.card),
    ev.DungeonCardDrawn: lambda e: Draw(e.seat),
    ev.DungeonAcePlayed: lambda e: PlayAce(e.seat, e.card),
    ev.DungeonAcesResolved: lambda e: CloseAces(),
    ev.DungeonPassagePlayed: lambda e: PlayPassage(e.seat, UNKNOWN if e.revealed else e.card, e.on, e.revealed),
    ev.DungeonCaveIn: lambda e: CaveIn(e.seat, e.card, e.target, e.passage),
    ev.DungeonCaveInFailed: lambda e: CaveIn(e.seat, e.card, e.target, e.passage),
    ev.DungeonAccused: lambda e: Accuse(e.seat, e.target, e.revealed),
    ev.DungeonJokerSaved: lambda e: SaveJoker(e.seat, e.card),
    ev.DungeonPassageCollapsed: lambda e: LetFall(e.seat),
    ev.DungeonCreatureAttacked: lambda e: Attack(e.seat, e.card, e.target),
    ev.DungeonCreatureDefeated: lambda e: Defend(e.seat, list(e.cards)),
    ev.DungeonRetreated: lambda e: Retreat(e.seat),
    ev.DungeonPlayerSlain: lambda e: Retreat(e.seat),
    ev.DungeonGraverobberPlayed: lambda e: Graverobber(e.seat, e.card, e.take),
    ev.DungeonMyrmiddonAsked: lambda e: Myrmiddon(e.seat, e.card, e.target, e.asked),
    ev.DungeonCounterPlayed: lambda e: Counter(e.seat, e.card),
    ev.DungeonCountersClosed: lambda e: CloseCounters(),
    ev.DungeonCardHandedOver: lambda e: HandOver(e.seat),
    ev.DungeonCardDenied: lambda e: Deny(e.seat),
    ev.DungeonHandLookedAt: lambda e: Look(e.seat, e.shown),
    ev.DungeonDenialAccepted: lambda e: Believe(e.seat),
    ev.DungeonHandDiscarded: lambda e: DiscardHand(e.seat),
    ev.DungeonTurnEnded: lambda e: EndTurn(e.seat, list(e.discards)),
    ev.DungeonPileReshuffled: lambda e: Reshuffle(None if UNKNOWN in e.pile else list(e.pile)),
}


def command_of(event: Any) -> Any:
    """The command a table-action event records (see ``referee.redecide_record``), None for an
    event only the referee makes."""
    recorded = _RECORDED.get(type(event))
    return recorded(event) if recorded is not None else None
