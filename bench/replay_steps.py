"""Where a replay's time goes: the steps of reading a 1,000-event game, each timed alone.

    .venv/bin/python bench/replay_steps.py [--runs 50]

The game is ``bench/store.py``'s (the first 1,000 events of a random 4-player Queen's Dungeon
game), appended in runs of 50 to a private embedded server. Each line is the best of ``--runs``
runs of one step over the whole game, in milliseconds (CPU time of this process, so other work on
the machine moves it less than wall time), cumulative where it says so:

- ``fetch``: XRANGE of the 1,000 entries, the reply as the server sends it (what the store reads)
- ``raw``: XRANGE as redis-py parses it + orjson of each entry's JSON part (``store.py``'s raw
  baseline)
- ``code``: each entry's type code looked up (a slice and a dict lookup)
- ``parse``: each entry's JSON part sliced and parsed by orjson
- ``events``: the typed events loaded from those parsed values (the checks and the construction)
- ``decode``: the fetched entries decoded as a replay decodes them (``events.record_walk.decoded``):
  the whole decoding, envelopes included
- ``read``: ``[e.event for e in store.read(game)]``: fetch and decode, as ``store.py`` times it
- ``floor``: the least a replay into typed envelopes does, the record's checks left out: each
  entry's values parsed and loaded by its type's loader, and an envelope made around the event
  with its version and game id (what ``decode`` makes, without the checks of the entry ids, the
  runs and the text fields, and without what fills the other fields on first use)
- ``events_read``: a read into typed events with no envelopes, fetch included, that keeps the
  checks a replay needs of a sound record (each entry's one field, its type code known, a
  follower's place in its run), its steps as built-ins over lists where they can be: the fastest
  replay written here that still refuses what a replay refuses

So ``decode`` less ``code``, ``parse`` and ``events`` is about what the envelopes and the loop
cost, and ``read`` less ``fetch`` and ``decode`` what the store's paging and generators add.
``floor_ratio_vs_raw`` is ``raw`` over ``fetch`` plus ``floor``: the ratio to XRANGE + orjson
that a replay which checks nothing would reach (``read_ratio_vs_raw`` the one it reaches), and
``events_floor_ratio_vs_raw`` over ``fetch``, ``parse`` and ``events``: the ratio a replay into
typed events with neither envelopes nor checks would reach, and ``events_read_ratio_vs_raw`` over
``events_read``. The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson  # noqa: E402

from bench.store import GAME_EVENTS, real_events  # noqa: E402
from events.compact_form import CODE_END, FOLLOWER, HASH_END, RUN, json_start  # noqa: E402
from events.envelope import Envelope, WritableEnvelope  # noqa: E402
from events.envelope_decoder import EnvelopeDecoder  # noqa: E402
from events.record_walk import decoded  # noqa: E402
from events.registry import registry  # noqa: E402
from events.server import EmbeddedServer, redis_from_url  # noqa: E402
from events.store import EventStore  # noqa: E402
from events.stored_form import EntryReader  # noqa: E402


def best_ms(step, runs: int) -> float:
    """The best of ``runs`` timings of ``step()``, in CPU milliseconds."""
    step()
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        step()
        times.append(time.process_time() - t0)
    return round(min(times) * 1000, 3)


def unchecked(game_id: str, entries: list, typed: dict) -> list[Envelope]:
    """The floor: the envelopes of ``entries`` (a sound form-3 record from version 1, every type
    code known to ``typed``) made as the replay's inner loop makes them, with no check at all."""
    made, loads, new = [], orjson.loads, object.__new__
    for version, (_entry_id, (_name, value)) in enumerate(entries, 1):
        spec = typed[value[HASH_END:CODE_END]]
        if value[0] == FOLLOWER:
            event = spec[6](loads(value[CODE_END:]))
        else:
            event = spec[5](loads(value[json_start(value):]))
        envelope = new(WritableEnvelope)
        envelope.game_id, envelope.version, envelope.event = game_id, version, event
        envelope.__class__ = Envelope
        made.append(envelope)
    return made


