"""The undo of a mis-entry through `courtcard serve`: an ordinary action on the action endpoint, in
the legal actions, on the command line, and a record holding it exports, verifies, audits and imports."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from api.cli import main
from api.client import TokenBook
from tests.api.test_problems import assert_problem
from tests.workers.playing import RENEGE_DEAL, SEATS, ApiTable


def legal(table: ApiTable, seat: int) -> list[dict]:
    response = table.client.get(f"/games/{table.game_id}/legal", query_string={"seat": seat}, headers=table.headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["actions"]


def events(table: ApiTable) -> list[dict]:
    return table.client.get(f"/games/{table.game_id}/events", headers=table.headers).get_json()["events"]


def undo(table: ApiTable, **fields):
    return table.client.post(f"/games/{table.game_id}/actions", json={"action": "undo", **fields}, headers=table.headers)


def without_version(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in ("version", "updated_at", "head")}


def test_undo_on_the_action_endpoint_takes_back_the_mis_tapped_card(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS")
    before = table.view()
    table.act("play", seat=2, card="3S")  # the scorekeeper meant 4C
    assert {"action": "undo", "version": None} in legal(table, 2)
    response = client.post(f"/games/{table.game_id}/actions", json={"action": "undo"},
                           headers={**table.headers, "If-Match": f'"{before["version"] + 1}"'})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert [(e["type"], e["payload"]) for e in body["events"]] == [
        ("EntryUndone", {"action": "play", "replaces_from": before["version"] + 1, "replaces_to": before["version"] + 1})]
    after = table.view()
    assert after["version"] == before["version"] + 2
    assert without_version(after["view"]) == without_version(before["view"]) and after["to_act"] == [2]
    assert [e["type"] for e in events(table)][-2:] == ["CardPlayed", "EntryUndone"]  # the record keeps both
    table.act("play", seat=2, card="4C")
    assert table.view()["view"]["hand"]["trick"] == before["view"]["hand"]["trick"] + [{"seat": 2, "card": "4C"}]


def test_an_undo_after_a_later_entry_is_refused_with_its_reason(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS")
    seen = table.view()["version"]
    table.play("3S")  # another device logs the next card meanwhile
    table.play("5S")
    response = undo(table, version=seen + 1)
    problem = assert_problem(response, 422)
    assert problem["code"] == "wrong_phase" and "Only the last entry can be undone" in problem["detail"]
    assert table.view()["version"] == seen + 2


def redo(table: ApiTable, **fields):
    return table.client.post(f"/games/{table.game_id}/actions", json={"action": "redo", **fields}, headers=table.headers)


def said(response) -> str:
    assert response.status_code == 201, response.get_json()
    return response.get_json()["said"]


def test_undos_step_back_entry_by_entry_saying_what_each_took_back_and_a_redo_puts_it_back(client):
    table = ApiTable(client)
    assert "no entry to undo" in assert_problem(undo(table), 422)["detail"]
    table.start_hand(RENEGE_DEAL)
    table.play("AS")
    assert said(undo(table)) == f"Undone: {SEATS[1]} plays the ace of spades."
    assert said(undo(table)) == "Undone: the deal."  # a known deal is never spelled out
    assert {"action": "redo", "version": None} in legal(table, 0)
    assert said(redo(table)) == "Redone: the deal."
    assert said(redo(table)) == f"Redone: {SEATS[1]} plays the ace of spades."
    assert all(a["action"] != "redo" for a in legal(table, 0))
    assert "nothing to redo" in assert_problem(redo(table), 422)["detail"]
    assert table.view()["view"]["hand"]["trick"] == [{"seat": 1, "card": "AS"}]


def test_an_undo_says_only_what_a_blind_record_saw(client):
    table = ApiTable(client, record="blind")
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    table.act("play", seat=1, card="AS")
    assert said(undo(table)) == f"Undone: {SEATS[1]} plays the ace of spades."
    assert said(undo(table)) == f"Undone: {SEATS[0]} deals hand 1."


@pytest.fixture
def live(api_hosts, redis_client, tmp_path, monkeypatch):
    monkeypatch.setenv("COURTCARD_HOME", str(tmp_path / "home"))
    return api_hosts[0].url


def test_courtcard_log_undo_says_what_it_took_back(live, client):
    table = ApiTable(client)
    TokenBook().put(table.game_id, table.token)
    table.start_hand(RENEGE_DEAL)
    table.play("AS")
    result = CliRunner().invoke(main, ["log", table.game_id, "undo", "--url", live])
    assert result.exit_code == 0, result.output
    assert f"Undone: {SEATS[1]} plays the ace of spades." in result.output
    result = CliRunner().invoke(main, ["log", table.game_id, "redo", "--url", live])
    assert result.exit_code == 0, result.output
    assert f"Redone: {SEATS[1]} plays the ace of spades." in result.output
    result = CliRunner().invoke(main, ["log", table.game_id, "redo", "--url", live])
    assert result.exit_code == 1 and "nothing to redo" in result.output


def test_a_record_with_an_undo_exports_verifies_audits_and_imports(live, client, tmp_path):
    table = ApiTable(client)
    TokenBook().put(table.game_id, table.token)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C", "5S")
    undo(table)
    table.play("5S")
    table.play_out_hand()
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["export", table.game_id, "--format", "jsonl", "-o", str(path), "--url", live])
    assert result.exit_code == 0, result.output
    assert "EntryUndone" in path.read_text()
    result = runner.invoke(main, ["verify", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["ok"]
    report = client.get(f"/games/{table.game_id}/audit", headers=table.headers).get_json()["audit"]
    assert report["ok"] and report["chain"]["ok"] and report["replayed_to"] == table.view()["version"]
    result = runner.invoke(main, ["import", str(path), "--url", live, "--json"])
    assert result.exit_code == 0, result.output
    imported = json.loads(result.output)["game_id"]
    assert client.get(f"/games/{imported}").get_json()["view"] == table.view()["view"]



def listed(client, status: str) -> set[str]:
    response = client.get("/games", query_string={"status": status, "limit": 500})
    assert response.status_code == 200, response.get_json()
    return {g["game_id"] for g in response.get_json()["games"]}


def test_an_undone_end_of_the_game_puts_it_back_in_progress_and_a_redo_ends_it_again(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS")
    table.act("end_game")
    assert table.view()["status"] == "finished" and table.game_id in listed(client, "finished")
    assert said(undo(table)) == "Undone: The game is over (the scorekeeper ended it): Ann, Bob, Cat and Dan win."
    assert table.view()["status"] == "in_progress"
    assert table.game_id in listed(client, "in_progress") and table.game_id not in listed(client, "finished")
    redo(table)
    assert table.view()["status"] == "finished" and table.game_id in listed(client, "finished")
