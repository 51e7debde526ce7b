"""A locked key: the proof, found before any search, that a deal or a position of The Queens is
lost, in the words the referee says it in (the hint, the player's view, the page, the CLI).

Only the key's top is available and a key card goes only to a foundation, so the key is played out
in order from its top: a key card goes home only after every card above it, and before every card
under it. A key card X of value v goes home onto a foundation of its suit at height v (holding one
copy of each lower card of the suit); the other foundation of the suit stands at some height g, at
least where it stands now, and past every card of the suit from v up that lies above X (those go
home first, and not onto X's foundation). Every card on the two foundations then is home now or
comes home before X, so none lies under X in the key. When neither foundation can be X's, for the
copies left, X never goes home and the key is never played out.

A Queen paid for in play (``key_payment`` "always") takes the cards under her off the key, so the
test looks only at the key above its highest Queen there. A card face down (as dealt) counts as no
card, so a lock is said only when the cards seen prove it.

    >>> from referee.games.the_queens.rules import Tableau
    >>> t = Tableau()
    >>> t.key, t.foundations = ["6S", "9C", "6S", "7S"], [["KS", "AS", "2S", "3S", "4S", "5S"]]
    >>> key_lock(t)
    'the 7 of spades lies above both copies of the 6 of spades in the key: the key can never be played out'
"""

from __future__ import annotations

from collections import Counter

from referee.cards import IS_QUEEN, SUIT, SUIT_NAMES, card_words
from referee.games.the_queens.cards import CARD_OF, COPIES, UNSEEN, VALUE
from referee.games.the_queens.rules import Tableau

_ENDING = ": the key can never be played out"


def key_lock(t: Tableau) -> str | None:
    """Why the key of the tableau ``t`` can never be played out (naming the cards), or None when
    this test cannot prove it. The key card nearest the top that is locked is the one named."""
    key = t.key
    first = 0
    if t.key_payment == "always":
        queens = [i for i, c in enumerate(key) if c != UNSEEN and IS_QUEEN[c]]
        first = queens[-1] + 1 if queens else 0
    for p in range(len(key) - 1, first - 1, -1):
        card = key[p]
        if card != UNSEEN and VALUE[card] and (why := _locked(t, key, p)):
            return why + _ENDING
    return None


def _heights(t: Tableau, suit: str) -> list[int]:
    """The two foundations of ``suit``: cards on each (0, for one whose King is not home)."""
    found = [len(f) for f in t.foundations if SUIT[f[0]] == suit]
    return found + [0] * (COPIES - len(found))


def _locked(t: Tableau, key: list[str], p: int) -> str | None:
    card = key[p]
    suit, v = SUIT[card], VALUE[card]
    under = Counter(c for c in key[:p] if c != UNSEEN and SUIT[c] == suit)
    # copies of each value of the suit that can be home when this card goes: all but those under it
    # (and this card itself)
    left = [COPIES - under[CARD_OF[(suit, u)]] - (u == v) for u in range(13)]
    above = [c for c in key[p + 1:] if c != UNSEEN and SUIT[c] == suit and VALUE[c] >= v]
    past = max((VALUE[c] + 1 for c in above), default=0)  # the other foundation goes past these first
    heights = _heights(t, suit)
    for mine, other in ((heights[0], heights[1]), (heights[1], heights[0])):
        g = max(other, past)
        if mine <= v and all((u < v) + (u < g) <= left[u] for u in range(13)):
            return None  # this card may yet go home
    return _words(card, suit, v, left, above, heights)


def _words(card: str, suit: str, v: int, left: list[int], above: list[str], heights: list[int]) -> str:
    """Why ``card`` never goes home, in the plainest true words: ``left`` the copies of each value of
    its suit not under it in the key, ``above`` the cards of its suit from its value up above it."""
    x = card_words(card)
    gone = [u for u in range(v) if left[u] == 0]
    if gone:
        return f"{x} lies above both copies of {card_words(CARD_OF[(suit, gone[-1])])} in the key"
    short = [u for u in range(v) if left[u] < COPIES]
    past = max((VALUE[c] + 1 for c in above), default=0)
    second = all(max(other, past) > v for mine, other in ((heights[0], heights[1]), (heights[1], heights[0]))
                 if mine <= v)
    if short and second:
        if any(VALUE[c] == v for c in above):
            after = "which lies above it in the key"
        elif above:
            after = f"which {card_words(max(above, key=VALUE.__getitem__))}, above it in the key, needs home first"
        else:
            after = "which is home already"
        return (f"{x} goes home after the other copy ({after}), so both copies of every lower "
                f"{SUIT_NAMES[suit][:-1]} must be home first, yet a copy of "
                f"{card_words(CARD_OF[(suit, short[-1])])} lies under it in the key")
    wanted = range(max([v] + [VALUE[c] + 1 for c in above]))  # what its foundations must pass first
    under = ", ".join(card_words(CARD_OF[(suit, u)]) for u in wanted if left[u] < COPIES)
    return (f"{x} never goes home: the {SUIT_NAMES[suit]} foundations, holding {heights[0]} and {heights[1]} cards, "
            f"would need the cards under it in the key first ({under})")
