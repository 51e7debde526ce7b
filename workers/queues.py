"""RQ set-up: the queues Courtcard's jobs run on, with a JSON serializer (never pickle).

Workers run jobs in their own process (RQ's ``SimpleWorker``): a job is a replay of one game,
often a few milliseconds, and forking a work horse for each would cost as much as the job. It
also lets a worker keep the referee's state cache from one job to the next. Job timeouts still
hold (RQ enforces them with an alarm signal in the worker itself).

Who is alive to take a job is read here too (:func:`worker_alive`), for the health check, the
readers that would rather build a document than wait, and the recovery of jobs dead workers left
(:mod:`workers.recovery`). The worker itself is :mod:`workers.worker`.
"""

from __future__ import annotations

import os
import socket

import redis
from rq import Queue, Worker
from rq.registry import FailedJobRegistry, StartedJobRegistry
from rq.serializers import JSONSerializer

#: Queue names, most urgent first: a worker drains them in this order.
QUEUE_NAMES = ("courtcard-high", "courtcard-default", "courtcard-low")


def queues(client: redis.Redis) -> list[Queue]:
    """Every Courtcard queue, most urgent first."""
    return [Queue(name, connection=client, serializer=JSONSerializer) for name in QUEUE_NAMES]


def queue(client: redis.Redis, name: str = "courtcard-default", is_async: bool = True) -> Queue:
    """One queue. ``is_async=False`` runs each job at once in the caller (RQ's synchronous mode)."""
    return Queue(name, connection=client, serializer=JSONSerializer, is_async=is_async)


def worker_alive(client: redis.Redis, worker_name: str) -> bool:
    """False when the worker is certainly gone: its registration is missing or marked dead, or it
    ran on this machine and its process no longer exists. A worker killed outright stays
    registered until RQ's heartbeat expiry, minutes later; its process tells the truth at once.
    A worker on another machine counts as alive until that expiry, since it cannot be checked."""
    key = Worker.redis_worker_namespace_prefix + worker_name
    hostname, pid, death = client.hmget(key, ["hostname", "pid", "death"])
    if hostname is None or death is not None:
        return False
    if hostname.decode() != socket.gethostname() or pid is None:
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def live_workers(client: redis.Redis) -> int:
    """How many registered workers are alive (see :func:`worker_alive`)."""
    return sum(worker_alive(client, worker.name) for worker in Worker.all(connection=client))


def queue_health(client: redis.Redis) -> dict:
    """Queue depth, running and failed jobs, and the workers alive to take them, for /healthz.

    Read only: the registries' counts are taken without RQ's clean-up (the workers run it), so that
    a check never writes, and answers while the server refuses writes (a full disk)."""
    out = {"queued": 0, "started": 0, "failed": 0, "workers": live_workers(client)}
    for q in queues(client):
        out["queued"] += q.count
        out["started"] += StartedJobRegistry(queue=q).get_job_count(cleanup=False)
        out["failed"] += FailedJobRegistry(queue=q).get_job_count(cleanup=False)
    return out
