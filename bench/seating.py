"""Courtcard's seating of a round, drawn from a seed with repeated table-mates avoided.

    .venv/bin/python bench/seating.py [--players 12] [--seats 4] [--rounds 3]

Draws ``--rounds`` rounds in turn for ``--players`` players at tables of ``--seats``, each after
the ones before (``referee.club.seating.draw``), as a director seating a whole night does. The last
line printed is one JSON object with ``players``, ``rounds``, ``seconds`` (all the draws, on the
wall clock), ``cpu_seconds``, and ``repeated_pairs``: pairs of players seated together more than
once over the night.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.club.seating import draw  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    players = [f"p{i}" for i in range(args.players)]
    earlier = []
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(args.rounds):
        earlier.append(draw(players, args.players // args.seats, args.seats, earlier, seed=number))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    met = Counter(frozenset(p) for r in earlier for t in r for p in combinations(t, 2))
    print(json.dumps({"players": args.players, "seats": args.seats, "rounds": args.rounds, "seconds": round(wall, 3),
                      "cpu_seconds": round(cpu, 3), "repeated_pairs": sum(1 for n in met.values() if n > 1)}))


if __name__ == "__main__":
    main()
