"""A solver for The Queens: from a known position, a winning line of moves, a proof that none
exists (the search covered every position reachable), or "undecided" when the budget ran out.

It searches depth first over its own compact positions (cards as small integers, every stack a
tuple), with three things that keep it fast:

* a transposition table on a canonical key: the shutter piles sorted (piles are alike but for
  the order in which spaces are filled, and two spaces at once only happen when the pack and the
  talon are both empty, for good), and each suit's two foundations as a sorted pair of heights;
* dominance: a card goes home at once, with no other move tried, when the other foundation of
  its suit is at least as far up (both copies of the card below are home, so nothing can marry
  onto it, and its twin can follow it on that other foundation), provided it comes from the key,
  from a shutter pile it does not empty (an emptied pile takes the pack's top, which changes
  what reaches the talon) or from the talon and is no Queen (a counted Queen sizes the new pack);
  from the key only while a Queen reaching its top is not paid for (``key_payment`` "deal": a
  payment in play changes the pack);
* a locked key, found before any search (``lock.key_lock``): most deals are lost by their key
  alone, given the foundations' heights, and say so at once;
* move ordering: cards home first, the key's top before anything (it is the key that beats
  most games), marrying that frees a card, then turning the pack, then the new pack.

The moves it returns are the rules' (``referee.games.the_queens.rules.legal_moves``): replaying
them with the rules wins the game, which the tests check.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from referee.errors import RefereeError
from referee.cards import DECK52, IS_QUEEN, SUIT, SUITS
from referee.games.the_queens.cards import CARD_OF, VALUE
from referee.games.the_queens.lock import key_lock
from referee.games.the_queens.rules import FOUNDATION, PAYMENT, PER_QUEEN, PILES, Tableau

_CODE = {c: SUITS.index(SUIT[c]) * 16 + VALUE[c] for c in DECK52}
_CARD = {code: c for c, code in _CODE.items()}
_QUEEN = 12
_IS_QUEEN = {code: IS_QUEEN[c] for c, code in _CODE.items()}
_TALON, _KEY = -1, -2  # sources besides the piles 0..6

Cards = tuple[int, ...]  # card codes, the top last
#: A position: (key length, pack, piles, foundations, talon, pass base).
Position = tuple[int, Cards, tuple[Cards, ...], Cards, Cards, int]
Move = tuple[str, ...]  # as ``rules.legal_moves`` writes it


@dataclass
class Verdict:
    """``result`` "won" (``line`` wins from the position), "lost" (no line wins: every reachable
    position was searched) or "undecided" (the budget ran out first)."""

    result: str
    line: list[Move] = field(default_factory=list)
    positions: int = 0
    seconds: float = 0.0
    proof: str = ""  # why a lost position is lost


class _Budget(RefereeError):
    """The search's budget ran out (caught inside ``solve``: the verdict is "undecided")."""


def _position(t: Tableau) -> Position:
    found = [0] * 8
    for f in t.foundations:
        s = SUITS.index(SUIT[f[0]])
        slot = 2 * s if found[2 * s] == 0 else 2 * s + 1
        found[slot] = len(f)
    for s in range(4):
        found[2 * s], found[2 * s + 1] = sorted((found[2 * s], found[2 * s + 1]), reverse=True)
    enc = _CODE.__getitem__
    return (len(t.key), tuple(map(enc, t.pack)), tuple(tuple(map(enc, p)) for p in t.piles), tuple(found),
            tuple(map(enc, t.talon)), t.pass_base)


def _found_add(found: Cards, card: int) -> Cards:
    """The foundations with ``card`` added (on the foundation of its suit that takes it)."""
    s2 = (card >> 4) * 2
    v = card & 15
    hi, lo = found[s2], found[s2 + 1]
    if hi == v:
        hi += 1
    else:
        lo += 1
        if lo > hi:
            hi, lo = lo, hi
    return found[:s2] + (hi, lo) + found[s2 + 2:]


def _fits(found: Cards, card: int) -> bool:
    s2 = (card >> 4) * 2
    v = card & 15
    return found[s2] == v or found[s2 + 1] == v


