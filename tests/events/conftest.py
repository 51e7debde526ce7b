"""Fixtures of the event store's tests: stores that know the sample event types."""

from __future__ import annotations

import pytest
from store_samples import sample_registry

from events.store import EventStore


@pytest.fixture
def store_backend(every_backend):
    """Every promise the store makes is checked on a single server and on a cluster."""
    return every_backend


@pytest.fixture
def store(redis_client) -> EventStore:
    """An EventStore on a clean database, knowing only this package's sample event types."""
    return EventStore(redis_client, registry=sample_registry)


@pytest.fixture
def make_store(store_backend, redis_client):
    """Factory for more EventStores on the same (clean) database, each with its own connection."""
    clients = []

    def make(**kwargs) -> EventStore:
        client = store_backend.client()
        clients.append(client)
        return EventStore(client, registry=sample_registry, **kwargs)

    yield make
    for client in clients:
        client.close()
