"""/healthz says what is degraded or down, with an HTTP status a load balancer can act on
(ok and degraded: 200; down: 503), and a full store refuses writes with a 507 naming it."""

from __future__ import annotations

import pytest

from api.app import create_app
from events.server import EmbeddedServer
from tests.api.test_problems import assert_problem
from workers.jobs import enqueue_scores
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
    _limit_memory(store, 0.95)
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
