"""`courtcard serve` end to end: the API, a worker and the embedded store start, stop cleanly, and
what was logged is there after a restart on the same data directory; any of them killed outright
is started again while the rest serves, and nothing acknowledged is lost."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
import requests

from tests import hosts
from tests.hosts import START_TIMEOUT_S, ServedApi, ServerOnAFreePort


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def _serve(data_dir, port):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # so the embedded store starts
    return subprocess.Popen(
        [sys.executable, "-m", "api", "serve", "--port", str(port), "--processes", "1", "--data-dir", str(data_dir)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )


def _healthy_or_exited(port, process, workers=1) -> dict | None:
    """Its health once it is healthy with ``workers`` workers; None if it exited first."""
    deadline = time.time() + START_TIMEOUT_S  # its store, API processes and worker, started on a slow machine
    while time.time() < deadline:
        if process.poll() is not None:
            return None
        try:
            health = _get(f"http://127.0.0.1:{port}/healthz")
            # Another server may answer on a port this one failed to bind: only while it runs counts.
            if health["status"] == "ok" and health["queue"]["workers"] >= workers and process.poll() is None:
                return health
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError("courtcard serve did not become healthy")


def _wait_healthy(port, process, workers=1):
    health = _healthy_or_exited(port, process, workers)
    assert health is not None, process.stdout.read()
    return health


class Serve(ServerOnAFreePort):
    """`courtcard serve` on ``data_dir``, started by ``serve(data_dir, port)`` on a free port (on
    another one if that one was taken before it bound it: :meth:`wait_ready`)."""

    def __init__(self, data_dir, serve=_serve) -> None:
        self._data_dir, self._serve = data_dir, serve
        self.launch()

    def start(self, port: int) -> subprocess.Popen:
        return self._serve(self._data_dir, port)

    def serves(self) -> bool:
        return _healthy_or_exited(self.port, self.process) is not None

    def output(self) -> str:
        return self.process.communicate()[0]


def _stop(process) -> str:
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    return output


def test_serve_runs_on_the_embedded_store_stops_cleanly_and_keeps_the_record(tmp_path):
    server = Serve(tmp_path / "data")
    try:
        server.wait_ready()
        assert _get(f"http://127.0.0.1:{server.port}/healthz")["append_only_file"]["enabled"]
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/games", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).encode())
        with urllib.request.urlopen(request, timeout=5) as response:
            created = json.loads(response.read())
    finally:
        output = _stop(server.process)
    assert "Traceback" not in output, output
    assert "warm shut down" in output  # the worker finished its work before the store went away

    again = Serve(tmp_path / "data")
    try:
        again.wait_ready()
        game = _get(f"http://127.0.0.1:{again.port}/games/{created['game_id']}")
        assert game["version"] == created["version"]
    finally:
        _stop(again.process)


def test_a_serve_whose_port_was_taken_before_it_bound_it_starts_again_on_another(tmp_path, redis_url, monkeypatch):
    """The suite's servers start beside others: the free port picked for one may be taken before
    it binds it. The start refused for that is made again, on another port."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        offered = iter([taken])
        monkeypatch.setattr(hosts, "free_port", lambda free_port=hosts.free_port: next(offered, None) or free_port())
        served = ServedApi(redis_url, tmp_path / "serve.log", "--processes", "1")
        try:
            refused = served.process
            served.wait_ready()
            assert refused.returncode == 2 and served.port != taken
            assert requests.get(f"{served.url}/healthz", timeout=5).status_code == 200
        finally:
            served.stop()


def test_a_second_serve_on_a_port_in_use_refuses_to_start_and_says_why(tmp_path):
    first = Serve(tmp_path / "first")
    try:
        first.wait_ready()
        port = first.port
        second = _serve(tmp_path / "second", port)
        try:
            output, _ = second.communicate(timeout=60)
        finally:
            if second.poll() is None:  # it started after all: stop it, then fail below
                output = _stop(second)
        assert second.returncode == 2, output
        assert f"127.0.0.1:{port} is in use" in output and "another courtcard serve" in output
        assert not (tmp_path / "second" / "valkey.conf").exists()  # it started nothing
        _wait_healthy(port, first.process)
    finally:
        _stop(first.process)


