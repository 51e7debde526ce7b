"""The Queens through the API as `courtcard serve` runs it: a game created with a given order, dealt,
played to a win from the legal actions and views, an impossible move refused with nothing written,
a take-back, the score sheet, audit and exports of the finished game, its import, hints, and an
as-dealt game entered card by card."""

from __future__ import annotations

import json
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "tq-won.json"


def won_game():
    """The order and the player's actions of the golden won game, as JSON bodies."""
    events = json.loads(GOLDEN.read_text())["events"]
    actions = []
    for e in events:
        p = e["payload"]
        if e["type"] == "QueensCardMoved":
            actions.append({"action": "move", "seat": 0, "card": p["card"], "source": p["source"], "target": p["target"]})
        elif e["type"] == "QueensCardTurned":
            actions.append({"action": "turn", "seat": 0})
        elif e["type"] == "QueensNewPackFormed":
            actions.append({"action": "new_pack", "seat": 0})
    return events[1]["payload"]["order"], actions


def test_the_queens_is_created_dealt_played_to_a_win_and_recorded(client, new_game):
    order, actions = won_game()
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": order})
    post = lambda body: client.post(f"/games/{game_id}/actions", json=body, headers=headers)
    assert post({"action": "deal", "seat": 0}).status_code == 201
    view = client.get(f"/games/{game_id}").get_json()
    assert view["to_act"] == [0] and view["view"]["key"] == {"top": "9S", "count": 32}
    assert view["view"]["shutter"]["s1"] == ["AC"] and len(view["view"]["foundations"]) == 8
    assert "cards" not in view["view"]["pack"]  # the pack's order is not the table's to see
    public_events = client.get(f"/games/{game_id}/events").get_json()["events"]
    assert public_events[1]["payload"] is None and public_events[1]["withheld"]
    legal = client.get(f"/games/{game_id}/legal", query_string={"seat": 0}, headers=headers).get_json()["actions"]
    assert {"action": "move", "seat": 0, "card": "AC", "source": "s1", "target": "foundation"} in legal
    assert {"action": "give_up", "seat": 0} in legal
    for body in actions:
        response = post(body)
        assert response.status_code == 201, response.get_json()
    view = client.get(f"/games/{game_id}").get_json()
    assert view["status"] == "finished" and view["outcome"]["reason"] == "won" and view["view"]["home"] == 104
    assert view["scores"]["hands"][0]["units"][0]["total"] == 104
    sheet = client.get(f"/games/{game_id}/scores").get_json()["sheet"]
    assert sheet["rows"] == [{"hand": 1, "seat": 0, "unit": 0, "name": "Ann", "home": 104, "result": "won",
                              "hand_total": 104, "running_total": 104}]
    audit = client.get(f"/games/{game_id}/audit", headers=headers).get_json()["audit"]
    assert audit["ok"] and audit["chain"]["ok"] and audit["scores"]["matches"] and audit["replayed_to"] == 171
    csv = client.get(f"/games/{game_id}/export", query_string={"format": "csv"}, headers=headers)
    assert csv.get_data(as_text=True).splitlines()[1] == "1,104"  # the hand and Ann's cards home
    detail = client.get(f"/games/{game_id}/export", query_string={"format": "csv-detail"}, headers=headers)
    assert detail.get_data(as_text=True).splitlines()[1] == "1,0,0,Ann,104,won,104,104"
    html = client.get(f"/games/{game_id}/export", query_string={"format": "html"}, headers=headers)
    page = html.get_data(as_text=True)
    assert html.status_code == 200 and "The Queens" in page
    # the final tableau: every foundation built up to its Queen, nothing left anywhere
    assert "The table at the end of the record" in page and "won, 104 of 104 cards home" in page
    assert page.count("Q\u2663 (13)") == 2 and page.count("Q\u2660 (13)") == 2
    jsonl = client.get(f"/games/{game_id}/export", query_string={"format": "jsonl"}, headers=headers).get_data()
    imported = client.post("/imports", data=jsonl, headers={"Content-Type": "text/plain"})  # re-decided on import
    assert imported.status_code == 201 and imported.get_json()["version"] == 171


