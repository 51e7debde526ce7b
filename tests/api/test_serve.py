"""`courtcard serve` end to end: the API, a worker and the embedded store start, stop cleanly, and
what was logged is there after a restart on the same data directory."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def _serve(data_dir, port):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # so the embedded store starts
    return subprocess.Popen(
        [sys.executable, "-m", "api", "serve", "--port", str(port), "--processes", "1", "--data-dir", str(data_dir)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )


def _wait_healthy(port, process, workers=1):
    deadline = time.time() + 60
    while time.time() < deadline:
        assert process.poll() is None, process.stdout.read()
        try:
            health = _get(f"http://127.0.0.1:{port}/healthz")
            if health["status"] == "ok" and health["queue"]["workers"] >= workers:
                return health
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError("courtcard serve did not become healthy")


def _stop(process) -> str:
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    return output


def test_serve_runs_on_the_embedded_store_stops_cleanly_and_keeps_the_record(tmp_path):
    port = _free_port()
    server = _serve(tmp_path / "data", port)
    try:
        health = _wait_healthy(port, server)
        assert health["append_only_file"]["enabled"]
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/games", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).encode())
        with urllib.request.urlopen(request, timeout=5) as response:
            created = json.loads(response.read())
    finally:
        output = _stop(server)
    assert "Traceback" not in output, output
    assert "warm shut down" in output  # the worker finished its work before the store went away

    again = _serve(tmp_path / "data", port)
    try:
        _wait_healthy(port, again)
        game = _get(f"http://127.0.0.1:{port}/games/{created['game_id']}")
        assert game["version"] == created["version"]
    finally:
        _stop(again)
