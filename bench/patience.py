"""The Queens on random deals: how many can be won, how many the lock test settles at the deal,
how fast it does, and how long the solver takes on the rest.

    .venv/bin/python bench/patience.py [--deals 1000] [--budget 1.0] [--seed 0] [--new-pack talon_bottom]

Deal ``i`` is two packs shuffled by ``random.Random(seed + i)``, laid out by the rules a new game
is played under (key, Queens' payment, shutter), or with ``--new-pack`` another new-pack rule. The lock test (``lock.key_lock``) runs on every
deal and is timed on its own, in CPU time; the solver (``solver.solve``, which runs the lock test first) gets
``budget`` seconds on each deal the test leaves open. A deal is won when the solver finds a winning
line, lost when the lock test or the search proves there is none, undecided when the budget runs
out first. The last line printed is one JSON object with ``deals``, ``winnable_share``,
``locked_share``, ``undecided``, ``lock_us_median``, ``lock_us_p99``, ``solve_ms_median`` and
``solve_ms_max`` (the two over the deals left open).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.the_queens.cards import DECK104  # noqa: E402
from referee.games.the_queens.lock import key_lock  # noqa: E402
from referee.games.the_queens.options import NEW_PACK_RULES  # noqa: E402
from referee.games.the_queens.rules import Tableau, apply, deal  # noqa: E402
from referee.games.the_queens.solver import solve  # noqa: E402


def laid_out(seed: int, new_pack: str = NEW_PACK_RULES[0]) -> Tableau:
    order = list(DECK104)
    random.Random(seed).shuffle(order)
    t = Tableau(new_pack=new_pack)
    for event in deal(order, None, t):
        apply(t, event)
    return t


def _at(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))] if sorted_values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds the solver may spend on a deal left open")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--new-pack", choices=NEW_PACK_RULES, default=NEW_PACK_RULES[0])
    args = parser.parse_args()
    results: Counter[str] = Counter()
    lock_us, solve_ms = [], []
    for i in range(args.deals):
        t = laid_out(args.seed + i, args.new_pack)
        if t.ended:  # stuck at the deal
            results[t.ended] += 1
            continue
        start = time.process_time_ns()  # CPU time: the machine is shared, and a wait is not the test's
        locked = key_lock(t)
        lock_us.append((time.process_time_ns() - start) / 1000)
        if locked is not None:
            results["locked"] += 1
            continue
        start = time.perf_counter()
        verdict = solve(t, seconds=args.budget)
        solve_ms.append((time.perf_counter() - start) * 1000)
        results[verdict.result] += 1
    lock_us.sort()
    solve_ms.sort()
    open_deals = len(solve_ms)
    print(f"{args.deals} deals: {results['locked']} lost at the deal by a locked key, {open_deals} left open; of those "
          f"won {results['won']}, lost by search {results['lost']}, undecided {results['undecided']} "
          f"({args.budget} s each, new pack: {args.new_pack})")
    print(json.dumps({
        "deals": args.deals, "winnable_share": round(results["won"] / args.deals, 4),
        "locked_share": round(results["locked"] / args.deals, 4), "open": open_deals, "won": results["won"],
        "undecided": results["undecided"], "lock_us_median": round(statistics.median(lock_us), 1) if lock_us else None,
        "lock_us_p99": round(_at(lock_us, 0.99), 1), "solve_ms_median": round(statistics.median(solve_ms), 2)
        if solve_ms else None, "solve_ms_max": round(solve_ms[-1], 2) if solve_ms else None, "budget_s": args.budget,
        "new_pack": args.new_pack}))


if __name__ == "__main__":
    main()
