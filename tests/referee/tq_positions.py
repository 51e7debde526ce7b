"""Building The Queens positions for tests: a tableau laid out by hand, or one near the end where
every card but a few is on the foundations."""

from __future__ import annotations

from collections import Counter

from referee.cards import SUITS
from referee.games.the_queens.cards import CARD_OF, VALUE
from referee.games.the_queens.rules import PILES, Tableau

_ALL = range(13)


#: Cards for the piles a test leaves out: none takes another, nor goes to a foundation unless the
#: test builds one of diamonds or spades far enough.
FILLER = ("JD", "JD", "6D", "6D", "4S", "4S", "10S")


def tableau(key=(), pack=(), piles=None, foundations=(), talon=(), pass_base=0, fill=True, **rules) -> Tableau:
    """A dealt tableau: ``key`` and ``talon`` bottom first, ``pack`` in dealing order (next card
    first), ``piles`` a dict of pile name -> cards bottom first (the others hold a ``FILLER`` card,
    or nothing without ``fill``), ``foundations`` lists King first; ``rules``: ``new_pack``,
    ``key_payment`` (a new game's, left out)."""
    t = Tableau(**rules)
    t.key, t.talon, t.pack = list(key), list(talon), list(reversed(pack))
    piles = piles or {}
    for i, name in enumerate(PILES):
        t.piles[i] = list(piles.get(name, [FILLER[i]] if fill else []))
    t.foundations = [list(f) for f in foundations]
    t.pass_base, t.dealt = pass_base, True
    return t


def foundations_without(left) -> list[list[str]]:
    """Eight foundations holding every card but ``left`` (which must be the top parts of the
    foundations: a card left means every higher card of its suit and copy is left too)."""
    counts = Counter(left)
    out = []
    for suit in SUITS:
        for copy in (1, 2):
            top = max(v for v in _ALL if all(counts[CARD_OF[(suit, w)]] < copy for w in range(v + 1)) or v == 0)
            if counts[CARD_OF[(suit, 0)]] >= copy:
                raise ValueError("Kings go to the foundations as they turn up: none is left out")
            out.append([CARD_OF[(suit, v)] for v in range(top + 1)])
    gone = Counter(c for f in out for c in f)
    assert sum(gone.values()) + len(left) == 104, f"{left} are not tops of the foundations"
    return out


def values(cards) -> list[int]:
    return [VALUE[c] for c in cards]