class _Search:
    def __init__(self, t: Tableau, deadline: float, max_positions: int | None) -> None:
        self.key = tuple(_CODE[c] for c in t.key)
        self.talon_bottom = t.new_pack == "talon_bottom"
        self.pay_in_play = t.key_payment == "always"
        self.deadline = deadline
        self.max_positions = max_positions
        self.seen: set[Position] = set()

    # A position: (key length, pack, piles, found, talon, pass_base); the pack's top, the talon's
    # top and a pile's top are the last items of their tuples.

    def settle(self, kn: int, pack: Cards, piles: tuple[Cards, ...], found: Cards, talon: Cards, base: int) -> Position:
        """Kings from the key's top home (a Queen there paid for, when paid in play), spaces filled
        (Kings from the pack home)."""
        key = self.key
        while kn:
            top = key[kn - 1]
            if top & 15 == 0:
                kn -= 1
                found = _found_add(found, top)
            elif self.pay_in_play and top & 15 == _QUEEN:
                paid = max(0, kn - PAYMENT)
                pack = tuple(reversed(key[paid:kn])) + pack  # to the pack's bottom, the Queen last dealt
                kn = paid
            else:
                break
        if () in piles:
            filling = list(piles)
            for i in range(7):
                while not filling[i] and (pack or talon):
                    if pack:
                        card, pack = pack[-1], pack[:-1]
                        if card & 15 == 0:
                            found = _found_add(found, card)
                            continue
                    else:
                        card, talon = talon[-1], talon[:-1]
                        if len(talon) < base:
                            base = len(talon)
                    filling[i] = (card,)
            piles = tuple(filling)
        return kn, pack, piles, found, talon, base

    def successors(self, pos: Position) -> list[tuple[Move, Position]]:
        """(move, position) pairs, best first; a single safe move when there is one."""
        kn, pack, piles, found, talon, base = pos
        key = self.key
        homes: list[tuple[Move, Position]] = []
        marries: list[tuple[Move, Position]] = []
        # cards home
        if kn:
            card = key[kn - 1]
            if _fits(found, card):
                move = ("move", _CARD[card], "key", FOUNDATION)
                nxt = self.settle(kn - 1, pack, piles, _found_add(found, card), talon, base)
                if found[(card >> 4) * 2 + 1] == card & 15 and not self.pay_in_play:
                    return [(move, nxt)]
                homes.append((move, nxt))
        if talon:
            card = talon[-1]
            if _fits(found, card):
                rest = talon[:-1]
                nxt = self.settle(kn, pack, piles, _found_add(found, card), rest, min(base, len(rest)))
                move = ("move", _CARD[card], "talon", FOUNDATION)
                if found[(card >> 4) * 2 + 1] == card & 15 and not _IS_QUEEN[card]:
                    return [(move, nxt)]
                homes.append((move, nxt))
        for i, pile in enumerate(piles):
            if pile and _fits(found, pile[-1]):
                card = pile[-1]
                new = piles[:i] + (pile[:-1],) + piles[i + 1:]
                nxt = self.settle(kn, pack, new, _found_add(found, card), talon, base)
                move = ("move", _CARD[card], PILES[i], FOUNDATION)
                if len(pile) > 1 and found[(card >> 4) * 2 + 1] == card & 15:
                    return [(move, nxt)]
                homes.append((move, nxt))
        # marrying: a pile's top takes the next lower card of its suit
        wanted: dict[int, list[int]] = {}
        for j, pile in enumerate(piles):
            if pile and pile[-1] & 15:
                wanted.setdefault(pile[-1] - 1, []).append(j)
        if wanted:
            if talon and talon[-1] in wanted:
                card, rest = talon[-1], talon[:-1]
                for j in wanted[card]:
                    new = piles[:j] + (piles[j] + (card,),) + piles[j + 1:]
                    marries.append((("move", _CARD[card], "talon", PILES[j]),
                                    self.settle(kn, pack, new, found, rest, min(base, len(rest)))))
            for i, pile in enumerate(piles):
                if pile and pile[-1] in wanted:
                    card = pile[-1]
                    for j in wanted[card]:
                        if j == i or (len(pile) > 1 and pile[-2] == piles[j][-1] and len(pile) == len(piles[j]) + 1
                                      and pile[:-2] == piles[j][:-1]):
                            continue  # the same pile, or a swap of two alike piles
                        swapped = list(piles)
                        swapped[i], swapped[j] = pile[:-1], piles[j] + (card,)
                        marries.append((("move", _CARD[card], PILES[i], PILES[j]),
                                        self.settle(kn, pack, tuple(swapped), found, talon, base)))
        out = homes + marries
        if pack:
            card = pack[-1]
            if card & 15 == 0:
                out.append((("turn",), self.settle(kn, pack[:-1], piles, _found_add(found, card), talon, base)))
            else:
                out.append((("turn",), self.settle(kn, pack[:-1], piles, found, talon + (card,), base)))
        else:
            queens = [i for i in range(base, len(talon)) if _IS_QUEEN[talon[i]]]
            if queens:
                taken = self.new_pack_places(talon, queens)
                rest = tuple(c for i, c in enumerate(talon) if i not in taken)
                cards = tuple(talon[i] for i in sorted(taken))
                out.append((("new_pack",), self.settle(kn, tuple(reversed(cards)), piles, found, rest, len(rest))))
        return out

    def new_pack_places(self, talon: Cards, queens: list[int]) -> set[int]:
        """``rules.Tableau.new_pack_places`` on the search's talon: the counted Queens at ``queens``."""
        wanted = PER_QUEEN * len(queens)
        if self.talon_bottom:
            return set(range(min(wanted, len(talon))))
        counted = set(queens)
        return counted | set([i for i in range(len(talon)) if i not in counted][:wanted])

    def canonical(self, pos: Position) -> Position:
        kn, pack, piles, found, talon, base = pos
        return kn, pack, tuple(sorted(piles)), found, talon, base

    def run(self, start: Position) -> list[Move] | None:
        """A winning line from ``start``, or None when there is none; raises _Budget."""
        if sum(start[3]) == 104:
            return []
        seen = self.seen
        seen.add(self.canonical(start))
        path: list[Move] = []
        stack = [iter(self.successors(start))]
        count = 0
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            move, pos = step
            if sum(pos[3]) == 104:
                return path + [move]
            ckey = self.canonical(pos)
            if ckey in seen:
                continue
            seen.add(ckey)
            count += 1
            if count & 1023 == 0 and (time.monotonic() > self.deadline or
                                      (self.max_positions is not None and count > self.max_positions)):
                raise _Budget
            path.append(move)
            stack.append(iter(self.successors(pos)))
        return None


def solve(t: Tableau, seconds: float = 1.0, max_positions: int | None = None) -> Verdict:
    """Search the position ``t`` (dealt, not over) for a winning line, within ``seconds``.

    >>> from referee.games.the_queens.rules import Tableau, apply, deal
    >>> from referee.games.the_queens.cards import DECK104
    >>> t = Tableau()
    >>> for e in deal(list(DECK104)):
    ...     t = apply(t, e)
    >>> verdict = solve(t)
    >>> verdict.result, verdict.positions, verdict.proof[:58]
    ('lost', 0, 'the 6 of hearts goes home after the other copy (which the ')
    """
    began = time.monotonic()
    why = key_lock(t)
    if why is not None:
        return Verdict("lost", [], 0, time.monotonic() - began, why)
    search = _Search(t, began + seconds, max_positions)
    try:
        line = search.run(_position(t))
    except _Budget:
        return Verdict("undecided", [], len(search.seen), time.monotonic() - began)
    if line is None:
        return Verdict("lost", [], len(search.seen), time.monotonic() - began,
                       f"every one of the {len(search.seen)} positions reachable was searched: none wins")
    return Verdict("won", line, len(search.seen), time.monotonic() - began)
