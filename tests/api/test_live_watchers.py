"""Live event streams as `courtcard serve` serves them: many watchers per game, resumption, slots
freed by watchers that leave, and payloads withheld from watchers without the token."""

from __future__ import annotations

import http.client
import json
import random
import socket
import threading
import time

from urllib.parse import urlsplit

import pytest
import requests

from tests.api.test_problems import assert_problem
from tests.api.test_table_actions import play_random_actions
from tests.hosts import Reply, ServedApi

WAIT_S = 30


class Watcher:
    """One live stream read by a thread of its own: the events it received, in arrival order."""

    def __init__(self, base: str, game_id: str, last_id: int | None = None, token: str | None = None,
                 block_ms: int | None = None) -> None:
        headers = {"Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        query = f"?block_ms={block_ms}" if block_ms else ""
        address = urlsplit(base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=WAIT_S)
        self.connection.request("GET", f"/games/{game_id}/events/stream{query}", headers=headers)
        self.response = self.connection.getresponse()
        self.status_code = self.response.status
        self.events: list[dict] = []  # {"id", "event", "data"} of each event
        self.arrived = threading.Condition()
        self.ended = False
        if self.status_code == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            for raw in iter(self.response.readline, b""):
                line = raw.decode().rstrip("\r\n")
                if line:
                    if not line.startswith(":") and ": " in line:
                        name, value = line.split(": ", 1)
                        fields[name] = value
                    continue
                if "id" in fields:
                    with self.arrived:
                        self.events.append({"id": int(fields["id"]), "event": fields["event"],
                                            "data": json.loads(fields["data"])})
                        self.arrived.notify_all()
                fields = {}
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # closed by the test
        with self.arrived:
            self.ended = True
            self.arrived.notify_all()

    def ids(self) -> list[int]:
        with self.arrived:
            return [e["id"] for e in self.events]

    def wait_for(self, version: int) -> list[int]:
        """The ids received once ``version`` arrived (or the stream ended, or WAIT_S passed)."""
        with self.arrived:
            self.arrived.wait_for(lambda: self.ended or (self.events and self.events[-1]["id"] >= version), WAIT_S)
            return [e["id"] for e in self.events]

    def close(self) -> None:
        """Go away as a client does: the connection is cut, with no word to the server."""
        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def _version(client, game_id: str) -> int:
    return client.get(f"/games/{game_id}").get_json()["version"]


def test_every_watcher_of_a_game_gets_every_event_once_in_version_order(client, api_hosts, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    start = _version(client, game_id)
    # More watchers than the whole deployment under test held when each held a thread and a store
    # connection of its own (8 per process, 2 processes per host, 2 hosts).
    watchers = [Watcher(api_hosts[i % len(api_hosts)].url, game_id, last_id=start) for i in range(48)]
    try:
        assert [w.status_code for w in watchers] == [200] * len(watchers)
        end = play_random_actions(client, game_id, headers, 12, random.Random(3))["version"]
        expected = list(range(start + 1, end + 1))
        assert [w.wait_for(end) for w in watchers] == [expected] * len(watchers)
    finally:
        for w in watchers:
            w.close()


def test_a_watcher_resumes_after_its_last_event_id_with_no_gap_and_no_repeat(client, api_hosts, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    play_random_actions(client, game_id, headers, 6, random.Random(5))
    base = api_hosts[0].url
    first = Watcher(base, game_id, last_id=0)  # the whole record so far, from the store
    try:
        middle = play_random_actions(client, game_id, headers, 4, random.Random(6))["version"]
        assert first.wait_for(middle) == list(range(1, middle + 1))
    finally:
        first.close()
    # Logged while nobody watches: the resumed stream starts with these, then follows live.
    gone = play_random_actions(client, game_id, headers, 4, random.Random(7))["version"]
    resumed = Watcher(base, game_id, last_id=middle)
    try:
        assert resumed.wait_for(gone) == list(range(middle + 1, gone + 1))
        end = play_random_actions(client, game_id, headers, 4, random.Random(8))["version"]
        assert resumed.wait_for(end) == list(range(middle + 1, end + 1))
    finally:
        resumed.close()
    # Resuming from an event older than what the servers hold live comes from the record too.
    old = Watcher(api_hosts[1].url, game_id, last_id=2)
    try:
        assert old.wait_for(end) == list(range(3, end + 1))
    finally:
        old.close()


@pytest.fixture
def one_stream_server(redis_url, redis_client, tmp_path):
    """A `courtcard serve` with one API process that serves one live stream at a time."""
    server = ServedApi(redis_url, tmp_path / "serve.log", "--processes", "1", "--streams", "1")
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def test_a_watcher_that_goes_away_frees_its_slot_for_the_next(client, new_game, one_stream_server):
    game_id, _token, _headers = new_game()
    base = one_stream_server.url
    first = Watcher(base, game_id, block_ms=100)
    assert first.status_code == 200
    refused = Reply(requests.get(f"{base}/games/{game_id}/events/stream", timeout=WAIT_S))
    assert assert_problem(refused, 503)["code"] == "too_many_streams" and refused.headers["Retry-After"] == "5"
    first.close()  # the client goes away without a word: the next keep-alive finds it gone
    deadline = time.monotonic() + 10
    while True:
        second = Watcher(base, game_id, block_ms=100)
        if second.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    try:
        assert second.status_code == 200
    finally:
        second.close()


def test_watchers_without_the_token_see_a_known_record_in_progress_with_payloads_withheld(client, api_hosts, new_game):
    game_id, token, headers = new_game(options={"first_dealer": 0}, record="known")
    start = _version(client, game_id)
    # Watchers with and without the token, on every host, all following the same game at once.
    pairs = [(Watcher(host.url, game_id, last_id=start), Watcher(host.url, game_id, last_id=start, token=token))
             for host in api_hosts for _ in range(2)]
    try:
        end = play_random_actions(client, game_id, headers, 8, random.Random(9))["version"]
        record = client.get(f"/games/{game_id}/events", query_string={"from": start + 1}, headers=headers).get_json()
        whole = [(e["version"], e["type"], e["payload"]) for e in record["events"]]
        assert any(payload for _v, kind, payload in whole if kind == "HandDealt")  # a deal's hands: secret
        for public, scorekeeper in pairs:
            public.wait_for(end)
            scorekeeper.wait_for(end)
            assert [(e["id"], e["event"], e["data"]["payload"], e["data"]["withheld"]) for e in public.events] == \
                [(v, kind, None, True) for v, kind, _payload in whole]
            assert [(e["id"], e["event"], e["data"]["payload"]) for e in scorekeeper.events] == whole
            assert all("withheld" not in e["data"] for e in scorekeeper.events)
    finally:
        for public, scorekeeper in pairs:
            public.close()
            scorekeeper.close()
