"""Players confirm what was logged, through `courtcard serve`: the action `confirm` on the action
endpoint and in the legal lists, the game's view saying what is confirmed, the director's desk
flagging a disagreement and the hands not confirmed, and `courtcard log ... confirm` and `show`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from api.cli import main
from api.client import TokenBook
from api.director import load_or_create_director_key
from events.server import default_data_dir
from tests.api.test_problems import assert_problem
from tests.workers.playing import SEATS, ApiTable


def legal(table: ApiTable, seat: int) -> list[dict]:
    response = table.client.get(f"/games/{table.game_id}/legal", query_string={"seat": seat}, headers=table.headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["actions"]


def confirm(table: ApiTable, **fields):
    return table.client.post(f"/games/{table.game_id}/actions", json={"action": "confirm", **fields},
                             headers=table.headers)


def desk_table(client, game_id: str) -> dict:
    director = {"Authorization": f"Bearer {load_or_create_director_key(default_data_dir())}"}
    response = client.get("/director/tables", headers=director)
    assert response.status_code == 200, response.get_json()
    return next(t for t in response.get_json()["tables"] if t["game_id"] == game_id)


@pytest.fixture
def scored(client) -> ApiTable:
    """A game of Queen's Dungeon whose first hand is scored."""
    table = ApiTable(client)
    table.play_hands(1)
    return table


def test_a_scored_hand_is_offered_for_confirmation_and_confirmed_without_changing_the_score(client, scored):
    before = scored.view()
    assert {"action": "confirm", "seat": 2, "hand": 1, "agree": True, "note": None} in legal(scored, 2)
    assert before["confirmations"] == {"confirmed": False, "unconfirmed_hands": [1], "disagreements": []}
    response = confirm(scored, seat=2, hand=1)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["said"] == f"{SEATS[2]} confirms hand 1's score."
    after = scored.view()
    assert after["version"] == before["version"] + 1
    assert after["scores"] == before["scores"] and after["to_act"] == before["to_act"]
    assert after["confirmations"] == {"confirmed": False, "unconfirmed_hands": [], "disagreements": []}
    assert not [a for a in legal(scored, 2) if a["action"] == "confirm"]


def test_a_hand_not_scored_yet_or_confirmed_twice_is_refused_naming_the_hand_and_the_seat(client, scored):
    problem = assert_problem(confirm(scored, seat=1, hand=2), 422)
    assert problem["code"] == "wrong_phase" and f"Seat 1 ({SEATS[1]}) cannot confirm hand 2" in problem["detail"]
    confirm(scored, seat=1, hand=1)
    version = scored.view()["version"]
    problem = assert_problem(confirm(scored, seat=1, hand=1, agree=False), 422)
    assert problem["code"] == "wrong_phase" and f"Seat 1 ({SEATS[1]}) already confirmed hand 1" in problem["detail"]
    assert problem["seat"] == 1
    assert scored.view()["version"] == version


def test_a_disagreement_calls_the_director_and_the_desk_flags_unconfirmed_hands(client, scored):
    assert desk_table(client, scored.game_id)["flags"] == ["unconfirmed"]
    assert confirm(scored, seat=3, hand=1, agree=False, note="we took the last trick").status_code == 201
    table = desk_table(client, scored.game_id)
    assert table["flags"] == ["disagreement", "unconfirmed"]
    assert f"{SEATS[3]} disagrees with the score of hand 1: we took the last trick" in table["attention"]
    assert table["confirmations"]["disagreements"][0]["name"] == SEATS[3]


@pytest.fixture
def live(api_hosts, redis_client, tmp_path, monkeypatch):
    monkeypatch.setenv("COURTCARD_HOME", str(tmp_path / "home"))
    return api_hosts[0].url


def test_courtcard_log_confirm_names_the_seat_and_show_says_what_is_confirmed(live, client, scored):
    TokenBook().put(scored.game_id, scored.token)
    result = CliRunner().invoke(main, ["log", scored.game_id, "confirm", f"seat={SEATS[2]}", "hand=1", "--url", live])
    assert result.exit_code == 0, result.output
    assert f"{SEATS[2]} confirms hand 1's score." in result.output
    result = CliRunner().invoke(main, ["log", scored.game_id, "confirm", f"seat={SEATS[3]}", "hand=1", "agree=no",
                                       "note=one trick short", "--url", live])
    assert result.exit_code == 0, result.output
    assert f"{SEATS[3]} disagrees with hand 1's score: one trick short." in result.output
    result = CliRunner().invoke(main, ["log", scored.game_id, "confirm", f"seat={SEATS[1]}", "agree=maybe", "--url", live])
    assert result.exit_code == 2 and "agree=maybe is not a yes or no" in result.output
    result = CliRunner().invoke(main, ["show", scored.game_id, "--url", live])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())  # as wide as the terminal: lines may wrap
    assert "Not confirmed yet: hand 1." in shown
    assert f"{SEATS[3]} disagrees with hand 1: one trick short (the director is called)." in shown


def test_a_record_with_confirmations_exports_verifies_audits_and_imports(live, client, scored, tmp_path):
    import json

    TokenBook().put(scored.game_id, scored.token)
    assert confirm(scored, seat=2, hand=1).status_code == 201
    assert confirm(scored, seat=3, hand=1, agree=False, note="one trick short").status_code == 201
    runner = CliRunner()
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["export", scored.game_id, "--format", "jsonl", "-o", str(path), "--url", live])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["verify", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["ok"], result.output
    report = client.get(f"/games/{scored.game_id}/audit", headers=scored.headers).get_json()["audit"]
    assert report["ok"] and report["replayed_to"] == scored.view()["version"]
    html = client.get(f"/games/{scored.game_id}/export?format=html", headers=scored.headers).get_data(as_text=True)
    assert f"{SEATS[2]} confirms hand 1&#x27;s score." in html or f"{SEATS[2]} confirms hand 1's score." in html
    result = runner.invoke(main, ["import", str(path), "--url", live, "--json"])
    assert result.exit_code == 0, result.output
    imported = json.loads(result.output)["game_id"]
    assert client.get(f"/games/{imported}").get_json()["confirmations"] == scored.view()["confirmations"]