def test_an_impossible_move_is_refused_naming_the_card_and_the_place_and_nothing_is_written(client, new_game):
    order, _ = won_game()
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": order})
    client.post(f"/games/{game_id}/actions", json={"action": "deal", "seat": 0}, headers=headers)
    version = client.get(f"/games/{game_id}").get_json()["version"]
    refused = client.post(f"/games/{game_id}/actions", json={"action": "move", "seat": 0, "card": "9S", "source": "key",
                                                             "target": "s1"}, headers=headers)
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["card"] == "9S" and "from the key (top 9S) cannot go to shutter pile s1 (top AC)" in problem["detail"]
    assert client.get(f"/games/{game_id}").get_json()["version"] == version


def test_a_take_back_through_the_api_restores_the_table(client, new_game):
    order, _ = won_game()
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": order})
    post = lambda body: client.post(f"/games/{game_id}/actions", json=body, headers=headers)
    post({"action": "deal", "seat": 0})
    before = client.get(f"/games/{game_id}").get_json()["view"]
    assert post({"action": "move", "seat": 0, "card": "AC", "source": "s2", "target": "f"}).status_code == 201
    assert post({"action": "take_back", "seat": 0}).status_code == 201
    after = client.get(f"/games/{game_id}").get_json()["view"]
    assert after["shutter"] == before["shutter"] and after["home"] == before["home"]
    assert len(after["corrections"]) == 1


def test_an_as_dealt_game_is_entered_card_by_card_as_the_cards_turn_up(client, new_game):
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], record="blind")
    post = lambda body: client.post(f"/games/{game_id}/actions", json=body, headers=headers)
    assert post({"action": "deal", "seat": 0}).status_code == 201
    view = client.get(f"/games/{game_id}").get_json()["view"]
    assert view["awaiting"] == "key" and view["key"]["top"] is None and view["record"] == "blind"
    legal = client.get(f"/games/{game_id}/legal", query_string={"seat": 0}, headers=headers).get_json()["actions"]
    assert {"action": "seen", "seat": 0, "card": "9S"} in legal and len([a for a in legal if a["action"] == "seen"]) == 52
    for card in ["9S", "AC", "KH", "2C", "QD", "7S", "7S", "3H", "JC"]:  # the key's top, then the shutter
        assert post({"action": "seen", "seat": 0, "card": card}).status_code == 201
    view = client.get(f"/games/{game_id}").get_json()["view"]
    assert view["awaiting"] is None and view["key"]["top"] == "9S"
    assert [view["shutter"][f"s{i}"] for i in range(1, 8)] == [["AC"], ["2C"], ["QD"], ["7S"], ["7S"], ["3H"], ["JC"]]
    third = post({"action": "seen", "seat": 0, "card": "7S"})
    assert third.status_code == 422 and third.get_json()["code"] == "wrong_phase"
    assert post({"action": "turn", "seat": 0, "card": "7S"}).get_json()["detail"].startswith("7S (7 of spades) cannot turn up")
    assert post({"action": "turn", "seat": 0, "card": "KC"}).status_code == 201
    assert post({"action": "move", "seat": 0, "card": "AC", "source": "s1", "target": "foundation"}).status_code == 201
    assert client.get(f"/games/{game_id}").get_json()["view"]["awaiting"] == "pack"  # s1's space waits for its card
    assert client.get(f"/games/{game_id}/hint", headers=headers).status_code == 422
    assert post({"action": "seen", "seat": 0, "card": "5D"}).status_code == 201
    assert post({"action": "give_up", "seat": 0}).status_code == 201
    html = client.get(f"/games/{game_id}/export", query_string={"format": "html"}, headers=headers)
    assert html.status_code == 200 and "The Queens" in html.get_data(as_text=True)
    jsonl = client.get(f"/games/{game_id}/export", query_string={"format": "jsonl"}, headers=headers).get_data()
    imported = client.post("/imports", data=jsonl, headers={"Content-Type": "text/plain"})  # re-decided on import
    assert imported.status_code == 201, imported.get_json()


