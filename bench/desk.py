"""Benchmark: the director's desk polling ``GET /director/tables`` while the tables log plays.

    .venv/bin/python bench/desk.py [--tables 20] [--polls 200] [--interval 0.05]

A private embedded server and one ``courtcard serve --workers 0`` are started. ``--tables`` blind
Queen's Dungeon games are created and dealt, with a few cards each (a desk of tables in play). The
desk then polls as the page does, with the last ETag in ``If-None-Match``: ``--polls`` times with
no table logging (every answer a 304), then ``--polls`` times with one table logging a card before
each poll (every answer a 200 with the whole desk). Printed: each kind's p50 and p99 in ms, and
the bytes of each answer. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.director import load_or_create_director_key  # noqa: E402
from events.server import EmbeddedServer  # noqa: E402
from tests.hosts import free_port  # noqa: E402

#: Cards each table logs before the desk is timed, in seat order from Bob (spades: every seat follows).
OPENING = ["AS", "KS", "QS", "JS"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p))], 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--polls", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between polls")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp) / "data")
        redis_url = server.start()
        keys = Path(tmp) / "keys"
        port = free_port()
        api = subprocess.Popen([sys.executable, "-m", "api", "serve", "--workers", "0", "--port", str(port)],
                               env=dict(os.environ, REDIS_URL=redis_url, COURTCARD_DATA=str(keys)), stdout=subprocess.DEVNULL)
        try:
            result = run(f"http://127.0.0.1:{port}", load_or_create_director_key(keys), args)
        finally:
            api.terminate()
            api.wait(timeout=30)
            server.stop()
    print(f"{args.tables} tables: unchanged (304) p50 {result['unchanged_p50_ms']} ms, p99 {result['unchanged_p99_ms']} ms; "
          f"a table logged (200, {result['changed_bytes']} bytes) p50 {result['changed_p50_ms']} ms, p99 {result['changed_p99_ms']} ms")
    print(json.dumps(result))


def run(base: str, key: str, args) -> dict:
    session = requests.Session()
    deadline = time.monotonic() + 60
    while True:
        try:
            session.get(f"{base}/openapi.json", timeout=2)
            break
        except requests.RequestException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    tables = []
    for n in range(args.tables):
        body = session.post(f"{base}/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                                    "options": {"first_dealer": 0}, "record": "blind"}).json()
        auth = {"Authorization": f"Bearer {body['token']}"}
        act = lambda action, _id=body["game_id"], _auth=auth, **f: session.post(  # noqa: E731
            f"{base}/games/{_id}/actions", json={"action": action, **f}, headers=_auth).raise_for_status()
        act("call_trump", seat=0, suit="H")
        act("deal")
        for i, card in enumerate(OPENING[:3]):
            act("play", seat=1 + i, card=card)
        tables.append(act)
    desk = {"Authorization": f"Bearer {key}"}
    first = session.get(f"{base}/director/tables", headers=desk)
    assert len(first.json()["tables"]) == args.tables, first.text
    etag = first.headers["ETag"]
    unchanged, changed = [], []
    for _ in range(args.polls):
        started = time.perf_counter()
        reply = session.get(f"{base}/director/tables", headers={**desk, "If-None-Match": etag})
        unchanged.append((time.perf_counter() - started) * 1000)
        assert reply.status_code == 304, reply.status_code
        time.sleep(args.interval)
    size = 0
    for i in range(args.polls):
        # One table logs a card and takes it back (window A), so the desk changes at every poll.
        tables[i % len(tables)]("play", seat=0, card="4C") if i % 2 == 0 else tables[(i - 1) % len(tables)]("take_back", seat=0)
        started = time.perf_counter()
        reply = session.get(f"{base}/director/tables", headers={**desk, "If-None-Match": etag})
        changed.append((time.perf_counter() - started) * 1000)
        assert reply.status_code == 200, reply.status_code
        etag, size = reply.headers["ETag"], len(reply.content)
        time.sleep(args.interval)
    return {"tables": args.tables, "polls": args.polls,
            "unchanged_p50_ms": percentile(unchanged, 0.5), "unchanged_p99_ms": percentile(unchanged, 0.99),
            "changed_p50_ms": percentile(changed, 0.5), "changed_p99_ms": percentile(changed, 0.99),
            "changed_bytes": size, "mean_changed_ms": round(statistics.mean(changed), 2)}


if __name__ == "__main__":
    main()
