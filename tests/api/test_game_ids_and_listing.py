"""Which ids a game is created or imported under (one id rule for both), and who sees a game
listed: a private game is listed only to a request carrying its token."""

from __future__ import annotations

import orjson
import pytest

from workers.game_use_cases import follows_id_rule
from events.chain import head_record
from events.envelope import GENESIS_HASH, envelope_hash

NEW_GAME = {"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"], "record": "blind"}


def _history_under(events: list[dict], game_id: str) -> bytes:
    """A whole, verifying jsonl history of ``events`` as game ``game_id`` (rehashed: the chain
    has no secret, anyone may write one)."""
    lines, prev = [], GENESIS_HASH
    for event in events:
        event = {**event, "game_id": game_id, "prev_hash": prev}
        event["hash"] = prev = envelope_hash(event)
        lines.append(orjson.dumps(event))
    lines.append(orjson.dumps(head_record(game_id, len(events), prev)))
    return b"\n".join(lines)


@pytest.fixture
def opening(client) -> list[dict]:
    """The first events of a real game, to be imported under other ids."""
    return client.post("/games", json=NEW_GAME).get_json()["events"]


def test_ids_made_by_post_games_follow_the_id_rule(client):
    for _ in range(20):
        assert follows_id_rule(client.post("/games", json=NEW_GAME).get_json()["game_id"])


@pytest.mark.parametrize("bad_id", ["a/b", "..", "a b", "a\x00b", "-bpBsZzSKjW0", "x" * 65, "é1"])
def test_an_import_under_an_id_breaking_the_id_rule_gets_a_new_id_that_follows_it(client, opening, bad_id):
    response = client.post("/imports", data=_history_under(opening, bad_id), headers={"Content-Type": "text/plain"})
    assert response.status_code == 201, response.get_json()
    imported = response.get_json()
    assert imported["original_game_id"] == bad_id
    assert imported["game_id"] != bad_id and follows_id_rule(imported["game_id"])
    assert client.get(f"/games/{imported['game_id']}").status_code == 200


@pytest.mark.parametrize("good_id", ["ClubNight2026", "older_server-id_1"])
def test_an_import_under_an_id_following_the_rule_keeps_it(client, opening, good_id):
    response = client.post("/imports", data=_history_under(opening, good_id), headers={"Content-Type": "text/plain"})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game_id"] == good_id
    assert client.get(f"/games/{good_id}").status_code == 200


def test_a_private_game_is_listed_only_to_a_request_carrying_its_token(client):
    public = client.post("/games", json=NEW_GAME).get_json()
    mine = client.post("/games", json={**NEW_GAME, "private": True}).get_json()
    other = client.post("/games", json={**NEW_GAME, "private": True}).get_json()

    def listed(token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = client.get("/games", headers=headers).get_json()
        assert body["total"] == len(body["games"])
        return {g["game_id"] for g in body["games"]}

    assert listed() == {public["game_id"]}
    assert listed("not-a-token") == {public["game_id"]}
    assert listed(mine["token"]) == {public["game_id"], mine["game_id"]}
    assert listed(other["token"]) == {public["game_id"], other["game_id"]}


def test_a_game_created_through_one_process_is_listed_at_once_by_the_other_a_private_one_only_with_its_token(client):
    def listed(host: int, token: str | None = None) -> tuple[list[str], int]:
        """GET /games as one `courtcard serve` answers it (each host runs its own API processes)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = client.sessions[host].get(f"{client.urls[host]}/games", headers=headers).json()
        return [g["game_id"] for g in body["games"]], body["total"]

    def create(host: int, private: bool = False) -> dict:
        response = client.sessions[host].post(f"{client.urls[host]}/games", json={**NEW_GAME, "private": private})
        assert response.status_code == 201, response.json()
        return response.json()

    assert listed(0) == listed(1) == ([], 0)  # both have listed: each has the index as it was then
    public = create(0)
    assert listed(1) == ([public["game_id"]], 1)
    secret = create(0, private=True)
    assert listed(1) == ([public["game_id"]], 1)
    assert listed(1, secret["token"]) == ([public["game_id"], secret["game_id"]], 2)
    later = create(1)
    assert listed(0) == ([public["game_id"], later["game_id"]], 2)
    assert listed(0, secret["token"]) == ([public["game_id"], secret["game_id"], later["game_id"]], 3)
    assert listed(0, public["token"]) == ([public["game_id"], later["game_id"]], 2)  # a public game's token shows nothing more


#: Every route that reads or writes one game, as (method, path after /games/{id}, query, body).
GAME_ROUTES = [
    ("GET", "", {}, None), ("GET", "", {"view": "director"}, None), ("GET", "", {"seat": 1}, None),
    ("GET", "/legal", {"seat": 0}, None), ("GET", "/hint", {}, None), ("GET", "/events", {}, None),
    ("GET", "/events/stream", {}, None), ("GET", "/scores", {}, None), ("GET", "/audit", {}, None),
    ("GET", "/disputes", {}, None), ("GET", "/disputes/1", {}, None),
    *[("GET", "/export", {"format": fmt}, None) for fmt in ("jsonl", "csv", "html", "text")],
    ("POST", "/actions", {}, {"action": "cut", "seat": 0, "card": "AS"}),
    ("POST", "/disputes", {}, {"seat": 0, "accused": 1, "hand": 1, "trick": 1}),
]


def test_a_private_game_without_its_token_is_answered_as_an_unknown_id_on_every_route(client):
    from api.director import load_or_create_director_key
    from events.server import default_data_dir

    secret = client.post("/games", json={**NEW_GAME, "private": True}).get_json()
    unknown = "Zz" + secret["game_id"][2:]
    assert client.get(f"/games/{unknown}").status_code == 404
    for method, route, query, body in GAME_ROUTES:
        for headers in ({}, {"Authorization": "Bearer not-its-token"}):
            answers = []
            for game_id in (unknown, secret["game_id"]):
                response = client.open(f"/games/{game_id}{route}", method, json=body, headers=headers, query_string=query)
                problem = response.get_json()
                answers.append((response.status_code, response.headers.get("Content-Type"), response.headers.get("WWW-Authenticate"),
                                problem["code"], problem["title"], problem["detail"].replace(game_id, "<id>"),
                                sorted(problem)))
            assert answers[0] == answers[1], (method, route, headers, answers)
            assert answers[1][0] == 404 and answers[1][3] == "game_not_found"
    # Its token, and for reading the director's key, still open it; nothing was written meanwhile.
    token = {"Authorization": f"Bearer {secret['token']}"}
    director = {"Authorization": f"Bearer {load_or_create_director_key(default_data_dir())}"}
    assert client.get(f"/games/{secret['game_id']}", headers=token).get_json()["version"] == secret["version"]
    assert client.get(f"/games/{secret['game_id']}/events", headers=director).status_code == 200
