"""Idempotency-Key over HTTP: a key names one request on one game and route; reusing it for another
request is a 422 naming the key, and the same key on another route is another request."""

from __future__ import annotations

from tests.hosts import RoundRobinClient, ServedApi
from tests.workers.playing import RENEGE_DEAL, ApiTable


def _post(client, table, body, key):
    return client.post(f"/games/{table.game_id}/actions", json=body,
                       headers={**table.headers, "Idempotency-Key": key})


def test_a_retry_with_the_same_key_and_body_is_answered_with_the_original(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    body = {"action": "play", "seat": 1, "card": "AS"}
    first, again = _post(client, table, body, "k1"), _post(client, table, body, "k1")
    assert first.status_code == again.status_code == 201
    assert again.get_json()["duplicate"] and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"]


def test_a_key_reused_with_another_body_is_refused_naming_the_key(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    assert _post(client, table, {"action": "play", "seat": 1, "card": "AS"}, "k1").status_code == 201
    version = table.view()["version"]
    reused = _post(client, table, {"action": "play", "seat": 2, "card": "3S"}, "k1")
    assert reused.status_code == 422, reused.get_json()
    assert reused.get_json()["code"] == "idempotency_key_reused" and "'k1'" in reused.get_json()["detail"]
    assert table.view()["version"] == version


def test_the_same_key_on_a_dispute_after_an_action_is_another_request(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    for card in ("AS", "4C", "5S"):
        table.play(card)
    assert _post(client, table, {"action": "play", "seat": 0, "card": "6S"}, "k1").status_code == 201
    disputed = client.post(f"/games/{table.game_id}/disputes", json={"seat": 3, "accused": 2, "trick": 1},
                           headers={**table.headers, "Idempotency-Key": "k1"})
    assert disputed.status_code == 202, disputed.get_json()


def test_a_keyed_retry_no_replica_confirms_is_outcome_unknown_again_never_a_201(client, redis_url, tmp_path):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    # A host whose appends wait for a replica, on the suite's server, which has none (WAIT answers 0).
    waiting = ServedApi(redis_url, tmp_path / "serve.log", "--processes", "1",
                        env={"COURTCARD_WAIT_REPLICAS": "1", "COURTCARD_WAIT_TIMEOUT_MS": "50"})
    try:
        waiting.wait_ready()
        body = {"action": "play", "seat": 1, "card": "AS"}
        for _ in range(2):  # the first attempt, then its retry: both on the primary alone
            unknown = _post(RoundRobinClient([waiting.url]), table, body, "k1")
            assert unknown.status_code == 503, unknown.get_json()
            assert unknown.get_json()["code"] == "outcome_unknown" and unknown.get_json()["idempotency_key"] == "k1"
    finally:
        waiting.stop()
    settled = _post(client, table, body, "k1")  # hosts that wait for no replica: the primary's word
    assert settled.status_code == 201 and settled.get_json()["duplicate"]
