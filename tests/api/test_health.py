"""/healthz says what is degraded or down, with an HTTP status a load balancer can act on
(ok and degraded: 200; down: 503), and a full store refuses writes with a 507 naming it."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time

import pytest
import requests

from api.app import create_app
from events.envelope import GENESIS_HASH
from events.server import EmbeddedServer, redis_from_url
from events.store import EventStore
from tests.api.test_problems import assert_problem
from tests.hosts import ServedApi
from workers.enqueue import enqueue_scores
from workers.worker import make_worker

SEATS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def store(tmp_path):
    """A store of this test's own, whose memory limit the test may lower."""
    server = EmbeddedServer(tmp_path / "data", maxmemory="256mb")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def client(store):
    return create_app({"REDIS_URL": store.url, "TESTING": True}).test_client()


def _health(client, status: int) -> dict:
    response = client.get("/healthz")
    assert response.status_code == status, response.get_json()
    return response.get_json()


def _new_game(client) -> tuple[str, dict]:
    created = client.post("/games", json={"game": "queens-dungeon", "seats": SEATS, "options": {"first_dealer": 0}})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    return body["game_id"], {"Authorization": f"Bearer {body['token']}"}


def _limit_memory(store, ratio: float) -> None:
    used = int(store.client().info("memory")["used_memory"])
    store.client().config_set("maxmemory", int(used / ratio))


def test_health_is_ok_with_memory_used_against_the_store_limit(client):
    body = _health(client, 200)
    assert body["status"] == "ok" and body["reasons"] == []
    memory = body["memory"]
    assert memory["limit_bytes"] == 256 * 1024**2
    assert 0 < memory["used_bytes"] < memory["limit_bytes"]
    assert memory["used_ratio"] == round(memory["used_bytes"] / memory["limit_bytes"], 4)
    assert memory["policy"] == "noeviction"


def test_jobs_waiting_with_no_worker_alive_is_degraded_but_still_served(client, store):
    game_id, _ = _new_game(client)
    enqueue_scores(store.client(), game_id, 1)
    body = _health(client, 200)
    assert body["status"] == "degraded"
    assert body["queue"]["queued"] == 1 and body["queue"]["workers"] == 0
    assert any("no worker is alive" in reason for reason in body["reasons"])


def test_a_live_worker_with_jobs_waiting_is_ok(client, store):
    game_id, _ = _new_game(client)
    enqueue_scores(store.client(), game_id, 1)
    worker = make_worker(store.client(), name="alive-here")
    worker.register_birth()  # registered by this very process, which is alive
    try:
        assert _health(client, 200)["status"] == "ok"
    finally:
        worker.register_death()


def test_memory_near_the_limit_is_degraded(client, store):
    # A first look opens the health check's own connections, whose buffers the store counts as used:
    # the limit is then set against the memory they already take.
    _health(client, 200)
    _limit_memory(store, 0.93)
    body = _health(client, 200)
    assert body["status"] == "degraded"
    assert any("memory is near its limit" in reason for reason in body["reasons"])


def test_a_full_store_is_down_and_a_write_is_507_with_nothing_written(client, store):
    game_id, headers = _new_game(client)
    version = client.get(f"/games/{game_id}").get_json()["version"]
    _limit_memory(store, 1.5)
    body = _health(client, 503)
    assert body["status"] == "down"
    assert any("the store is full" in reason for reason in body["reasons"])

    refused = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                          headers=headers)
    problem = assert_problem(refused, 507)
    assert problem["code"] == "store_full"
    assert "the store is full: nothing was written" in problem["detail"].lower()
    assert_problem(client.post("/games", json={"game": "queens-dungeon", "seats": SEATS}), 507)

    store.client().config_set("maxmemory", 256 * 1024**2)
    assert client.get(f"/games/{game_id}").get_json()["version"] == version
    assert _health(client, 200)["status"] == "ok"


def test_an_unreachable_store_is_down_with_retry_after(client, store):
    store.stop()
    response = client.get("/healthz")
    assert response.status_code == 503 and response.headers["Retry-After"].isdigit()
    body = response.get_json()
    assert body["status"] == "down" and body["redis"]["reachable"] is False
    assert body["reasons"][0].startswith("the store cannot be reached")


