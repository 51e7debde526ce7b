"""The live event stream, and what the API does while Redis is away."""

from __future__ import annotations

import threading

import pytest

from api.app import create_app
from events.server import EmbeddedServer
from tests.api.test_problems import assert_problem


def read_sse_events(response, count):
    """Read ``count`` events (id, type) from a streaming test response, skipping comments."""
    found, buffer = [], ""
    for chunk in response.response:
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
            if "id" in fields:
                found.append((int(fields["id"]), fields["event"]))
                if len(found) == count:
                    return found
    return found


def test_event_stream_resumes_after_last_event_id_and_follows_live(app, client, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    called = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                         headers=headers).get_json()["version"]
    stream = app.test_client().get(f"/games/{game_id}/events/stream?block_ms=200",
                                   headers={"Last-Event-ID": str(called - 1)}, buffered=False)
    assert stream.mimetype == "text/event-stream"
    assert read_sse_events(stream, 1) == [(called, "TrumpCalled")]

    logger = threading.Timer(0.3, lambda: app.test_client().post(
        f"/games/{game_id}/actions", json={"action": "deal"}, headers=headers))
    logger.start()
    live = read_sse_events(stream, 1)
    logger.join()
    stream.close()
    assert live == [(called + 1, "HandDealt")]


@pytest.fixture
def own_server(tmp_path):
    """A Redis of this test's own, which it may stop and start again on the same port and data."""
    server = EmbeddedServer(tmp_path / "data")
    server.start()  # on a free port, another if the one picked is taken before the server binds it
    yield server
    server.stop()


def test_redis_away_is_503_with_retry_after_and_the_service_recovers(own_server):
    app = create_app({"REDIS_URL": own_server.url, "TESTING": True})
    client = app.test_client()
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"],
                                          "options": {"first_dealer": 0}}).get_json()
    game_id, headers = created["game_id"], {"Authorization": f"Bearer {created['token']}"}

    own_server.stop()
    away = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                       headers=headers)
    body = assert_problem(away, 503)
    assert away.headers["Retry-After"].isdigit()
    assert "nothing was written" in body["detail"]
    assert_problem(client.get(f"/games/{game_id}"), 503)
    assert client.get("/healthz").status_code == 503

    own_server.restart()  # on the port it had
    back = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "S"},
                       headers=headers)
    assert back.status_code == 201, back.get_json()
    assert back.get_json()["version"] == created["version"] + 1
    assert client.get("/healthz").get_json()["status"] == "ok"


def test_live_streams_past_the_limit_are_asked_to_come_back_and_a_closed_one_frees_its_slot(redis_client, redis_url):
    app = create_app({"REDIS_URL": redis_url, "TESTING": True, "STREAM_LIMIT": 1})
    client = app.test_client()
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).get_json()
    url = f"/games/{created['game_id']}/events/stream?block_ms=100"
    first = app.test_client().get(url, buffered=False)
    assert first.status_code == 200
    second = app.test_client().get(url, buffered=False)
    body = assert_problem(second, 503)
    assert body["code"] == "too_many_streams" and second.headers["Retry-After"]
    first.close()
    third = app.test_client().get(url, buffered=False)
    assert third.status_code == 200
    third.close()
