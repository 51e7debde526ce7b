"""Dungeon through the API as shipped (`courtcard serve`): a whole known-record game created with
POST /games and logged action by action from what GET /legal offers (the scorekeeper's seatless
actions and Aces out of turn included), viewed by the table without ever seeing a hand, then
audited, exported and imported again; and whole blind-record games logged as the table saw them."""

from __future__ import annotations

import random

import pytest

from api.app import create_app
from referee.games.dungeon.blind import UNKNOWN
from referee.registry import get_game
from referee.replay import replay
from tests.referee.dungeon_blind import table_saw

SEATS = ["Ann", "Bob", "Cat"]
DUNGEON = get_game("dungeon")


@pytest.fixture
def app(redis_client, redis_url):
    # Worker jobs run inside the request, so score sheets and audits are ready when asked for.
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "COURTCARD_JOBS_INLINE": True})


def legal(client, game_id, headers, seat):
    return client.get(f"/games/{game_id}/legal", query_string={"seat": seat}, headers=headers).get_json()["actions"]


def next_action(client, game_id, headers, view, rng):
    """An action name first, then one of its bodies, over every seat's legal actions (an Ace out of
    turn too, and the scorekeeper's actions when no seat is to act)."""
    offered: dict[str, list] = {}
    for seat in range(len(SEATS)):
        for body in legal(client, game_id, headers, seat):
            if body not in offered.setdefault(body["action"], []):
                offered[body["action"]].append(body)
    return rng.choice(offered[rng.choice(sorted(offered))])


def all_events(client, game_id: str, headers: dict) -> list[dict]:
    """The whole record, page by page (a random game may run past one page's limit)."""
    events, start = [], 1
    while start is not None:
        page = client.get(f"/games/{game_id}/events", query_string={"from": start, "limit": 1000}, headers=headers).get_json()
        events += page["events"]
        start = page["next"]
    return events


def hidden_cards(director: dict, darkness: str) -> set[str]:
    """The hands, the pile and the face-down cells, in the dark the discards, in Pitch Black the
    passages; but not a card a Myrmiddon asked for out loud, nor the contest's cards (seen face up
    before they went to the discard pile)."""
    cells = {p_cell for p_cell, shown in zip(director["cells"], director["players"]) if shown["cell_face_down"]}
    hidden = {c for hand in director["hands"] for c in hand} | set(director["pile"]) | cells
    if darkness != "none":
        hidden |= set(director["discard"])
    if darkness == "pitch_black":
        hidden |= {p["card"] for player in director["players"] for p in player["dungeon"]}
    seen = set(director.get("contest", {}).get("played", {}).values())
    return hidden - seen - {(director["window"] or {}).get("asked")}


@pytest.mark.parametrize("options", [{"players": 3},
                                     {"players": 3, "darkness": "pitch_black", "suicide_queen": True, "counter_attack": 3}],
                         ids=["base", "pitch-black"])
def test_a_whole_dungeon_game_through_the_api_never_shows_a_hand_to_the_table(client, new_game, options):
    game_id, _token, headers = new_game(game="dungeon", seats=SEATS, options=options)
    darkness = options.get("darkness", "none")
    rng = random.Random(11)
    for _ in range(3000):
        table = client.get(f"/games/{game_id}")
        view, text = table.get_json(), table.get_data(as_text=True)
        if view["outcome"] is not None:
            break
        director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()["view"]
        for card in hidden_cards(director, darkness):
            assert f'"{card}"' not in text, f"{card} is hidden but shown to the table"
        body = next_action(client, game_id, headers, view, rng)
        response = client.post(f"/games/{game_id}/actions", json=body,
                               headers={**headers, "If-Match": f'"{view["version"]}"'})
        assert response.status_code == 201, response.get_json()
    assert view["outcome"] is not None and view["status"] == "finished" and view["game"] == "dungeon"
    events = all_events(client, game_id, headers)
    assert [e["version"] for e in events] == list(range(1, view["version"] + 1))
    assert events[0]["type"] == "GameCreated" and events[1]["type"] == "DungeonDealt"
    assert events[-1]["type"] == "DungeonGameWon" and events[-1]["payload"]["seat"] in view["outcome"]["winners"]
    audit = client.get(f"/games/{game_id}/audit", headers=headers).get_json()["audit"]
    assert audit["ok"], audit
    for fmt in ("jsonl", "html"):
        export = client.get(f"/games/{game_id}/export", query_string={"format": fmt}, headers=headers)
        assert export.status_code == 200 and "DungeonGameWon" in export.get_data(as_text=True), fmt
    record = client.get(f"/games/{game_id}/export", query_string={"format": "jsonl"}, headers=headers).get_data()
    imported = client.post("/imports", data=record, headers={"Content-Type": "text/plain"})
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/games/{imported.get_json()['game_id']}").get_json()
    assert again["outcome"] == view["outcome"] and again["version"] == view["version"]
    # The CSV export is the score sheet's rows by hand: Dungeon, with no hands, has none yet.
    assert client.get(f"/games/{game_id}/export", query_string={"format": "csv"}, headers=headers).status_code == 200


