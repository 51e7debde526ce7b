"""A store that loses its last writes (an append-only file rolled back, a failover to a replica
that had not caught up) leaves processes remembering events the record no longer holds. The
service notices the head moved back, rebuilds from the record, and notes the incident."""

from __future__ import annotations

from referee.service import RefereeService


def _snapshot(redis_client, game_id):
    """The game's keys as the store held them then (DUMP), to put back as a rolled-back store would."""
    keys = [k for k in redis_client.scan_iter(match=f"courtcard:{{{game_id}}}:*") if not k.endswith(b":meta")]
    return {key: redis_client.dump(key) for key in keys}


def _roll_back(redis_client, snapshot):
    for key, dumped in snapshot.items():
        redis_client.restore(key, 0, dumped, replace=True)


def test_a_record_that_lost_its_last_writes_is_read_at_its_real_head(event_store, redis_client, blind_game):
    service = RefereeService(event_store)
    game_id = blind_game(service=service)
    service.act(game_id, "deal", {}, actor="scorekeeper")
    saved = _snapshot(redis_client, game_id)
    kept = event_store.head(game_id)
    for seat, card in ((1, "2C"), (2, "3C")):
        service.act(game_id, "play", {"seat": seat, "card": card}, actor="scorekeeper")
    _roll_back(redis_client, saved)

    game, state = service.state(game_id)
    assert state.version == kept[0] and state.hand.trick == []
    # The next card is decided on the record as it is, not refused for a version it no longer has.
    logged = service.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper")
    assert logged.version == kept[0] + 1
    count, latest = event_store.incidents()
    assert count == 1 and latest[0]["kind"] == "head_moved_back" and latest[0]["game"] == game_id


def test_a_rolled_back_record_written_again_elsewhere_is_not_extended_from_the_old_state(
        event_store, redis_client, blind_game):
    here, elsewhere = RefereeService(event_store), RefereeService(event_store)
    game_id = blind_game(service=here)
    here.act(game_id, "deal", {}, actor="scorekeeper")
    saved = _snapshot(redis_client, game_id)
    here.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper")
    _roll_back(redis_client, saved)
    # Another process logs a different card at the same version: same head version, other hash.
    elsewhere.act(game_id, "play", {"seat": 1, "card": "KD"}, actor="scorekeeper")

    played = here.act(game_id, "play", {"seat": 2, "card": "3C"}, actor="scorekeeper")
    cards = [e.payload["card"] for e in event_store.read(game_id) if e.type == "CardPlayed"]
    assert cards == ["KD", "3C"] and played.version == event_store.version(game_id)
    assert event_store.verify(game_id).ok


def test_the_api_serves_the_rolled_back_record_and_health_says_writes_were_lost(http_client, redis_client):
    client = http_client
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"], "record": "blind",
                                          "options": {"first_dealer": 0}}).get_json()
    game_id, auth = created["game_id"], {"Authorization": f"Bearer {created['token']}"}
    for body in ({"action": "call_trump", "seat": 0, "suit": "H"}, {"action": "deal"}):
        assert client.post(f"/games/{game_id}/actions", json=body, headers=auth).status_code == 201
    saved, kept = _snapshot(redis_client, game_id), client.get(f"/games/{game_id}").get_json()["version"]
    for seat, card in ((1, "2C"), (2, "3C"), (3, "4C")):  # each process folds some of these
        assert client.post(f"/games/{game_id}/actions", json={"action": "play", "seat": seat, "card": card},
                           headers=auth).status_code == 201
    _roll_back(redis_client, saved)

    assert [client.get(f"/games/{game_id}").get_json()["version"] for _ in range(2)] == [kept, kept]
    replayed = client.post(f"/games/{game_id}/actions", json={"action": "play", "seat": 1, "card": "2C"}, headers=auth)
    assert replayed.status_code == 201 and replayed.get_json()["version"] == kept + 1
    health = client.get("/healthz").get_json()
    assert health["status"] == "degraded" and health["record"]["incidents"] >= 1
    assert any("lost acknowledged writes" in reason and game_id in reason for reason in health["reasons"])
