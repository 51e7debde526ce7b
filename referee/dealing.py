"""Dealing a deck into hands: the referee's own shuffle, the check that hands a scorekeeper typed
make up the deck, and the salt that seals a known deal. Every game that deals whole hands uses
them; how many hands of how many cards (and what an extra hand is) stays the game's own."""

from __future__ import annotations

from typing import Any

from referee import errors

#: Bits of a deal's salt: past any search, as a secret key's are.
SALT_BITS = 128


def shuffled_hands(deck: list[str], rng: Any, count: int, size: int) -> list[list[str]]:
    """``count`` hands of ``size`` cards from ``deck`` shuffled by ``rng`` (the injected source
    whose result the deal logs)."""
    cards = list(deck)
    rng.shuffle(cards)
    return [cards[i * size:(i + 1) * size] for i in range(count)]


def check_makes_up_deck(dealt: list[list[str]], deck: list[str], removed: list[str]) -> None:
    """Refuse hands that are not exactly ``deck``, naming the repeated, missing and removed cards."""
    flat = [x for hand in dealt for x in hand]
    if sorted(flat) != sorted(deck):
        dup = sorted({x for x in flat if flat.count(x) > 1})
        missing = sorted(set(deck) - set(flat))
        stray = sorted(set(flat) & set(removed))
        raise errors.InvalidDeal(f"The hands do not make up the deck: repeated {dup}, missing {missing}, "
                                 f"removed cards dealt {stray}.")


def deal_salt(rng: Any) -> str:
    """A known deal's salt (see ``HandDealt.salt``): ``SALT_BITS`` drawn from ``rng``, as hex.

    The service's ``rng`` draws from the operating system's secure source (``secrets``), so the
    salt cannot be guessed; like everything drawn from it, the salt is written into the event.
    """
    return f"{rng.getrandbits(SALT_BITS):0{SALT_BITS // 4}x}"
