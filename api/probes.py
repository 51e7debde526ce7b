"""The health check's own clients (:class:`Probes`), built by the app factory and kept in
:class:`api.services.Services`; /healthz (:mod:`api.resources.health`) reads through them.

A module of their own so that the services and the health resource both import it, and
neither the other."""

from __future__ import annotations

import dataclasses

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.server import redis_from_url
from events.store import EventStore

#: Each of the check's commands waits this long for the store at most, and is never retried.
PROBE_TIMEOUT_S = 0.5


@dataclasses.dataclass(frozen=True)
class Probes:
    """The health check's own clients (the store's server or cluster, the queues' server, the record's
    incident log): short timeouts, no retries, never a connection a table request waits on."""

    redis: redis.Redis
    queue: redis.Redis
    store: EventStore

    @classmethod
    def connect(cls, store_url: str, queue_url: str) -> Probes:
        options = {"socket_timeout": PROBE_TIMEOUT_S, "socket_connect_timeout": PROBE_TIMEOUT_S,
                   "health_check_interval": 0, "retry": Retry(NoBackoff(), 0)}
        client = redis_from_url(store_url, **options)
        queue = client if queue_url == store_url else redis_from_url(queue_url, **options)
        return cls(client, queue, EventStore(client))
