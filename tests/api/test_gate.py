"""The request gate (api.gate): a few requests at work at once per process, first come first
served, and live event streams never wait for it nor hold it."""

from __future__ import annotations

import threading
import time

import pytest
import requests

from api.app import create_app
from api.gate import FairGate, GatedApp
from tests.conftest import serving


#: How long a request may take before the test counts it as kept waiting: a set-up allowance that
#: a loaded machine never nears, while a play held behind the stream would wait for ever.
WAIT_S = 30


def _wait_until(condition, timeout=5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_waiting_requests_are_admitted_in_the_order_they_arrived():
    gate = FairGate(1)
    admitted: list[int] = []
    gate.__enter__()  # a request at work holds the only slot
    threads = []
    for n in range(5):
        def wait_turn(n=n):
            with gate:
                admitted.append(n)
        thread = threading.Thread(target=wait_turn)
        thread.start()
        threads.append(thread)
        _wait_until(lambda: len(gate._waiters) == n + 1)  # n is queued before n + 1 arrives
    gate.__exit__(None, None, None)
    for thread in threads:
        thread.join(timeout=5)
    assert admitted == [0, 1, 2, 3, 4]


def test_a_freed_slot_goes_to_the_waiting_request_not_to_a_newcomer():
    gate = FairGate(1)
    gate.__enter__()
    order: list[str] = []
    entered = threading.Event()

    def waiter():
        with gate:
            order.append("waiter")
            entered.wait(timeout=5)

    thread = threading.Thread(target=waiter)
    thread.start()
    _wait_until(lambda: len(gate._waiters) == 1)
    gate.__exit__(None, None, None)  # the slot is handed over: none is left free for a newcomer
    assert gate._free == 0
    newcomer = threading.Thread(target=lambda: (gate.__enter__(), order.append("newcomer"), gate.__exit__(None, None, None)))
    newcomer.start()
    entered.set()
    thread.join(timeout=5)
    newcomer.join(timeout=5)
    assert order == ["waiter", "newcomer"]


def test_a_gate_needs_room_for_one_request():
    with pytest.raises(ValueError):
        FairGate(0)


def test_a_request_holds_its_slot_until_its_whole_body_is_produced():
    release = threading.Event()
    produced: list[str] = []

    def app(environ, start_response):
        start_response("200 OK", [])
        if environ["PATH_INFO"] == "/slow":
            release.wait(timeout=5)
        produced.append(environ["PATH_INFO"])
        yield b"done"

    gated = GatedApp(app, 1, exempt=lambda path: path == "/stream")
    bodies: dict[str, list[bytes]] = {}

    def call(path):
        bodies[path] = list(gated({"PATH_INFO": path}, lambda status, headers: None))

    slow = threading.Thread(target=call, args=("/slow",))
    slow.start()
    _wait_until(lambda: gated.gate._free == 0)
    fast = threading.Thread(target=call, args=("/fast",))
    fast.start()
    _wait_until(lambda: len(gated.gate._waiters) == 1)
    call("/stream")  # exempt: served while the slot is taken
    assert produced == ["/stream"]
    release.set()
    slow.join(timeout=5)
    fast.join(timeout=5)
    assert produced == ["/stream", "/slow", "/fast"]
    assert bodies == {"/stream": [b"done"], "/slow": [b"done"], "/fast": [b"done"]}


def test_an_open_live_stream_does_not_keep_a_play_waiting(redis_client, redis_url):
    app = create_app({"REDIS_URL": redis_url, "TESTING": True, "CONCURRENCY": 1})
    with serving(app) as base:
        created = requests.post(f"{base}/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                                        "options": {"first_dealer": 0}}, timeout=WAIT_S).json()
        game_id, auth = created["game_id"], {"Authorization": f"Bearer {created['token']}"}
        with requests.get(f"{base}/games/{game_id}/events/stream?block_ms=200", stream=True, timeout=WAIT_S) as stream:
            lines = stream.iter_lines(decode_unicode=True)
            assert next(lines) == "retry: 2000"
            seat = requests.get(f"{base}/games/{game_id}", timeout=WAIT_S).json()["to_act"][0]
            action = requests.get(f"{base}/games/{game_id}/legal?seat={seat}", headers=auth, timeout=WAIT_S).json()["actions"][0]
            logged = requests.post(f"{base}/games/{game_id}/actions", json=action, headers=auth, timeout=WAIT_S)
            assert logged.status_code == 201, logged.json()
            ids = []
            for line in lines:
                if line.startswith("id: "):
                    ids.append(int(line[4:]))
                if ids and ids[-1] == logged.json()["version"]:
                    break
            assert ids[-1] == logged.json()["version"]
