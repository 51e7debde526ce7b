"""A plain server's appends are sent as bytes packed once, on a connection the store keeps for them
(events.script_lane), and mean exactly what redis-py's own call meant."""

from __future__ import annotations

import gc
import os
import threading

import pytest
import redis
from redis.connection import PythonRespSerializer
from store_samples import notes, sample_registry

from events import script_lane
from events.script_lane import ScriptLane
from events.store import EventStore

GAME = "g1"


@pytest.fixture
def plain_client(redis_server):
    client = redis_server.client()
    yield client
    client.close()


def _store(client, namespace: str) -> EventStore:
    return EventStore(client, registry=sample_registry, namespace=namespace)


def _playing(client, namespace: str) -> EventStore:
    """A store whose lane keeps a connection: it has appended a play to GAME, now at version 2."""
    store = _store(client, namespace)
    store.append(GAME, notes(1), 0, "ann")
    store.append(GAME, notes(1, 1), 1, "ann")
    return store


def test_an_append_on_a_plain_server_goes_around_redis_pys_command_layers(plain_client):
    store = _store(plain_client, "lane-layers")
    store.append(GAME, notes(1), 0, "ann")
    sent = []
    through_client = plain_client.execute_command
    plain_client.execute_command = lambda *args, **options: sent.append(args[0]) or through_client(*args, **options)
    for version in range(1, 4):
        store.append(GAME, notes(1, version), version, "ann", command_id=f"action:{os.urandom(16).hex()}")
    store.append(GAME, notes(3, 4), 4, "ann")  # a batch of several events takes the lane too
    assert sent == [] and store.version(GAME) == 7 and store.verify(GAME).ok


def test_the_lane_sends_what_redis_py_would_have_sent(plain_client):
    store = _store(plain_client, "lane-bytes")
    lane = ScriptLane.of(plain_client, store._append_script, 2)
    assert lane is not None
    args = [7, "7:" + "a" * 64, b"\x00\xffraw\r\n", "é", 1.5, ""]
    packer = plain_client.connection_pool.get_connection()
    try:
        expected = b"".join(packer.pack_command("EVALSHA", store._append_script.sha, 2, "k1", "k2", *args))
    finally:
        plain_client.connection_pool.release(packer)
    assert lane.pack(["k1", "k2"], args) == expected


def test_without_hiredis_the_lane_packs_as_redis_pys_own_packer(plain_client, monkeypatch):
    store = _store(plain_client, "lane-python")
    lane = ScriptLane.of(plain_client, store._append_script, 1)
    assert lane is not None
    monkeypatch.setattr(script_lane, "_pack_command", None)
    args = [7, "é", b"\x00\r\n", 2.5]
    python = PythonRespSerializer(6000, plain_client.connection_pool.get_encoder().encode)
    assert lane.pack(["k"], args) == b"".join(python.pack("EVALSHA", store._append_script.sha, 1, "k", *args))


def test_a_value_redis_py_refuses_is_refused_by_the_lane_too(plain_client):
    lane = ScriptLane.of(plain_client, _store(plain_client, "lane-refuses")._append_script, 1)
    assert lane is not None
    with pytest.raises(redis.DataError):
        lane.pack(["k"], [True])


def test_a_cluster_or_single_connection_client_keeps_redis_pys_path(redis_server):
    single = redis_server.client(single_connection_client=True)
    try:
        assert ScriptLane.of(single, _store(single, "lane-single")._append_script, 4) is None
        assert _store(single, "lane-single").append(GAME, notes(2), 0, "ann").version == 2
    finally:
        single.close()


def test_an_error_reply_leaves_the_lanes_connection_ready_for_the_next_append(plain_client):
    store = _store(plain_client, "lane-error")
    store.append(GAME, notes(1), 0, "ann")
    store.append(GAME, notes(1, 1), 1, "ann")
    store.append("g2", notes(1), 0, "ann")
    connections = len(plain_client.client_list())
    plain_client.delete(store.stream_key("g2"))
    plain_client.set(store.stream_key("g2"), "not a stream")  # so the script's XADD is refused
    with pytest.raises(redis.ResponseError, match="WRONGTYPE"):
        store.append("g2", notes(1, 1), 1, "ann")
    assert store.append(GAME, notes(1, 2), 2, "ann").version == 3
    assert len(plain_client.client_list()) == connections and store.verify(GAME).ok