def test_a_second_serve_on_the_same_data_directory_leaves_the_first_ones_store_running_when_it_stops(tmp_path):
    first = Serve(tmp_path / "data")
    try:
        first.wait_ready()
        store_pid = json.loads((tmp_path / "data" / "server.json").read_text())["pid"]
        second = Serve(tmp_path / "data")  # shares the first one's store
        try:
            second.wait_ready()
        finally:
            _stop(second.process)
        time.sleep(2)  # the first one's supervisor notices a dead store within a second
        os.kill(store_pid, 0)  # raises ProcessLookupError if the second stopped it
        assert json.loads((tmp_path / "data" / "server.json").read_text())["pid"] == store_pid
        _wait_healthy(first.port, first.process)
    finally:
        output = _stop(first.process)
    assert f"(pid {store_pid}) exited" not in output, output


# -- crashes: each part of `courtcard serve` killed outright comes back while the rest serves ----

SKIPPED = {"end_game", "claim_renege", "take_back", "accept_penalty", "announce_challenge"}
#: How long a killed part may take to be back (an allowance for a loaded machine, where a new
#: Python process alone may take seconds to start: a part that never comes back still fails).
BACK_WITHIN_S = 60


def _serve_with(data_dir, port, processes=2, workers=1):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    return subprocess.Popen(
        [sys.executable, "-m", "api", "serve", "--port", str(port), "--processes", str(processes),
         "--workers", str(workers), "--data-dir", str(data_dir)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,  # a process group of its own, as a terminal gives the command it runs
    )


def _children(pid: int) -> dict[int, str]:
    """The live children of ``pid``, with their command lines."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found[int(entry)] = cmdline
    return found


def _descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        children = set(_children(todo.pop()))
        todo.extend(children - found)
        found |= children
    return found


def _api_processes(serve_pid: int) -> set[int]:
    return {pid for pid, cmd in _children(serve_pid).items() if " serve " in cmd}


def _rq_workers(serve_pid: int) -> set[int]:
    return {pid for pid, cmd in _children(serve_pid).items() if "api worker" in cmd}


def _store_pid(serve_pid: int) -> int:
    (pid,) = [pid for pid, cmd in _children(serve_pid).items() if "valkey-server" in cmd]
    return pid


def _until(check, what: str, timeout: float = BACK_WITHIN_S):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            result = check()
        except (OSError, ValueError, KeyError, AssertionError):
            result = None
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout} s: {what}")


class Scorekeeper:
    """Logs legal actions over HTTP, each with an Idempotency-Key, retrying the same action and key
    until it is acknowledged; keeps every acknowledged event to check the record against."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        created = self._call("POST", "/games", {"game": "queens-dungeon", "seats": ["A", "B", "C", "D"],
                                                "record": "known", "options": {"first_dealer": 0}})
        self.game_id, self.auth = created["game_id"], {"Authorization": f"Bearer {created['token']}"}
        self.acknowledged: dict[int, str] = {}
        self.logged = 0

    def _call(self, method: str, path: str, body=None, headers=None) -> dict:
        def attempt():
            response = requests.request(method, self.base + path, json=body, headers=headers, timeout=5)
            if response.status_code >= 500 or response.status_code == 507:
                return None  # the service is coming back: try again
            assert response.status_code < 400, response.text
            return response.json()

        return _until(attempt, f"{method} {path} answered")

    def log(self, count: int) -> None:
        for _ in range(count):
            view = self._call("GET", f"/games/{self.game_id}")
            seat = view["to_act"][0]
            legal = self._call("GET", f"/games/{self.game_id}/legal?seat={seat}", headers=self.auth)["actions"]
            action = next(a for a in legal if a["action"] not in SKIPPED)
            key = f"k{self.logged}"
            result = self._call("POST", f"/games/{self.game_id}/actions", action,
                                headers={**self.auth, "Idempotency-Key": key})
            self.acknowledged.update({e["version"]: e["event_id"] for e in result["events"]})
            self.logged += 1

    def assert_nothing_acknowledged_was_lost(self) -> None:
        recorded, start = {}, 1
        while start:
            page = self._call("GET", f"/games/{self.game_id}/events?from={start}&limit=1000", headers=self.auth)
            recorded.update({e["version"]: e["event_id"] for e in page["events"]})
            start = page["next"]
        assert {v: recorded.get(v) for v in self.acknowledged} == self.acknowledged


