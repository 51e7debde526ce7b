"""Helpers for the club tests: a roster, a session, and games played to their end through the API."""

from __future__ import annotations

import random

from tests.api.test_table_actions import SKIPPED, play_random_actions

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def add_roster(client, names=NAMES):
    """Add ``names`` to the roster; their player ids, in order."""
    ids = []
    for name in names:
        response = client.post("/players", json={"name": name})
        assert response.status_code == 201, response.get_json()
        ids.append(response.get_json()["player_id"])
    return ids


def open_session(client, players, game="queens-dungeon", tables=3, options=None, **more):
    body = {"name": "Friday club night", "date": "2026-11-27", "game": game, "options": options or {},
            "tables": tables, "players": players, **more}
    response = client.post("/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    return created["session_id"], {"Authorization": f"Bearer {created['token']}"}


def seat(client, session_id, headers, **body):
    response = client.post(f"/sessions/{session_id}/rounds", json=body, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def play_to_end(client, game_id, token, seed, actions=12):
    """Log a few random legal actions, then end the game (the scorekeeper's early end)."""
    headers = {"Authorization": f"Bearer {token}"}
    view = play_random_actions(client, game_id, headers, actions, random.Random(seed))
    if view["outcome"] is None:
        response = client.post(f"/games/{game_id}/actions", json={"action": "end_game"}, headers=headers)
        assert response.status_code == 201, response.get_json()
        view = client.get(f"/games/{game_id}").get_json()
    assert view["outcome"] is not None
    return view


def play_a_hand_and_confirm(client, game_id, token, seed, max_actions=400):
    """Play random legal actions until a hand is scored (or the game ends), end the game there, and
    have a player confirm every scored hand: the game is over and confirmed."""
    headers = {"Authorization": f"Bearer {token}"}
    rng = random.Random(seed)
    for _ in range(max_actions):
        view = client.get(f"/games/{game_id}").get_json()
        if view["outcome"] is not None or view["confirmations"]["unconfirmed_hands"] or not view["to_act"]:
            break
        seat_ = rng.choice(view["to_act"])
        legal = client.get(f"/games/{game_id}/legal", query_string={"seat": seat_}, headers=headers).get_json()
        choice = rng.choice([a for a in legal["actions"] if a["action"] not in SKIPPED | {"confirm", "undo", "redo"}])
        response = client.post(f"/games/{game_id}/actions", json=choice, headers=headers)
        assert response.status_code == 201, response.get_json()
    if view["outcome"] is None:
        response = client.post(f"/games/{game_id}/actions", json={"action": "end_game"}, headers=headers)
        assert response.status_code == 201, response.get_json()
    for hand in client.get(f"/games/{game_id}").get_json()["confirmations"]["unconfirmed_hands"]:
        response = client.post(f"/games/{game_id}/actions", headers=headers,
                               json={"action": "confirm", "seat": 1, "hand": hand, "agree": True})
        assert response.status_code == 201, response.get_json()
    view = client.get(f"/games/{game_id}").get_json()
    assert view["outcome"] is not None and view["confirmations"]["confirmed"], view["confirmations"]
    return view


def unrated(lines):
    """Standings lines without the rating, which follows the results as ruled."""
    return [{k: v for k, v in line.items() if k != "rating"} for line in lines]
