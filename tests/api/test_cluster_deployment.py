"""Courtcard on a cluster: the record on the suite's Valkey Cluster, RQ's queues on a plain server."""

from __future__ import annotations

import random
import time

import pytest

from events.server import EmbeddedServerError, queue_url
from tests.api.test_table_actions import play_random_actions
from tests.hosts import RoundRobinClient, ServedApi


def test_queues_cannot_live_on_a_cluster_so_a_cluster_store_needs_a_queue_server(monkeypatch):
    monkeypatch.delenv("COURTCARD_QUEUE_URL", raising=False)
    with pytest.raises(EmbeddedServerError, match="COURTCARD_QUEUE_URL"):
        queue_url("redis+cluster://:pw@127.0.0.1:7000")
    assert queue_url("redis://:pw@127.0.0.1:6379/0") == "redis://:pw@127.0.0.1:6379/0"
    monkeypatch.setenv("COURTCARD_QUEUE_URL", "redis://:pw@127.0.0.1:6380/0")
    assert queue_url("redis+cluster://:pw@127.0.0.1:7000") == "redis://:pw@127.0.0.1:6380/0"


def test_a_game_on_the_cluster_gets_its_score_sheet_from_a_worker_on_the_queue_server(
        local_cluster, redis_server, tmp_path):
    local_cluster.client().flushdb()
    queue = redis_server.client()
    queue.flushdb()
    served = ServedApi(local_cluster.url, tmp_path / "serve.log", "--workers", "1",
                       env={"COURTCARD_QUEUE_URL": redis_server.url})
    try:
        served.wait_ready()
        client = RoundRobinClient([served.url])
        deadline = time.monotonic() + 60
        while client.get("/healthz").get_json()["queue"]["workers"] < 1:
            assert time.monotonic() < deadline, served.log_path.read_text()
            time.sleep(0.2)
        health = client.get("/healthz").get_json()
        assert health["status"] == "ok", health
        assert health["memory"]["limit_bytes"] == local_cluster.nodes[0].maxmemory and health["append_only_file"]["healthy"]
        created = client.post("/games", json={"game": "queen-bees", "seats": ["A", "B", "C", "D"],
                                              "record": "known", "options": {"target": 15}}).get_json()
        auth = {"Authorization": f"Bearer {created['token']}"}
        view = play_random_actions(client, created["game_id"], auth, 3000, random.Random(5))
        assert view["status"] == "finished"
        sheet = client.get(f"/games/{created['game_id']}/scores", query_string={"wait": 10}).get_json()
        assert sheet["ready"] and sheet["version"] == view["version"]
        # The worker built it, on the queue server's queues: RQ's keys are there and not on the cluster.
        assert queue.keys("rq:job:scores_*")
        assert not local_cluster.client().keys("rq:*")
    finally:
        served.stop()
