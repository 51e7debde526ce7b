"""The lean append: a batch is built with no Redis (events.batch_builder), each event is hashed once
(the chain's hash, which also names its content), and what is stored is byte for byte the form
records were already written in."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import orjson
import pytest
from store_samples import notes, sample_registry

from events.batch_builder import build_batch
from events.compact_form import GENERAL, type_code
from events.envelope import GENESIS_HASH, canonical_json, envelope_hash
from events.errors import ConcurrencyError
from events.store import EventStore
from events.stored_form import time_code

GAME = "g1"
AT = "2026-01-02T03:04:05.678901Z"


def _sha256_calls(run) -> int:
    """How many SHA-256 digests ``run()`` starts, counted by the profiler (whatever name binds it)."""
    calls = 0

    def count(_frame, event, arg):
        nonlocal calls
        if event == "c_call" and getattr(arg, "__name__", "") in ("openssl_sha256", "sha256"):
            calls += 1

    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def test_an_append_hashes_each_event_once(store):
    store.append(GAME, notes(1), 0, "ann", command_id="action:a")  # the head is known from here on
    assert _sha256_calls(lambda: store.append(GAME, notes(3, 1), 1, "ann", command_id="action:b")) == 3
    assert _sha256_calls(lambda: store.append(GAME, notes(1, 4), 4, "ann", command_id="action:c")) == 1


def test_the_batch_builder_stores_payload_values_by_position_when_they_fit_their_type():
    payloads = [{"text": "é", "seat": 1, "nested": {"b": [1.5e-7, None], "a": True}}, {"seat": 2, "text": "b"}]
    encoded = [("NoteTaken", 1, payloads[0]), ("NoteTaken", 1, payloads[1])]
    batch = build_batch(GAME, 0, GENESIS_HASH, ["ann", "ann"], [AT, AT], ["action:k#0", "action:k#1"],
                        encoded, [None, None], ["action:k", "action:k"], None)
    first, second = batch.envelopes
    # The hashes are the envelopes' as ever: SHA-256 of the canonical JSON of the logical fields.
    assert first.hash == envelope_hash(first.to_dict()) and second.hash == envelope_hash(second.to_dict())
    assert second.prev_hash == first.hash and first.payload is payloads[0]
    own, follower = [arg for arg in batch.args if isinstance(arg, bytes) and arg[:1] in (b"\x02", b"\x03")]
    assert own[:33] == b"\x02" + bytes.fromhex(first.hash) and follower[:33] == b"\x03" + bytes.fromhex(second.hash)
    # A payload with fields its type does not have keeps its keys; one that fits keeps its values.
    assert own[33:36] == GENERAL
    assert orjson.loads(own[36:]) == [time_code(AT), "ann", "action:k", 0, "NoteTaken", 1, orjson.loads(canonical_json(payloads[0]))]
    assert follower[33:36] == type_code("NoteTaken", 1, ("seat", "text")) and orjson.loads(follower[36:]) == [1, 2, "b"]


def test_a_command_with_a_random_id_is_stored_with_its_raw_bytes():
    command_id = "action:" + "ab" * 16
    batch = build_batch(GAME, 0, GENESIS_HASH, ["ann"], [AT], [f"{command_id}#0"], [("NoteTaken", 1, {"seat": 2, "text": "b"})],
                        [None], [command_id], (command_id, "cd" * 32))
    (entry,) = [arg for arg in batch.args if isinstance(arg, bytes) and arg[:1] == b"\x01"]
    assert entry[36:52] == b"\xab" * 16 and int.from_bytes(entry[52:59], "big") == time_code(AT)
    assert entry[59:70] == b"\x06action\x03ann" and orjson.loads(entry[70:]) == [2, "b"]
    # Its index record is keyed by the first 12 of the same raw bytes, in the bucket of its scope,
    # with the first 8 bytes of the request's digest.
    assert batch.bucket == "action:b" and b"\xab" * 12 in batch.args and b"1+1=" + b"\xcd" * 8 in batch.args


def test_the_batch_builder_needs_no_redis():
    code = "import sys, events.batch_builder; print(sorted(m for m in sys.modules if m.split('.')[0] == 'redis'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


#: What a new connection sends first: the append keeps a connection of its own (events.script_lane),
#: so the client's next command may open another.
_HANDSHAKE = ("hello", "client|setinfo")


def _commands(client) -> dict[str, int]:
    return {name.removeprefix("cmdstat_"): stats["calls"] for name, stats in client.info("commandstats").items()}


def test_a_play_runs_the_head_check_its_index_record_the_xadd_and_the_head_and_nothing_else(redis_server):
    """The usual path of a play's append: what a retry needs is looked up only when its index
    record is found already there."""
    client = redis_server.client()
    try:
        store = EventStore(client, registry=sample_registry, namespace="fourcommands")
        store.append(GAME, notes(1), 0, "ann")
        before = _commands(client)
        store.append(GAME, notes(1, 1), 1, "ann", command_id="action:" + "7c" * 16)
        after = _commands(client)
        inside = {name: calls - before.get(name, 0) for name, calls in after.items()
                  if calls != before.get(name, 0) and name not in ("evalsha", "info", *_HANDSHAKE)}
        assert inside == {"hmget": 1, "hsetnx": 1, "xadd": 1, "hset": 1}
        # A retry of it finds its record and is answered with the original event.
        again = store.append(GAME, notes(1, 1), 1, "ann", command_id="action:" + "7c" * 16)
        assert again.duplicate and store.version(GAME) == 2
    finally:
        client.close()


def test_a_play_is_sent_as_the_seven_values_its_usual_path_reads():
    """A play's arguments are what the script's usual path uses, no more: each costs the client
    and the server on every append."""
    command_id = "action:" + "ab" * 16
    batch = build_batch(GAME, 4, "e" * 64, ["ann"], [AT], [f"{command_id}#0"], [("NoteTaken", 1, {"seat": 2, "text": "b"})],
                        [None], [command_id], (command_id, "cd" * 32))
    (envelope,) = batch.envelopes
    assert envelope.hash == envelope_hash(envelope.to_dict()) and envelope.prev_hash == "e" * 64
    assert batch.args[:6] == [4, "4:" + "e" * 64, f"5:{envelope.hash}", b"\xab" * 12, b"5+1=" + b"\xcd" * 8, f"{command_id}#0"]
    assert len(batch.args) == 7 and batch.args[6][:33] == b"\x01" + bytes.fromhex(envelope.hash)


def test_a_play_off_its_usual_path_is_still_a_retry_a_conflict_or_a_rechain(store, make_store):
    """What the short form of a play leaves out, the script works out when its usual path misses."""
    command_id = "action:" + "5e" * 16
    digest = hashlib.sha256(b"play 5e").hexdigest()
    store.append(GAME, notes(1), 0, "ann")
    first = store.append(GAME, notes(1, 1), 1, "ann", command_id=command_id, request=(command_id, digest))
    # A retry whose head has moved on, and one decided on the head it wrote: answered by its record.
    assert store.append(GAME, notes(1, 1), 1, "ann", command_id=command_id, request=(command_id, digest)).request_seen == digest
    assert store.append(GAME, notes(1, 1), 2, "ann", command_id=command_id, request=(command_id, digest)).request_seen == digest
    assert store.append(GAME, notes(1, 1), 2, "ann", command_id=command_id).envelopes == first.envelopes
    with pytest.raises(ConcurrencyError):
        store.append(GAME, notes(1, 2), 1, "ann", command_id="action:" + "6f" * 16)
    # Another store's head, unknown to this one: chained onto again, then written.
    make_store().append(GAME, notes(1, 2), 2, "bob", command_id="action:" + "70" * 16)
    written = store.append(GAME, notes(1, 3), 3, "ann", command_id="action:" + "71" * 16)
    report = store.verify(GAME)
    assert written.version == 4 and report.ok and report.count == 4