@contextlib.contextmanager
def _disk_full(store):
    """The store's disk refuses it, as a full disk does: its snapshot cannot be written (a directory
    stands where it goes, which no rename replaces, root's included), and a server that saves
    snapshots refuses every write once one failed (MISCONF) until it can save again."""
    client = store.client()
    (store.data_dir / "dump.rdb").mkdir()
    client.config_set("save", "3600 1")
    try:
        client.bgsave()
        deadline = time.monotonic() + 30
        while client.info("persistence")["rdb_last_bgsave_status"] != "err":
            assert time.monotonic() < deadline, "the snapshot did not fail"
            time.sleep(0.05)
        yield
    finally:
        (store.data_dir / "dump.rdb").rmdir()  # room again: the next snapshot is saved
        client.bgsave()
        while client.info("persistence")["rdb_last_bgsave_status"] != "ok":
            time.sleep(0.05)
        client.config_set("save", "")
        client.close()


def test_a_store_whose_disk_refuses_writes_is_down_naming_the_disk_and_a_write_is_507_with_nothing_written(
        client, store):
    game_id, headers = _new_game(client)
    version = client.get(f"/games/{game_id}").get_json()["version"]
    with _disk_full(store):
        body = _health(client, 503)
        assert body["status"] == "down" and body["redis"]["reachable"], body
        assert body["disk"]["writes_refused"] and body["disk"]["error"].startswith("MISCONF")
        assert any(reason.startswith("the store's disk is full") for reason in body["reasons"]), body["reasons"]

        refused = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                              headers=headers)
        problem = assert_problem(refused, 507)
        assert problem["code"] == "store_disk_full" and problem["type"] == "urn:courtcard:problem:store_disk_full"
        assert "the store's disk is full: nothing was written" in problem["detail"].lower()
        assert refused.headers["Retry-After"].isdigit()
        created = assert_problem(client.post("/games", json={"game": "queens-dungeon", "seats": SEATS}), 507)
        assert created["code"] == "store_disk_full"
        assert client.get(f"/games/{game_id}").get_json()["version"] == version  # still read
    assert _health(client, 200)["status"] == "ok"
    assert client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                       headers=headers).status_code == 201


def test_health_answers_down_at_once_while_the_store_is_frozen_and_requests_wait_on_it(store, tmp_path):
    served = ServedApi(store.url, tmp_path / "serve.log", "--processes", "1")
    waiting: list[threading.Thread] = []
    try:
        served.wait_ready()
        created = requests.post(f"{served.url}/games", json={"game": "queens-dungeon", "seats": SEATS},
                                timeout=10).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        os.kill(store.pid, signal.SIGSTOP)
        try:
            # More table requests than the process works on at once, each stuck on the frozen store.
            for seat in range(4):
                waiting.append(threading.Thread(target=requests.post, daemon=True, kwargs={
                    "url": f"{served.url}/games/{created['game_id']}/actions", "headers": headers, "timeout": 60,
                    "json": {"action": "call_trump", "seat": seat, "suit": "S"}}))
                waiting[-1].start()
            time.sleep(0.5)  # let them reach the process first
            response = requests.get(f"{served.url}/healthz", timeout=3)
            assert response.status_code == 503 and response.headers["Retry-After"].isdigit()
            body = response.json()
            assert body["status"] == "down" and body["redis"]["reachable"] is False, body
        finally:
            os.kill(store.pid, signal.SIGCONT)
        deadline = time.monotonic() + 60
        while requests.get(f"{served.url}/healthz", timeout=3).status_code != 200:
            assert time.monotonic() < deadline, "the store did not come back"
            time.sleep(0.2)
    finally:
        for thread in waiting:
            thread.join(timeout=60)
        served.stop()


def test_a_store_whose_disk_refuses_writes_still_answers_reads_on_a_connection_idle_past_its_health_check(store):
    client = redis_from_url(store.url, health_check_interval=0.01)  # a PING before any command after 10 ms idle
    events = EventStore(client)
    assert events.head("g1") == (0, GENESIS_HASH)
    with _disk_full(store):
        time.sleep(0.05)  # idle past the interval: the next command is preceded by a PING, refused with MISCONF
        assert events.head("g1") == (0, GENESIS_HASH)
    client.close()
