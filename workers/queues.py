"""RQ set-up: the queues Courtcard's jobs run on, with a JSON serializer (never pickle).

Workers run jobs in their own process (RQ's ``SimpleWorker``): a job is a replay of one game,
often a few milliseconds, and forking a work horse for each would cost as much as the job. It
also lets a worker keep the referee's state cache from one job to the next. Job timeouts still
hold (RQ enforces them with an alarm signal in the worker itself).

A worker killed outright (SIGKILL, a lost machine) leaves its job marked as started. RQ notices
only when the job's heartbeat expires, a minute or more later; so a starting worker first puts
back on the queue the started jobs of workers that are certainly dead (see :mod:`workers.recovery`).
The jobs are idempotent, so running one again is always safe.
"""

from __future__ import annotations

import os
import socket

import redis
from rq import Queue, SimpleWorker, Worker
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


class CourtcardWorker(SimpleWorker):
    """An RQ worker that first requeues the jobs dead workers left half done."""

    def work(self, *args, **kwargs):
        from workers.recovery import requeue_orphaned_jobs

        requeued = requeue_orphaned_jobs(self.connection)
        if requeued:
            self.log.warning("requeued %d job(s) left by dead workers: %s", len(requeued), ", ".join(requeued))
        return super().work(*args, **kwargs)


#: How often a worker runs RQ's upkeep, in seconds. Among it, it starts again its scheduler (which
#: runs the retries of failed jobs) if that died, as it does when the store goes away: RQ's default
#: of 10 minutes would leave retries waiting that long after the store came back.
MAINTENANCE_S = 60


def make_worker(client: redis.Redis, name: str | None = None) -> Worker:
    """A worker on every Courtcard queue (``worker.work(burst=True)`` stops when they are empty)."""
    return CourtcardWorker(queues(client), name=name, connection=client, serializer=JSONSerializer,
                           maintenance_interval=MAINTENANCE_S)


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
    """Queue depth, running and failed jobs, and the workers alive to take them, for /healthz."""
    out = {"queued": 0, "started": 0, "failed": 0, "workers": live_workers(client)}
    for q in queues(client):
        out["queued"] += q.count
        out["started"] += StartedJobRegistry(queue=q).count
        out["failed"] += FailedJobRegistry(queue=q).count
    return out
