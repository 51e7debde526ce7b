"""Dungeon's typed events: past-tense facts of the game, registered with ``events.registry``.

Cards are identities (``7H``, ``7H#2``, ``JK1``; see ``referee.games.dungeon.cards``). Seats are
numbered from 0 clockwise. A passage's place is ``on``: the identity of the passage it lies on, or
``"cell"``.

Events that carry cards nobody at the table has seen (the deal, a draw, a reshuffle; with Almost
Black and Pitch Black, face-down discards and passages) also carry a ``salt``: while the game is
on their payload is withheld but their envelope's hash is public, and without the salt hashing the
few candidate cards of a one-card draw would find it. The salt takes no part in comparing events
(see ``referee.dealing.deal_salt``).

In a blind record (see ``referee.games.dungeon.blind``) a card nobody saw is ``?``: the deal, the
draws, a face-down discard or passage, a secret take.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from events.registry import event_type
from referee.frozen import frozen as _frozen


def _salt():
    return field(default=None, compare=False)


@event_type("DungeonDealt", version=1)
@_frozen
class DungeonDealt:
    """The deal: each seat's cell (a Joker face up, or a card face down), the hands of five, and
    the draw pile, top first."""

    cells: list[str]
    cell_face_down: list[bool]
    hands: list[list[str]]
    pile: list[str]
    salt: Optional[str] = _salt()


@event_type("DungeonContestCardPlayed", version=1)
@_frozen
class DungeonContestCardPlayed:
    """A card played (face up) to choose the first player, in contest round ``round``; the
    player drew ``drawn`` (None: the pile was empty) to replace it."""

    seat: int
    card: str
    round: int
    drawn: Optional[str] = None
    salt: Optional[str] = _salt()


@event_type("DungeonContestTied", version=1)
@_frozen
class DungeonContestTied:
    """The highest contest cards tied: those seats play again in round ``round``."""

    seats: list[int]
    round: int


@event_type("DungeonFirstPlayerChosen", version=1)
@_frozen
class DungeonFirstPlayerChosen:
    """The contest is won: ``seat`` takes the first turn."""

    seat: int


@event_type("DungeonCardDrawn", version=1)
@_frozen
class DungeonCardDrawn:
    """The turn's draw: ``card`` is None when the draw pile (and the discards) were empty."""

    seat: int
    card: Optional[str] = None
    salt: Optional[str] = _salt()


@event_type("DungeonAcePlayed", version=1)
@_frozen
class DungeonAcePlayed:
    """An Ace was played (at any moment, by anyone alive); it opens the Ace window, or stacks on
    the Aces already in it."""

    seat: int
    card: str


@event_type("DungeonAcesResolved", version=1)
@_frozen
class DungeonAcesResolved:
    """The scorekeeper closed the Ace window: the Aces resolved last played first, each player
    drawing two (``draws`` in that order: ``{"seat", "ace", "cards"}``; fewer cards when the pile
    ran out). The Aces are discarded."""

    draws: list[dict]
    salt: Optional[str] = _salt()


@event_type("DungeonPassagePlayed", version=1)
@_frozen
class DungeonPassagePlayed:
    """A passage card laid in the player's own dungeon, on ``on`` (a passage's identity or "cell").
    ``cheat`` (Pitch Black, face down): the card or its place breaks the rules; the referee keeps it
    to itself until an accusation reveals the dungeon. ``on`` is a position (``"0"``, ``"1"``, ..)
    in a blind Pitch Black record, where the passages are ``?``."""

    seat: int
    card: str
    on: str
    cheat: bool = False
    salt: Optional[str] = _salt()
    revealed: Optional[list[str]] = None  # blind Pitch Black: the dungeon turned up to escape


@event_type("DungeonCaveIn", version=1)
@_frozen
class DungeonCaveIn:
    """``seat`` played ``card`` on ``target``'s last passage ``passage`` of the same value; both
    are discarded. (Jokers Wild: on a Joker passage, its owner may first save it.)"""

    seat: int
    card: str
    target: int
    passage: str
    salt: Optional[str] = _salt()


@event_type("DungeonCaveInFailed", version=1)
@_frozen
class DungeonCaveInFailed:
    """Pitch Black: ``seat``'s cave-in found ``target``'s face-down last passage of another value:
    the passage stays, the caving ``card`` is discarded."""

    seat: int
    card: str
    target: int
    passage: Optional[str] = None  # blind record: the passage as it was turned up


@event_type("DungeonAccused", version=1)
@_frozen
class DungeonAccused:
    """Pitch Black: ``seat`` accused ``target`` of cheating and the dungeon was revealed.
    ``cheating``: the target discards the whole dungeon but the cell; otherwise the accuser
    discards theirs. ``discarded``: the dungeon that went to the discard pile. ``revealed`` (blind
    record): the target's dungeon as it was turned up, in the order laid."""

    seat: int
    target: int
    cheating: bool
    discarded: list[str]
    revealed: Optional[list[str]] = None


@event_type("DungeonJokerSaved", version=1)
@_frozen
class DungeonJokerSaved:
    """Jokers Wild: a cave-in hit ``seat``'s Joker passage, and they discarded ``card`` of the
    same value from hand instead; the Joker stays, the caving card is discarded."""

    seat: int
    card: str
    salt: Optional[str] = _salt()


