"""RQ set-up: the queues Courtcard's jobs run on, with a JSON serializer (never pickle)."""

from __future__ import annotations

import redis
from rq import Queue, Worker
from rq.registry import FailedJobRegistry, StartedJobRegistry
from rq.serializers import JSONSerializer

#: Queue names, most urgent first: a worker drains them in this order.
QUEUE_NAMES = ("courtcard-high", "courtcard-default", "courtcard-low")


def queues(client: redis.Redis) -> list[Queue]:
    return [Queue(name, connection=client, serializer=JSONSerializer) for name in QUEUE_NAMES]


def queue(client: redis.Redis, name: str = "courtcard-default") -> Queue:
    return Queue(name, connection=client, serializer=JSONSerializer)


def make_worker(client: redis.Redis, name: str | None = None) -> Worker:
    return Worker(queues(client), name=name, connection=client, serializer=JSONSerializer)


def queue_health(client: redis.Redis) -> dict:
    """Queue depth, running and failed jobs, for /healthz."""
    out = {"queued": 0, "started": 0, "failed": 0, "workers": len(Worker.all(connection=client))}
    for q in queues(client):
        out["queued"] += q.count
        out["started"] += StartedJobRegistry(queue=q).count
        out["failed"] += FailedJobRegistry(queue=q).count
    return out
