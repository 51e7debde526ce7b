"""The list of games as a league grows: GET /games's work at 10,000, 100,000 and 1,000,000 games.

    .venv/bin/python bench/listing.py [--games 1000000] [--queries 200] [--redis-url URL]

Fills a private embedded server (or ``--redis-url``, a cluster too) with catalog entries and the
store's list of recorded games, as creating games writes them (a game's events are not needed to
list it), in steps up to ``--games``. At each step it times the listing's catch-up with the games
added since the last step, then ``--queries`` listings of 50 games: the first page, a page deep in
the list, a page filtered by game and status, and a page with a private game's token; and prints
their median and 99th percentile, and (on the private server) the round trips each kind of listing
costs the store, counted by the server itself (``INFO stats`` ``total_reads_processed``, read just
before and just after a listing). The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.desk import measured  # noqa: E402 (the round trips the store served, counted once)
from events.scripts import REGISTER_GAME  # noqa: E402
from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from workers.catalog import GameCatalog, hash_token  # noqa: E402
from workers.listing import GameListing  # noqa: E402

GAMES = ("queens-dungeon", "queen-bees", "black-queen")
STEPS = (10_000, 100_000, 1_000_000)


def fill(client, store: EventStore, catalog: GameCatalog, start: int, stop: int, rng: random.Random) -> None:
    """Games start..stop-1 as creating them writes their entries: the catalog entry, then the
    store's list of games (a tenth finished, one in a thousand private)."""
    register = client.register_script(REGISTER_GAME)
    known, order = store._game_index_keys()
    for chunk in range(start, stop, 2000):
        pipe = client.pipeline(transaction=False)
        for i in range(chunk, min(chunk + 2000, stop)):
            pipe.hset(catalog.meta_key(f"g{i}"), mapping={
                "game": GAMES[i % 3], "record": "known", "private": "1" if i % 1000 == 999 else "0",
                "status": "finished" if rng.random() < 0.1 else "in_progress",
                "created_at": repr(time.time()), "token_hash": hash_token(f"token-{i}")})
        pipe.execute()
        for i in range(chunk, min(chunk + 2000, stop)):
            register(keys=[known, order], args=[f"g{i}"])


def timed(fn, n: int) -> dict[str, float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 3), "p99_ms": round(times[int(0.99 * (len(times) - 1))], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--redis-url", default=None)
    args = parser.parse_args()
    tmp = server = None
    if args.redis_url:
        url = args.redis_url
    else:
        tmp = tempfile.TemporaryDirectory(prefix="courtcard-bench-")
        server = EmbeddedServer(tmp.name, maxmemory="4gb")
        url = server.start()
    result: dict[str, object] = {}
    try:
        client = redis_from_url(url)
        store = EventStore(client, namespace=f"bench{os.getpid()}")
        catalog = GameCatalog(client, namespace=store.namespace)
        listing = GameListing(client, store, catalog, namespace=store.namespace)
        rng = random.Random(1)
        filled = 0
        for step in [s for s in STEPS if s < args.games] + [args.games]:
            fill(client, store, catalog, filled, step, rng)
            filled = step
            start = time.perf_counter()
            listing.catch_up()
            catch_up_s = time.perf_counter() - start
            queries = {
                "first_page": lambda: listing.page(None, None, 0, 50, None),
                "deep_page": lambda: listing.page(None, None, filled // 2, 50, None),
                "game_and_status": lambda: listing.page("queen-bees", "finished", 0, 50, None),
                "with_private_token": lambda: listing.page(None, None, filled // 2, 50, f"token-{filled - 1001}"),
            }
            figures = {name: timed(fn, args.queries) for name, fn in queries.items()}
            if server:
                for name, fn in queries.items():
                    figures[name]["round_trips"] = statistics.median(measured(client, fn)[1] for _ in range(5))
            total = listing.page(None, None, 0, 1, None).total
            result[str(step)] = {"games": step, "listed_public": total, "catch_up_s": round(catch_up_s, 2), **figures}
            print(f"{step:>9,} games ({total:,} public): catch-up {catch_up_s:.1f} s; "
                  + "; ".join(f"{name} p50 {f['p50_ms']} ms p99 {f['p99_ms']} ms"
                              + (f" ({f['round_trips']} round trips)" if "round_trips" in f else "")
                              for name, f in figures.items()),
                  flush=True)
            result[str(step)]["memory_bytes"] = client.info("memory")["used_memory"] if server else None
    finally:
        if server is not None:
            server.stop()
            tmp.cleanup()
    print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()], **result}))


if __name__ == "__main__":
    main()