@event_type("DungeonPassageCollapsed", version=1)
@_frozen
class DungeonPassageCollapsed:
    """Jokers Wild: ``seat`` let the cave-in of their Joker passage stand: the Joker and the
    caving card are discarded."""

    seat: int


@event_type("DungeonCreatureAttacked", version=1)
@_frozen
class DungeonCreatureAttacked:
    """``seat`` set ``card`` (a creature) on ``target``'s last passage (``passage``; None: the
    target is back in the cell). The target must answer before play goes on."""

    seat: int
    card: str
    target: int
    passage: Optional[str] = None
    salt: Optional[str] = _salt()


@event_type("DungeonCreatureDefeated", version=1)
@_frozen
class DungeonCreatureDefeated:
    """The defender beat ``creature`` with ``cards``; all are discarded."""

    seat: int
    creature: str
    cards: list[str]


@event_type("DungeonRetreated", version=1)
@_frozen
class DungeonRetreated:
    """The defender abandoned the last passage ``passage``; it and ``creature`` are discarded."""

    seat: int
    creature: str
    passage: str
    salt: Optional[str] = _salt()


@event_type("DungeonPlayerSlain", version=1)
@_frozen
class DungeonPlayerSlain:
    """Attacked in the cell, the defender did not beat ``creature``: slain and out of the game.
    The creature and the player's hand (``discarded``) go to the discard pile."""

    seat: int
    creature: str
    discarded: list[str]
    salt: Optional[str] = _salt()


@event_type("DungeonGraverobberPlayed", version=1)
@_frozen
class DungeonGraverobberPlayed:
    """The Graverobber's ability: ``seat`` took ``take`` from the discard pile; ``card`` (the
    Jack) is set aside and discarded at the end of the turn. With Counter Attack the take waits
    until the window closes with the ability standing."""

    seat: int
    card: str
    take: str
    salt: Optional[str] = _salt()


@event_type("DungeonCounterPlayed", version=1)
@_frozen
class DungeonCounterPlayed:
    """Counter Attack: ``seat`` interrupted the ability in play with a matching creature ``card``
    (the first cancels it, a second cancels the cancel, and so on)."""

    seat: int
    card: str


@event_type("DungeonCountersClosed", version=1)
@_frozen
class DungeonCountersClosed:
    """Counter Attack: the scorekeeper closed the window. ``stands``: the ability takes effect (no
    counter, or an even number of them); else it is cancelled and its creature discarded. Every
    counter is discarded."""

    stands: bool


@event_type("DungeonMyrmiddonAsked", version=1)
@_frozen
class DungeonMyrmiddonAsked:
    """The Myrmiddon's ability: ``seat`` (with the Queen ``card``, discarded) asked ``target``
    for the card named ``asked`` (a name: either copy counts). The target must answer (with Counter
    Attack, once the window closes with the ability standing)."""

    seat: int
    card: str
    target: int
    asked: str


@event_type("DungeonCardHandedOver", version=1)
@_frozen
class DungeonCardHandedOver:
    """The Myrmiddon's target handed over ``card`` (a copy of the card asked) to ``to``."""

    seat: int
    card: str
    to: int


@event_type("DungeonCardDenied", version=1)
@_frozen
class DungeonCardDenied:
    """The Myrmiddon's target said they do not hold the card asked (true or not)."""

    seat: int


@event_type("DungeonDenialAccepted", version=1)
@_frozen
class DungeonDenialAccepted:
    """The asker let the denial stand without looking: the ask ends."""

    seat: int


@event_type("DungeonHandLookedAt", version=1)
@_frozen
class DungeonHandLookedAt:
    """The asker demanded to see the target's hand. ``truthful``: the target did not hold the
    card, and the asker discards their whole hand; otherwise the asker gets ``card`` and the target
    discards the rest of theirs. ``discarded`` is the hand that went to the discard pile.
    ``liar_chooses`` (Suicide Queen): the liar found out chooses what happens next, and nothing
    moves yet. ``shown`` (blind record): the target's hand as the asker saw it (only the asker: the
    payload is withheld, and salted, while the game is on)."""

    seat: int
    target: int
    truthful: bool
    discarded: list[str]
    card: Optional[str] = None
    liar_chooses: bool = False
    shown: Optional[list[str]] = None
    salt: Optional[str] = _salt()


@event_type("DungeonHandDiscarded", version=1)
@_frozen
class DungeonHandDiscarded:
    """Suicide Queen: the liar found out discarded ``cards`` (the whole hand, or what was left of
    it after handing the card over)."""

    seat: int
    cards: list[str]
    salt: Optional[str] = _salt()


@event_type("DungeonTurnEnded", version=1)
@_frozen
class DungeonTurnEnded:
    """``seat`` ended the turn, discarding ``discards`` (face up, or face down in the dark
    variants) down to five cards."""

    seat: int
    discards: list[str]
    salt: Optional[str] = _salt()


@event_type("DungeonPileReshuffled", version=1)
@_frozen
class DungeonPileReshuffled:
    """The draw pile ran out during the turn just ended: the discard pile, shuffled, is the new
    draw pile (``pile``, top first)."""

    pile: list[str]
    salt: Optional[str] = _salt()


@event_type("DungeonGameWon", version=1)
@_frozen
class DungeonGameWon:
    """The game is over: ``seat`` escaped (``reason`` "escape") or is the last alive ("last_alive")."""

    seat: int
    reason: str
