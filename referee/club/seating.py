"""Courtcard's seating of a round: random, avoiding repeated table-mates as far as possible (Swiss
style), from a seed that is logged, so that anyone can draw the same seating again.

The cost of a seating is, for each pair of players at one table, the square of the times they sat
together before (so two meetings cost more than two pairs meeting once), plus a large cost for a
table whose players all sat together at one table before. Many random seatings are drawn from the
seed, each improved by swapping players between tables while that lowers the cost; the cheapest
is kept, the first drawn on a tie. Nothing here reads a clock or the OS's randomness.

    >>> first = draw([f"p{i}" for i in range(8)], 2, 4, [], seed=7)
    >>> second = draw([f"p{i}" for i in range(8)], 2, 4, [first], seed=8)
    >>> draw([f"p{i}" for i in range(8)], 2, 4, [first], seed=8) == second
    True
    >>> any(set(t) in [set(u) for u in first] for t in second)
    False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

#: Random starts drawn per seating; each is then improved by swaps.
STARTS = 16
#: The cost of seating again a whole table that sat together before.
REPEATED_TABLE = 10_000

Seating = list[tuple[str, ...]]


def draw(players: Sequence[str], tables: int, seats: int, earlier: Sequence[Seating], seed: int | None) -> Seating:
    """Seat ``players`` at ``tables`` tables of ``seats`` each (``len(players) == tables * seats``),
    given the ``earlier`` rounds' seatings, from ``seed``. Table 1 is the first tuple."""
    if len(players) != tables * seats:
        raise ValueError(f"{len(players)} players do not fill {tables} tables of {seats}")
    met = Counter(frozenset(pair) for seating in earlier for table in seating for pair in combinations(table, 2))
    sat = {frozenset(table) for seating in earlier for table in seating}
    rng = random.Random(seed)
    best, best_cost = None, None
    for _ in range(STARTS):
        order = list(players)
        rng.shuffle(order)
        tabled = [order[i * seats:(i + 1) * seats] for i in range(tables)]
        cost = _improve(tabled, met, sat)
        if best_cost is None or cost < best_cost:
            best, best_cost = [tuple(t) for t in tabled], cost
        if best_cost == 0:
            break
    assert best is not None  # STARTS > 0: at least one start ran
    return best


def cost_of(seating: Sequence[Sequence[str]], earlier: Sequence[Seating]) -> int:
    """The cost :func:`draw` gives a seating after ``earlier`` rounds (0: nobody sits with anyone again)."""
    met = Counter(frozenset(pair) for s in earlier for table in s for pair in combinations(table, 2))
    sat = {frozenset(table) for s in earlier for table in s}
    return sum(_table_cost(t, met, sat) for t in seating)


def _table_cost(table: Sequence[str], met: Counter[frozenset[str]], sat: set[frozenset[str]]) -> int:
    cost = sum(met[frozenset(pair)] ** 2 for pair in combinations(table, 2))
    return cost + (REPEATED_TABLE if frozenset(table) in sat else 0)


def _improve(tabled: list[list[str]], met: Counter[frozenset[str]], sat: set[frozenset[str]]) -> int:
    """Swap players between tables while a swap lowers the cost (in place); the cost reached."""
    costs = [_table_cost(t, met, sat) for t in tabled]
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tabled)), 2):
            for i in range(len(tabled[a])):
                for j in range(len(tabled[b])):
                    ta, tb = tabled[a], tabled[b]
                    ta[i], tb[j] = tb[j], ta[i]
                    ca, cb = _table_cost(ta, met, sat), _table_cost(tb, met, sat)
                    if ca + cb < costs[a] + costs[b]:
                        costs[a], costs[b], improved = ca, cb, True
                    else:
                        ta[i], tb[j] = tb[j], ta[i]
    return sum(costs)