def _stop_leaving_nothing(process, pids: set[int]) -> str:
    """Ctrl-C as a terminal sends it, to the whole process group; then nothing of it may be left."""
    os.killpg(process.pid, signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    gone = lambda: not [pid for pid in pids if os.path.exists(f"/proc/{pid}")]  # noqa: E731
    _until(gone, "every process of courtcard serve gone", timeout=10)
    return output


class Served(Serve):
    """A `courtcard serve` with two API processes and a worker; remembers every process it had."""

    def __init__(self, data_dir) -> None:
        self.seen: set[int] = set()
        super().__init__(data_dir, _serve_with)

    def note(self) -> None:
        self.seen |= {self.process.pid} | _descendants(self.process.pid)

    def stop(self) -> str:
        """Ctrl-C: it exits cleanly and no process of it, old or new, is left running."""
        self.note()
        return _stop_leaving_nothing(self.process, self.seen)


@pytest.fixture
def served(tmp_path):
    served = Served(tmp_path / "data")
    try:
        served.wait_ready()
        served.note()
        yield served
    finally:
        if served.process.poll() is None:
            served.stop()


def test_an_api_process_killed_outright_is_started_again_while_the_other_serves(served):
    table = Scorekeeper(served.port)
    table.log(8)
    before = _api_processes(served.process.pid)
    assert len(before) == 2
    os.kill(min(before), signal.SIGKILL)
    table.log(8)  # answered meanwhile, by the other process or the new one
    _until(lambda: len(_api_processes(served.process.pid) - before) == 1
           and len(_api_processes(served.process.pid)) == 2, "a new API process in place of the killed one")
    served.note()
    table.log(4)
    table.assert_nothing_acknowledged_was_lost()
    assert served.process.poll() is None
    assert "Traceback" not in served.stop()


def test_an_rq_worker_killed_outright_is_started_again(served):
    (worker,) = _rq_workers(served.process.pid)
    os.kill(worker, signal.SIGKILL)
    _until(lambda: _rq_workers(served.process.pid) - {worker}, "a new RQ worker")
    served.note()
    _until(lambda: _get(f"http://127.0.0.1:{served.port}/healthz")["queue"]["workers"] == 1,
           "the new worker registered and alive")
    Scorekeeper(served.port).log(4)
    assert served.process.poll() is None
    output = served.stop()
    assert "RQ worker 1 exited (killed by SIGKILL); starting it again" in output
    assert "Traceback" not in output  # the dead worker's scheduler went with it


def test_the_embedded_store_killed_outright_is_started_again_with_every_acknowledged_event(served):
    table = Scorekeeper(served.port)
    table.log(8)
    store = _store_pid(served.process.pid)
    os.kill(store, signal.SIGKILL)
    table.log(8)  # refused with 503 until the store is back, then acknowledged
    assert _store_pid(served.process.pid) != store
    served.note()
    assert _get(f"http://127.0.0.1:{served.port}/healthz")["status"] == "ok"
    table.assert_nothing_acknowledged_was_lost()
    assert served.process.poll() is None
    output = served.stop()
    assert f"the embedded store (pid {store}) exited; starting it again" in output
    assert "the embedded store runs again" in output


def test_api_processes_that_keep_dying_are_started_again_after_a_back_off(served):
    before = _api_processes(served.process.pid)
    os.kill(min(before), signal.SIGKILL)
    respawned = _until(lambda: _api_processes(served.process.pid) - before, "a new API process")
    served.note()
    os.kill(min(respawned), signal.SIGKILL)  # again within seconds: Granian stops every API process
    _until(lambda: _get(f"http://127.0.0.1:{served.port}/healthz")["status"] == "ok"
           and len(_api_processes(served.process.pid) - before - respawned) == 2, "two new API processes")
    served.note()
    Scorekeeper(served.port).log(2)
    assert served.process.poll() is None
    output = served.stop()
    assert "An API process died again right after its restart" in output
    assert "the API processes kept dying; starting them again in 1 s" in output


def test_serve_makes_the_directors_key_at_start_and_says_where_it_is(tmp_path):
    server = Serve(tmp_path / "data")
    try:
        server.wait_ready()
        port = server.port
        key = tmp_path / "data" / "director-key"
        # No request has carried a token yet: the key is there all the same, for `cat data/director-key`.
        assert key.exists() and len(key.read_text().strip()) > 20
        assert oct(key.stat().st_mode & 0o777) == "0o600"
    finally:
        output = _stop(server.process)
    assert f"The director's key (the desk at http://127.0.0.1:{port}/director) is in {key.resolve()}" in output, output
