"""Benchmark of the event store against raw redis-py doing the bare work, on one server.

    .venv/bin/python bench/store.py [--appends 3000] [--rounds 5] [--replays 50] [--redis-url URL]

Every event is a real one: the referee plays a 4-player Queen's Dungeon game at random (decide
and apply, as the service does) and its first 1,000 events, of the registered referee event types,
are what the store writes and reads.

Appends: those events appended one by one to one game, one round trip each (Lua script with
the version check, the id index and the hash chain), against plain ``XADD key * e <doc>`` of the
documents the store wrote, alternating in chunks of 100 so that both see the same machine; each
rate is the median chunk of a round, and the figures the median of the rounds. The server's own
time per append script and per XADD (from ``INFO commandstats``) shows how much of the difference
is spent inside Redis, and this process's CPU time per append and per XADD (``time.process_time``)
how much in the client. Replay: read the 1,000-event game and decode it into typed events
(``list(store.read(game))``), against plain ``XRANGE`` of the same documents + ``orjson.loads``
(and ``json.loads``) of each one's JSON part (what follows its raw bytes, ``events.compact_form``). Both ratios are store speed / raw speed (1.0 = as fast as raw). Decode: the store's decoding
of those 1,000 stored documents alone, as a replay decodes them (parse, validate, build the typed
event), no Redis, in microseconds per event. Memory: a 4-player Queen's Dungeon game of about 1,000 events logged
through the referee service, one action at a time as tables log them (each with its request
record), and the memory Redis spends on it (``MEMORY USAGE`` of the game's keys: stream, id
index with its buckets, requests) per event, as ``bytes_per_event``.

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from events.envelope_decoder import EnvelopeDecoder  # noqa: E402
from events.record_walk import decoded  # noqa: E402
from events.registry import registry  # noqa: E402
from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from events.compact_form import json_start  # noqa: E402
from events.store_reads import as_sent  # noqa: E402
from events.stored_form import EntryReader  # noqa: E402
from referee.service import RefereeService, new_game_id  # noqa: E402
from tests.service.random_table import log_random_game  # noqa: E402
from tests.workers.longgame import random_game_events  # noqa: E402

GAME_EVENTS = 1000


def real_events(seed: int = 7) -> list[object]:
    """The first 1,000 events of a random 4-player Queen's Dungeon game played by the referee."""
    events = random_game_events(hands=40, seed=seed, target=10**9)[:GAME_EVENTS]
    assert len(events) == GAME_EVENTS
    return events


