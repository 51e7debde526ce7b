"""Reading: pages, ranges, upcasting, live tail, and bad data reported by game and version."""

from __future__ import annotations

import json
import threading

import pytest
import redis
from store_samples import NoteTaken, ScoreRecorded, notes, sample_registry

from events.envelope import GENESIS_HASH
from events.errors import CorruptEventError
from events.store import EventStore


def _events_key(game_id: str) -> str:
    return f"courtcard:{{{game_id}}}:events"


def _store_raw(redis_client, game_id: str, version: int, document: dict | str) -> None:
    """Put a document in a stream as if the store had written it (for old or broken data)."""
    raw = document if isinstance(document, str) else json.dumps(document)
    redis_client.xadd(_events_key(game_id), {"e": raw}, id=f"0-{version}")


def test_read_crosses_page_boundaries_in_order(make_store):
    store = make_store(page_size=4)
    store.append("g1", notes(10), 0, "ann")
    assert [e.version for e in store.read("g1")] == list(range(1, 11))


def test_read_from_and_to_a_version(store):
    store.append("g1", notes(10), 0, "ann")
    assert [e.version for e in store.read("g1", from_version=4, to_version=7)] == [4, 5, 6, 7]
    assert [e.version for e in store.read("g1", from_version=9)] == [9, 10]
    assert list(store.read("g1", from_version=11)) == []


def test_read_page_returns_at_most_limit_events(store):
    store.append("g1", notes(10), 0, "ann")
    assert [e.version for e in store.read_page("g1", from_version=3, limit=4)] == [3, 4, 5, 6]


def test_old_schema_version_is_upcast_when_read(store, redis_client):
    result = store.append("g1", [ScoreRecorded(1, 10, 2)], 0, "ann")
    # Rewrite the stored event as schema version 1 (no bonus), as an older release wrote it.
    doc = result.envelopes[0].to_dict() | {"schema_version": 1, "payload": {"seat": 1, "points": 10}}
    redis_client.delete(_events_key("g1"))
    _store_raw(redis_client, "g1", 1, doc)

    (envelope,) = store.read("g1")
    assert envelope.event == ScoreRecorded(1, 10, 0)
    assert envelope.payload == {"seat": 1, "points": 10}  # the record itself is untouched


def test_tail_returns_events_appended_while_it_waits(store, make_store):
    store.append("g1", notes(2), 0, "ann")
    writer = make_store()
    timer = threading.Timer(0.2, lambda: writer.append("g1", notes(1, 2), 2, "bob"))
    timer.start()
    try:
        arrived = store.tail("g1", after_version=2, block_ms=10_000)
    finally:
        timer.join()
    assert [(e.version, e.event) for e in arrived] == [(3, notes(1, 2)[0])]


def test_tail_returns_what_is_already_there_without_waiting(store):
    store.append("g1", notes(3), 0, "ann")
    assert [e.version for e in store.tail("g1", after_version=1, block_ms=10_000)] == [2, 3]


def test_tail_returns_nothing_when_the_wait_times_out(store):
    store.append("g1", notes(1), 0, "ann")
    assert store.tail("g1", after_version=1, block_ms=50) == []


def test_unknown_event_type_names_game_and_version(store, redis_client):
    store.append("g1", notes(2), 0, "ann")
    good = store.read_page("g1", 2, 1)[0].to_dict()
    _store_raw(redis_client, "g1", 3, good | {"version": 3, "type": "NoSuchEvent"})

    with pytest.raises(CorruptEventError) as caught:
        list(store.read("g1"))
    assert (caught.value.game_id, caught.value.version) == ("g1", 3)
    assert "NoSuchEvent" in str(caught.value)


def test_malformed_payload_names_game_and_version(store, redis_client):
    store.append("g1", notes(1), 0, "ann")
    good = store.read_page("g1", 1, 1)[0].to_dict()
    _store_raw(redis_client, "g1", 2, good | {"version": 2, "payload": {"text": "x", "seat": "four"}})

    with pytest.raises(CorruptEventError) as caught:
        store.read_page("g1", 1, 10)
    assert (caught.value.game_id, caught.value.version) == ("g1", 2)
    assert "seat" in caught.value.reason


