"""The stored form: each event keeps only what cannot be derived, and reads back as the envelope it
was, from any version; tampering with it is named; records written in the earlier form (each
envelope whole, an index record per event, a requests hash) still read, verify, answer retries and
take new events."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle

import orjson
import pytest
from store_samples import NoteTaken, notes

from events.envelope import GENESIS_HASH, envelope_hash
from events.envelope_decoder import EnvelopeDecoder
from events.errors import CorruptEventError, DuplicateEventIdError
from events.store import ANOTHER_REQUEST
from events.store_reads import as_sent
from events.stored_form import EntryReader

GAME = "g1"
STREAM, INDEX, REQUESTS = "courtcard:{g1}:events", "courtcard:{g1}:ids", "courtcard:{g1}:requests"


def _entries(redis_client) -> list[bytes]:
    return [fields[b"e"] for _id, fields in redis_client.xrange(STREAM)]


def _rewrite(redis_client, entries: list[bytes]) -> None:
    redis_client.delete(STREAM)
    for version, entry in enumerate(entries, 1):
        redis_client.xadd(STREAM, {"e": entry}, id=f"0-{version}")


def test_an_entry_keeps_neither_game_id_nor_version_nor_prev_hash_nor_a_numbered_event_id(store, redis_client):
    first, second = store.append(GAME, notes(2), 0, "ann", command_id="action:k").envelopes
    head, follower = _entries(redis_client)
    assert head[1:33] == bytes.fromhex(first.hash) and follower[1:33] == bytes.fromhex(second.hash)
    # Payload values by position, in the order of their sorted field names (seat, text).
    assert orjson.loads(follower[36:]) == [1, 1, "note 1"]
    assert orjson.loads(head[36:])[1:] == ["ann", "action:k", 0, 0, "note 0"]
    assert type(orjson.loads(head[36:])[0]) is int  # the recorded time, in microseconds
    for text in (b"g1", first.hash.encode(), b"action:k#", first.recorded_at[:10].encode(), b"NoteTaken", b"seat"):
        assert text not in head[33:] and text not in follower[33:]
    # The hash is the envelope's as ever: over its logical fields.
    assert envelope_hash(second.to_dict()) == second.hash and second.prev_hash == first.hash


def test_a_random_command_id_is_stored_as_raw_bytes_and_indexed_by_them(store, redis_client):
    command_id = "action:" + "5a" * 16
    first = store.append(GAME, notes(2), 0, "ann", command_id=command_id).envelopes[0]
    head, _follower = _entries(redis_client)
    assert head[36:52] == b"\x5a" * 16 and command_id.encode() not in head and first.command_id == command_id
    assert redis_client.hgetall(INDEX) == {b"": f"2:{store.head(GAME)[1]}".encode()}  # the head alone
    assert redis_client.hgetall(store._bucket_key(GAME, "action:a")) == {b"\x5a" * 12: b"1+2"}
    assert store.find_events(GAME, [f"{command_id}#1"]) == [store.read_page(GAME, 2, 1)[0]]


def test_one_index_record_per_append(store, redis_client):
    store.append(GAME, notes(3), 0, "ann", command_id="action:a")
    store.append(GAME, notes(2, 3), 3, "ann", command_id="action:b")
    assert redis_client.hgetall(INDEX) == {b"": f"5:{store.head(GAME)[1]}".encode(), b"action:a#0": b"1+3",
                                           b"action:b#0": b"4+2"}


@pytest.mark.parametrize("start", range(1, 10))
def test_reading_from_any_version_gives_the_envelopes_as_appended(make_store, start):
    store = make_store(page_size=2)
    appended = []
    for size in (1, 4, 3, 1):
        appended += store.append(GAME, notes(size, len(appended)), len(appended), "ann").envelopes
    assert list(store.read(GAME, from_version=start)) == appended[start - 1:]
    assert store.read_page(GAME, start, 2) == appended[start - 1:start + 1]
    assert store.head_and_after(GAME, start - 1)[1] == appended[start - 1:]
    assert make_store().tail(GAME, start - 1, 100) == appended[start - 1:]


def test_events_of_one_command_are_found_by_their_numbered_ids(store):
    store.append(GAME, notes(1), 0, "ann", command_id="action:a")
    appended = store.append(GAME, notes(3, 1), 1, "ann", command_id="action:b").envelopes
    found = store.find_events(GAME, ["action:b#2", "action:b#3", "action:b#0", "action:a#1"])
    assert found == [appended[2], appended[0]]


def test_a_command_appended_again_is_a_retry_of_it(store):
    first = store.append(GAME, notes(2), 0, "ann", command_id="create:x")
    again = store.append(GAME, notes(2), 0, "ann", command_id="create:x")
    assert again.duplicate and again.envelopes == first.envelopes and store.version(GAME) == 2
    with pytest.raises(DuplicateEventIdError):
        store.append(GAME, notes(3), 2, "ann", command_id="create:x")  # its ids #0, #1 and a new #2
    with pytest.raises(DuplicateEventIdError):
        store.append(GAME, [NoteTaken("other", 0)], 2, "ann", event_ids=["create:x#0"])


def test_an_id_given_outright_cannot_take_a_numbered_id_of_an_earlier_command(store):
    store.append(GAME, notes(3), 0, "ann", command_id="action:a")
    with pytest.raises(DuplicateEventIdError) as caught:
        store.append(GAME, notes(1, 3), 3, "bob", event_ids=["action:a#2"])
    assert caught.value.version == 3 and store.version(GAME) == 3


def test_a_request_named_by_its_command_id_is_recorded_in_the_commands_index_record(store, redis_client):
    digest = hashlib.sha256(b"what was asked").hexdigest()
    store.append(GAME, notes(2), 0, "ann", command_id="action:k", request=("action:k", digest))
    assert not redis_client.exists(REQUESTS)
    assert store.recorded_request(GAME, "action:k") == digest
    retry = store.append(GAME, notes(2), 2, "ann", command_id="action:k", request=("action:k", "0" * 64))
    assert retry.request_seen == digest and store.version(GAME) == 2
    # A request named otherwise keeps a record of its own.
    store.append(GAME, notes(1, 2), 2, "ann", command_id="action:m", request=("route m", "d1"))
    assert store.recorded_request(GAME, "route m") == "d1" and store.recorded_request(GAME, "nope") is None


def _altered_payload(entry: bytes) -> bytes:
    return entry.replace(b'"note ', b'"rewritten ')


@pytest.mark.parametrize(("tamper", "bad_version"), [
    (lambda entries: entries.__setitem__(3, _altered_payload(entries[3])), 4),  # a follower's payload
    (lambda entries: entries.__setitem__(0, _altered_payload(entries[0])), 1),  # a run's first entry
    (lambda entries: entries.__setitem__(4, entries[4][:1] + bytes([entries[4][1] ^ 1]) + entries[4][2:]), 5),  # a stored hash
    (lambda entries: entries.__setitem__(3, entries[3].replace(b"\x03ann", b"\x03eve")), 4),  # who logged it
    (lambda entries: entries.insert(2, entries.pop(3)), 3),  # reordered
    (lambda entries: entries.pop(3), 4),  # a run's first entry removed: its follower is out of place
    (lambda entries: entries.__setitem__(2, b"[garbage"), 3),
])
def test_tampering_with_the_stored_form_is_named_at_its_version(store, redis_client, tamper, bad_version):
    store.append(GAME, notes(3), 0, "ann")
    store.append(GAME, notes(3, 3), 3, "ann")
    entries = _entries(redis_client)
    tamper(entries)
    _rewrite(redis_client, entries)
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == bad_version
    record = store.read_verified(GAME)
    assert record.report == report and len(record.envelopes) == bad_version - 1


# -- records written in the earlier form ------------------------------------------------------


def _write_in_the_earlier_form(redis_client, store, count: int) -> list[dict]:
    """A game as the store wrote it before the stored form: each envelope whole as JSON, an index
    record "version:content digest" per event id, and each request in the requests hash."""
    docs, prev = [], GENESIS_HASH
    for version, event in enumerate(notes(count), 1):
        name, schema_version, payload = store.registry.encode(event)
        doc = {"event_id": f"action:k{version}#0", "game_id": GAME, "version": version, "type": name,
               "schema_version": schema_version, "payload": payload, "recorded_at": "2026-01-01T00:00:00.000000Z",
               "actor": "ann", "prev_hash": prev, "command_id": f"action:k{version}"}
        doc["hash"] = prev = envelope_hash(doc)
        content = hashlib.sha256(orjson.dumps([name, schema_version, payload], option=orjson.OPT_SORT_KEYS)).hexdigest()
        redis_client.xadd(STREAM, {"e": json.dumps(doc)}, id=f"0-{version}")
        redis_client.hset(INDEX, mapping={doc["event_id"]: f"{version}:{content}", "": f"{version}:{prev}"})
        redis_client.hset(REQUESTS, f"action k{version}", f"digest {version}")
        docs.append(doc)
    return docs


def test_a_record_in_the_earlier_form_reads_verifies_and_takes_new_events(store, redis_client):
    docs = _write_in_the_earlier_form(redis_client, store, 4)
    assert [e.to_dict() for e in store.read(GAME)] == docs
    assert store.verify(GAME).ok

    added = store.append(GAME, notes(3, 4), 4, "bob", command_id="action:new").envelopes
    assert added[0].prev_hash == docs[-1]["hash"]
    assert store.verify(GAME).ok and store.read_verified(GAME).envelopes == list(store.read(GAME))
    assert [e.event for e in store.read(GAME, from_version=3)] == notes(5)[2:] + notes(2, 5)
    assert store.find_events(GAME, ["action:k2#0", "action:new#1"]) == [store.read_page(GAME, 2, 1)[0], added[1]]


def test_retries_of_appends_recorded_in_the_earlier_form_are_still_recognised(store, redis_client):
    _write_in_the_earlier_form(redis_client, store, 3)
    retry = store.append(GAME, notes(1, 1), 1, "ann", event_ids=["action:k2#0"], command_id="action:k2")
    assert retry.duplicate and retry.envelopes == store.read_page(GAME, 2, 1)
    with pytest.raises(DuplicateEventIdError):
        store.append(GAME, [NoteTaken("other", 0)], 3, "ann", event_ids=["action:k2#0"])
    # A request whose events are recorded with other content reused its key for another request.
    reused = store.append(GAME, [NoteTaken("other", 0)], 3, "ann", event_ids=["action:k2#0"], command_id="action:k2",
                          request=("action:k2", hashlib.sha256(b"other").hexdigest()))
    assert reused.request_seen == ANOTHER_REQUEST and not reused.envelopes and store.version(GAME) == 3
    assert store.recorded_request(GAME, "action k3") == "digest 3"
    seen = store.append(GAME, notes(1, 3), 3, "ann", request=("action k3", "another digest"))
    assert seen.request_seen == "digest 3" and store.version(GAME) == 3


def test_a_payload_reads_back_with_its_keys_in_canonical_order_as_an_imported_one_does(store):
    store.append(GAME, [NoteTaken("opening lead", 1)], 0, "ann")  # fields: text, then seat
    assert list(store.read_page(GAME, 1, 1)[0].payload) == ["seat", "text"]


# -- the replay's one-pass reading ------------------------------------------------------------


def test_a_replay_types_each_entry_in_one_pass_exactly_as_the_careful_reader_does(store, redis_client):
    """EntryReader.envelopes types RUN and FOLLOWER entries of a loadable type itself and gives
    the envelope that fields() then the decoder give, chained the same way; anything else it
    leaves to the careful reader, which names the fault."""
    store.append(GAME, notes(3), 0, "ann", command_id="action:" + "5a" * 16)  # a RUN, two FOLLOWERs
    store.append(GAME, notes(2, 3), 3, "bob", event_ids=["mine", "yours"])  # OWN entries
    store.append(GAME, notes(2, 5), 5, "eve")  # a RUN with no scope, a FOLLOWER
    entries = _entries(redis_client)
    entries[6] = entries[6].replace(b',"note 6"]', b',6]')  # a follower whose text is not text
    _rewrite(redis_client, entries)
    sent = as_sent(redis_client.xrange(STREAM))
    fast, careful = EntryReader(GAME), EntryReader(GAME)
    decoder = EnvelopeDecoder(store.registry)
    left = []

    def carefully(entry_id, value, version):  # the reader hands over chained as the careful one is
        assert (fast.prev, fast.run) == (careful.prev, careful.run)
        left.append(version)
        return decoder.parsed(GAME, version, fast.fields(entry_id, value))

    with pytest.raises(CorruptEventError, match="text"):  # the careful reader names the fault
        for version, envelope in enumerate(fast.envelopes(sent, 1, decoder, carefully), 1):
            entry_id, (_e, value) = sent[version - 1]
            expected = decoder.parsed(GAME, version, careful.fields(entry_id, value))
            assert envelope == expected and envelope.event == expected.event
    assert left == [4, 5, 7]
    read = []
    with pytest.raises(CorruptEventError, match="text") as caught:
        read.extend(store.read(GAME))
    assert caught.value.version == 7 and [e.version for e in read] == [1, 2, 3, 4, 5, 6]


def test_a_replayed_envelope_reads_its_recorded_fields_from_the_entry_only_when_asked(store, redis_client):
    """A replay builds each envelope with its event, version and game id; the other recorded
    fields come from the stored entry on first use, the same as a careful read gives, and a copy
    or a pickle holds them all."""
    store.append(GAME, notes(3), 0, "ann", command_id="action:" + "5a" * 16)
    envelopes = list(store.read(GAME))
    assert all(set(vars(e)) == {"game_id", "version", "event", "_lazy"} for e in envelopes)
    decoder, careful = EnvelopeDecoder(store.registry), EntryReader(GAME)
    for version, (entry_id, fields) in enumerate(redis_client.xrange(STREAM), 1):
        expected = decoder.parsed(GAME, version, careful.fields(entry_id, fields[b"e"]))
        envelope = envelopes[version - 1]
        assert envelope.payload == expected.payload and "_lazy" not in vars(envelope)
        assert vars(envelope) == vars(expected)
    fresh = list(store.read(GAME))
    assert pickle.loads(pickle.dumps(fresh[1])) == envelopes[1] and copy.deepcopy(fresh[0]) == envelopes[0]
    assert "_lazy" not in vars(pickle.loads(pickle.dumps(fresh[2])))


def test_a_replayed_envelope_holds_its_stored_entry_not_its_parsed_values(store):
    """Until a recorded field other than its event is asked for, a replayed envelope holds only
    the stored bytes that field comes from (its entry, the one before, its run's first) and ints:
    no list or dict of parsed values, which a long game's replay would otherwise keep alive, one
    per event, for fields it never reads."""
    store.append(GAME, notes(3), 0, "ann", command_id="action:" + "5a" * 16)
    store.append(GAME, notes(2, 3), 3, "bob")
    envelopes = list(store.read(GAME))
    held = [part for envelope in envelopes for part in vars(envelope)["_lazy"][1:]]
    nested = [item for part in held if type(part) is tuple for item in part]
    assert {type(part) for part in held + nested} <= {bytes, str, int, tuple, type(None)}
    assert [e.payload for e in envelopes] == [{"seat": i % 4, "text": f"note {i}"} for i in range(5)]
