"""Score sheets and the exported record: jsonl that verifies offline and imports back, csv, html."""

from __future__ import annotations

import csv
import io

import orjson
import pytest

from api.app import create_app
from events.chain import verify_lines
from events.envelope import GENESIS_HASH, envelope_hash
from tests.workers.playing import ApiTable
from workers.readmodels import ReadModels

# A new game id changes every hash in the chain; everything else is kept verbatim.
REWRITTEN = {"game_id", "hash", "prev_hash"}


@pytest.fixture
def finished(client) -> ApiTable:
    table = ApiTable(client, options={"target": 150})
    assert table.play_hands(30)["outcome"] is not None
    return table


def export(client, game_id: str, fmt: str) -> bytes:
    response = client.get(f"/games/{game_id}/export", query_string={"format": fmt})
    assert response.status_code == 200, response.get_json()
    return response.data


def test_score_sheet_has_a_row_per_hand_and_seat_with_the_running_total(client, finished):
    response = client.get(f"/games/{finished.game_id}/scores")
    assert response.status_code == 200
    body = response.get_json()
    sheet = body["sheet"]
    assert body["ready"] and body["version"] == sheet["version"] == finished.view()["version"]
    assert len(sheet["rows"]) == 4 * len(sheet["hands"])
    last_hand = sheet["hands"][-1]["hand"]
    finals = {r["seat"]: r["running_total"] for r in sheet["rows"] if r["hand"] == last_hand}
    assert [finals[s] for s in range(4)] == sheet["totals"] == finished.view()["view"]["totals"]


def test_read_models_refuse_to_go_backwards_or_to_write_a_version_twice(redis_client):
    models = ReadModels(redis_client)
    assert models.put("g1", "scores", 5, {"v": 5})
    assert not models.put("g1", "scores", 3, {"v": 3})
    assert not models.put("g1", "scores", 5, {"v": "other"})
    assert models.get("g1", "scores") == (5, {"v": 5})
    assert models.put("g1", "scores", 6, {"v": 6}) and models.version("g1", "scores") == 6
    assert models.key("g1", "scores") == "courtcard:{g1}:scores"


def test_jsonl_export_verifies_offline_and_ends_with_the_chain_head(client, finished):
    lines = export(client, finished.game_id, "jsonl").splitlines()
    report = verify_lines(lines)
    assert report.ok and report.count == len(lines) - 1 == finished.view()["version"]
    head = orjson.loads(lines[-1])
    assert head["head"] == {"game_id": finished.game_id, "version": report.count, "hash": report.head_hash}
    assert head["signature"]["public_key"] == client.get("/signing-key").get_json()["public_key"]


def test_export_import_export_gives_the_same_record_but_for_the_game_id(client, finished):
    original = export(client, finished.game_id, "jsonl")
    response = client.post("/imports", data=original, content_type="application/x-ndjson")
    assert response.status_code == 201, response.get_json()
    imported = response.get_json()
    assert imported["game_id"] != finished.game_id and imported["original_game_id"] == finished.game_id
    again = export(client, imported["game_id"], "jsonl")
    assert verify_lines(again.splitlines()).ok
    strip = lambda data: [{k: v for k, v in orjson.loads(line).items() if k not in REWRITTEN}
                          for line in data.splitlines()[:-1]]
    assert strip(again) == strip(original)
    assert export(client, imported["game_id"], "csv") == export(client, finished.game_id, "csv")
    listed = client.get("/games", query_string={"status": "finished"}).get_json()
    assert {g["game_id"] for g in listed["games"]} == {finished.game_id, imported["game_id"]}


def test_import_keeps_the_original_id_on_a_server_without_it(client, finished, redis_client, redis_url):
    original = export(client, finished.game_id, "jsonl")
    redis_client.flushdb()
    elsewhere = create_app({"REDIS_URL": redis_url, "TESTING": True, "COURTCARD_JOBS_INLINE": True}).test_client()
    response = elsewhere.post("/imports", data=original)
    assert response.status_code == 201 and response.get_json()["game_id"] == finished.game_id
    again = export(elsewhere, finished.game_id, "jsonl").splitlines()
    assert again[:-1] == original.splitlines()[:-1]  # every event byte for byte, hashes and all
    head, original_head = orjson.loads(again[-1]), orjson.loads(original.splitlines()[-1])
    assert head["head"] == original_head["head"]
    # Signed as imported (never as recorded here), with the file's own head line and signature kept.
    assert head["signature"]["imported"]["original"] == original_head


def test_import_of_a_broken_chain_names_the_line_and_writes_nothing(client, finished, redis_client):
    lines = export(client, finished.game_id, "jsonl").splitlines()
    tampered = orjson.loads(lines[6])
    tampered["actor"] = "someone else"
    lines[6] = orjson.dumps(tampered)
    keys_before = set(redis_client.keys("courtcard:*"))
    response = client.post("/imports", data=b"\n".join(lines))
    assert response.status_code == 422
    problem = response.get_json()
    assert (problem["code"], problem["line"]) == ("import_rejected", 7)
    assert "altered" in problem["detail"]
    assert set(redis_client.keys("courtcard:*")) == keys_before


