"""A reader always gets a current score sheet and audit: when no live worker takes the job in time,
the request builds the document itself (the jobs are idempotent, their writes forward-only)."""

from __future__ import annotations

import os
import signal
import time

import pytest

from api.app import create_app
from tests.workers.playing import ApiTable
from tests.workers.test_real_workers import start_worker
from workers.enqueue import enqueue_audit, enqueue_scores
from workers.queues import live_workers
from workers.worker import make_worker

# The reader agrees to wait this long (the most the API takes); a current document must come well
# before it. The request builds it half a second after no worker took the job: the half of the wait
# left over is an allowance for a slow machine, not a speed figure.
WAIT_S = 10


@pytest.fixture
def app(redis_client, redis_url):
    # Jobs go to RQ workers, as under `courtcard serve` (not run inline as in the other workers' tests).
    return create_app({"REDIS_URL": redis_url, "TESTING": True})


@pytest.fixture
def played(client) -> ApiTable:
    table = ApiTable(client)
    table.start_hand()
    table.play_out_hand()
    return table


def _read(client, table: ApiTable, what: str):
    start = time.monotonic()
    response = client.get(f"/games/{table.game_id}/{what}", query_string={"wait": WAIT_S}, headers=table.headers)
    return response, time.monotonic() - start


def _assert_current(response, elapsed: float, table: ApiTable) -> None:
    body = response.get_json()
    assert response.status_code == 200, body
    assert body["ready"] and body["version"] == table.view()["version"]
    assert elapsed < WAIT_S / 2


@pytest.mark.parametrize("what, enqueue", [("scores", enqueue_scores), ("audit", enqueue_audit)])
def test_with_no_worker_a_queued_job_does_not_keep_the_reader_waiting(client, redis_client, played, what, enqueue):
    enqueue(redis_client, played.game_id, played.view()["version"])  # queued; no worker will take it
    response, elapsed = _read(client, played, what)
    _assert_current(response, elapsed, played)


def test_a_worker_killed_outright_does_not_count_as_one_to_wait_for(client, redis_client, redis_url, played):
    worker = start_worker(redis_url, burst=False)
    try:
        deadline = time.monotonic() + 30
        while live_workers(redis_client) == 0:
            assert time.monotonic() < deadline, "the worker never registered"
            time.sleep(0.05)
    finally:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
    assert live_workers(redis_client) == 0  # still registered in Redis, but its process is gone
    enqueue_scores(redis_client, played.game_id, played.view()["version"])
    response, elapsed = _read(client, played, "scores")
    _assert_current(response, elapsed, played)


def test_when_no_live_worker_takes_the_job_in_time_the_request_builds_the_sheet(client, redis_client, played):
    # A live worker that never takes a job: as when every worker is busy with a long audit.
    busy = make_worker(redis_client, name="busy-elsewhere")
    busy.register_birth()
    try:
        assert live_workers(redis_client) == 1
        response, elapsed = _read(client, played, "scores")
        _assert_current(response, elapsed, played)
    finally:
        busy.register_death()
