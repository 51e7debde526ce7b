"""Cards, suits, ranks and decks.

A card is a short interned string, rank then suit: ``QS``, ``10D``, ``2C`` (suits C D H S). Cards
stay strings everywhere (events, views, hands) so a log reads like a score pad; the lookup tables
below make every property a single dict access, which keeps the referee fast.

    >>> parse_card(" qs ")
    'QS'
    >>> parse_card("td")
    '10D'
    >>> SUIT["10D"], RANK["10D"]
    ('D', '10')
    >>> sorted(["2C", "QC", "AC"], key=STANDARD_STRENGTH.__getitem__, reverse=True)
    ['AC', 'QC', '2C']
    >>> card_words("QS"), card_words("10D#2"), card_words("JK1=9H"), card_words("?")
    ('the queen of spades', 'the 10 of diamonds (second pack)', 'a Joker as the 9 of hearts', 'a face-down card')
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from referee.errors import UnknownCard

SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: The ranks said in words (the others are said as their number).
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}

#: Ordinary rank order, high to low (a game with another order makes its own ``strength_table``).
STANDARD_RANK_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

DECK52: tuple[str, ...] = tuple(sys.intern(r + s) for s in SUITS for r in RANKS)
SUIT: dict[str, str] = {c: c[-1] for c in DECK52}
RANK: dict[str, str] = {c: c[:-1] for c in DECK52}
IS_QUEEN: dict[str, bool] = {c: c[0] == "Q" for c in DECK52}
_INTERNED = {c: c for c in DECK52}


def strength_table(order: Iterable[str]) -> dict[str, int]:
    """Map every card to its strength within its suit (higher beats lower) for a rank order."""
    order = list(order)
    value = {rank: len(order) - i for i, rank in enumerate(order)}
    return {c: value[RANK[c]] for c in DECK52}


STANDARD_STRENGTH = strength_table(STANDARD_RANK_ORDER)

_RANK_ALIASES = {"T": "10", "1": "A", "11": "J", "12": "Q", "13": "K", "14": "A"}


def parse_card(text: object) -> str:
    """Normalise a card written by a person (``qs``, ``Td``, ``10 H``) to its canonical string.

    Raises :class:`~referee.errors.UnknownCard` with a message saying what a card looks like.
    """
    hit = _INTERNED.get(text) if isinstance(text, str) else None
    if hit is not None:  # the common case: already canonical
        return hit
    if not isinstance(text, str):
        raise UnknownCard(f"{text!r} is not a card: write rank then suit, like QS or 10D.", card=str(text))
    cleaned = text.strip().upper().replace(" ", "")
    hit = _INTERNED.get(cleaned)
    if hit is not None:
        return hit
    if len(cleaned) >= 2:
        rank, suit = cleaned[:-1], cleaned[-1]
        rank = _RANK_ALIASES.get(rank, rank)
        hit = _INTERNED.get(rank + suit)
        if hit is not None:
            return hit
    raise UnknownCard(
        f"{text!r} is not a card: write rank (2-10, J, Q, K, A) then suit (C, D, H, S), like QS or 10D.",
        card=text,
    )


def parse_suit(text: object) -> str:
    """Normalise a suit (``s``, ``spades``, ``S``) to one of C D H S."""
    if isinstance(text, str):
        cleaned = text.strip().upper()
        if cleaned in SUITS:
            return cleaned
        for letter, name in SUIT_NAMES.items():
            if cleaned == name.upper() or cleaned == name.upper()[:-1]:
                return letter
    raise UnknownCard(f"{text!r} is not a suit: use C, D, H or S.")


def card_name(card: str) -> str:
    """Spoken form for messages: ``QS`` -> ``QS (queen of spades)``."""
    return f"{card} ({card_words(card).removeprefix('the ')})"


def card_words(card: object) -> str:
    """A card in words, the one way the records, the answers and the referee's explanations say it:
    ``QS`` -> "the queen of spades"; Dungeon's cards too: ``7H#2`` (the second deck's copy) -> "the
    7 of hearts (second pack)", ``JK1`` -> "a Joker" (which Joker is the record's business, not the
    table's), ``JK1=9H`` (a Joker declared) -> "a Joker as the 9 of hearts", ``?`` (a card the
    record does not know: face down, or in a hand nobody saw) -> "a face-down card". Anything else
    stays as written."""
    if not isinstance(card, str):
        return str(card)
    if card == "?":  # referee.games.dungeon.blind.UNKNOWN (this module comes before any game's)
        return "a face-down card"
    if card.startswith("JK"):
        declared = card.partition("=")[2]
        return f"a Joker as {card_words(declared)}" if declared else "a Joker"
    face, _, copy = card.partition("#")
    rank = RANK.get(face)
    if rank is None:
        return card
    words = f"the {RANK_WORDS.get(rank, rank)} of {SUIT_NAMES[SUIT[face]]}"
    return f"{words} (second pack)" if copy == "2" else words


def deck_without(removed: Iterable[str]) -> list[str]:
    """The 52-card deck in a fixed order, minus ``removed``."""
    gone = set(removed)
    return [c for c in DECK52 if c not in gone]


def sort_hand(cards: Iterable[str], strength: dict[str, int]) -> list[str]:
    """Cards grouped by suit (C D H S), high to low inside a suit: the way a hand is shown."""
    return sorted(cards, key=lambda c: (SUITS.index(SUIT[c]), -strength[c]))
