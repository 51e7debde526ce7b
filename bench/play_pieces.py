"""Benchmark: the small steps of a play outside the store and the referee's rules, in
microseconds a call (best of 9 repeats): the scorekeeper's token checked against a remembered
catalog entry, the action request read from its body and headers (api.hot_routes), the decision's
source of entropy and the record of the request (referee.service).

    .venv/bin/python bench/play_pieces.py [ROOT]

ROOT (default: this checkout) is the checkout whose code is timed, so that two versions can be
timed in turn on the same machine. The last line is JSON: each step's figure and their sum.
"""

from __future__ import annotations

import json
import sys
import timeit
from pathlib import Path

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[1]))

from api.hot_routes import _action_request  # noqa: E402
from referee.service import _request_record, _rng  # noqa: E402
from workers.catalog import CatalogEntry, hash_token, new_token  # noqa: E402

BODY = b'{"action":"play","seat":2,"card":"QS"}'
ENVIRON = {"QUERY_STRING": "", "HTTP_IF_MATCH": '"12"'}


def per_call_us(fn, number: int = 20_000) -> float:
    return min(timeit.repeat(fn, number=number, repeat=9)) / number * 1e6


def main() -> None:
    token = new_token()
    entry = CatalogEntry("g", "queens-dungeon", "known", False, "in_progress", 0.0, hash_token(token))
    steps = {
        "token_check": lambda: entry.token_matches(token),
        "action_request": lambda: _action_request(ENVIRON, BODY),
        "entropy": _rng,
        "request_record": lambda: _request_record("action", "k" * 32, "play", {"seat": 2, "card": "QS"}),
    }
    figures = {name: round(per_call_us(fn), 2) for name, fn in steps.items()}
    figures["sum"] = round(sum(figures.values()), 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
