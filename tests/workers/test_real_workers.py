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
from workers.jobs import enqueue_audit, enqueue_scores
from workers.queues import queue
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES, build_sheet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_worker(redis_url: str, burst: bool) -> subprocess.Popen:
    args = [sys.executable, "-m", "api", "worker"] + (["--burst"] if burst else [])
    # Its own process group, so that a kill reaches nothing else.
    return subprocess.Popen(args, cwd=ROOT, env={**os.environ, "REDIS_URL": redis_url}, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_burst(redis_url: str) -> None:
    worker = start_worker(redis_url, burst=True)
    assert worker.wait(timeout=60) == 0


def expected_sheet(events: list, game_id: str) -> dict:
    """The score sheet of ``events`` replayed here, as JSON would carry it."""
    state = replay(events)
    return orjson.loads(orjson.dumps(build_sheet(game_id, game_for(state), state)))


#: Hands of the game the killed job scores: enough that its replay (seconds of CPU) is still
#: running when the kill lands, a few milliseconds after the job starts (the test checks that it
#: was: the job stays started and nothing is written). More only made the test slower: making
#: the game took a minute of CPU at 600 hands, and the restarted worker's burst then ran past
#: its timeout on a loaded machine.
KILLED_JOB_HANDS = 150


@pytest.mark.slow
def test_worker_killed_mid_job_then_restarted_leaves_a_correct_score_sheet(redis_client, redis_url):
    store = EventStore(redis_client)
    events = random_game_events(hands=KILLED_JOB_HANDS, seed=11)
    version = record_game(store, "long", events)
    job = enqueue_scores(redis_client, "long", version)
    worker = start_worker(redis_url, burst=False)
    try:
        deadline = time.monotonic() + 30
        while job.get_status(refresh=True) != JobStatus.STARTED:
            assert time.monotonic() < deadline, "the worker never started the job"
            assert worker.poll() is None
            time.sleep(0.002)
        os.killpg(worker.pid, signal.SIGKILL)
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)
    models = ReadModels(redis_client)
    assert job.get_status(refresh=True) == JobStatus.STARTED  # killed in the middle: never finished
    assert models.get("long", SCORES) is None  # and nothing half-written
    run_burst(redis_url)  # the restarted worker requeues the orphaned job and runs it
    assert job.get_status(refresh=True) == JobStatus.FINISHED
    stored_version, sheet = models.get("long", SCORES)
    assert stored_version == version
    assert sheet == expected_sheet(events, "long")
    assert len(sheet["rows"]) == 4 * KILLED_JOB_HANDS


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
