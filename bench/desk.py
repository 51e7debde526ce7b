"""Benchmark: the director's desk polling ``GET /director/tables`` over a league night's tables.

    .venv/bin/python bench/desk.py [--tables 50 200] [--polls 100]

For each count of ``--tables``, a private embedded server and one ``courtcard serve --workers 0``
(its two API processes) are started, and that many blind Queen's Dungeon games are created and
dealt, with three cards played in each. The desk then polls as the page does, back to back, with
the last ETag in ``If-None-Match``: ``--polls`` times with no table logging (every answer a 304),
then ``--polls`` times with one table logging a card, or taking it back, before each poll (every
answer a 200 with the whole desk). Printed for each kind: polls per second, and the round trips
the store served per poll (median), counted by the server itself (``INFO stats``
``total_reads_processed``, read just before and just after each poll). Then the heads of the
desk's games read straight from the store: one read a game against one batched read
(``EventStore.heads``), in desks' worth of heads a second and round trips each. The desk shows the
100 oldest games in progress, so past 100 tables it reads 100. The last line is one JSON object.
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

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.director import load_or_create_director_key  # noqa: E402
from events.server import EmbeddedServer  # noqa: E402
from events.store import EventStore  # noqa: E402
from tests.hosts import ServedApi  # noqa: E402

#: Cards each table logs before the desk is timed, in seat order from Bob (spades: every seat follows).
OPENING = ["AS", "KS", "QS"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--polls", type=int, default=100)
    args = parser.parse_args()
    results = []
    for tables in args.tables:
        result = one_desk(tables, args.polls)
        results.append(result)
        print(f"{tables} tables ({result['shown']} on the desk): "
              f"unchanged (304) {result['unchanged_polls_s']} polls/s, {result['unchanged_round_trips']} round trips a poll; "
              f"a table logged (200, {result['changed_bytes']} bytes) {result['changed_polls_s']} polls/s, "
              f"{result['changed_round_trips']} round trips a poll; the desk's heads from the store: one read a game "
              f"{result['heads_one_by_one_s']}/s ({result['heads_one_by_one_round_trips']} round trips), "
              f"batched {result['heads_batched_s']}/s ({result['heads_batched_round_trips']})")
    print(json.dumps({"load_average": [round(x, 2) for x in os.getloadavg()], "desks": results}))


def one_desk(tables: int, polls: int) -> dict:
    """Start a store and one `courtcard serve` on it, fill it with ``tables`` tables, poll the desk."""
    with tempfile.TemporaryDirectory(prefix="courtcard-bench-") as tmp:
        server = EmbeddedServer(Path(tmp) / "data")
        redis_url = server.start()
        keys = Path(tmp) / "keys"
        api = ServedApi(redis_url, Path(tmp) / "serve.log", env={"COURTCARD_DATA": str(keys)})
        client = server.client()
        try:
            api.wait_ready()  # on another free port if the one picked is taken before it binds it
            return poll_desk(api.url, load_or_create_director_key(keys), client, tables, polls)
        finally:
            client.close()
            api.stop()
            server.stop()


def poll_desk(base: str, key: str, client, tables: int, polls: int) -> dict:
    session = requests.Session()
    games = [new_table(session, base) for _ in range(tables)]
    desk = {"Authorization": f"Bearer {key}"}
    first = session.get(f"{base}/director/tables", headers=desk)
    shown = [table["game_id"] for table in first.json()["tables"]]
    assert first.json()["in_progress"] == tables and shown == [game_id for game_id, _act in games[:len(shown)]], first.text
    etag = first.headers["ETag"]
    for _ in range(4):  # both API processes have seen every table
        session.get(f"{base}/director/tables", headers={**desk, "If-None-Match": etag})

    def poll(expected: int) -> tuple[float, int, requests.Response]:
        took, trips, reply = measured(client, lambda: session.get(f"{base}/director/tables",
                                                                  headers={**desk, "If-None-Match": etag}))
        assert reply.status_code == expected, reply.status_code
        return took, trips, reply

    unchanged = [poll(304)[:2] for _ in range(polls)]
    changed, size = [], 0
    acts = [act for _game_id, act in games[:len(shown)]]
    for i in range(polls):
        # One table logs a card and takes it back (window A), so the desk changes at every poll.
        if i % 2 == 0:
            acts[i // 2 % len(acts)]("play", seat=0, card="4C")
        else:
            acts[i // 2 % len(acts)]("take_back", seat=0)
        took, trips, reply = poll(200)
        changed.append((took, trips))
        etag, size = reply.headers["ETag"], len(reply.content)
    store = EventStore(client)
    one_by_one = [measured(client, lambda: [store.head(game_id) for game_id in shown])[:2] for _ in range(polls)]
    batched = [measured(client, lambda: store.heads(shown))[:2] for _ in range(polls)]
    return {"tables": tables, "shown": len(shown), "polls": polls,
            "unchanged_polls_s": rate(unchanged), "unchanged_round_trips": trips_per_poll(unchanged),
            "changed_polls_s": rate(changed), "changed_round_trips": trips_per_poll(changed), "changed_bytes": size,
            "heads_one_by_one_s": rate(one_by_one), "heads_one_by_one_round_trips": trips_per_poll(one_by_one),
            "heads_batched_s": rate(batched), "heads_batched_round_trips": trips_per_poll(batched)}


def new_table(session: requests.Session, base: str):
    """A blind Queen's Dungeon game dealt, with three spades played: (its id, a function that logs an action)."""
    body = session.post(f"{base}/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                                "options": {"first_dealer": 0}, "record": "blind"}).json()
    auth = {"Authorization": f"Bearer {body['token']}"}

    def act(action: str, **fields) -> None:
        session.post(f"{base}/games/{body['game_id']}/actions", json={"action": action, **fields},
                     headers=auth).raise_for_status()

    act("call_trump", seat=0, suit="H")
    act("deal")
    for seat, card in enumerate(OPENING, 1):
        act("play", seat=seat, card=card)
    return body["game_id"], act


def reads(client) -> int:
    """The reads the store's server has served: one per round trip of any client (a pipeline is one)."""
    return client.info("stats")["total_reads_processed"]


def measured(client, call):
    """(seconds, round trips the store served, result) of one ``call()``."""
    before = reads(client)
    started = time.perf_counter()
    result = call()
    took = time.perf_counter() - started
    return took, reads(client) - before - 1, result  # less the INFO that read the count after


def rate(samples: list[tuple[float, int]]) -> float:
    return round(len(samples) / sum(took for took, _trips in samples), 1)


def trips_per_poll(samples: list[tuple[float, int]]) -> float:
    return statistics.median(trips for _took, trips in samples)


if __name__ == "__main__":
    main()
