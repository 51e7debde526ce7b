"""Audits: the chain, every irregularity (claimed or not), claims ruled again, the score sheet."""

from __future__ import annotations

import orjson

from events.store import EventStore
from referee.events import CardPlayed
from tests.workers.playing import RENEGE_DEAL, ApiTable
from workers.audit import audit_game
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES


def audit(table: ApiTable) -> dict:
    response = table.client.get(f"/games/{table.game_id}/audit", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["audit"]


def test_audit_of_a_clean_game_rules_each_claim_again_and_matches_the_stored_sheet(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C", "5S", "6S", "7S")
    client.post(f"/games/{table.game_id}/disputes", json={"seat": 3, "accused": 2, "trick": 1}, headers=table.headers)
    table.play_out_hand()
    assert client.get(f"/games/{table.game_id}/scores").status_code == 200
    report = audit(table)
    assert report["ok"] and report["chain"]["ok"]
    assert report["replayed_to"] == report["version"] == table.view()["version"]
    [ruled] = report["rulings"]
    assert ruled["matches"] and [e["type"] for e in ruled["due"]] == ["TotalSet"]
    assert [e["type"] for e in ruled["applied"]] == ["TotalSet"]
    [irregular] = report["irregularities"]
    assert (irregular["seat"], irregular["card"], irregular["window"], irregular["ruled"]) == (2, "4C", "C", True)
    assert irregular["evidence"] == {"held": ["3S"]}
    assert report["scores"]["matches"] is True


def test_audit_reports_an_unclaimed_renege_of_an_earlier_hand(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C")
    table.play_out_hand()
    table.play_hands(1)
    [irregular] = audit(table)["irregularities"]
    assert (irregular["hand"], irregular["seat"], irregular["card"], irregular["kind"]) == (1, 2, "4C", "renege")
    assert irregular["ruled"] is False and irregular["window"] is None and irregular["proven"]


def test_audit_of_a_tampered_stream_names_the_first_bad_version(client, redis_client):
    table = ApiTable(client)
    table.play_hands(1)
    store = EventStore(redis_client)
    key = store.stream_key(table.game_id)
    docs = [e.to_dict() for e in store.read(table.game_id)]  # rewritten below as whole envelopes
    docs[6]["payload"]["card"] = "QS" if docs[6]["payload"].get("card") != "QS" else "QH"  # version 7 altered
    redis_client.delete(key)
    for position, doc in enumerate(docs, 1):
        redis_client.xadd(key, {"e": orjson.dumps(doc)}, id=f"0-{position}")
    report = audit(table)
    assert report["ok"] is False
    assert report["chain"]["first_bad_version"] == 7 and "altered" in report["chain"]["reason"]
    assert report["replayed_to"] == 6


def test_audit_finds_a_stored_sheet_that_differs_from_the_record(client, redis_client):
    table = ApiTable(client)
    table.play_hands(1)
    version = table.view()["version"]
    models = ReadModels(redis_client)
    _v, sheet = models.get(table.game_id, SCORES) or (None, None)
    if sheet is None:
        client.get(f"/games/{table.game_id}/scores")
        _v, sheet = models.get(table.game_id, SCORES)
    sheet["totals"] = [999, 0, 0, 0]
    redis_client.hset(models.key(table.game_id, SCORES), "doc", orjson.dumps(sheet))
    report = audit(table)
    assert report["scores"] == {"stored_version": version, "matches": False, "differences": ["totals"],
                                "note": "the stored sheet differs from the record"}
    assert report["ok"] is False


def test_audit_names_the_event_the_referee_cannot_apply_with_its_version(client, redis_client):
    table = ApiTable(client)
    store = EventStore(redis_client)
    version = store.version(table.game_id)
    # Written past the referee, as a damaged or hand-made record would be: a card before any deal.
    store.append(table.game_id, [CardPlayed(seat=1, card="2C", hand=1, trick=1)], version, "someone")
    report = audit_game(store, table.game_id, None)
    assert report["ok"] is False and report["chain"]["ok"]
    assert report["replay_error"]["version"] == version + 1
    assert "the referee cannot apply CardPlayed" in report["replay_error"]["reason"]


def test_the_audit_of_a_record_the_referee_cannot_fold_has_no_score_sheet_to_make_and_says_why(client, redis_client):
    # With no score sheet stored, the audit makes one first; a record that does not fold has none.
    table = ApiTable(client)
    store = EventStore(redis_client)
    version = store.version(table.game_id)
    store.append(table.game_id, [CardPlayed(seat=1, card="2C", hand=1, trick=1)], version, "someone")
    models = ReadModels(redis_client)
    redis_client.delete(models.key(table.game_id, SCORES))
    report = audit(table)
    assert report["ok"] is False and report["replay_error"]["version"] == version + 1
    assert report["scores"] is None and models.get(table.game_id, SCORES) is None
