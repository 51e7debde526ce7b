"""Real RQ workers (``python -m api worker``) in subprocesses, against the suite's real server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import orjson
import pytest
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from events.store import EventStore
from referee.replay import game_for, replay
from tests.workers.longgame import random_game_events, record_game
from workers.audit import AUDIT
from workers.enqueue import enqueue_audit, enqueue_scores
from workers.queues import queue
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES, build_sheet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_worker(redis_url: str, burst: bool, queue_url: str | None = None) -> subprocess.Popen:
    """`courtcard worker` on the store at ``redis_url`` (its queues there too, unless ``queue_url``)."""
    args = [sys.executable, "-m", "api", "worker"] + (["--burst"] if burst else [])
    env = {**os.environ, "REDIS_URL": redis_url, **({"COURTCARD_QUEUE_URL": queue_url} if queue_url else {})}
    # Its own process group, so that a kill reaches nothing else.
    return subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_burst(redis_url: str, queue_url: str | None = None) -> None:
    worker = start_worker(redis_url, burst=True, queue_url=queue_url)
    assert worker.wait(timeout=60) == 0


def expected_sheet(events: list, game_id: str) -> dict:
    """The score sheet of ``events`` replayed here, as JSON would carry it."""
    state = replay(events)
    return orjson.loads(orjson.dumps(build_sheet(game_id, game_for(state), state)))


#: Hands of the game the killed job scores (its sheet has a row per seat and hand).
KILLED_JOB_HANDS = 30


@pytest.mark.slow
def test_worker_killed_mid_job_then_restarted_leaves_a_correct_score_sheet(redis_client, redis_url, frozen_able_server):
    store_url = frozen_able_server.url
    store_client = frozen_able_server.client()
    events = random_game_events(hands=KILLED_JOB_HANDS, seed=11)
    version = record_game(EventStore(store_client), "long", events)
    job = enqueue_scores(redis_client, "long", version)
    # The store frozen, the job, once started, waits on its first read of the record: the kill
    # lands in the middle of it whatever the machine's speed (a job left to run could finish first).
    os.kill(frozen_able_server.pid, signal.SIGSTOP)
    worker = start_worker(store_url, burst=False, queue_url=redis_url)
    try:
        deadline = time.monotonic() + 60
        while job.get_status(refresh=True) != JobStatus.STARTED:
            assert time.monotonic() < deadline, "the worker never started the job"
            assert worker.poll() is None
            time.sleep(0.002)
        os.killpg(worker.pid, signal.SIGKILL)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)
        os.kill(frozen_able_server.pid, signal.SIGCONT)
    models = ReadModels(store_client)
    assert job.get_status(refresh=True) == JobStatus.STARTED  # killed in the middle: never finished
    assert models.get("long", SCORES) is None  # and nothing half-written
    run_burst(store_url, queue_url=redis_url)  # the restarted worker requeues the orphaned job and runs it
    assert job.get_status(refresh=True) == JobStatus.FINISHED
    stored_version, sheet = models.get("long", SCORES)
    assert stored_version == version
    assert sheet == expected_sheet(events, "long")
    assert len(sheet["rows"]) == 4 * KILLED_JOB_HANDS
    store_client.close()


@pytest.mark.slow
def test_the_same_job_twice_gives_one_result_and_audits_run_on_workers(redis_client, redis_url):
    store = EventStore(redis_client)
    events = random_game_events(hands=5, seed=3)
    version = record_game(store, "g", events)
    first = enqueue_scores(redis_client, "g", version)
    second = enqueue_scores(redis_client, "g", version)
    assert first.id == second.id and queue(redis_client, "courtcard-high").count == 1
    enqueue_audit(redis_client, "g", version)
    run_burst(redis_url)
    models = ReadModels(redis_client)
    stored = models.get("g", SCORES)
    assert stored[0] == version and stored[1] == expected_sheet(events, "g")
    assert first.get_status(refresh=True) == JobStatus.FINISHED and first.return_value() == {"written": True, "version": version}

    # Run it again (its record gone, as after a crash that lost it): it writes nothing new.
    Job.fetch(first.id, connection=redis_client, serializer=JSONSerializer).delete()
    again = enqueue_scores(redis_client, "g", version)
    run_burst(redis_url)
    assert again.get_status(refresh=True) == JobStatus.FINISHED
    assert again.return_value() == {"written": False, "version": version}
    assert models.get("g", SCORES) == stored

    audit_version, report = models.get("g", AUDIT)
    assert audit_version == version and report["ok"] and report["scores"]["matches"] is True