def bench_appends(store: EventStore, client, events: list[object], n: int, game: str,
                  chunk: int = 100) -> tuple[float, float, float, float]:
    """(store appends/s, raw XADD/s, and the client's CPU µs per append and per XADD): n
    sequential single-event writes each, interleaved in chunks so that background load falls on
    both alike; rates and CPU times from the median chunk. CPU time (this process's, not the
    server's) moves less with the machine's load than the rates do."""
    raw_key = f"{store.namespace}:raw:{game}"
    version = 0
    store_times, raw_times, store_cpu, raw_cpu = [], [], [], []
    for _ in range(max(1, n // chunk)):
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(chunk):
            store.append(game, [events[version % len(events)]], version, "bench")
            version += 1
        store_times.append((time.perf_counter() - t0) / chunk)
        store_cpu.append((time.process_time() - c0) / chunk)
        # The raw writer stores the very documents the store just wrote, under auto ids.
        documents = [f[b"e"] for _id, f in client.xrange(store.stream_key(game), f"0-{version - chunk + 1}", "+")]
        c0, t0 = time.process_time(), time.perf_counter()
        for document in documents:
            client.xadd(raw_key, {"e": document})
        raw_times.append((time.perf_counter() - t0) / chunk)
        raw_cpu.append((time.process_time() - c0) / chunk)
    return (1 / statistics.median(store_times), 1 / statistics.median(raw_times),
            statistics.median(store_cpu) * 1e6, statistics.median(raw_cpu) * 1e6)


def bench_replay(store: EventStore, client, events: list[object], replays: int) -> dict[str, float]:
    """Median milliseconds to replay the 1,000-event game, by the store and raw, and the median
    microseconds to decode one of its stored documents."""
    game = "replay-1000"
    for start in range(0, GAME_EVENTS, 50):
        store.append(game, events[start:start + 50], start, "bench")
    raw_key = f"{store.namespace}:raw:{game}"
    stored = client.xrange(store.stream_key(game), "-", "+", count=GAME_EVENTS)
    for _id, fields in stored:
        client.xadd(raw_key, fields)
    stored = as_sent(stored)  # as a replay reads them
    decoder = EnvelopeDecoder(registry)

    def decode_all():  # what a replay does with the entries it fetched
        return list(decoded(game, stored, 1, EntryReader(game), decoder))

    assert [e.event for e in decode_all()] == events

    def store_replay():
        events = [e.event for e in store.read(game)]
        assert len(events) == 1000

    def raw_replay(loads):
        # The JSON part of each stored entry (after its raw bytes: see events.compact_form).
        docs = [loads(_json_part(fields[b"e"])) for _id, fields in client.xrange(raw_key, "-", "+", count=1000)]
        assert len(docs) == 1000

    def decode_only():
        decode_all()

    timings: dict[str, list[float]] = {"store": [], "raw_json": [], "raw_orjson": [], "decode": []}
    runs = {"store": store_replay, "raw_json": lambda: raw_replay(json.loads), "raw_orjson": lambda: raw_replay(orjson.loads),
            "decode": decode_only}
    for _ in range(replays):  # interleaved, so background load hits all three alike
        for name, run in runs.items():
            t0 = time.perf_counter()
            run()
            timings[name].append((time.perf_counter() - t0) * 1000)
    return {name: statistics.median(values) for name, values in timings.items()} | {
        "store_best": min(timings["store"]),
        "decode_best": min(timings["decode"]),
    }


def bytes_per_event(client, namespace: str) -> dict[str, float]:
    """Memory per event of a game logged the way tables log one: a 4-player Queen's Dungeon game
    created through the referee service, then random legal actions, one request each, until it
    has 1,000 events; ``MEMORY USAGE`` of each of its keys, divided by its events."""
    store = EventStore(client, registry=registry, namespace=namespace)
    game_id = new_game_id()
    actions = log_random_game(RefereeService(store), game_id, GAME_EVENTS)
    events = store.version(game_id)
    used = store.memory(game_id)
    out = {"events": events, "events_per_action": round(events / actions, 3)}
    out |= {f"{name}_bytes_per_event": round(size / events, 1) for name, size in used.items()}
    return out | {"bytes_per_event": round(sum(used.values()) / events, 1)}


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
        events = real_events()
        append_rates, raw_rates, append_cpu, raw_cpu = [], [], [], []
        stats_before = client.info("commandstats")
        for r in range(args.rounds):
            s, raw, s_cpu, raw_us = bench_appends(store, client, events, args.appends, f"append-{r}")
            append_rates.append(s)
            raw_rates.append(raw)
            append_cpu.append(s_cpu)
            raw_cpu.append(raw_us)
            print(f"round {r + 1}: store {s:,.0f} appends/s, raw XADD {raw:,.0f}/s (ratio {s / raw:.3f})", flush=True)
        server_us = _server_us_per_call(stats_before, client.info("commandstats"))
        replay = bench_replay(store, client, events, args.replays)
        memory = bytes_per_event(client, namespace)
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
        "decode_us_per_event": round(replay["decode"] * 1000 / GAME_EVENTS, 3),
        "decode_best_us_per_event": round(replay["decode_best"] * 1000 / GAME_EVENTS, 3),
        "bytes_per_event": memory["bytes_per_event"],
        "memory": memory,
        "client_cpu_us_per_append": round(statistics.median(append_cpu), 1),
        "client_cpu_us_per_xadd": round(statistics.median(raw_cpu), 1),
        "server_us_per_append": server_us.get("evalsha"),
        "server_us_per_xadd": server_us.get("xadd"),
        "appendfsync": args.appendfsync if server else "external",
        "hiredis": _has_hiredis(),
    }
    print(f"appends: {result['append_per_s']:,}/s vs raw XADD {result['raw_xadd_per_s']:,}/s (ratio {result['append_ratio']}); "
          f"inside the server {result['server_us_per_append']} us per append script, {result['server_us_per_xadd']} us per XADD; "
          f"this process's CPU {result['client_cpu_us_per_append']} us per append, {result['client_cpu_us_per_xadd']} us per XADD")
    print(f"replay of 1,000 events: {result['replay_1000_ms']} ms vs raw XRANGE+orjson {result['raw_orjson_replay_1000_ms']} ms "
          f"(ratio {result['replay_ratio_vs_orjson']}); raw with json {result['raw_replay_1000_ms']} ms "
          f"(ratio {result['replay_ratio']})")
    print(f"memory: {result['bytes_per_event']} bytes per event over a {memory['events']}-event game "
          f"({memory['stream_bytes_per_event']} stream, {memory['id_index_bytes_per_event']} id index, "
          f"{memory['requests_bytes_per_event']} requests; {memory['events_per_action']} events per action)")
    print(f"decode alone: {result['decode_us_per_event']} us per event (best run {result['decode_best_us_per_event']} us)")
    print(json.dumps(result))


def _json_part(value: bytes) -> bytes:
    return value[json_start(value):]


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
