"""Dungeon rulings served as disputes by `courtcard serve`: the dark golden game logged over HTTP up
to Bob's accusation of Ann, whose dispute lists the passages as laid (by version) and the one that
broke the rule; listed in one line for anyone, explained only with the scorekeeper's token while
the game is on; a blind record's look, whose hand shown only the asker saw, likewise; and both read
and listed by ``courtcard dispute``."""

from __future__ import annotations

import json

from api.views import action_payloads
from referee.games.dungeon import commands as cmd
from referee.registry import get_game
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_cli_show import created, log, said
from tests.referee.test_dungeon_golden_games import BLIND_SCRIPT, DARK, DARK_SCRIPT

#: The dark golden game up to Bob's accusation of Ann, who laid the 7 of hearts on her 10 of hearts.
TO_ACCUSATION = DARK_SCRIPT[:DARK_SCRIPT.index(cmd.Accuse(1, 0)) + 1]


def test_an_accusations_dispute_is_served_with_the_passages_as_laid_to_the_scorekeeper_alone(client, new_game):
    game_id, _token, headers = new_game(game="dungeon", seats=("Ann", "Bob"), options=DARK)
    for body in action_payloads(get_game("dungeon"), TO_ACCUSATION):
        response = client.post(f"/games/{game_id}/actions", json=body, headers=headers)
        assert response.status_code == 201, (body, response.get_json())
    events = client.get(f"/games/{game_id}/events", query_string={"limit": 1000}, headers=headers).get_json()["events"]
    accused = events[-1]
    assert accused["type"] == "DungeonAccused" and accused["payload"]["cheating"]
    laid = [e["version"] for e in events if e["type"] == "DungeonPassagePlayed" and e["payload"]["seat"] == 0]

    listed = client.get(f"/games/{game_id}/disputes").get_json()
    assert [(d["dispute"], d["kind"]) for d in listed["disputes"]] == [(accused["version"], "accusation")]
    assert "Ann had cheated" in listed["disputes"][0]["summary"]
    looks = client.get(f"/games/{game_id}/disputes", query_string={"kind": "look"}).get_json()
    assert looks["disputes"] == []

    url = f"/games/{game_id}/disputes/{accused['version']}"
    assert client.get(url).status_code == 401  # the game is on: the explanation is the scorekeeper's
    reply = client.get(url, headers=headers)
    assert reply.status_code == 200, reply.get_json()
    doc = reply.get_json()["ruling"]
    assert [(p["version"], p["card"], p["broke_rule"]) for p in doc["evidence_events"]] == [
        (laid[0], "10H", False), (laid[1], "7H", True)]
    assert f"the 7 of hearts laid on the 10 of hearts at event {laid[1]} is not one lower" in doc["read_aloud"]
    assert client.get(f"/games/{game_id}/disputes/{laid[0]}", headers=headers).get_json()["code"] == "no_such_dispute"


def test_a_blind_looks_dispute_shows_the_hand_the_asker_saw_to_the_scorekeeper_alone(client, new_game):
    game_id, _token, headers = new_game(game="dungeon", seats=("Ann", "Bob"), options={"players": 2}, record="blind")
    to_look = next(i for i, c in enumerate(BLIND_SCRIPT) if isinstance(c, cmd.Look)) + 1
    for body in action_payloads(get_game("dungeon"), BLIND_SCRIPT[:to_look]):
        assert client.post(f"/games/{game_id}/actions", json=body, headers=headers).status_code == 201, body
    [line] = client.get(f"/games/{game_id}/disputes").get_json()["disputes"]
    assert line["kind"] == "look" and line["summary"].endswith("the denial was a lie.")
    assert "10 of spades" not in line["summary"]  # the hand shown is the asker's alone
    url = f"/games/{game_id}/disputes/{line['dispute']}"
    assert client.get(url).status_code == 401
    doc = client.get(url, headers=headers).get_json()["ruling"]
    assert doc["evidence_events"][-1]["hand"] == ["10S", "KS", "7D", "6D", "9C"]
    assert "Found: the hand holds the king of spades: the denial was a lie." in doc["read_aloud"]


def test_courtcard_dispute_reads_and_lists_a_dungeon_accusation(live):  # noqa: F811
    game = created(live, "dungeon", "Ann", "Bob", options=[f"{k}={json.dumps(v)}" for k, v in DARK.items()])
    names = ["Ann", "Bob"]
    for body in action_payloads(get_game("dungeon"), TO_ACCUSATION):
        fields = [f"{k}={names[v] if k in ('seat', 'target') else json.dumps(v)}" for k, v in body.items()
                  if k != "action" and v is not None]
        log(live, game, body["action"], *fields)
    listed = said(run("dispute", game, "--url", live))
    n = int(listed.split()[1].rstrip(":"))
    assert listed == (f"Dispute {n}: Bob accused Ann of cheating (event {n}): the dungeon was "
                      "turned up and Ann had cheated.")
    read = said(run("dispute", game, n, "--url", live))
    assert read.startswith(f"Dispute {n} (ruled) Bob accused Ann of cheating")
    assert "Ann discards the whole dungeon but the cell: the 10 of hearts, the 7 of hearts" in read
