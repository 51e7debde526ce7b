"""Helpers for the club tests: a roster, a session, and games played to their end through the API."""

from __future__ import annotations

import random

from tests.api.test_table_actions import play_random_actions

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
