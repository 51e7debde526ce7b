"""A read model at a version for a request that wants a current document.

A worker builds it when one takes the job promptly. When none is alive, or the job is still on the
queue after a moment (every worker busy, or only dead ones registered), the request builds it
itself: the jobs are idempotent and their writes forward-only, so the queued job running later
is harmless. A reader therefore always gets a current document, unless a live worker holds the
job and has not finished it within the time the reader agreed to wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from workers.queues import worker_alive
from workers.readmodels import ReadModels

POLL_S = 0.02
#: How long a queued job may wait for a worker to take it before the request builds the document.
HANDOFF_S = 0.5


def current_model(models: ReadModels, game_id: str, name: str, version: int, timeout_s: float,
                  workers_alive: Callable[[], bool], enqueue: Callable[[], Job],
                  build_here: Callable[[], Any]) -> tuple[int, Any] | None:
    """The stored ``(version, doc)`` once it reflects at least ``version``.

    With ``workers_alive()`` (asked only when the stored document is behind), ``enqueue()`` hands
    the job to them; ``build_here()`` builds the document in the caller when there is none, or
    when no live worker has taken the job after ``min(HANDOFF_S, timeout_s)``. After ``timeout_s``
    (a live worker still at work) the stored document as it is, maybe older, maybe None.
    """
    stored = models.get(game_id, name)
    if stored is not None and stored[0] >= version:
        return stored
    if not workers_alive():
        build_here()
        return models.get(game_id, name)
    job = enqueue()
    start = time.monotonic()
    handoff = min(HANDOFF_S, timeout_s)
    while True:
        current = models.version(game_id, name)
        if current is not None and current >= version:
            break
        waited = time.monotonic() - start
        if waited >= handoff and not _in_hands_of_a_live_worker(models, job):
            build_here()
            break
        if waited >= timeout_s:
            break
        time.sleep(POLL_S)
    return models.get(game_id, name)


def _in_hands_of_a_live_worker(models: ReadModels, job: Job) -> bool:
    try:
        job.refresh()
    except NoSuchJobError:
        return False
    return (job.get_status(refresh=False) == JobStatus.STARTED and bool(job.worker_name)
            and worker_alive(job.connection, job.worker_name))
