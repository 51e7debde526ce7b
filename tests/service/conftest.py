"""Fixtures for the referee service's tests: services on the suite's real Redis server.

Two :class:`RefereeService` objects on one store stand for two API processes (or hosts): each has
its own cache of game states, as a process has, and shares nothing with the other but the record.
"""

from __future__ import annotations

import pytest

from referee.service import RefereeService

#: Queen's Dungeon, four players, blind record, first dealer seat 0: the usual club game.
SEATS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def store_backend(every_backend):
    """The service's promises are checked on a single server and on a cluster."""
    return every_backend


@pytest.fixture
def two_processes(event_store):
    return RefereeService(event_store), RefereeService(event_store)


@pytest.fixture
def blind_game(event_store):
    """Create a blind Queen's Dungeon game with hearts called; returns its id."""

    def create(game_id: str = "table1", service: RefereeService | None = None) -> str:
        service = service or RefereeService(event_store)
        opening = service.plan_game("queens-dungeon", {"first_dealer": 0}, SEATS, "blind")
        service.create_game(game_id, opening, actor="scorekeeper")
        service.act(game_id, "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper")
        return game_id

    return create
