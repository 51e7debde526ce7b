"""Tampering: an event altered, removed or reordered, in the stream or in an exported file, is
detected, and the report names the first bad version."""

from __future__ import annotations

import json

import pytest
from store_samples import NoteTaken, notes

from events.chain import head_record, verify_envelopes, verify_lines
from events.envelope import envelope_hash

GAME = "g1"
KEY = "courtcard:{g1}:events"


@pytest.fixture
def recorded(store):
    """A game of 6 events; returns the stored documents as dicts, in order."""
    store.append(GAME, notes(3), 0, "ann")
    store.append(GAME, notes(3, 3), 3, "bob")
    return [e.to_dict() for e in store.read(GAME)]


def _rewrite_stream(redis_client, docs: list[dict]) -> None:
    """Replace the game's stream with ``docs`` at positions 1..n (what an intruder with write
    access to Redis could do; streams cannot be edited in place)."""
    redis_client.delete(KEY)
    for position, doc in enumerate(docs, 1):
        redis_client.xadd(KEY, {"e": json.dumps(doc)}, id=f"0-{position}")


def _export(store) -> list[str]:
    version, hash_ = store.head(GAME)
    lines = [json.dumps(e.to_dict()) for e in store.read(GAME)]
    return lines + [json.dumps(head_record(GAME, version, hash_))]


def test_untouched_game_verifies(store, recorded):
    report = store.verify(GAME)
    assert report.ok and report.count == 6 and report.first_bad_version is None
    assert report.head_hash == recorded[-1]["hash"]


def test_altered_event_in_the_stream_is_named(store, redis_client, recorded):
    recorded[3]["payload"]["text"] = "rewritten"
    _rewrite_stream(redis_client, recorded)
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == 4
    assert "altered" in report.reason


def test_altered_event_with_recomputed_hash_breaks_the_next_link(store, redis_client, recorded):
    from events.envelope import envelope_hash

    recorded[1]["actor"] = "mallory"
    recorded[1]["hash"] = envelope_hash(recorded[1])
    _rewrite_stream(redis_client, recorded)
    assert store.verify(GAME).first_bad_version == 3


def test_removed_event_in_the_stream_is_named(store, redis_client, recorded):
    redis_client.xdel(KEY, "0-2")
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == 2


def test_removed_last_event_is_caught_by_the_head(store, redis_client, recorded):
    redis_client.xdel(KEY, "0-6")
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == 6


def test_reordered_events_in_the_stream_are_named(store, redis_client, recorded):
    recorded[2], recorded[3] = recorded[3], recorded[2]
    _rewrite_stream(redis_client, recorded)
    report = store.verify(GAME)
    assert not report.ok and report.first_bad_version == 3


def test_unreadable_entry_in_the_stream_is_named(store, redis_client, recorded):
    redis_client.delete(KEY)
    for position, doc in enumerate(recorded, 1):
        redis_client.xadd(KEY, {"e": "{garbage" if position == 5 else json.dumps(doc)}, id=f"0-{position}")
    assert store.verify(GAME).first_bad_version == 5


def test_export_verifies_offline(store, recorded):
    report = verify_lines(_export(store))
    assert report.ok and report.count == 6


def test_altered_event_in_an_export_is_named(store, recorded):
    lines = _export(store)
    doc = json.loads(lines[4])
    doc["payload"]["seat"] = 3 - doc["payload"]["seat"]
    lines[4] = json.dumps(doc)
    report = verify_lines(lines)
    assert not report.ok and report.first_bad_version == 5


def test_removed_event_in_an_export_is_named(store, recorded):
    lines = _export(store)
    del lines[1]
    assert verify_lines(lines).first_bad_version == 2


def test_removed_final_events_in_an_export_are_caught_by_the_head_line(store, recorded):
    lines = _export(store)
    del lines[4:6]
    report = verify_lines(lines)
    assert not report.ok and report.first_bad_version == 5


def test_export_without_its_head_line_does_not_verify(store, recorded):
    report = verify_lines(_export(store)[:-1])
    assert not report.ok and "head" in report.reason


def test_reordered_events_in_an_export_are_named(store, recorded):
    lines = _export(store)
    lines[0], lines[1] = lines[1], lines[0]
    assert verify_lines(lines).first_bad_version == 1


