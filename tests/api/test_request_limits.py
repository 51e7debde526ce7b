"""Bad input and limits: a request too long, too deeply nested or quoted back at length is refused
with a problem that says what was wrong, never a 500 or a reply as big as the request; the same
holds over real HTTP, under Granian (what ``courtcard serve`` runs), chunked bodies included."""

from __future__ import annotations

import contextlib
import socket

import orjson
import pytest
import requests

from api.app import MAX_IMPORT_BYTES, MAX_IMPORT_LINES, MAX_REQUEST_BYTES, create_app
from api.jsonio import MAX_JSON_DEPTH
from api.problems import MAX_DETAIL
from tests.conftest import serving
from tests.hosts import ServedApi

JSON, TEXT = {"Content-Type": "application/json"}, {"Content-Type": "text/plain"}
NEW_GAME = {"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"], "record": "known"}


def _chunks(data: bytes, size: int = 1 << 16):
    """A body sent chunked, with no Content-Length."""
    for start in range(0, len(data), size):
        yield data[start : start + size]


def _assert_too_large(response, limit: int) -> None:
    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/problem+json"
    problem = response.get_json()
    assert problem["code"] == "request_too_large" and problem["max_bytes"] == limit
    assert f"{limit:,} bytes" in problem["detail"]


def test_a_body_longer_than_the_route_reads_is_a_413_naming_the_limit(client, new_game):
    game_id, _token, auth = new_game()
    too_long = b"x" * (MAX_REQUEST_BYTES + 1)
    version = client.get(f"/games/{game_id}").get_json()["version"]
    for path in ("/games", f"/games/{game_id}/actions", f"/games/{game_id}/disputes"):
        _assert_too_large(client.post(path, data=too_long, headers={**auth, **JSON}), MAX_REQUEST_BYTES)
    assert client.get(f"/games/{game_id}").get_json()["version"] == version  # nothing was logged
    assert client.get("/games").get_json()["total"] == 1


def test_imports_read_longer_bodies_than_actions_but_not_without_end(client):
    # Longer than an action may be: read, and refused as a history (it is none), not as too long.
    history_sized = b"x" * (MAX_REQUEST_BYTES * 2)
    assert client.post("/imports", data=history_sized, headers=TEXT).status_code == 422
    _assert_too_large(client.post("/imports", data=b"x" * (MAX_IMPORT_BYTES + 1), headers=TEXT), MAX_IMPORT_BYTES)


def test_an_import_of_more_lines_than_any_game_has_events_is_a_413_naming_the_limit(client):
    # Millions of one-byte lines within the byte limit took gigabytes and minutes to refuse.
    response = client.post("/imports", data=b"x\n" * (MAX_IMPORT_LINES + 1), headers=TEXT)
    assert response.status_code == 413
    problem = response.get_json()
    assert problem["code"] == "too_many_lines" and problem["max_lines"] == MAX_IMPORT_LINES
    assert f"at most {MAX_IMPORT_LINES:,}" in problem["detail"]
    assert client.post("/imports", data=b"x\n" * MAX_IMPORT_LINES, headers=TEXT).status_code == 422


def test_a_chunked_body_without_content_length_is_refused_over_http_too(redis_client, redis_url):
    with serving(create_app({"REDIS_URL": redis_url, "TESTING": True})) as base:
        chunked = requests.post(f"{base}/games", data=_chunks(b" " * (MAX_REQUEST_BYTES * 4)), headers=JSON, timeout=30)
        _assert_too_large_http(chunked, MAX_REQUEST_BYTES)
        # A short chunked body is read whole, as one with a Content-Length.
        short = requests.post(f"{base}/games", data=_chunks(orjson.dumps(NEW_GAME), 10), headers=JSON, timeout=30)
        assert short.status_code == 201, short.text


