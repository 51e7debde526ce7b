"""A write the store never confirmed may or may not be recorded: it is said to be unknown, with the
Idempotency-Key whose retry settles it, and that retry never logs it twice."""

from __future__ import annotations

import os
import signal

import pytest
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.durability import Durability
from events.errors import WriteOutcomeUnknownError
from events.server import EmbeddedServer
from events.store import EventStore
from referee.service import RefereeService
from tests.service.conftest import SEATS


def test_a_write_sent_to_a_frozen_store_is_unknown_and_its_keyed_retry_logs_it_once(frozen_able_server):
    client = frozen_able_server.client(socket_timeout=0.5, retry=Retry(NoBackoff(), 0))
    service = RefereeService(EventStore(client))
    opening = service.plan_game("queens-dungeon", {"first_dealer": 0}, SEATS, "blind")
    service.create_game("g", opening, actor="scorekeeper")
    service.state("g")

    # Freeze the server between the head read and the append: the append is sent, never answered.
    real_append = service.store.append

    def append_while_frozen(*args, **kwargs):
        os.kill(frozen_able_server.pid, signal.SIGSTOP)
        return real_append(*args, **kwargs)

    service.store.append = append_while_frozen
    with pytest.raises(WriteOutcomeUnknownError) as caught:
        service.act("g", "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper")
    key = caught.value.idempotency_key
    assert key
    service.store.append = real_append
    os.kill(frozen_able_server.pid, signal.SIGCONT)  # the server wakes and runs what it was sent

    again = RefereeService(EventStore(frozen_able_server.client()))
    retried = again.act("g", "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper", idempotency_key=key)
    assert retried.duplicate
    calls = [e for e in again.store.read("g") if e.type == "TrumpCalled"]
    assert len(calls) == 1


def test_a_keyed_retry_of_a_write_no_replica_confirmed_is_unknown_too_and_logs_nothing_twice(
        event_store, store_backend, blind_game):
    game_id = blind_game()
    # Appends wait for one replica more than the store has: none on the single server (WAIT answers
    # 0), one on each shard of the cluster (WAIT answers 1 where 2 are asked).
    has = 0 if isinstance(store_backend, EmbeddedServer) else 1
    waiting = RefereeService(EventStore(event_store.redis, durability=Durability(replicas=has + 1, timeout_ms=50)))
    with pytest.raises(WriteOutcomeUnknownError) as first:
        waiting.act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
    assert first.value.idempotency_key == "k1"
    # The deal is on the primary, and still no more replicas hold it than before: its retry is
    # unknown as the first attempt was, never acknowledged from the recorded request.
    for _ in range(2):
        with pytest.raises(WriteOutcomeUnknownError, match="replica") as again:
            RefereeService(waiting.store).act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
        assert again.value.idempotency_key == "k1"
    settled = RefereeService(event_store).act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
    assert settled.duplicate
    assert [e.type for e in event_store.read(game_id)].count(settled.envelopes[0].type) == 1
