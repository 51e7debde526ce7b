"""Benchmark of the event store against raw redis-py doing the bare work, on one server.

    .venv/bin/python bench/store.py [--appends 3000] [--rounds 5] [--replays 50] [--redis-url URL]

Appends: sequential single-event appends to one game, one round trip each (Lua script with
the version check, the id index and the hash chain), against plain ``XADD key * e <doc>`` of a
document of the same size, alternating in chunks of 100 so that both see the same machine; each
rate is the median chunk of a round, and the figures the median of the rounds. The server's own
time per append script and per XADD (from ``INFO commandstats``) shows how much of the difference
is spent inside Redis. Replay: read a 1,000-event game and decode it into typed events
(``list(store.read(game))``), against plain ``XRANGE`` of the same documents + ``json.loads``
each. Both ratios are store speed / raw speed (1.0 = as fast as raw).

Without ``--redis-url`` (or ``REDIS_URL``) a private embedded server is started in a temporary
directory (append-only file, ``appendfsync everysec``) and stopped at the end. The last line
printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from events.registry import EventRegistry  # noqa: E402
from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402

registry = EventRegistry()


@registry.event_type("CardPlayed")
@dataclass(frozen=True)
class CardPlayed:
    """Shaped like the referee's most frequent event."""

    seat: int
    card: str
    trick: int
    hand: int


