"""Asking the RQ workers for a job: a score sheet, an audit, a dispute explained, the disputes
listed, a session's standings. The jobs themselves are :mod:`workers.jobs`, named here by their
dotted paths (what RQ stores in Redis), so that what asks for a job (the use cases, the club)
never imports what runs it, which itself builds the club's use cases. Asking twice for the same
job while it waits enqueues it once (see the job ids in :mod:`workers.jobs`).
"""

from __future__ import annotations

import hashlib
import re

import redis
from rq import Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from workers.queues import queue

#: Seconds a job may run before RQ stops it.
TIMEOUTS = {"scores": 120, "audit": 600, "dispute": 120, "standings": 300}
#: Transient failures (the store unreachable for a moment) are retried after 1, 5 and 15 seconds.
RETRY = Retry(max=3, interval=[1, 5, 15])
#: How long finished jobs' results (and failed jobs, for /healthz) are kept, in seconds.
RESULT_TTL, FAILURE_TTL = 3600, 7 * 24 * 3600
_LIVE = {JobStatus.QUEUED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.SCHEDULED}

_JOB_ID_SAFE = re.compile(r"[A-Za-z0-9_-]+")

# -- asking ---------------------------------------------------------------------------------


def enqueue_scores(client: redis.Redis, game_id: str, version: int, is_async: bool = True) -> Job:
    """Ask for the score sheet of ``game_id`` to reach at least ``version``."""
    return _enqueue(client, "workers.jobs.refresh_scores", _job_id("scores", game_id, version), [game_id, version],
                    TIMEOUTS["scores"], "courtcard-high", is_async)


def enqueue_audit(client: redis.Redis, game_id: str, version: int, is_async: bool = True) -> Job:
    """Ask for an audit of ``game_id`` as of (at least) ``version``."""
    return _enqueue(client, "workers.jobs.run_audit", _job_id("audit", game_id, version), [game_id, version],
                    TIMEOUTS["audit"], "courtcard-low", is_async)


def enqueue_dispute(client: redis.Redis, game_id: str, dispute: int, version: int, is_async: bool = True) -> Job:
    """Ask for dispute ``dispute`` of ``game_id`` to be explained as of (at least) ``version``."""
    return _enqueue(client, "workers.jobs.explain_dispute_job", _job_id("dispute", game_id, dispute, version),
                    [game_id, dispute, version], TIMEOUTS["dispute"], "courtcard-default", is_async)


def enqueue_disputes(client: redis.Redis, game_id: str, version: int, is_async: bool = True) -> Job:
    """Ask for the list of ``game_id``'s disputes to reach at least ``version``."""
    return _enqueue(client, "workers.jobs.list_disputes_job", _job_id("disputes", game_id, version),
                    [game_id, version], TIMEOUTS["dispute"], "courtcard-default", is_async)


def enqueue_standings(client: redis.Redis, session_id: str, at: int) -> Job:
    """Ask the workers to make session ``session_id``'s standings again, after the record moved
    (``at``: a number that names the move, so that a later move queues a job of its own)."""
    return _enqueue(client, "workers.jobs.refresh_standings", _job_id("standings", session_id, at), [session_id],
                    TIMEOUTS["standings"], "courtcard-default", True)


def _job_id(kind: str, game_id: str, *numbers: int) -> str:
    """``scores_12_<game>``: RQ job ids allow letters, digits, ``_`` and ``-`` only, so a game id with
    other characters is replaced by its digest."""
    if not _JOB_ID_SAFE.fullmatch(game_id):
        game_id = hashlib.sha256(game_id.encode()).hexdigest()[:32]
    return "_".join([kind, *map(str, numbers), game_id])


def _enqueue(client, func: str, job_id: str, args: list, timeout: int, queue_name: str, is_async: bool) -> Job:
    try:
        existing = Job.fetch(job_id, connection=client, serializer=JSONSerializer)
        if existing.get_status(refresh=False) in _LIVE or existing.get_status(refresh=False) == JobStatus.FINISHED:
            return existing
    except NoSuchJobError:
        pass
    return queue(client, queue_name, is_async).enqueue(
        func, args=args, job_id=job_id, job_timeout=timeout, retry=RETRY, result_ttl=RESULT_TTL,
        failure_ttl=FAILURE_TTL, description=job_id)
