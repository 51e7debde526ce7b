"""A session's standings are kept by the workers, like score sheets: when a session game's score
moves or a session event is recorded, a worker makes them again and stores them, with the heads of
the record they were made from, before anyone asks."""

from __future__ import annotations

import os
import signal
import time

import pytest

from api.app import create_app
from tests.api.club_helpers import NAMES, add_roster, open_session, play_to_end, seat
from tests.workers.test_real_workers import start_worker
from workers.club import CLUB_NAMESPACE
from workers.queues import live_workers
from workers.readmodels import ReadModels
from workers.standings_model import STANDINGS

#: How long the worker has to do it (a deadline for a wait, not a speed figure).
WAIT_S = 30


@pytest.fixture
def app(redis_client, redis_url):
    # Jobs go to RQ workers, as under `courtcard serve`.
    return create_app({"REDIS_URL": redis_url, "TESTING": True})


@pytest.fixture
def worker(redis_client, redis_url):
    process = start_worker(redis_url, burst=False)
    try:
        deadline = time.monotonic() + WAIT_S
        while live_workers(redis_client) == 0:
            assert time.monotonic() < deadline, "the worker never registered"
            time.sleep(0.05)
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()


def test_session_standings_are_made_by_a_worker_when_a_session_game_ends(client, redis_client, worker):
    ids = add_roster(client, NAMES[:4])
    session_id, headers = open_session(client, ids, tables=1)
    table = seat(client, session_id, headers)["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=7)
    head = client.get(f"/games/{table['game_id']}").get_json()["version"]
    models = ReadModels(redis_client, namespace=CLUB_NAMESPACE)
    deadline = time.monotonic() + WAIT_S
    while True:  # nobody asked for the standings: only a worker can have made them
        stored = models.get(session_id, STANDINGS)
        if stored is not None and stored[1]["heads"]["games"][0][1] == head:
            break
        assert time.monotonic() < deadline, f"no worker made the standings at the game's head {head}: {stored}"
        time.sleep(0.05)
    assert [r["finished"] for r in stored[1]["results"]] == [True]
