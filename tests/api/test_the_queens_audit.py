"""The audit of a game of The Queens, by the audit job behind ``GET /games/{id}/audit``: whether the
deal could be won, and the move with which the player left the last winning line."""

from __future__ import annotations

import time

from tests.referee.tq_lines import LEAVES_THE_LINE_AT_46, actions, golden_order


def audit(client, game_id, headers):
    """The audit at the game's current version, waiting while the job runs (202)."""
    for _ in range(30):
        response = client.get(f"/games/{game_id}/audit", query_string={"wait": 10}, headers=headers)
        if response.status_code == 200:
            return response.get_json()["audit"]
        assert response.status_code == 202, response.get_json()
        time.sleep(0.5)
    raise AssertionError("the audit never finished")


def test_the_audit_says_the_deal_could_be_won_and_where_the_player_left_the_winning_line(client, new_game):
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": golden_order()})
    post = lambda body: client.post(f"/games/{game_id}/actions", json=body, headers=headers)
    assert post({"action": "deal", "seat": 0}).status_code == 201
    *line, last = actions(LEAVES_THE_LINE_AT_46)
    for body in line:
        assert post(body).status_code == 201
    still = audit(client, game_id, headers)["notes"]  # a game in progress is audited too
    assert still["deal_winnable"] is True and still["left_winning_line"] is None
    assert post(last).status_code == 201
    assert post({"action": "give_up", "seat": 0}).status_code == 201
    report = audit(client, game_id, headers)
    assert report["ok"] and report["outcome"]["reason"] == "given_up"
    notes = report["notes"]
    assert notes["deal_winnable"] is True and notes["undecided"] == [] and notes["seconds_per_position"] == 1.0
    events = client.get(f"/games/{game_id}/events", headers=headers).get_json()["events"]
    left = notes["left_winning_line"]
    assert left["move"] == 46 and left["action"]["action"] == "turn"
    assert events[left["version"] - 1]["type"] == "QueensCardTurned"


def test_the_audit_of_a_deal_that_cannot_be_won_gives_the_proof(client, new_game):
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": sorted(golden_order())})
    client.post(f"/games/{game_id}/actions", json={"action": "deal", "seat": 0}, headers=headers)
    notes = audit(client, game_id, headers)["notes"]
    assert notes["deal_winnable"] is False and "the key can never be played out" in notes["deal_proof"]


def test_the_audit_of_another_game_has_no_notes(client, new_game):
    game_id, _token, headers = new_game()
    assert audit(client, game_id, headers)["notes"] is None
