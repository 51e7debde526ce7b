"""The busiest routes answer the same through api.hot_routes as through Flask.

Two `courtcard serve` instances on the suite's server, one as shipped (the hot routes on) and one
with ``COURTCARD_HOT_ROUTES=0`` (every request through Flask), take the same requests on the same
games: plays, replays of a keyed play, the view (with If-None-Match), the legal list, and the
errors of each (tokens missing or wrong, bad bodies and headers, stale versions, illegal cards).
Status, body and the headers that matter must be identical.
"""

from __future__ import annotations

import pytest
import requests

from api.app import MAX_REQUEST_BYTES
from tests.hosts import ServedApi

#: Headers a client acts on; Date and Server are the HTTP server's own.
HEADERS = ("Content-Type", "Content-Length", "ETag", "Location", "Idempotent-Replayed", "WWW-Authenticate",
           "Retry-After", "Allow", "Cache-Control")


@pytest.fixture(scope="module")
def two_paths(redis_server, tmp_path_factory):
    """(hot, flask): base URLs of a deployment with the hot routes and of one without them."""
    logs = tmp_path_factory.mktemp("hot-routes-logs")
    hosts = [ServedApi(redis_server.url, logs / "hot.log", env={"COURTCARD_HOT_ROUTES": "1"}),
             ServedApi(redis_server.url, logs / "flask.log", env={"COURTCARD_HOT_ROUTES": "0"})]
    try:
        for host in hosts:
            host.wait_ready()
        yield [host.url for host in hosts]
    finally:
        for host in hosts:
            host.stop()


@pytest.fixture
def both(two_paths, redis_client):
    """Send one request to each path; returns the two replies (hot first)."""
    sessions = [requests.Session() for _ in two_paths]

    def send(method: str, path: str, **kwargs) -> tuple[requests.Response, requests.Response]:
        return tuple(s.request(method, url + path, timeout=60, **kwargs) for s, url in zip(sessions, two_paths))

    yield send
    for session in sessions:
        session.close()


def same(replies) -> requests.Response:
    hot, flask = replies
    assert hot.status_code == flask.status_code, (hot.text, flask.text)
    assert hot.content == flask.content
    assert _headers(hot) == _headers(flask)
    # Connection: close is Granian's, when it answers before a long body has all arrived
    assert sorted(h for h in hot.headers if h != "connection") == sorted(h for h in flask.headers if h != "connection")
    return hot


def _headers(reply: requests.Response) -> dict:
    out = {h: reply.headers.get(h) for h in HEADERS}
    if out["Allow"] is not None:  # werkzeug lists the methods from a set: in any order
        out["Allow"] = sorted(out["Allow"].split(", "))
    return out