def test_the_hint_gives_the_next_move_of_a_winning_line_or_says_the_position_is_lost(client, new_game):
    order, actions = won_game()
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": order})
    early = client.get(f"/games/{game_id}/hint", headers=headers)
    assert early.status_code == 422 and early.get_json()["code"] == "wrong_phase"
    client.post(f"/games/{game_id}/actions", json={"action": "deal", "seat": 0}, headers=headers)
    hint = client.get(f"/games/{game_id}/hint", headers=headers).get_json()
    assert hint["result"] == "won" and hint["moves_left"] == 96
    assert client.post(f"/games/{game_id}/actions", json=hint["move"], headers=headers).status_code == 201
    assert client.get(f"/games/{game_id}/hint").status_code == 401  # it reads the hidden cards
    lost_id, _token, lost_headers = new_game(game="the-queens", seats=["Ann"], options={"order": sorted(order)})
    client.post(f"/games/{lost_id}/actions", json={"action": "deal", "seat": 0}, headers=lost_headers)
    hint = client.get(f"/games/{lost_id}/hint", headers=lost_headers).get_json()
    assert hint["result"] == "lost" and hint["move"] is None and hint["positions"] == 0
    assert hint["proof"] == LOCKED_AT_THE_DEAL


#: Why the golden won deal's cards in sorted order are lost as soon as they are dealt.
LOCKED_AT_THE_DEAL = "the 4 of spades lies above both copies of the 3 of spades in the key: the key can never be played out"


def test_a_deal_that_can_never_be_won_is_said_lost_at_once_in_the_players_view(client, new_game):
    order, _ = won_game()
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={"order": sorted(order)})
    assert client.get(f"/games/{game_id}", query_string={"seat": 0}, headers=headers).get_json()["view"]["lost"] is None
    client.post(f"/games/{game_id}/actions", json={"action": "deal", "seat": 0}, headers=headers)
    own = client.get(f"/games/{game_id}", query_string={"seat": 0}, headers=headers).get_json()["view"]
    assert own["lost"] == LOCKED_AT_THE_DEAL and own["result"] is None  # said at once; the player may play on
    director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()["view"]
    assert director["lost"] == LOCKED_AT_THE_DEAL
    # It reads the key's hidden cards: the table's view never holds it, and the player's needs the token.
    assert "lost" not in client.get(f"/games/{game_id}").get_json()["view"]
    assert client.get(f"/games/{game_id}", query_string={"seat": 0}).status_code == 401


def test_a_game_without_a_solver_offers_no_hint(client, new_game):
    game_id, _token, headers = new_game()
    response = client.get(f"/games/{game_id}/hint", headers=headers)
    assert response.status_code == 404 and "no solver" in response.get_json()["detail"]


def test_a_new_game_records_the_rules_it_is_played_under_and_refuses_a_rule_not_offered(client, new_game):
    game_id, _token, headers = new_game(game="the-queens", seats=["Ann"], options={})
    created = client.get(f"/games/{game_id}/events", headers=headers).get_json()["events"][0]["payload"]
    assert created["options"]["new_pack"] == "queens_with_three" and created["options"]["key_payment"] == "deal"
    refused = client.post("/games", json={"game": "the-queens", "seats": ["Ann"], "options": {"key_payment": "sometimes"}})
    assert refused.status_code in (400, 422) and "key_payment" in refused.get_json()["detail"]
    catalog = {g["name"]: g for g in client.get("/games/catalog").get_json()}["the-queens"]
    assert catalog["options"]["new_pack"] == "queens_with_three" and catalog["options"]["key_payment"] == "deal"
    assert catalog["options_schema"]["properties"]["key_payment"]["enum"] == ["deal", "always"]
    assert catalog["options_schema"]["properties"]["new_pack"]["enum"] == ["queens_with_three", "talon_bottom"]
