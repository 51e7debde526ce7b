"""Fixtures for API tests: the API as `courtcard serve` runs it, over HTTP, on the suite's real Redis.

``client`` spreads requests over two `courtcard serve` instances (tests/hosts.py), so each request
is served by another process than the one before. ``app`` is the app in this process, for the
few tests that need its internals (live streams read without a server, a server of their own).
"""

from __future__ import annotations

import pytest

from api.app import create_app


@pytest.fixture
def app(redis_client, redis_url):
    # redis_client gives each test a clean database on the suite's server.
    return create_app({"REDIS_URL": redis_url, "TESTING": True})


@pytest.fixture
def client(http_client):
    return http_client


@pytest.fixture
def new_game(client):
    """Create a game through the API; returns (game_id, token, auth headers)."""

    def create(game="queens-dungeon", seats=("Ann", "Bob", "Cat", "Dan"), options=None, record="known", private=False):
        response = client.post("/games", json={"game": game, "seats": list(seats), "options": options or {},
                                              "record": record, "private": private})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        return body["game_id"], body["token"], {"Authorization": f"Bearer {body['token']}"}

    return create


@pytest.fixture
def director_headers():
    """Auth headers with the director's key, read where `courtcard serve` keeps it (its data directory)."""
    from api.director import load_or_create_director_key
    from events.server import default_data_dir

    return {"Authorization": f"Bearer {load_or_create_director_key(default_data_dir())}"}