@pytest.mark.parametrize("document", ["{not json", json.dumps([1, 2]), json.dumps({"version": 1})])
def test_unreadable_envelope_names_game_and_version(store, redis_client, document):
    _store_raw(redis_client, "g1", 1, document)
    with pytest.raises(CorruptEventError) as caught:
        list(store.read("g1"))
    assert (caught.value.game_id, caught.value.version) == ("g1", 1)


def test_gap_in_the_stream_is_reported_at_the_missing_version(store, redis_client):
    store.append("g1", notes(3), 0, "ann")
    redis_client.xdel(_events_key("g1"), "0-2")
    with pytest.raises(CorruptEventError) as caught:
        list(store.read("g1"))
    assert caught.value.version == 2


def test_events_before_a_bad_one_are_delivered_first(store, redis_client):
    store.append("g1", notes(2), 0, "ann")
    _store_raw(redis_client, "g1", 3, "{broken")
    seen = []
    with pytest.raises(CorruptEventError):
        for envelope in store.read("g1"):
            seen.append(envelope.version)
    assert seen == [1, 2]


def test_tail_reports_bad_data_too(store, redis_client):
    _store_raw(redis_client, "g1", 1, {"version": 1, "type": "NoteTaken"})
    with pytest.raises(CorruptEventError):
        store.tail("g1", 0, 100)


def test_read_of_a_game_with_a_note(store):
    store.append("g1", [NoteTaken("é ♠ 10", 2)], 0, "ann")
    assert next(store.read("g1")).event.text == "é ♠ 10"


def test_tail_may_wait_longer_than_the_clients_socket_timeout(redis_server):
    client = redis_server.client(socket_timeout=0.6)
    try:
        store = EventStore(client, registry=sample_registry)
        assert store.tail("quiet", after_version=0, block_ms=1300) == []
    finally:
        client.close()


def test_the_heads_of_many_games_read_at_once_are_each_games_head_read_alone(store):
    store.append("g1", notes(1), 0, "ann")
    last = store.append("g2", notes(3), 0, "ann").envelopes[-1]
    store.append("g3", notes(2), 0, "bob")
    games = ["g2", "never-recorded", "g1", "g3", "g2"]  # on a cluster, keys on several nodes
    heads = store.heads(games)
    assert heads == [store.head(game_id) for game_id in games]
    assert heads[0] == (3, last.hash) and heads[1] == store.head("never-recorded") == (0, GENESIS_HASH)
    assert store.heads([]) == []


def test_the_heads_read_at_once_follow_an_append(store, make_store):
    store.append("g1", notes(1), 0, "ann")
    before = store.heads(["g1", "g2"])
    moved = make_store().append("g1", notes(1, 1), 1, "bob").envelopes[-1]
    assert store.heads(["g1", "g2"]) == [(2, moved.hash), before[1]] != before


def _xranges(redis_client) -> int:
    """XRANGE calls the server has answered so far (``INFO commandstats``; on a cluster, its primaries')."""
    if isinstance(redis_client, redis.Redis):
        nodes = [redis_client.info("commandstats")]
    else:
        nodes = list(redis_client.info("commandstats", target_nodes=redis_client.PRIMARIES).values())
    return sum(node.get("cmdstat_xrange", {}).get("calls", 0) for node in nodes)


def test_a_record_of_a_whole_number_of_pages_is_read_in_as_many_round_trips(make_store, redis_client):
    store = make_store(page_size=4)
    store.append("g1", notes(8), 0, "ann")
    before = _xranges(redis_client)
    assert [e.version for e in store.read("g1")] == list(range(1, 9))
    assert _xranges(redis_client) - before == 2  # no third read to learn that nothing follows
