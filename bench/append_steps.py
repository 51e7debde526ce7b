"""Where a play's append spends the client's time: its steps, each timed alone, no server needed.

    .venv/bin/python bench/append_steps.py [--plays 20000] [--runs 5]

A play is what a table logs: one event of a command with a random id, appended to a game that has
events (``events.store.EventStore.append``, the path ``bench/store.py`` times against XADD). The
events are ``bench/store.py``'s (the first 1,000 of a random 4-player Queen's Dungeon game), one
per play in turn. Each line is the best of ``--runs`` runs of ``--plays`` calls of one step, in
microseconds of this process's CPU a call (so other work on the machine moves it less than wall
time):

- ``encode``: the typed event to its type, schema version and payload (``registry.encode``)
- ``clock``: the recorded time, as text and as the code it is stored as
  (``events.batch_builder.recorded_now``)
- ``build``: the play's batch: its hash (one SHA-256 of canonical JSON), its stored entry, its
  envelope and the script's arguments (``events.batch_builder.play``)
- ``pack``: the script's call packed into the bytes sent (``events.script_lane.ScriptLane.pack``)
- ``append``: ``store.append`` of a play whole, with the script's round trip replaced by a
  stand-in that answers the new version: every step above and the store's own work, no I/O

So ``append`` less ``encode``, ``clock`` and ``build`` is about what the store's checks, the
random command id and the reply's reading cost; the round trip itself (the lane's send and read,
and the server's time) is what ``bench/store.py`` adds on top. The last line printed is one JSON
object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis  # noqa: E402

from bench.store import GAME_EVENTS, real_events  # noqa: E402
from events.batch_builder import play, recorded_now  # noqa: E402
from events.compact_form import raw_command  # noqa: E402
from events.registry import registry  # noqa: E402
from events.script_lane import ScriptLane  # noqa: E402
from events.store import EventStore  # noqa: E402


def best_us(step, plays: int, runs: int) -> float:
    """The best of ``runs`` timings of ``step(i)`` for i in range(plays), in CPU µs a call."""
    for i in range(min(plays, 1000)):
        step(i)
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        for i in range(plays):
            step(i)
        best = min(best, time.process_time() - t0)
    return round(best / plays * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plays", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    events = real_events()
    client = redis.Redis()  # never connected: every step here is the client's own work
    store = EventStore(client, registry=registry, namespace="steps")
    store._run_append = lambda _game, _keys, script_args, _first: script_args[0] + 1  # type: ignore[method-assign]
    lane = ScriptLane.of(client, store._append_script, 4)
    assert lane is not None
    encoded = [registry.encode(event) for event in events]
    command_id = "action:" + os.urandom(16).hex()
    raw = raw_command(command_id)
    assert raw is not None
    text, code = recorded_now()
    head = "e" * 64

    def build(i: int):
        return play("g", 1 + i, head, "scorekeeper", text, code, command_id, raw, encoded[i % GAME_EVENTS],
                    events[i % GAME_EVENTS], None)

    sample = build(0)
    keys = (*store._keys("g"), store._bucket_key("g", sample.bucket))

    def append(i: int) -> None:
        store._remember("g", 1 + i, head)  # the head it chains onto, as after the play before
        store.append("g", [events[i % GAME_EVENTS]], 1 + i, "scorekeeper")

    steps = {
        "encode": lambda i: registry.encode(events[i % GAME_EVENTS]),
        "clock": lambda i: recorded_now(),
        "build": build,
        "pack": lambda i: lane.pack(keys, sample.args),
        "append": append,
    }
    result = {f"{name}_us": best_us(step, args.plays, args.runs) for name, step in steps.items()}
    for name, us in result.items():
        print(f"{name[:-3]:>8}: {us:7.2f} us a play")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
