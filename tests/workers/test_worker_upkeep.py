"""A worker's upkeep runs often enough that a scheduler killed with the store (it runs the retries
of failed jobs) is started again within a minute of the store's return, not ten."""

from __future__ import annotations

from datetime import timedelta

from rq.utils import now

from workers.worker import make_worker


def test_a_worker_looks_after_its_scheduler_again_within_a_minute(redis_client):
    worker = make_worker(redis_client)
    worker.last_cleaned_at = now() - timedelta(seconds=61)
    assert worker.should_run_maintenance_tasks