def typed_events(entries: list, typed: dict) -> list[object] | None:
    """The typed events of ``entries`` (a record from version 1, as the server sends it), with
    the checks a replay needs of a sound record; None (or the error, as a replay's inner loop
    raises it) at the first that fails them, where a replay would read that entry carefully."""
    values = [fields[1] for _entry_id, fields in entries if len(fields) == 2 and fields[0] == b"e"]
    specs = [typed.get(value[HASH_END:CODE_END]) for value in values]
    if len(values) != len(entries) or None in specs or () in specs:
        return None
    docs = list(map(orjson.loads, [value[CODE_END:] if value[0] == FOLLOWER else value[json_start(value):] for value in values]))
    loaders, run_version = [], None
    for version, (value, doc, spec) in enumerate(zip(values, docs, specs), 1):
        if value[0] == FOLLOWER and run_version is not None and type(doc[0]) is int and doc[0] == version - run_version:
            loaders.append(spec[6])
        elif value[0] == RUN and type(doc) is list:
            actor_at = 60 + value[59]
            value[60:actor_at].decode(), value[actor_at + 1:json_start(value)].decode()  # its scope and actor
            loaders.append(spec[5])
            run_version = version
        else:
            return None
    return list(map(_call, loaders, docs))


def _call(load, doc):
    return load(doc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="courtcard-bench-") as tmp:
        server = EmbeddedServer(tmp)
        try:
            client = redis_from_url(server.start())
            store = EventStore(client, registry=registry, namespace="steps")
            game, events = "steps-1000", real_events()
            for start in range(0, GAME_EVENTS, 50):
                store.append(game, events[start:start + 50], start, "bench")
            key = store.stream_key(game)
            entries = store._xrange(key, "-", "+", GAME_EVENTS)
            values = [fields[1] for _id, fields in entries]
            decoder = EnvelopeDecoder(registry)
            specs = [decoder.by_code(value[HASH_END:CODE_END]) for value in values]
            docs = [orjson.loads(value[json_start(value):]) for value in values]
            loaders = [spec[6] if value[0] == FOLLOWER else spec[5] for spec, value in zip(specs, values)]
            typed = decoder.typed
            steps = {
                "fetch": lambda: store._xrange(key, "-", "+", GAME_EVENTS),
                "raw": lambda: [orjson.loads(f[b"e"][json_start(f[b"e"]):]) for _i, f in client.xrange(key, "-", "+", count=GAME_EVENTS)],
                "code": lambda: [typed.get(value[HASH_END:CODE_END]) for value in values],
                "parse": lambda: [orjson.loads(value[json_start(value):]) for value in values],
                "events": lambda: [load(doc) for load, doc in zip(loaders, docs)],
                "decode": lambda: list(decoded(game, entries, 1, EntryReader(game), decoder)),
                "read": lambda: [e.event for e in store.read(game)],
                "floor": lambda: unchecked(game, entries, typed),
                "events_read": lambda: typed_events(store._xrange(key, "-", "+", GAME_EVENTS), typed),
            }
            assert [e.event for e in steps["decode"]()] == events
            assert [e.event for e in steps["floor"]()] == events
            assert steps["events_read"]() == events
            result = {f"{name}_ms": best_ms(step, args.runs) for name, step in steps.items()}
        finally:
            server.stop()
    for name, ms in result.items():
        print(f"{name[:-3]:>8}: {ms:7.3f} ms ({ms * 1000 / GAME_EVENTS:.2f} us an event)")
    result["read_ratio_vs_raw"] = round(result["raw_ms"] / result["read_ms"], 3)
    result["floor_ratio_vs_raw"] = round(result["raw_ms"] / (result["fetch_ms"] + result["floor_ms"]), 3)
    typed_alone = result["fetch_ms"] + result["parse_ms"] + result["events_ms"]
    result["events_floor_ratio_vs_raw"] = round(result["raw_ms"] / typed_alone, 3)
    result["events_read_ratio_vs_raw"] = round(result["raw_ms"] / result["events_read_ms"], 3)
    print(f"ratio to XRANGE + orjson: read {result['read_ratio_vs_raw']}; envelopes with no checks "
          f"{result['floor_ratio_vs_raw']}; typed events alone {result['events_floor_ratio_vs_raw']}, "
          f"read with their checks {result['events_read_ratio_vs_raw']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