def test_an_impossible_dungeon_action_is_refused_with_the_card_the_player_and_what_is_legal(client, new_game):
    game_id, _token, headers = new_game(game="dungeon", seats=SEATS[:2], options={"players": 2})
    post = lambda **body: client.post(f"/games/{game_id}/actions", json=body, headers=headers)
    assert post(action="deal").status_code == 201
    hand = client.get(f"/games/{game_id}", query_string={"seat": 0}, headers=headers).get_json()["view"]["your_hand"]
    stranger = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C") if c not in hand)
    refused = post(action="contest", seat=0, card=stranger)
    problem = refused.get_json()
    assert refused.status_code in (409, 422) and problem["code"] == "card_not_in_hand"
    assert "Ann (seat 0)" in problem["detail"] and stranger in problem["detail"]
    assert client.get(f"/games/{game_id}").get_json()["version"] == 2  # nothing recorded


def test_a_dungeon_record_is_known_or_blind(client):
    response = client.post("/games", json={"game": "dungeon", "seats": SEATS, "options": {"players": 3},
                                           "record": "dealt"})
    assert response.status_code == 422


def body_of(command) -> dict:
    """A command as the JSON body that logs it."""
    name = DUNGEON.action_of(command)
    return {"action": name, **DUNGEON.command_schemas[name].dump(command)}


def real_game(options: dict, rng: random.Random):
    """A known game played at random, in process, and each action as a blind record logs it (what
    the table saw): yields the blind command and the blind events it makes, on a mirror of the
    record, until the game is over."""
    known = replay(DUNGEON.start(options, SEATS, "known", rng))
    mirror = replay(DUNGEON.start(options, SEATS, "blind", rng))
    # One undo at a time, and no redo: the games these seeds play (a second undo in a row and the
    # redo have their own tests, tests/referee/test_undo_every_game.py).
    last = None
    while DUNGEON.outcome(known) is None:
        offered: dict[str, list] = {}
        for seat in range(len(SEATS)):
            for command in DUNGEON.legal_actions(known, seat):
                name = DUNGEON.action_of(command)
                if name != "redo" and not (name == "undo" == last):
                    offered.setdefault(name, []).append(command)
        command = rng.choice(offered[rng.choice(sorted(offered))])
        last = DUNGEON.action_of(command)
        before = known.clone()
        events = DUNGEON.decide(known, command, rng)
        for event in events:
            known = DUNGEON.apply(known, event)
        logged = table_saw(before, command, events, mirror)
        made = DUNGEON.decide(mirror, logged, rng)
        for event in made:
            mirror = DUNGEON.apply(mirror, event)
        yield logged, made


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "darkness": "pitch_black", "counter_attack": 3}],
                         ids=["base", "pitch-black"])