def _assert_too_large_http(response, limit: int) -> None:
    assert response.status_code == 413, response.text
    assert response.headers["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["code"] == "request_too_large" and problem["max_bytes"] == limit
    assert f"{limit:,} bytes" in problem["detail"]


@contextlib.contextmanager
def granian(redis_url: str, log_path, concurrency: int = 2, streams: int = 2, env: dict[str, str] | None = None):
    """The API served by Granian as ``courtcard serve`` runs it (api.server), one process; yields its port."""
    served = ServedApi(redis_url, log_path, "--processes", "1", "--concurrency", str(concurrency),
                       "--streams", str(streams), env=env)
    try:
        served.wait_ready()  # on another free port if the one picked is taken before it binds it
        yield served.port
    finally:
        served.stop()


@pytest.fixture
def granian_url(redis_client, redis_url, tmp_path):
    """The API served by Granian, one process."""
    with granian(redis_url, tmp_path / "serve.log") as port:
        yield f"http://127.0.0.1:{port}"


def test_granian_refuses_a_body_over_the_limit_with_or_without_content_length(granian_url):
    big = b"x" * (MAX_IMPORT_BYTES + 1)
    for path, limit in (("/games", MAX_REQUEST_BYTES), ("/imports", MAX_IMPORT_BYTES)):
        _assert_too_large_http(requests.post(granian_url + path, data=big, headers=JSON, timeout=60), limit)
        _assert_too_large_http(requests.post(granian_url + path, data=_chunks(big, 1 << 20), headers=JSON, timeout=60),
                               limit)


def test_an_error_quotes_only_a_short_excerpt_of_a_long_input(client, new_game):
    game_id, _token, auth = new_game()
    long_text = "y" * (MAX_REQUEST_BYTES - 200)
    refusals = [
        client.post("/games", json={**NEW_GAME, "options": {long_text: 1}}),
        client.post("/games", json={**NEW_GAME, "game": long_text}),
        client.post("/games", json={**NEW_GAME, long_text: 1}),
        client.post(f"/games/{game_id}/actions", json={"action": long_text}, headers=auth),
        client.post(f"/games/{game_id}/actions", json={"action": "cut", "seat": 0, "card": long_text}, headers=auth),
        client.post(f"/games/{game_id}/actions", json={"action": "cut", long_text: 0}, headers=auth),
        client.post("/games", json={**NEW_GAME, "options": {f"option{i}": i for i in range(3000)}}),
        client.post("/games", json={**NEW_GAME, **{f"field{i}": i for i in range(3000)}}),
    ]
    for response in refusals:
        assert response.status_code == 422
        assert len(orjson.dumps(response.get_json())) < 2_000
        detail = response.get_json()["detail"]
        assert len(detail) <= MAX_DETAIL and "characters cut" in detail
    # What the message says after the quote is kept: here, the actions there are.
    assert "Actions: " in refusals[3].get_json()["detail"]


@pytest.mark.parametrize("route", ["/games", "/games/{id}/actions", "/games/{id}/disputes"])
@pytest.mark.parametrize("nesting", ["[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000,
                                     '{"game": ' + "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1) + "}"])
def test_a_deeply_nested_body_is_a_400_naming_the_nesting_on_every_route(client, new_game, route, nesting):
    game_id, _token, auth = new_game()
    response = client.post(route.format(id=game_id), data=nesting, headers={**auth, **JSON})
    assert response.status_code == 400
    problem = response.get_json()
    assert problem["code"] == "json_too_deep" and f"more than {MAX_JSON_DEPTH} levels deep" in problem["detail"]


@pytest.mark.parametrize("route", ["/games", "/games/{id}/actions", "/games/{id}/disputes"])
def test_a_body_that_is_not_json_is_a_400_saying_so(client, new_game, route):
    game_id, _token, auth = new_game()
    response = client.post(route.format(id=game_id), data=b'{"game": "queens-', headers={**auth, **JSON})
    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid_json"
    assert response.get_json()["detail"].startswith("The body is not valid JSON")


@pytest.mark.parametrize("if_match", ['"' + "9" * 5000 + '"', '"²"', '"1.5"', '"-1"', "W/"])
def test_an_if_match_that_is_no_version_is_a_400_saying_so(client, new_game, if_match):
    game_id, _token, auth = new_game()
    response = client.post(f"/games/{game_id}/actions", json={"action": "cut", "seat": 0},
                           headers={**auth, "If-Match": if_match})
    assert response.status_code == 400
    assert response.get_json()["code"] == "bad_if_match"
    assert len(response.get_json()["detail"]) < 300


@pytest.fixture
def one_import_at_a_time(redis_client, redis_url, tmp_path):
    """The API served by Granian as ``courtcard serve`` runs it: one process, one request of the
    tables at work at once (COURTCARD_CONCURRENCY's place in the gate), one import at once
    (COURTCARD_IMPORTS=1)."""
    with granian(redis_url, tmp_path / "serve.log", concurrency=1, streams=4, env={"COURTCARD_IMPORTS": "1"}) as port:
        yield port


def _upload_being_read(port: int, length: int) -> socket.socket:
    """An import whose body is still on its way: the headers sent, and the server reading the body
    (it answered "100 Continue", which it does once the route reads), none of it sent yet."""
    upload = socket.create_connection(("127.0.0.1", port), timeout=30)
    upload.sendall(b"POST /imports HTTP/1.1\r\nHost: courtcard\r\nContent-Type: application/x-ndjson\r\n"
                   b"Expect: 100-continue\r\nContent-Length: " + str(length).encode() + b"\r\n\r\n")
    assert upload.recv(64).startswith(b"HTTP/1.1 100 Continue")
    return upload


def test_an_import_beyond_those_a_process_reads_at_once_is_a_503_with_retry_after(one_import_at_a_time):
    base = f"http://127.0.0.1:{one_import_at_a_time}"
    body = b'{"not": "a history"}\n'
    upload = _upload_being_read(one_import_at_a_time, len(body))
    try:
        busy = requests.post(f"{base}/imports", data=body, timeout=30)
        assert busy.status_code == 503 and busy.headers["Content-Type"] == "application/problem+json"
        assert busy.json()["code"] == "imports_busy" and int(busy.headers["Retry-After"]) > 0
        assert "Nothing was written" in busy.json()["detail"]
        # The tables are served meanwhile: the upload holds no place among their requests.
        assert requests.get(f"{base}/healthz", timeout=30).status_code == 200
        assert requests.post(f"{base}/games", json=NEW_GAME, timeout=30).status_code == 201
        upload.sendall(body)
        assert upload.recv(4096).startswith(b"HTTP/1.1 422 ")
    finally:
        upload.close()
    # Once read, its place is free again.
    assert requests.post(f"{base}/imports", data=body, timeout=30).status_code == 422
