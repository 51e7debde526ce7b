"""Idempotency-Key: a retry is answered with the original events; a key names one request on one
game and route, and reusing it for another request is refused naming the key."""

from __future__ import annotations

import threading

import pytest
import redis

from events.store import EventStore
from referee.events import CardPlayed
from referee.service import IdempotencyKeyReusedError, RefereeService


def test_a_retry_with_the_same_key_returns_the_original_events(two_processes, blind_game):
    first, second = two_processes
    game_id = blind_game()
    logged = first.act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
    again = second.act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
    assert again.duplicate and [e.hash for e in again.envelopes] == [e.hash for e in logged.envelopes]


def test_a_key_reused_for_another_request_is_refused_and_changes_nothing(event_store, blind_game):
    service = RefereeService(event_store)
    game_id = blind_game()
    service.act(game_id, "deal", {}, actor="scorekeeper")
    service.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper", idempotency_key="k1")
    head = event_store.head(game_id)
    with pytest.raises(IdempotencyKeyReusedError, match="'k1'"):
        service.act(game_id, "play", {"seat": 2, "card": "3C"}, actor="scorekeeper", idempotency_key="k1")
    assert event_store.head(game_id) == head


def test_one_key_on_two_routes_names_two_requests(event_store, blind_game):
    service = RefereeService(event_store)
    game_id = blind_game()
    service.act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k1")
    second = service.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper",
                         idempotency_key="k1", scope="dispute")
    assert not second.duplicate and second.envelopes[0].type == "CardPlayed"


def test_racing_requests_with_one_key_log_one_and_refuse_the_other(event_store, blind_game):
    game_id = blind_game()
    RefereeService(event_store).act(game_id, "deal", {}, actor="scorekeeper")
    outcomes: list[object] = []
    start = threading.Barrier(2)

    def send(card_seat):
        service = RefereeService(event_store)  # a process of its own
        start.wait()
        try:
            outcomes.append(service.act(game_id, "play", card_seat, actor="scorekeeper", idempotency_key="race"))
        except Exception as exc:  # noqa: BLE001 - the test sorts what came back
            outcomes.append(exc)

    threads = [threading.Thread(target=send, args=(body,)) for body in
               ({"seat": 1, "card": "2C"}, {"seat": 1, "card": "3C"})]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    refused = [o for o in outcomes if isinstance(o, IdempotencyKeyReusedError)]
    logged = [o for o in outcomes if not isinstance(o, Exception)]
    assert len(refused) == 1 and len(logged) == 1, outcomes
    plays = [e for e in event_store.read(game_id) if e.type == "CardPlayed"]
    assert len(plays) == 1


def test_a_key_logged_between_the_decision_and_the_append_is_still_the_answer(event_store, blind_game):
    game_id = blind_game()
    first = RefereeService(event_store)
    first.act(game_id, "deal", {}, actor="scorekeeper")
    second = RefereeService(EventStore(event_store.redis))
    second.state(game_id)  # its state cached: the play below is decided on it
    real_append = second.store.append
    appends = []

    def append_just_after_the_other_request_lands(*args, **kwargs):
        appends.append(args)
        if len(appends) == 1:
            first.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper", idempotency_key="k")
        return real_append(*args, **kwargs)

    second.store.append = append_just_after_the_other_request_lands
    with pytest.raises(IdempotencyKeyReusedError):  # not "it is Seat 2's turn": the key answers
        second.act(game_id, "play", {"seat": 1, "card": "3C"}, actor="scorekeeper", idempotency_key="k")
    again = second.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper", idempotency_key="k")
    assert again.duplicate
    assert sum(isinstance(e.event, CardPlayed) for e in event_store.read(game_id)) == 1


def _calls(client) -> dict[str, int]:
    """Commands the server has answered so far, by name (``INFO commandstats``; on a cluster, its
    primaries' summed)."""
    if isinstance(client, redis.Redis):
        nodes = [client.info("commandstats")]
    else:
        nodes = list(client.info("commandstats", target_nodes=client.PRIMARIES).values())
    calls: dict[str, int] = {}
    for node in nodes:
        for name, stats in node.items():
            calls[name.removeprefix("cmdstat_")] = calls.get(name.removeprefix("cmdstat_"), 0) + stats["calls"]
    return calls


def test_a_keyed_play_is_one_round_trip_the_appends_script_checking_its_key(event_store, blind_game):
    """A table's device sends a key with every play: the usual play is not slowed by looking the
    key up first, since the append's script finds a recorded request before it writes."""
    service = RefereeService(event_store)
    game_id = blind_game()
    service.act(game_id, "deal", {}, actor="scorekeeper")
    before = _calls(event_store.redis)
    logged = service.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper", idempotency_key="k2")
    after = _calls(event_store.redis)
    sent = {name: calls - before.get(name, 0) for name, calls in after.items() if calls != before.get(name, 0)}
    assert sent.get("evalsha") == 1 and "hget" not in sent, sent
    again = RefereeService(event_store).act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper",
                                            idempotency_key="k2")
    assert again.duplicate and [e.hash for e in again.envelopes] == [e.hash for e in logged.envelopes]
