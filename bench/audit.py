"""Audit speed: 1,000 finished 4-player Queen's Dungeon games audited by RQ workers, against a plain
replay of the same events in one process.

    .venv/bin/python bench/audit.py [--games N] [--seed S]

The games are played at random by the referee (decide and apply, as the service does) and recorded
in the event store, on ``REDIS_URL`` or a private embedded server. Then:

* replay: one process reads every game from the store and folds its events (``store.read`` and
  ``game.apply``); also without the store (the events already in memory);
* audit with 1 worker, then with 2: every game's audit job enqueued, workers (``python -m api
  worker``) already running, timed until every audit report is stored. An audit reads the game
  once (the chain verified and the events decoded in one pass), replays it, keeps the director's
  view of each hand, rules every claim again and compares the score sheet.

``worker_overhead`` is replay speed over one worker's audit speed. The last line printed is one
JSON object with ``audit_games_per_s_1_worker``, ``audit_games_per_s_2_workers``, ``replay_games_per_s``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from referee.replay import replay  # noqa: E402
from tests.workers.longgame import random_game_events  # noqa: E402
from workers.audit import AUDIT  # noqa: E402
from workers.envelope_replay import fold  # noqa: E402
from workers.queues import queue  # noqa: E402
from workers.readmodels import ReadModels  # noqa: E402

from rq import Worker  # noqa: E402
from rq.registry import FinishedJobRegistry  # noqa: E402


def record_games(store: EventStore, count: int, seed: int) -> tuple[list[str], list[list]]:
    ids, logs = [], []
    for i in range(count):
        events = random_game_events(hands=10**6, seed=seed + i, target=500)
        game_id = f"bench-{seed}-{i}"
        store.append(game_id, events, 0, "bench")
        ids.append(game_id)
        logs.append(events)
    return ids, logs


def audit_with(workers: int, url: str, client, ids: list[str], tag: str) -> float:
    """Seconds for ``workers`` running workers to audit every game (startup not counted)."""
    models = ReadModels(client)
    for game_id in ids:
        client.delete(models.key(game_id, AUDIT))
    env = {**os.environ, "REDIS_URL": url}
    procs = [subprocess.Popen([sys.executable, "-m", "api", "worker"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)]
    try:
        while Worker.count(connection=client) < workers:
            time.sleep(0.05)
        q = queue(client, "courtcard-low")
        finished = FinishedJobRegistry(queue=q)
        done_before = finished.get_job_count(cleanup=False)
        start = time.perf_counter()
        for i, game_id in enumerate(ids):
            q.enqueue("workers.jobs.run_audit", args=[game_id, 1], job_id=f"bench_{tag}_{i}", job_timeout=600,
                      result_ttl=3600)
        while finished.get_job_count(cleanup=False) < done_before + len(ids):
            time.sleep(0.02)  # one ZCARD per poll: the bench must not compete with the workers
        elapsed = time.perf_counter() - start
        missing = [g for g in ids if not client.exists(models.key(g, AUDIT))]
        if missing:
            raise SystemExit(f"{len(missing)} audits were not stored, e.g. {missing[0]}")
        return elapsed
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
        while Worker.count(connection=client) > 0:
            time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    embedded = None
    url = os.environ.get("REDIS_URL")
    if not url:
        embedded = EmbeddedServer(tempfile.mkdtemp(prefix="courtcard-bench-"))
        url = embedded.start()
    try:
        client = redis_from_url(url)
        client.flushdb()
        store = EventStore(client)
        t0 = time.perf_counter()
        ids, logs = record_games(store, args.games, args.seed)
        events = sum(len(log) for log in logs)
        print(f"recorded {len(ids)} finished games, {events} events, in {time.perf_counter() - t0:.1f} s")

        t0 = time.perf_counter()
        for game_id in ids:
            fold(store.read(game_id))
        replay_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        for log in logs:
            replay(log)
        memory_s = time.perf_counter() - t0
        print(f"replay from the store, one process: {len(ids) / replay_s:.0f} games/s ({events / replay_s:.0f} events/s)")
        print(f"replay in memory, one process:      {len(ids) / memory_s:.0f} games/s")

        one = audit_with(1, url, client, ids, "w1")
        print(f"audit, 1 worker:  {len(ids) / one:.0f} games/s")
        two = audit_with(2, url, client, ids, "w2")
        print(f"audit, 2 workers: {len(ids) / two:.0f} games/s")
        result = {
            "games": len(ids),
            "events": events,
            "audit_games_per_s_1_worker": round(len(ids) / one, 1),
            "audit_games_per_s_2_workers": round(len(ids) / two, 1),
            "replay_games_per_s": round(len(ids) / replay_s, 1),
            "replay_in_memory_games_per_s": round(len(ids) / memory_s, 1),
            "worker_overhead": round((len(ids) / replay_s) / (len(ids) / one), 2),
            "cpus": os.cpu_count(),
        }
        print(json.dumps(result))
    finally:
        if embedded is not None:
            embedded.stop()


if __name__ == "__main__":
    main()