def test_import_refuses_an_event_the_referee_cannot_apply_with_its_line(client, finished, redis_client):
    lines = export(client, finished.game_id, "jsonl").splitlines()
    opening = [orjson.loads(line) for line in lines[:2]]  # GameCreated, DealerChosen
    card = {**opening[1], "event_id": "x3", "version": 3, "type": "CardPlayed",
            "payload": {"seat": 1, "card": "AS", "hand": 1, "trick": 1}, "prev_hash": opening[1]["hash"]}
    card["hash"] = envelope_hash(card)  # a whole chain: only the referee can object
    assert opening[0]["prev_hash"] == GENESIS_HASH
    head = {"head": {"game_id": card["game_id"], "version": 3, "hash": card["hash"]}}
    keys_before = set(redis_client.keys("courtcard:*"))
    response = client.post("/imports", data=b"\n".join(orjson.dumps(x) for x in [*opening, card, head]))
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["line"] == 3 and "the referee refuses event 3" in problem["detail"]
    assert set(redis_client.keys("courtcard:*")) == keys_before


def test_csv_detail_export_has_one_row_per_hand_and_seat(client, finished):
    rows = list(csv.DictReader(io.StringIO(export(client, finished.game_id, "csv-detail").decode("utf-8-sig"), newline="")))
    sheet = client.get(f"/games/{finished.game_id}/scores").get_json()["sheet"]
    assert len(rows) == 4 * len(sheet["hands"])
    assert [(int(r["hand"]), int(r["seat"])) for r in rows[:4]] == [(1, s) for s in range(4)]
    assert {"tricks", "queens", "bonus", "settings", "penalties", "hand_total", "running_total"} <= set(rows[0])
    totals = list(csv.reader(io.StringIO(export(client, finished.game_id, "csv").decode("utf-8-sig"), newline="")))
    assert len(totals) == 1 + len(sheet["hands"]) and totals[0][:2] == ["hand", "dealer"]


def test_html_export_is_a_printable_page_with_an_inline_chart_and_no_network(client, finished):
    page = export(client, finished.game_id, "html").decode()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page and page.count("<polyline") == 4
    for name in ("Ann", "Bob", "Cat", "Dan"):
        assert name in page
    assert "TrickWon" in page and "Score sheet" in page and "Rulings" in page
    for fetch in ("<script", "<link", "src=", "url(", "@import"):
        assert fetch not in page


def test_a_sheet_cannot_be_awaited_at_a_version_the_log_does_not_hold(client, finished):
    head = finished.view()["version"]
    response = client.get(f"/games/{finished.game_id}/scores", query_string={"version": head + 1, "wait": 5})
    assert response.status_code == 422 and response.get_json()["current_version"] == head
    earlier = client.get(f"/games/{finished.game_id}/scores", query_string={"version": 3}).get_json()
    assert earlier["ready"] and earlier["version"] >= 3


def test_import_with_a_game_id_the_store_cannot_use_is_refused_with_its_line(client, finished, redis_client):
    lines = export(client, finished.game_id, "jsonl").splitlines()
    forged = []
    for line in lines:
        item = orjson.loads(line)
        if "head" in item:
            item["head"]["game_id"] = "{x}"
        else:
            item["game_id"] = "{x}"
        forged.append(item)
    # Rehash the chain for the new id, as anyone could: the id itself must still be refused.
    prev = GENESIS_HASH
    for item in forged:
        if "head" in item:
            item["head"]["hash"] = prev
            continue
        item["prev_hash"] = prev
        item["hash"] = envelope_hash({k: v for k, v in item.items() if k != "hash"})
        prev = item["hash"]
    keys_before = set(redis_client.keys("courtcard:*"))
    response = client.post("/imports", data=b"\n".join(orjson.dumps(i) for i in forged))
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["line"] == 1 and "game id" in response.get_json()["detail"]
    assert set(redis_client.keys("courtcard:*")) == keys_before


def test_the_same_file_imported_twice_is_one_game_not_a_second_copy(client, finished):
    original = export(client, finished.game_id, "jsonl")
    first = client.post("/imports", data=original, content_type="application/x-ndjson")
    assert first.status_code == 201, first.get_json()
    listed = client.get("/games").get_json()["total"]
    again = client.post("/imports", data=original, content_type="application/x-ndjson")
    assert again.status_code == 200, again.get_json()
    body = again.get_json()
    assert body["game_id"] == first.get_json()["game_id"] and body["version"] == first.get_json()["version"]
    assert body["token"] is None  # the scorekeeper's token was shown once, to the first import
    assert again.headers["Content-Location"] == f"/games/{body['game_id']}"
    assert client.get("/games").get_json()["total"] == listed
    # Another file (here the same game as a text record) is another import.
    text = export(client, finished.game_id, "text")
    assert client.post("/imports", data=text, content_type="text/plain").status_code == 201
    assert client.post("/imports", data=text, content_type="text/plain").status_code == 200
    documented = client.get("/openapi.json").get_json()["paths"]["/imports"]["post"]["responses"]
    assert {"200", "201", "503"} <= set(documented)