def test_garbage_line_in_an_export_is_named(store, recorded):
    lines = _export(store)
    lines[2] = "not json at all"
    assert verify_lines(lines).first_bad_version == 3


def test_events_of_another_game_spliced_in_are_named(store, recorded):
    store.append("g2", notes(2), 0, "ann")
    other = [e.to_dict() for e in store.read("g2")]
    assert verify_envelopes(recorded[:1] + other[1:]).first_bad_version == 2


def test_verify_accepts_envelopes_as_well_as_dicts(store, recorded):
    assert verify_envelopes(list(store.read(GAME)), head=store.head(GAME)).ok


# -- one pass: the chain verified and the events decoded together --------------------------------


def test_read_verified_returns_an_untouched_record_whole_and_typed(store, recorded):
    record = store.read_verified(GAME)
    assert record.report == store.verify(GAME) and record.report.ok
    assert record.head == store.head(GAME) and record.error is None
    assert record.envelopes == list(store.read(GAME))
    assert [e.event for e in record.envelopes] == notes(6)


def test_read_verified_crosses_page_boundaries(make_store):
    store = make_store(page_size=4)
    store.append(GAME, notes(10), 0, "ann")
    record = store.read_verified(GAME)
    assert record.report.ok and [e.version for e in record.envelopes] == list(range(1, 11))


def test_read_verified_of_an_altered_event_stops_before_it(store, redis_client, recorded):
    recorded[3]["payload"]["text"] = "rewritten"
    _rewrite_stream(redis_client, recorded)
    record = store.read_verified(GAME)
    assert record.report == store.verify(GAME)
    assert record.report.first_bad_version == 4 and "altered" in record.report.reason
    assert [e.version for e in record.envelopes] == [1, 2, 3]


def test_read_verified_of_reordered_events_stops_at_the_first_out_of_place(store, redis_client, recorded):
    recorded[2], recorded[3] = recorded[3], recorded[2]
    _rewrite_stream(redis_client, recorded)
    record = store.read_verified(GAME)
    assert record.report.first_bad_version == 3 and [e.version for e in record.envelopes] == [1, 2]


def test_read_verified_of_a_removed_last_event_is_caught_by_the_head(store, redis_client, recorded):
    redis_client.xdel(KEY, "0-6")
    record = store.read_verified(GAME)
    assert record.report.first_bad_version == 6 and len(record.envelopes) == 5


def test_read_verified_with_a_head_hash_that_differs_condemns_the_last_event(store, redis_client, recorded):
    redis_client.hset("courtcard:{g1}:ids", "", f"6:{'f' * 64}")
    record = store.read_verified(GAME)
    assert not record.report.ok and record.report.first_bad_version == 6
    assert [e.version for e in record.envelopes] == [1, 2, 3, 4, 5]


def test_read_verified_stops_decoding_at_an_event_that_chains_but_cannot_be_decoded(store, redis_client, recorded):
    # An unknown type hashed into the chain: the chain holds, the typed record stops before it.
    recorded[4]["type"] = "NeverRegistered"
    previous = recorded[3]["hash"]
    for doc in recorded[4:]:
        doc["prev_hash"] = previous
        doc["hash"] = envelope_hash(doc)
        previous = doc["hash"]
    redis_client.hset("courtcard:{g1}:ids", "", f"6:{previous}")
    _rewrite_stream(redis_client, recorded)
    record = store.read_verified(GAME)
    assert record.report.ok and record.report.count == 6
    assert record.error is not None and record.error.version == 5
    assert [e.event for e in record.envelopes] == [NoteTaken(f"note {i}", i % 4) for i in range(4)]


def test_read_verified_names_an_unreadable_entry_and_returns_nothing_from_it_on(store, redis_client, recorded):
    redis_client.delete(KEY)
    for position, doc in enumerate(recorded, 1):
        redis_client.xadd(KEY, {"e": "{garbage" if position == 5 else json.dumps(doc)}, id=f"0-{position}")
    record = store.read_verified(GAME)
    assert record.report.first_bad_version == 5 and len(record.envelopes) == 4
