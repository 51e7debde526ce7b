"""Benchmark: how long `GET /healthz` takes to answer, with the store well and with it frozen.

Starts a valkey-server and `courtcard serve --workers 0 --processes 1` on it, then times the health
check: ``samples`` times with the store answering, then ``samples`` times while the store is
stopped (SIGSTOP, as a server stalled by its disk or a long command is) and ``busy`` table requests
wait on it, more than the process works on at once. The last line is one JSON object with the
figures (milliseconds): a load balancer needs its answer within a second in both cases.

    .venv/bin/python bench/health.py [--samples 20] [--busy 4]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.server import EmbeddedServer  # noqa: E402
from tests.hosts import ServedApi  # noqa: E402


def timed_checks(url: str, samples: int) -> tuple[list[float], set[int]]:
    """Milliseconds each check took, and the statuses it answered with."""
    times, statuses = [], set()
    for _ in range(samples):
        start = time.perf_counter()
        statuses.add(requests.get(f"{url}/healthz", timeout=10).status_code)
        times.append((time.perf_counter() - start) * 1000)
    return times, statuses


def summary(times: list[float]) -> dict[str, float]:
    return {"p50_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--busy", type=int, default=4, help="table requests left waiting on the frozen store")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        store = EmbeddedServer(Path(data) / "store")
        store.start()
        # On another free port if the one picked is taken before it binds it.
        serve = ServedApi(store.url, Path(data) / "serve.log", "--processes", "1",
                          env={"COURTCARD_DATA": str(Path(data) / "serve")})
        try:
            serve.wait_ready()
            url = serve.url
            game = requests.post(f"{url}/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]},
                                 timeout=10).json()
            well, well_statuses = timed_checks(url, args.samples)
            os.kill(store.pid, signal.SIGSTOP)
            try:
                for seat in range(args.busy):
                    threading.Thread(target=requests.post, daemon=True, kwargs={
                        "url": f"{url}/games/{game['game_id']}/actions", "timeout": 60,
                        "headers": {"Authorization": f"Bearer {game['token']}"},
                        "json": {"action": "call_trump", "seat": seat, "suit": "S"}}).start()
                time.sleep(0.5)
                frozen, frozen_statuses = timed_checks(url, args.samples)
            finally:
                os.kill(store.pid, signal.SIGCONT)
        finally:
            serve.stop()
            store.stop()
    figures = {"store_well": {**summary(well), "statuses": sorted(well_statuses)},
               "store_frozen": {**summary(frozen), "statuses": sorted(frozen_statuses)}}
    print(f"store well:   p50 {figures['store_well']['p50_ms']} ms, max {figures['store_well']['max_ms']} ms")
    print(f"store frozen: p50 {figures['store_frozen']['p50_ms']} ms, max {figures['store_frozen']['max_ms']} ms")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
