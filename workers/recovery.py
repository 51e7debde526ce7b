"""Putting back on the queue the jobs that workers killed mid-job left marked as started.

A job counts as orphaned when the worker running it is certainly gone: its registration is
missing or marked dead, or it ran on this machine and its process no longer exists. Jobs of
workers on other machines are left to RQ's own heartbeat expiry, since their processes cannot be
checked from here.
"""

from __future__ import annotations

import os
import socket

import redis
from rq.exceptions import NoSuchJobError
from rq.executions import Execution
from rq.job import Job
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer
from rq.worker import Worker

from workers.queues import queues


def requeue_orphaned_jobs(client: redis.Redis) -> list[str]:
    """Requeue every started job whose worker is dead; returns their ids."""
    host = socket.gethostname()
    requeued = []
    for q in queues(client):
        registry = StartedJobRegistry(queue=q)
        for job_id, execution_id in registry.get_job_and_execution_ids(cleanup=False):
            try:
                worker_name = Execution.fetch(execution_id, job_id, client).worker_name
            except ValueError:
                worker_name = ""  # the execution record is gone, and its worker with it
            if worker_name and _alive(client, worker_name, host):
                continue
            try:
                job = Job.fetch(job_id, connection=client, serializer=JSONSerializer)
            except NoSuchJobError:
                client.zrem(registry.key, f"{job_id}:{execution_id}")
                continue
            client.zrem(registry.key, f"{job_id}:{execution_id}")
            q.enqueue_job(job)
            requeued.append(job_id)
    return requeued


def _alive(client: redis.Redis, worker_name: str, host: str) -> bool:
    key = Worker.redis_worker_namespace_prefix + worker_name
    hostname, pid, death = client.hmget(key, ["hostname", "pid", "death"])
    if hostname is None or death is not None:
        return False
    if hostname.decode() != host or pid is None:
        return True  # another machine: RQ's heartbeat expiry will tell
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