def test_an_append_after_its_connection_was_closed_is_sent_again_on_a_new_one(plain_client):
    store = _store(plain_client, "lane-killed")
    store.append(GAME, notes(1), 0, "ann")
    store.append(GAME, notes(1, 1), 1, "ann")
    plain_client.client_kill_filter(skipme=True)  # every connection but the one asking: the lane's too
    assert store.append(GAME, notes(1, 2), 2, "ann").version == 3
    assert [e.version for e in store.read(GAME)] == [1, 2, 3] and store.verify(GAME).ok


def test_appends_from_several_threads_at_once_each_go_on_a_connection_of_their_own(plain_client):
    store = _store(plain_client, "lane-threads")
    games = [f"t{i}" for i in range(4)]
    for game in games:
        store.append(game, notes(1), 0, "ann")
    failures = []

    def play(game: str) -> None:
        try:
            for version in range(1, 40):
                store.append(game, notes(1, version), version, "ann")
        except Exception as exc:  # noqa: BLE001 - reported below, in the test's thread
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert all(store.version(game) == 40 and store.verify(game).ok for game in games)


def test_a_store_dropped_gives_its_kept_connections_back_to_the_clients_pool(redis_server):
    client = redis_server.client(client_name="lane-dropped")
    try:
        for n in range(5):  # as a job makes a store of its own each time
            store = _store(client, "lane-dropped")
            store.append(f"d{n}", notes(1), 0, "ann")
            store.append(f"d{n}", notes(1, 1), 1, "ann")
            del store
            gc.collect()
        named = [c for c in client.client_list() if c["name"] == "lane-dropped"]
        assert len(named) == 1
    finally:
        client.close()


@pytest.mark.parametrize("protocol", [2, 3])
def test_the_lane_reads_a_reply_with_its_connections_own_hiredis_reader(redis_server, protocol):
    """The reply of an append is read from the socket by the lane and parsed by the connection's
    hiredis reader: none of redis-py's layers of a command's send and read, in RESP2 and RESP3."""
    pytest.importorskip("hiredis")
    client = redis_server.client(protocol=protocol)
    try:
        store = _playing(client, f"lane-reader-{protocol}")
        store.append("g2", notes(1), 0, "ann")
        client.delete(store.stream_key("g2"))
        client.set(store.stream_key("g2"), "not a stream")  # so the script's XADD is refused
        (kept,) = store._lane._idle
        layers = []
        for name in ("send_packed_command", "read_response"):
            through = getattr(kept, name)
            setattr(kept, name, lambda *args, _name=name, _through=through, **options: layers.append(_name) or _through(*args, **options))
        for version in range(2, 5):
            assert store.append(GAME, notes(1, version), version, "ann").version == version + 1
        with pytest.raises(redis.ResponseError, match="WRONGTYPE"):  # an error reply, as redis-py raises it
            store.append("g2", notes(1, 1), 1, "ann")
        assert layers == [] and store.verify(GAME).ok and store._lane._idle == [kept]
    finally:
        client.close()


def test_a_kept_connection_idle_past_the_health_check_interval_is_checked_before_the_append(plain_client):
    store = _playing(plain_client, "lane-health")
    (kept,) = store._lane._idle
    assert kept.health_check_interval
    pings = plain_client.info("commandstats").get("cmdstat_ping", {}).get("calls", 0)
    kept.next_health_check = 0  # as if idle for longer than the interval
    assert store.append(GAME, notes(1, 2), 2, "ann").version == 3
    assert plain_client.info("commandstats")["cmdstat_ping"]["calls"] == pings + 1
    assert kept.next_health_check > 0
