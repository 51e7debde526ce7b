"""Appending: atomic, gap-free, idempotent on event ids, refused on a stale version."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from events.envelope import GENESIS_HASH
from events.errors import ConcurrencyError, DuplicateEventIdError
from events.registry import EventRegistry, EventTypeError
from events.store import EventStore

from store_samples import HandDealt, NoteTaken, ScoreRecorded, notes


def test_appended_events_read_back_as_the_same_typed_events(store):
    events = [NoteTaken("opening lead", 1), ScoreRecorded(2, 40, 5), HandDealt((("QS", "KH"), ("2C",)), 3, tags=["x"])]
    result = store.append("g1", events, expected_version=0, actor="ann")

    read = list(store.read("g1"))
    assert [e.event for e in read] == events
    assert read == result.envelopes
    assert [e.actor for e in read] == ["ann"] * 3
    assert all(e.recorded_at.endswith("Z") for e in read)


def test_versions_run_from_one_without_gaps_across_batches(store):
    version = 0
    for size in (1, 3, 2, 5):
        version = store.append("g1", notes(size, version), version, "ann").version
    assert version == 11
    assert [e.version for e in store.read("g1")] == list(range(1, 12))
    assert store.version("g1") == 11


def test_each_event_carries_the_previous_events_hash(store):
    store.append("g1", notes(3), 0, "ann")
    first, second, third = store.read("g1")
    assert first.prev_hash == GENESIS_HASH
    assert second.prev_hash == first.hash and third.prev_hash == second.hash
    assert third.computed_hash() == third.hash
    assert store.head("g1") == (3, third.hash)


def test_retry_with_the_same_event_ids_appends_nothing_and_returns_the_originals(store):
    first = store.append("g1", notes(2), 0, "ann", event_ids=["a", "b"])
    store.append("g1", notes(1, 2), 2, "bob")

    retry = store.append("g1", notes(2), 0, "ann", event_ids=["a", "b"])

    assert retry.duplicate and not first.duplicate
    assert retry.version == 2
    assert retry.envelopes == first.envelopes
    assert [e.event for e in retry.envelopes] == notes(2)
    assert store.version("g1") == 3


def test_reused_event_id_with_other_content_is_refused(store):
    store.append("g1", notes(1), 0, "ann", event_ids=["a"])
    with pytest.raises(DuplicateEventIdError) as caught:
        store.append("g1", [NoteTaken("something else", 0)], 1, "ann", event_ids=["a"])
    assert caught.value.event_id == "a" and caught.value.version == 1
    assert store.version("g1") == 1


def test_batch_mixing_recorded_and_new_event_ids_is_refused_whole(store):
    store.append("g1", notes(1), 0, "ann", event_ids=["a"])
    with pytest.raises(DuplicateEventIdError):
        store.append("g1", notes(2), 1, "ann", event_ids=["a", "b"])
    assert store.version("g1") == 1


def test_stale_expected_version_raises_with_the_current_version(store):
    store.append("g1", notes(3), 0, "ann")
    with pytest.raises(ConcurrencyError) as caught:
        store.append("g1", notes(1, 3), 1, "bob")
    assert (caught.value.game_id, caught.value.expected, caught.value.current) == ("g1", 1, 3)
    assert store.version("g1") == 3


def test_new_game_expected_at_version_zero_conflicts_when_it_exists(store):
    store.append("g1", notes(1), 0, "ann")
    with pytest.raises(ConcurrencyError) as caught:
        store.append("g1", notes(1, 1), 0, "bob")
    assert caught.value.current == 1


def test_batch_with_an_invalid_event_writes_nothing(store):
    bad = NoteTaken("fine text", "not a seat")  # type: ignore[arg-type]
    with pytest.raises(EventTypeError):
        store.append("g1", [NoteTaken("ok", 1), bad], 0, "ann")
    assert store.version("g1") == 0
    assert not store.exists("g1")
    assert list(store.read("g1")) == []


def test_refused_batch_leaves_no_trace(store, redis_client):
    store.append("g1", notes(2), 0, "ann")
    before = {key: redis_client.dump(key) for key in redis_client.keys("*")}
    with pytest.raises(ConcurrencyError):
        store.append("g1", notes(5, 2), 1, "bob")
    assert {key: redis_client.dump(key) for key in redis_client.keys("*")} == before


def test_unregistered_event_class_is_refused(store):
    class Stray:
        pass

    with pytest.raises(EventTypeError):
        store.append("g1", [Stray()], 0, "ann")


def test_append_chains_onto_a_head_written_by_another_store(store, make_store):
    other = make_store()
    store.append("g1", notes(1), 0, "ann")
    other.append("g1", notes(1, 1), 1, "bob")  # store's remembered head is now stale

    assert store.append("g1", notes(1, 2), 2, "ann").version == 3
    assert store.verify("g1").ok


def test_games_are_listed_in_creation_order_page_by_page(store):
    for name in ("g3", "g1", "g2", "g5", "g4"):
        store.append(name, notes(1), 0, "ann")
    store.append("g1", notes(1, 1), 1, "ann")  # appending more does not list a game again

    pages, cursor = [], None
    while page := store.games_after(cursor, 2):
        pages.append([game for _entry, game in page])
        cursor = page[-1][0]
    assert pages == [["g3", "g1"], ["g2", "g5"], ["g4"]]


def test_unknown_game_has_version_zero(store):
    assert store.version("nope") == 0
    assert not store.exists("nope")


@pytest.mark.parametrize("game_id", ["", "a{b", "x}y"])
def test_game_ids_that_would_break_hash_tags_are_refused(store, game_id):
    with pytest.raises(ValueError):
        store.append(game_id, notes(1), 0, "ann")


def test_event_ids_in_one_batch_must_be_distinct(store):
    with pytest.raises(ValueError):
        store.append("g1", notes(2), 0, "ann", event_ids=["a", "a"])


def test_find_events_returns_recorded_ids_in_the_order_asked(store):
    store.append("g1", notes(3), 0, "ann", event_ids=["a", "b", "c"])
    found = store.find_events("g1", ["c", "nope", "a"])
    assert [(e.event_id, e.version) for e in found] == [("c", 3), ("a", 1)]
    assert store.find_events("g1", ["nope"]) == []
    assert store.find_events("other", ["a"]) == []


def test_batch_longer_than_one_lua_slice_is_recorded_whole_and_retried_whole(store):
    ids = [f"id{i}" for i in range(2500)]
    first = store.append("g1", notes(2500), 0, "ann", event_ids=ids)
    retry = store.append("g1", notes(2500), 0, "ann", event_ids=ids)
    assert first.version == 2500 and store.head("g1") == (2500, first.envelopes[-1].hash)
    assert retry.duplicate and retry.envelopes == first.envelopes
    assert store.verify("g1").ok


def test_find_events_never_takes_the_head_for_an_event(store):
    store.append("g1", notes(1), 0, "ann", event_ids=["a"])
    assert store.find_events("g1", ["", "a"]) == store.find_events("g1", ["a"])


def test_payload_that_has_no_canonical_json_is_refused_before_anything_is_written(store):
    registry = EventRegistry()

    @registry.event_type("Remarked")
    @dataclass(frozen=True)
    class Remarked:
        detail: Any

    odd = EventStore(store.redis, registry=registry)
    with pytest.raises(EventTypeError, match="canonical JSON"):
        odd.append("g1", [Remarked({1: "a number as a key"})], 0, "ann")
    assert odd.version("g1") == 0


def test_append_loads_its_script_again_after_the_server_forgot_it(store, redis_client):
    store.append("g1", notes(1), 0, "ann")
    redis_client.script_flush()  # as after a server restart
    assert store.append("g1", notes(1, 1), 1, "ann").version == 2
    assert store.verify("g1").ok
