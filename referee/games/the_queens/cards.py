"""Two packs of cards for The Queens: 104 cards, every card of ``referee.cards.DECK52`` twice.

The two copies of a card are the same card: a card string (``7H``) says what it is, never which
copy. Where it matters which copy is meant (a move of ``7H`` while both copies are on tops), the
place it comes from says it, so a move always names its card and its place. These helpers stay in
this package: no other game deals two packs yet.

The Queens builds in suit from the King: K < A < 2 < ... < 10 < J < Q.

    >>> VALUE["KS"], VALUE["AS"], VALUE["10S"], VALUE["QS"]
    (0, 1, 10, 12)
    >>> len(DECK104), DECK104.count("QS")
    (104, 2)
"""

from __future__ import annotations

from collections import Counter

from referee import errors
from referee.cards import DECK52, RANK, SUIT, parse_card

#: Rank order on a foundation, lowest first.
BUILD_ORDER = ("K", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
VALUE: dict[str, int] = {c: BUILD_ORDER.index(RANK[c]) for c in DECK52}
#: The card of each suit and value: CARD_OF[("H", 1)] == "AH".
CARD_OF: dict[tuple[str, int], str] = {(SUIT[c], VALUE[c]): c for c in DECK52}
DECK104: tuple[str, ...] = DECK52 + DECK52
COPIES = 2
#: A card face down in an as-dealt (blind) record: nobody has seen it yet.
UNSEEN = "?"


def next_lower(card: str) -> str | None:
    """The card a shutter top takes in marrying (same suit, one lower), None for a King."""
    value = VALUE[card]
    return CARD_OF[(SUIT[card], value - 1)] if value else None


def parse_order(cards: object) -> list[str]:
    """The 104 cards of a given deal, normalised; refuses anything but two whole packs, naming
    the cards that are missing, and those that appear more than twice."""
    if not isinstance(cards, (list, tuple)):
        raise errors.InvalidDeal(f"The order of the cards must be a list of the 104 cards, not {cards!r}.")
    order = [parse_card(c) for c in cards]
    counts = Counter(order)
    extra = sorted(c for c, n in counts.items() if n > COPIES)
    missing = sorted(c for c in DECK52 if counts[c] < COPIES)
    if extra or missing or len(order) != len(DECK104):
        raise errors.InvalidDeal(
            f"The order must hold every card of two packs exactly twice (104 cards), not {len(order)} cards: "
            f"more than twice {extra}, fewer than twice {missing}.")
    return order