def _game(both, private=False):
    """A Queen's Dungeon game created through the hot path's host: (id, auth headers)."""
    created = both("POST", "/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                           "options": {}, "record": "known", "private": private})[0]
    assert created.status_code == 201, created.text
    body = created.json()
    return body["game_id"], {"Authorization": f"Bearer {body['token']}"}


def _a_legal_action(both, game_id, auth):
    view = same(both("GET", f"/games/{game_id}")).json()
    seat = view["to_act"][0]
    legal = same(both("GET", f"/games/{game_id}/legal", params={"seat": seat}, headers=auth)).json()
    return view["version"], seat, [a for a in legal["actions"] if a["action"] not in ("end_game", "claim_renege")]


def test_a_keyed_play_and_its_replays_read_the_same_on_both_paths(both, two_paths):
    game_id, auth = _game(both)
    for first_path in (0, 1):  # the play logged through the hot path, then through Flask
        version, _seat, legal = _a_legal_action(both, game_id, auth)
        headers = {**auth, "If-Match": f'"{version}"', "Idempotency-Key": f"play-{first_path}"}
        first = requests.post(f"{two_paths[first_path]}/games/{game_id}/actions", json=legal[0], headers=headers,
                              timeout=60)
        assert first.status_code == 201, first.text
        replay = same(both("POST", f"/games/{game_id}/actions", json=legal[0], headers=headers))
        assert replay.headers["Idempotent-Replayed"] == "true"
        assert "Idempotent-Replayed" not in first.headers
        assert first.headers["ETag"] == replay.headers["ETag"]
        assert {**first.json(), "duplicate": True} == replay.json()
        # what the other path would have answered, but for the replay's mark
        assert sorted(first.headers) == sorted(h for h in replay.headers if h.lower() != "idempotent-replayed")


def test_a_play_asking_for_its_words_reads_the_same_on_both_paths(both):
    game_id, auth = _game(both)
    version, _seat, legal = _a_legal_action(both, game_id, auth)
    headers = {**auth, "If-Match": f'"{version}"', "Idempotency-Key": "words"}
    hot, flask = both("POST", f"/games/{game_id}/actions?words=1", json=legal[0], headers=headers)
    assert hot.status_code == 201 and flask.status_code == 201
    assert hot.json()["said"] == flask.json()["said"] and hot.json()["said"]


def test_the_view_and_its_etag_read_the_same_on_both_paths(both):
    game_id, auth = _game(both)
    view = same(both("GET", f"/games/{game_id}"))
    assert view.headers["ETag"] == f'"{view.json()["version"]}"'
    same(both("GET", f"/games/{game_id}", headers={"If-None-Match": view.headers["ETag"]}))
    same(both("GET", f"/games/{game_id}", headers=auth))
    same(both("GET", f"/games/{game_id}", params={"view": "director"}, headers=auth))
    same(both("GET", f"/games/{game_id}", params={"seat": 1}, headers=auth))
    same(both("GET", f"/games/{game_id}", params={"view": "nobody"}))
    same(both("GET", "/games/NoSuchGame"))
    same(both("HEAD", f"/games/{game_id}"))
    private_id, private_auth = _game(both, private=True)
    same(both("GET", f"/games/{private_id}"))
    same(both("GET", f"/games/{private_id}", headers=private_auth))


def test_the_legal_list_and_its_refusals_read_the_same_on_both_paths(both):
    game_id, auth = _game(both)
    path = f"/games/{game_id}/legal"
    same(both("GET", path, params={"seat": 0}, headers=auth))
    for query in ({"seat": 9}, {"seat": "x"}, {}, {"seat": [0, 1]}, {"seat": "01"}, {"seat": 1, "other": 2}):
        same(both("GET", path, params=query, headers=auth))
    same(both("GET", path, params={"seat": 0}))
    same(both("GET", path, params={"seat": 0}, headers={"Authorization": "Bearer wrong"}))
    same(both("GET", "/games/NoSuchGame/legal", params={"seat": 0}, headers=auth))


def test_a_refused_action_reads_the_same_on_both_paths(both):
    game_id, auth = _game(both)
    version, seat, legal = _a_legal_action(both, game_id, auth)
    path = f"/games/{game_id}/actions"
    refusals = [
        dict(json=legal[0]),  # no token
        dict(json=legal[0], headers={"Authorization": "Bearer wrong"}),
        dict(json=legal[0], headers={"Authorization": "Basic abc"}),
        dict(data=b"{not json", headers={**auth, "Content-Type": "application/json"}),
        dict(data=b"", headers={**auth, "Content-Type": "application/json"}),
        dict(data=b'{"action": "cut"}', headers={**auth, "Content-Type": "text/plain"}),
        dict(data=b"[" * 40 + b"]" * 40, headers={**auth, "Content-Type": "application/json"}),
        dict(data=b"x" * (MAX_REQUEST_BYTES + 1), headers={**auth, "Content-Type": "application/json"}),
        dict(json=["cut"], headers=auth),
        dict(json={"seat": seat}, headers=auth),
        dict(json={"action": "fly", "seat": seat}, headers=auth),
        dict(json={**legal[0], "seat": 1.5}, headers=auth),
        dict(json={**legal[0], "seat": True, "colour": "red"}, headers=auth),
        dict(json={"action": "play", "seat": seat, "card": "ZZ"}, headers=auth),
        dict(json=legal[0], headers={**auth, "If-Match": "twelve"}),
        dict(json=legal[0], headers={**auth, "If-Match": f'"{version + 5}"'}),
        dict(json=legal[0], headers={**auth, "Idempotency-Key": "k" * 201}),
    ]
    for refusal in refusals:
        same(both("POST", path, **refusal))
    same(both("POST", "/games/NoSuchGame/actions", json=legal[0], headers=auth))
    same(both("PUT", path, json=legal[0], headers=auth))
    # nothing was logged by any of them
    assert same(both("GET", f"/games/{game_id}")).json()["version"] == version


def test_a_stale_if_match_is_the_same_409_on_both_paths(both):
    game_id, auth = _game(both)
    version, _seat, legal = _a_legal_action(both, game_id, auth)
    ok = both("POST", f"/games/{game_id}/actions", json=legal[0], headers={**auth, "If-Match": f'"{version}"'})[0]
    assert ok.status_code == 201
    stale = same(both("POST", f"/games/{game_id}/actions", json=legal[0], headers={**auth, "If-Match": f'"{version}"'}))
    assert stale.status_code == 409
    assert stale.headers["Content-Type"] == "application/problem+json"


def test_a_play_is_served_without_a_flask_request(app, redis_client):
    """The hot routes answer a play, the view and the legal list with no Flask request at all;
    with COURTCARD_HOT_ROUTES=0 (HOT_ROUTES off) Flask serves each."""
    from api.app import create_app

    counts = {}
    for hot in (True, False):
        served = create_app({"REDIS_URL": app.config["REDIS_URL"], "TESTING": True, "HOT_ROUTES": hot})
        requests_seen = []
        served.before_request(lambda: requests_seen.append(1))
        client = served.test_client()
        created = client.post("/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                              "options": {}, "record": "known", "private": False})
        auth = {"Authorization": f"Bearer {created.get_json()['token']}"}
        game_id = created.get_json()["game_id"]
        requests_seen.clear()
        view = client.get(f"/games/{game_id}").get_json()
        seat = view["to_act"][0]
        legal = client.get(f"/games/{game_id}/legal?seat={seat}", headers=auth).get_json()["actions"]
        played = client.post(f"/games/{game_id}/actions", json=legal[0], headers=auth)
        assert played.status_code == 201
        counts[hot] = len(requests_seen)
    assert counts == {True: 0, False: 3}
