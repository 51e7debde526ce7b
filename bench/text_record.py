"""What escaping names costs the text record: ``workers.text_record.write_text`` of one long game,
as it is, and with its escape (``referee.seat_names.escape_unseen``) made a no-op, which is what
writing cost before names were escaped.

    .venv/bin/python bench/text_record.py [--game NAME] [--steps N] [--rounds R] [--odd-names]

A random game is played by the referee (``--steps`` actions at most); ``--odd-names`` gives its
seats names holding a control and a format character, so every comment naming them takes the slow
path. The last line printed is one JSON object with ``events``, ``bytes``, ``escaped_ms`` and
``unescaped_ms`` (the best of ``--rounds`` writes each).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import workers.text_record as text_record  # noqa: E402
from tests.workers.test_text_record import GAMES, envelopes_of, random_record  # noqa: E402


def best_ms(envelopes, rounds: int) -> float:
    head = (envelopes[-1].version, envelopes[-1].hash)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        text_record.write_text(envelopes, head)
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="black-queen", choices=sorted(GAMES))
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--odd-names", action="store_true")
    args = parser.parse_args()
    options, seats, record = GAMES[args.game]
    if args.odd_names:
        seats = [f"{name}\x1b[2J\u202e" for name in seats]
    envelopes = envelopes_of(random_record(args.game, steps=args.steps, setup=(options, seats, record)))
    size = len(text_record.write_text(envelopes, (envelopes[-1].version, envelopes[-1].hash)).encode())
    escaped = best_ms(envelopes, args.rounds)
    text_record.escape_unseen = lambda text: text  # writing as it was before names were escaped
    unescaped = best_ms(envelopes, args.rounds)
    print(json.dumps({"game": args.game, "events": len(envelopes), "bytes": size, "odd_names": args.odd_names,
                      "escaped_ms": round(escaped, 1), "unescaped_ms": round(unescaped, 1)}))


if __name__ == "__main__":
    main()