def test_a_whole_blind_dungeon_game_through_the_api_keeps_what_one_player_saw_from_the_table(client, new_game, options):
    """A blind record logged as the table saw a real game: the service takes every action and makes
    the events the referee makes; the table's view shows no hand nor face-down card; while the game
    is on, its events and exports hold a hand shown to a Myrmiddon's asker, so without the token
    their payloads are withheld; once it is over the record is public, audits, exports, imports."""
    game_id, _token, headers = new_game(game="dungeon", seats=SEATS, options=options, record="blind")
    darkness = options.get("darkness", "none")
    rng = random.Random(7)
    for step, (command, made) in enumerate(real_game(options, rng)):
        response = client.post(f"/games/{game_id}/actions", json=body_of(command), headers=headers)
        assert response.status_code == 201, (body_of(command), response.get_json())
        assert [e["type"] for e in response.get_json()["events"]] == [type(e).__name__ for e in made]
        if step % 10 == 0 or any(type(e).__name__ == "DungeonHandLookedAt" for e in made):
            director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()
            if director["outcome"] is not None:
                break
            text = client.get(f"/games/{game_id}").get_data(as_text=True)
            for card in hidden_cards(director["view"], darkness) - {UNKNOWN}:
                assert f'"{card}"' not in text, f"{card} is hidden but shown to the table"
            public = client.get(f"/games/{game_id}/events", query_string={"limit": 1000}).get_json()["events"]
            assert all(e["payload"] is None and e["withheld"] for e in public)
            assert client.get(f"/games/{game_id}/export", query_string={"format": "jsonl"}).status_code == 401
    view = client.get(f"/games/{game_id}").get_json()
    assert view["status"] == "finished" and view["record"] == "blind"
    events = client.get(f"/games/{game_id}/events", query_string={"from": max(1, view["version"] - 99)}).get_json()["events"]
    assert all(e["payload"] is not None for e in events) and events[-1]["type"] == "DungeonGameWon"
    audit = client.get(f"/games/{game_id}/audit", headers=headers).get_json()["audit"]
    assert audit["ok"], audit
    record = client.get(f"/games/{game_id}/export", query_string={"format": "jsonl"}).get_data()
    imported = client.post("/imports", data=record, headers={"Content-Type": "text/plain"})
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/games/{imported.get_json()['game_id']}").get_json()
    assert again["outcome"] == view["outcome"] and again["record"] == "blind"


def test_a_legal_list_is_the_scorekeepers_and_an_ace_refused_names_no_hand(client, new_game):
    """Ann holds no Ace, Bob two. Only the game's token reads a seat's legal list (no token: 401, a
    wrong one: 403), the table's view shows no hand, and an Ace entered for Ann, as the page offers
    every seat one, is refused naming none of her cards, and logs nothing."""
    from tests.referee.dungeon_table import deck_order

    game_id, token, headers = new_game(game="dungeon", seats=SEATS[:2], options={"players": 2})
    order = deck_order({"players": 2}, [["10H", "9H", "8H", "7H", "6H"], ["AS", "AD", "QS", "2S", "3S"]], ["KC", "2C"], [])
    for body in ({"action": "deal", "order": order}, {"action": "contest", "seat": 0, "card": "KC"},
                 {"action": "contest", "seat": 1, "card": "2C"}):
        assert client.post(f"/games/{game_id}/actions", json=body, headers=headers).status_code == 201
    assert client.get(f"/games/{game_id}/legal", query_string={"seat": 1}).get_json()["code"] == "token_required"
    wrong = client.get(f"/games/{game_id}/legal", query_string={"seat": 1}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and "AS" not in wrong.get_data(as_text=True)
    assert {"action": "ace", "seat": 1, "card": "AS"} in legal(client, game_id, headers, 1)
    assert client.get(f"/games/{game_id}", query_string={"seat": 1}).status_code == 401
    table = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '"AS"' not in table and '"10H"' not in table
    version = client.get(f"/games/{game_id}").get_json()["version"]
    refused = client.post(f"/games/{game_id}/actions", json={"action": "ace", "seat": 0, "card": "AH"}, headers=headers)
    assert refused.status_code == 422 and "does not hold AH" in refused.get_json()["detail"]
    assert not {"10H", "9H", "8H", "7H", "6H"} & set(refused.get_data(as_text=True).replace('"', " ").replace(",", " ").split())
    assert client.get(f"/games/{game_id}").get_json()["version"] == version
