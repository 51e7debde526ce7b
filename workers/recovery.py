"""Putting back on the queue the jobs that workers killed mid-job left marked as started.

A job counts as orphaned when the worker running it is certainly gone: its registration is
missing or marked dead, or it ran on this machine and its process no longer exists. Jobs of
workers on other machines are left to RQ's own heartbeat expiry, since their processes cannot be
checked from here.
"""

from __future__ import annotations

import redis
from rq.exceptions import NoSuchJobError
from rq.executions import Execution
from rq.job import Job
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from workers.queues import queues, worker_alive


def requeue_orphaned_jobs(client: redis.Redis) -> list[str]:
    """Requeue every started job whose worker is dead; returns their ids."""
    requeued = []
    for q in queues(client):
        registry = StartedJobRegistry(queue=q)
        for job_id, execution_id in registry.get_job_and_execution_ids(cleanup=False):
            try:
                worker_name = Execution.fetch(execution_id, job_id, client).worker_name
            except ValueError:
                worker_name = ""  # the execution record is gone, and its worker with it
            if worker_name and worker_alive(client, worker_name):
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
