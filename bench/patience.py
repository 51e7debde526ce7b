"""The Queens' solver on random deals: how many are winnable, how many it cannot settle, how long.

    .venv/bin/python bench/patience.py [--deals 1000] [--budget 1.0] [--seed 0]

Deal ``i`` is two packs shuffled by ``random.Random(seed + i)``, laid out by the rules (key,
Queens' payment, shutter); the solver gets ``budget`` seconds for each. A deal is winnable when
the solver finds a winning line, lost when it proves there is none (a deadlocked key, or every
reachable position searched), undecided when the budget runs out first. The last line printed is
one JSON object with ``deals``, ``winnable_share``, ``undecided``, ``solve_ms_median`` and
``solve_ms_p99``.
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
from referee.games.the_queens.rules import Tableau, apply, deal  # noqa: E402
from referee.games.the_queens.solver import solve  # noqa: E402


def laid_out(seed: int) -> Tableau:
    order = list(DECK104)
    random.Random(seed).shuffle(order)
    t = Tableau()
    for event in deal(order):
        apply(t, event)
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds the solver may spend on a deal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    results: Counter[str] = Counter()
    times, proofs = [], Counter()
    for i in range(args.deals):
        t = laid_out(args.seed + i)
        start = time.perf_counter()
        verdict = solve(t, seconds=args.budget) if not t.ended else None
        times.append((time.perf_counter() - start) * 1000)
        result = verdict.result if verdict else t.ended
        results[result] += 1
        if result == "lost":
            proofs["key deadlock" if verdict and verdict.positions == 0 else "search"] += 1
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{args.deals} deals, {args.budget} s each: won {results['won']}, lost {results['lost']} "
          f"({proofs['key deadlock']} by a deadlocked key, {proofs['search']} by search), "
          f"undecided {results['undecided']}")
    print(json.dumps({"deals": args.deals, "winnable_share": round(results["won"] / args.deals, 4),
                      "undecided": results["undecided"], "solve_ms_median": round(statistics.median(times), 3),
                      "solve_ms_p99": round(p99, 3), "budget_s": args.budget}))


if __name__ == "__main__":
    main()
