"""The event store on a single server and on a local Valkey Cluster, in one run.

    .venv/bin/python bench/cluster.py [--seconds 5] [--writers 8] [--games 64]

Starts a private embedded server and a private local cluster (3 primaries, each with a replica:
``events.cluster``), both with ``appendfsync everysec``, in temporary directories. On each backend
``--writers`` threads append real events (a random 4-player Queen's Dungeon game played by the
referee, as in bench/store.py), two to a batch, each thread to its own games (``--games`` in all,
spread over the shards by their hash tags), for ``--seconds``; then the same on the cluster with
every append waiting for a replica (``Durability(replicas=1)``: WAIT). Prints appends per second,
events per second and the append's latency (p50, p99) for each, and as the last line one JSON
object with every figure.

On one 2-core machine the cluster cannot be faster: its six servers share the same two cores.
The point is that it works, and what the cluster's routing and the replica wait cost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.store import real_events  # noqa: E402
from events.cluster import LocalCluster  # noqa: E402
from events.durability import Durability  # noqa: E402
from events.registry import registry  # noqa: E402
from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402


def load(run: str, url: str, durability: Durability, events: list, seconds: float, writers: int, games: int) -> dict:
    """Appends from ``writers`` threads for ``seconds``: their rate and latency."""
    latencies: list[list[float]] = [[] for _ in range(writers)]
    stop = threading.Event()

    def write(w: int) -> None:
        client = redis_from_url(url)
        store = EventStore(client, registry=registry, durability=durability)
        mine = [f"{run}-{w}-{g}" for g in range(w, games, writers)]
        versions = dict.fromkeys(mine, 0)
        i = 0
        while not stop.is_set():
            game = mine[i % len(mine)]
            batch = events[versions[game] % (len(events) - 1):][:2]
            start = time.perf_counter()
            versions[game] = store.append(game, batch, versions[game], "bench").version
            latencies[w].append(time.perf_counter() - start)
            i += 1
        client.close()

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    every = sorted(t for per_writer in latencies for t in per_writer)
    return {
        "appends_per_s": round(len(every) / elapsed),
        "events_per_s": round(2 * len(every) / elapsed),
        "append_ms_p50": round(statistics.median(every) * 1000, 2),
        "append_ms_p99": round(every[int(0.99 * (len(every) - 1))] * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--games", type=int, default=64)
    args = parser.parse_args()
    events = real_events()
    with tempfile.TemporaryDirectory(prefix="courtcard-bench-") as tmp:
        single = EmbeddedServer(Path(tmp) / "single")
        cluster = LocalCluster(Path(tmp) / "cluster")
        try:
            single_url, cluster_url = single.start(), cluster.start()
            runs = {
                "single": (single_url, Durability()),
                "cluster": (cluster_url, Durability()),
                "cluster_wait_replica": (cluster_url, Durability(replicas=1)),
            }
            result = {}
            for name, (url, durability) in runs.items():
                figures = load(name, url, durability, events, args.seconds, args.writers, args.games)
                result[name] = figures
                print(f"{name:>22}: {figures['appends_per_s']:>6,} appends/s ({figures['events_per_s']:,} events/s), "
                      f"p50 {figures['append_ms_p50']} ms, p99 {figures['append_ms_p99']} ms", flush=True)
        finally:
            cluster.stop()
            single.stop()
    result.update(writers=args.writers, games=args.games, seconds=args.seconds, shards=cluster.primaries)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
