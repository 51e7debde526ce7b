"""The typed events every trick game shares (and the opening and the undo, which every game has):
past-tense facts of a game, registered with ``events.registry``. A game's own events live in its
package (``referee/games/*/events.py``).

Every event is a frozen dataclass with JSON-ready fields. Nothing is ever edited: an event that
corrects earlier ones says so (``CardTakenBack.replaces_from``, or a game's own penalty event,
name the stream version of the first replaced event). Everything from there up to the correcting
event stays in the log; the replay marks the cards and what their tricks' completion did as
replaced, never the claims, rulings, settings and penalties among them, which stay in force.

Hands are numbered from 1, tricks from 1 within a hand, seats from 0 clockwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from typing import Optional

from events.registry import event_type
from referee.frozen import frozen as _frozen
from referee.closed_sets import EndReason, Kind, Record, Verdict, Window, closed


@event_type("GameCreated", version=1)
@_frozen
@closed
class GameCreated:
    """A game was set up: which game, every option, the seat names, and the kind of record."""

    game: str
    options: dict
    seats: list[str]
    record: Record  # "known" (every hand logged) or "blind" (only what the table saw)


@event_type("DealerChosen", version=1)
@_frozen
class DealerChosen:
    """The first dealer is known (by the cut, or set by an option)."""

    seat: int


@event_type("HandDealt", version=2, upcasters={1: lambda payload: {**payload, "salt": None}})
@_frozen
class HandDealt:
    """The cards were dealt. ``removed`` lists the cards taken out of the deck.

    Known record: ``hands[seat]`` in dealing order (the dummy's first card is its top card) and
    ``extra`` (the spare hand of the 3-player four-hands variant). Blind record: both ``None``.

    ``salt`` (known record; version 2 on): 128 secret random bits as 32 hex digits. While the game
    is on, this payload is withheld from the table but its envelope's hash is public; the salt
    makes that hash say nothing about the hands (without it, hashing candidate deals until one
    matched would find them). It is revealed with the hands. Two deals of the same cards are the
    same deal whatever their salts, so it takes no part in comparing events.
    """

    hand: int
    dealer: int
    removed: list[str]
    hands: Optional[list[list[str]]] = None
    extra: Optional[list[str]] = None
    salt: Optional[str] = field(default=None, compare=False)


@event_type("CardPlayed", version=1)
@_frozen
class CardPlayed:
    """A card hit the table. A renege is recorded like any card (its ruling comes separately)."""

    seat: int
    card: str
    hand: int
    trick: int


@event_type("TrickWon", version=1)
@_frozen
class TrickWon:
    """A trick is complete: its cards in play order, the winner, and the Queens in it."""

    hand: int
    trick: int
    seat: int
    cards: list[str]
    queens: int


@event_type("RenegeClaimed", version=1)
@_frozen
class RenegeClaimed:
    """A player accused another of an irregularity in a trick, optionally showing a card."""

    claimant: int
    accused: int
    hand: int
    trick: int
    shown: Optional[str] = None


@event_type("RenegeRuled", version=1)
@_frozen
@closed
class RenegeRuled:
    """The referee's ruling on an irregularity (a renege, an illegal trump lead, a missed
    Challenge Queen): ``verdict`` is "upheld" or "not_proven"; ``window`` A, B, C or D says when it
    was found out (and so the penalty); ``evidence`` says why.
    """

    accused: int
    hand: int
    trick: int
    card: str
    kind: Kind
    verdict: Verdict
    window: Window
    evidence: dict
    claimant: Optional[int] = None


@event_type("CardTakenBack", version=1)
@_frozen
class CardTakenBack:
    """Window A: the reneger took the card back (no later card yet), without penalty; the card
    played at ``replaces_from`` and what its trick's completion did are replaced. Rulings made
    since stay."""

    seat: int
    hand: int
    trick: int
    card: str
    replaces_from: int


@event_type("HandScored", version=1)
@_frozen
class HandScored:
    """The hand's score sheet (see ``referee.games.queens_dungeon.scoring``) and the new totals."""

    hand: int
    dealer: int
    sheet: dict
    totals: list[int]


@event_type("GameEnded", version=1)
@_frozen
@closed
class GameEnded:
    """The game is over: at the ``target``, after the ``hands`` the options set, or ``early``
    (the scorekeeper ended it); winners are seats (shared on a tie)."""

    reason: EndReason
    hand: int
    winners: list[int]
    totals: list[int]


# ---------------------------------------------------------------- bidding games (Queen Bees, Black Queen)


@event_type("BidMade", version=1)
@_frozen
class BidMade:
    """A player bid in hand ``hand``: tricks in Queen Bees, card points in Black Queen's auction.
    ``bid`` None is a pass (final for the hand in Black Queen)."""

    seat: int
    hand: int
    bid: Optional[int] = None


@event_type("EntryUndone", version=1)
@_frozen
class EntryUndone:
    """The scorekeeper undid the last entry, a mis-entry: the ``action`` logged at stream versions
    ``replaces_from`` to ``replaces_to`` (its table action and what the referee decided from it)
    did not happen. Those events stay in the record; the state is as it was before them. Every game
    has it (``referee.undo``)."""

    action: str
    replaces_from: int
    replaces_to: int


@event_type("EntryRedone", version=1)
@_frozen
class EntryRedone:
    """The scorekeeper redid the entry that the undo at stream version ``undo`` took back (its
    ``action``): the state is again as it was just before that undo, and the entry's events count
    once more. Only the latest undo is redone, and only while nothing was entered since it
    (``referee.undo``)."""

    action: str
    undo: int


def taken_back(events: Iterable[object]) -> set[int]:
    """The stream versions that the undos among ``events`` (a log from its first event) took back,
    and that no redo put back: entries that never happened at the table, though they stay in the
    record."""
    undos: dict[int, range] = {}
    gone: set[int] = set()
    for version, e in enumerate(events, 1):
        if isinstance(e, EntryUndone):
            undos[version] = range(e.replaces_from, e.replaces_to + 1)
            gone.update(undos[version])
        elif isinstance(e, EntryRedone) and e.undo in undos:
            gone.difference_update(undos[e.undo])
    return gone
