"""Each append records the id of the command that caused it in every envelope, under the hash;
records written before envelopes carried one still verify, read and export as they were."""

from __future__ import annotations

import json

import pytest
from store_samples import notes

from events.chain import head_record, verify_lines
from events.envelope import GENESIS_HASH, HASHED_FIELDS_V1, envelope_hash

GAME = "g1"
STREAM, INDEX = "courtcard:{g1}:events", "courtcard:{g1}:ids"


def _export(store) -> list[str]:
    version, hash_ = store.head(GAME)
    return [json.dumps(e.to_dict()) for e in store.read(GAME)] + [json.dumps(head_record(GAME, version, hash_))]


def _write_as_before_command_ids(redis_client, store, count: int) -> list[dict]:
    """A game recorded the way the store wrote envelopes before they carried a command id: the
    same keys and documents, each hashing the fields it has."""
    docs, prev = [], GENESIS_HASH
    for version, event in enumerate(notes(count), 1):
        name, schema_version, payload = store.registry.encode(event)
        doc = {"event_id": f"action:k{version}#0", "game_id": GAME, "version": version, "type": name,
               "schema_version": schema_version, "payload": payload, "recorded_at": "2026-01-01T00:00:00.000000Z",
               "actor": "ann", "prev_hash": prev}
        doc["hash"] = prev = envelope_hash(doc)
        redis_client.xadd(STREAM, {"e": json.dumps(doc)}, id=f"0-{version}")
        redis_client.hset(INDEX, mapping={doc["event_id"]: f"{version}:x", "": f"{version}:{prev}"})
        docs.append(doc)
    return docs


def test_every_event_of_one_append_records_the_command_that_caused_it(store):
    store.append(GAME, notes(3), 0, "ann", command_id="action:first")
    store.append(GAME, notes(2, 3), 3, "ann", command_id="action:second")
    assert [e.command_id for e in store.read(GAME)] == ["action:first"] * 3 + ["action:second"] * 2
    assert store.verify(GAME).ok and verify_lines(_export(store)).ok


def test_an_append_without_a_command_id_gets_one_of_its_own(store):
    first = store.append(GAME, notes(2), 0, "ann").envelopes
    second = store.append(GAME, notes(1, 2), 2, "ann").envelopes
    assert first[0].command_id and first[0].command_id == first[1].command_id != second[0].command_id


@pytest.mark.parametrize("change", [lambda doc: doc.pop("command_id"), lambda doc: doc.update(command_id="action:other")],
                         ids=["removed", "changed"])
def test_a_command_id_removed_or_changed_breaks_the_chain_at_that_event(store, redis_client, change):
    store.append(GAME, notes(3), 0, "ann", command_id="action:k")
    docs = [e.to_dict() for e in store.read(GAME)]
    change(docs[1])
    redis_client.delete(STREAM)
    for position, doc in enumerate(docs, 1):
        redis_client.xadd(STREAM, {"e": json.dumps(doc)}, id=f"0-{position}")
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == 2


def test_a_record_written_before_command_ids_verifies_reads_and_exports_as_it_was(store, redis_client):
    docs = _write_as_before_command_ids(redis_client, store, 4)
    assert all(set(doc) == set(HASHED_FIELDS_V1) | {"hash"} for doc in docs)
    assert store.verify(GAME).ok
    envelopes = list(store.read(GAME))
    assert [e.command_id for e in envelopes] == [None] * 4
    assert [e.to_dict() for e in envelopes] == docs  # exported as recorded: no command_id added
    assert verify_lines(_export(store)).ok


def test_an_old_record_imported_keeps_its_envelopes_and_verifies(store, redis_client):
    _write_as_before_command_ids(redis_client, store, 3)
    old = list(store.read(GAME))
    store.import_history("g2", [e for e in old])
    copied = list(store.read("g2"))
    assert [e.command_id for e in copied] == [None] * 3 and store.verify("g2").ok
    assert [(e.event_id, e.payload) for e in copied] == [(e.event_id, e.payload) for e in old]

