"""The Queens' events: past-tense facts of one patience, registered with ``events.registry``.

Places are written ``key``, ``pack``, ``talon``, ``s1`` .. ``s7`` (the shutter piles: ``s1``-``s4``
the row of four, ``s5``-``s7`` the row of three) and ``foundation``; foundations are numbered
0-7 in the order their Kings arrived. Table actions (what the player did) are ``QueensDealt``,
``QueensCardMoved``, ``QueensCardTurned``, ``QueensNewPackFormed``, ``QueensMoveTakenBack`` and
``QueensGameEnded`` "given_up", and in an as-dealt record ``QueensCardSeen``;
the rest follow from them by the rules and are made by the referee.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from events.registry import event_type
from referee.frozen import frozen as _frozen


@event_type("QueensDealt", version=1)
@_frozen
class QueensDealt:
    """The 104 cards in the order they were dealt (top of the pack first): the first 32 make the
    key, the last of them its top. An as-dealt (blind) record logs no order (``[]``): every card
    is face down until a ``QueensCardSeen`` enters it. ``salt`` (32 hex digits) makes the record's public hash say
    nothing about the order; it takes no part in comparing deals."""

    order: list[str]
    salt: Optional[str] = field(default=None, compare=False)


@event_type("QueensCardSeen", version=1)
@_frozen
class QueensCardSeen:
    """As-dealt record: the card that turned up on top of ``place`` ("key": the key's new top;
    "pack": the pack's top, dealt into a space), entered by the player as it turned up."""

    place: str
    card: str


@event_type("QueensKeyPaid", version=1)
@_frozen
class QueensKeyPaid:
    """The key's top was a Queen: she and the cards under her (``cards``, 14 at most, the Queen
    last) went to the bottom of the pack, to be dealt in this order. As dealt, the cards under her
    are ``?``: face down, nobody has seen them."""

    cards: list[str]


@event_type("QueensKingFounded", version=1)
@_frozen
class QueensKingFounded:
    """A King turned up (on the key's top, from the pack) and went to the foundation row."""

    card: str
    source: str
    foundation: int


@event_type("QueensSpaceFilled", version=1)
@_frozen
class QueensSpaceFilled:
    """An empty shutter pile took the pack's top card (the talon's, once the pack is empty)."""

    pile: str
    card: str
    source: str


@event_type("QueensCardMoved", version=1)
@_frozen
class QueensCardMoved:
    """The player moved a card from a top (key, talon, a shutter pile) to a foundation (its number
    in ``foundation``) or married it onto a shutter pile."""

    card: str
    source: str
    target: str
    foundation: Optional[int] = None


@event_type("QueensCardTurned", version=1)
@_frozen
class QueensCardTurned:
    """The player turned the pack's top card: onto the talon (a King goes to the foundation row,
    in the ``QueensKingFounded`` that follows). In an as-dealt record this is where the card is
    entered."""

    card: str


@event_type("QueensNewPackFormed", version=1)
@_frozen
class QueensNewPackFormed:
    """The pack was exhausted: the ``queens`` counted paid for the new pack, ``cards`` (in the order
    they reached the talon, dealt in that order). Which cards, the game's ``new_pack`` option says
    (``options.py``): the counted Queens and the 3 x queens other cards nearest the talon's bottom,
    or (in a record that names no rule) the talon's bottom 3 x queens cards; all, if fewer."""

    queens: int
    cards: list[str]


@event_type("QueensMoveTakenBack", version=1)
@_frozen
class QueensMoveTakenBack:
    """A correction: the player's move recorded at stream version ``replaces_from`` and everything
    it brought are taken back; the tableau is as it was before it. The events stay in the record."""

    replaces_from: int


@event_type("QueensGameEnded", version=1)
@_frozen
class QueensGameEnded:
    """``result`` "won" (104 cards on the foundations), "stuck" (no move, and no new pack), or
    "given_up" (the player ended the game: a table action), with the number of cards home."""

    result: str
    home: int