def card(i: int) -> CardPlayed:
    return CardPlayed(seat=i % 4, card="QS", trick=i // 4 % 13, hand=i // 52)


def bench_appends(store: EventStore, client, n: int, game: str, chunk: int = 100) -> tuple[float, float]:
    """(store appends/s, raw XADD/s): n sequential single-event writes each, interleaved in
    chunks so that background load falls on both alike; rates from the median chunk."""
    store.append(game, [card(0)], 0, "bench")
    # The raw writer stores a document exactly as large as the store's, under auto ids.
    document = client.xrange(store.stream_key(game), "-", "+", count=1)[0][1][b"e"]
    raw_key = f"{store.namespace}:raw:{game}"
    version = 1
    store_times, raw_times = [], []
    for _ in range(max(1, n // chunk)):
        t0 = time.perf_counter()
        for _ in range(chunk):
            store.append(game, [card(version)], version, "bench")
            version += 1
        store_times.append((time.perf_counter() - t0) / chunk)
        t0 = time.perf_counter()
        for _ in range(chunk):
            client.xadd(raw_key, {"e": document})
        raw_times.append((time.perf_counter() - t0) / chunk)
    return 1 / statistics.median(store_times), 1 / statistics.median(raw_times)


def bench_replay(store: EventStore, client, replays: int) -> dict[str, float]:
    """Median milliseconds to replay a 1,000-event game, by the store and raw."""
    game = "replay-1000"
    for start in range(0, 1000, 50):
        store.append(game, [card(i) for i in range(start, start + 50)], start, "bench")
    raw_key = f"{store.namespace}:raw:{game}"
    for _id, fields in client.xrange(store.stream_key(game), "-", "+", count=1000):
        client.xadd(raw_key, fields)

    def store_replay():
        events = [e.event for e in store.read(game)]
        assert len(events) == 1000

    def raw_replay(loads):
        docs = [loads(fields[b"e"]) for _id, fields in client.xrange(raw_key, "-", "+", count=1000)]
        assert len(docs) == 1000

    timings: dict[str, list[float]] = {"store": [], "raw_json": [], "raw_orjson": []}
    runs = {"store": store_replay, "raw_json": lambda: raw_replay(json.loads), "raw_orjson": lambda: raw_replay(orjson.loads)}
    for _ in range(replays):  # interleaved, so background load hits all three alike
        for name, run in runs.items():
            t0 = time.perf_counter()
            run()
            timings[name].append((time.perf_counter() - t0) * 1000)
    return {name: statistics.median(values) for name, values in timings.items()} | {
        "store_best": min(timings["store"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--appends", type=int, default=3000, help="appends per round")
    parser.add_argument("--rounds", type=int, default=5, help="append rounds (the median is reported)")
    parser.add_argument("--replays", type=int, default=50, help="replays of the 1,000-event game")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"))
    parser.add_argument("--appendfsync", default="everysec", choices=["everysec", "always"])
    args = parser.parse_args()

    server = None
    tmp = None
    if args.redis_url:
        url = args.redis_url
    else:
        tmp = tempfile.TemporaryDirectory(prefix="courtcard-bench-")
        server = EmbeddedServer(tmp.name, appendfsync=args.appendfsync)
        url = server.start()
    try:
        client = redis_from_url(url)
        namespace = f"bench{os.getpid()}"
        store = EventStore(client, registry=registry, namespace=namespace)
        append_rates, raw_rates = [], []
        stats_before = client.info("commandstats")
        for r in range(args.rounds):
            s, raw = bench_appends(store, client, args.appends, f"append-{r}")
            append_rates.append(s)
            raw_rates.append(raw)
            print(f"round {r + 1}: store {s:,.0f} appends/s, raw XADD {raw:,.0f}/s (ratio {s / raw:.3f})", flush=True)
        server_us = _server_us_per_call(stats_before, client.info("commandstats"))
        replay = bench_replay(store, client, args.replays)
        if server is None:
            # On someone's own Redis, remove what this run wrote (all under its namespace).
            for key in client.scan_iter(match=f"{namespace}:*", count=1000):
                client.delete(key)
    finally:
        if server is not None:
            server.stop()
        if tmp is not None:
            tmp.cleanup()

    append_per_s, raw_xadd_per_s = statistics.median(append_rates), statistics.median(raw_rates)
    result = {
        "append_per_s": round(append_per_s),
        "raw_xadd_per_s": round(raw_xadd_per_s),
        "append_ratio": round(append_per_s / raw_xadd_per_s, 3),
        "replay_1000_ms": round(replay["store"], 2),
        "replay_1000_best_ms": round(replay["store_best"], 2),
        "raw_replay_1000_ms": round(replay["raw_json"], 2),
        "replay_ratio": round(replay["raw_json"] / replay["store"], 3),
        "raw_orjson_replay_1000_ms": round(replay["raw_orjson"], 2),
        "replay_ratio_vs_orjson": round(replay["raw_orjson"] / replay["store"], 3),
        "server_us_per_append": server_us.get("evalsha"),
        "server_us_per_xadd": server_us.get("xadd"),
        "appendfsync": args.appendfsync if server else "external",
        "hiredis": _has_hiredis(),
    }
    print(f"appends: {result['append_per_s']:,}/s vs raw XADD {result['raw_xadd_per_s']:,}/s (ratio {result['append_ratio']}); "
          f"inside the server {result['server_us_per_append']} us per append script, {result['server_us_per_xadd']} us per XADD")
    print(f"replay of 1,000 events: {result['replay_1000_ms']} ms vs raw XRANGE+json {result['raw_replay_1000_ms']} ms "
          f"(ratio {result['replay_ratio']}); raw with orjson {result['raw_orjson_replay_1000_ms']} ms")
    print(json.dumps(result))


def _server_us_per_call(before: dict, after: dict) -> dict[str, float]:
    """Microseconds per call inside the server between two ``INFO commandstats`` readings, for
    the append script (EVALSHA, its inner commands included) and XADD (the store's inner XADDs
    are counted there too, so this is a mean of both: each is one plain XADD)."""
    out = {}
    for name in ("evalsha", "xadd"):
        now, then = after.get(f"cmdstat_{name}", {}), before.get(f"cmdstat_{name}", {})
        calls = now.get("calls", 0) - then.get("calls", 0)
        if calls > 0:
            out[name] = round((now["usec"] - then.get("usec", 0)) / calls, 2)
    return out


def _has_hiredis() -> bool:
    try:
        import hiredis  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
