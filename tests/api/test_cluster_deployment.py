"""Courtcard on a cluster: the record on the suite's Valkey Cluster, RQ's queues on a plain server;
and `courtcard serve --cluster` keeping its local cluster whole when a node dies."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error

import pytest

from events.server import EmbeddedServerError, queue_url
from tests.api.test_serve import (
    Scorekeeper, Serve, _api_processes, _descendants, _get, _rq_workers, _stop_leaving_nothing, _until,
)
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
        deadline = time.monotonic() + 60  # a loaded machine may keep the worker's job waiting past one wait
        sheet = client.get(f"/games/{created['game_id']}/scores", query_string={"wait": 10}).get_json()
        while not (sheet["ready"] and sheet["version"] == view["version"]) and time.monotonic() < deadline:
            sheet = client.get(f"/games/{created['game_id']}/scores", query_string={"wait": 10}).get_json()
        assert sheet["ready"] and sheet["version"] == view["version"], sheet
        # The worker built it, on the queue server's queues: RQ's keys are there and not on the cluster.
        assert queue.keys("rq:job:scores_*")
        assert not local_cluster.client().keys("rq:*")
    finally:
        served.stop()


@contextlib.contextmanager
def _port_taken(port: int):
    """Another process on a dead node's port: the node cannot start there again meanwhile, and
    whoever connects is hung up on at once, as by a dead node."""
    holder = socket.socket()
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    _until(lambda: holder.bind(("127.0.0.1", port)) or True, f"port {port} free of the killed node")
    holder.listen(64)
    holder.settimeout(0.1)
    done = threading.Event()

    def hang_up() -> None:
        while not done.is_set():
            try:
                holder.accept()[0].close()
            except OSError:
                pass

    thread = threading.Thread(target=hang_up, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        holder.close()


def _health(port: int) -> dict:
    try:
        return _get(f"http://127.0.0.1:{port}/healthz")
    except urllib.error.HTTPError as exc:  # 503: the body says why
        return json.loads(exc.read())


def _serve_a_cluster(data_dir, port):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "COURTCARD_QUEUE_URL")}
    return subprocess.Popen(
        [sys.executable, "-m", "api", "serve", "--cluster", "--port", str(port), "--processes", "2",
         "--workers", "1", "--data-dir", str(data_dir)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)


@pytest.mark.slow
def test_serve_on_a_cluster_starts_a_dead_node_again_and_its_processes_start_without_it(tmp_path):
    started = Serve(tmp_path / "data", _serve_a_cluster)
    seen = set()
    try:
        started.wait_ready()
        port, serve = started.port, started.process
        seen |= {serve.pid} | _descendants(serve.pid)
        table = Scorekeeper(port)
        table.log(6)
        node = json.loads((tmp_path / "data" / "cluster" / "node-0" / "server.json").read_text())
        os.kill(node["pid"], signal.SIGKILL)
        with _port_taken(node["port"]):
            # Its replica takes over: the cluster serves, and says what it lacks.
            health = _until(lambda: (h := _health(port))["status"] == "degraded" and h["cluster"]["down"] and h,
                            "the cluster failed over", timeout=60)
            assert f"the cluster's node 127.0.0.1:{node['port']} (primary) is down" in health["reasons"], health
            assert any("has no replica" in reason for reason in health["reasons"]), health
            # Every API process and the worker killed: those started now reach the cluster through
            # the nodes that are alive, the one named first in its url being dead.
            killed = _api_processes(serve.pid) | _rq_workers(serve.pid)
            for pid in killed:
                os.kill(pid, signal.SIGKILL)
            _until(lambda: len(_api_processes(serve.pid) - killed) == 2 and _rq_workers(serve.pid) - killed
                   and _health(port)["status"] == "degraded", "new processes serving", timeout=120)
            table.log(6)
            seen |= _descendants(serve.pid)
            sheet = _until(lambda: (s := _get(f"http://127.0.0.1:{port}/games/{table.game_id}/scores?wait=3"))["ready"]
                           and s, "the score sheet")
            assert sheet["version"] == _get(f"http://127.0.0.1:{port}/games/{table.game_id}")["version"]
            assert _health(port)["queue"]["failed"] == 0  # no job failed to reach the cluster
        # The port free again, `courtcard serve` starts the node again: it rejoins as a replica.
        _until(lambda: _health(port)["status"] == "ok", "the node back and the cluster whole", timeout=90)
        seen |= _descendants(serve.pid)
        table.log(4)
        table.assert_nothing_acknowledged_was_lost()
        assert serve.poll() is None
    finally:
        output = _stop_leaving_nothing(started.process, seen)
    assert f"the cluster node 0 (pid {node['pid']}) exited; starting it again" in output, output
    assert "the cluster node 0 runs again" in output, output
