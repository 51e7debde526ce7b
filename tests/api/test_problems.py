"""Every error the API returns is problem+json, in words a person reads."""

from __future__ import annotations

import json
import re


def assert_problem(response, status):
    assert response.status_code == status, response.data
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status
    assert body["detail"] and body["title"] and body["type"].startswith("urn:courtcard:problem:")
    return body


def test_unknown_path_is_a_404_problem(client):
    assert_problem(client.get("/no/such/thing"), 404)


def test_unknown_game_is_a_404_problem_naming_the_id(client):
    body = assert_problem(client.get("/games/nosuchgame"), 404)
    assert "nosuchgame" in body["detail"]
    assert body["code"] == "game_not_found"


def test_wrong_method_is_a_405_problem_with_allow_header(client):
    response = client.delete("/games")
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"] and "POST" in response.headers["Allow"]


def test_malformed_json_body_is_a_problem_not_a_crash(client):
    response = client.post("/games", data="{not json", content_type="application/json")
    assert response.status_code in (400, 422)
    assert_problem(response, response.status_code)


def test_missing_required_fields_are_named(client):
    body = assert_problem(client.post("/games", json={"options": {}}), 422)
    assert "game" in body["detail"] and "seats" in body["detail"]


def test_unknown_game_name_lists_the_games(client):
    body = assert_problem(client.post("/games", json={"game": "snap", "seats": ["A", "B"]}), 422)
    assert "snap" in body["detail"]
    assert "queens-dungeon" in body["legal"]


def test_openapi_document_is_served(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    assert "/games/{game_id}/actions" in spec["paths"]


def test_api_page_works_offline(client):
    page = client.get("/docs/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "swagger-ui" in html
    own_origin = r"http://(localhost|127\.0\.0\.1)(:[0-9]+)?"  # the server's own address is not the network
    assert "http://" not in re.sub(own_origin, "", html) and "https://" not in html


def test_catalog_describes_each_games_options_with_allowed_values(client):
    catalog = {g["name"]: g for g in client.get("/games/catalog").get_json()}
    options = catalog["queens-dungeon"]["options_schema"]["properties"]
    assert options["detection"]["enum"] == ["announced", "on_claim"]
    assert (options["players"]["minimum"], options["players"]["maximum"]) == (2, 8)
    assert catalog["queens-dungeon"]["options"]["target"] == 500


def test_a_game_the_record_cannot_hold_is_refused_and_leaves_no_listing(client):
    body = json.dumps({"game": "queens-dungeon", "seats": ["A", "B", "C", "D"], "options": {"target": 10**30}})
    response = client.post("/games", data=body, content_type="application/json")
    assert response.status_code in (400, 422)
    assert_problem(response, response.status_code)
    assert client.get("/games").get_json()["total"] == 0


def test_an_oversized_seat_number_is_a_problem_not_a_500(client):
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).get_json()
    response = client.post(f"/games/{created['game_id']}/actions", content_type="application/json",
                           data=json.dumps({"action": "call_trump", "seat": 10**24, "suit": "H"}),
                           headers={"Authorization": f"Bearer {created['token']}"})
    assert 400 <= response.status_code < 500
    assert_problem(response, response.status_code)


#: Names no new game may give a seat, with the seat they are given to and the words that refuse them.
UNSEEN_NAMES = [
    ("\x1b[2J", "Seat 2's name holds a control character (U+001B)"),
    ("Mallory\n[Winner \"Mallory\"]", "Seat 2's name holds a control character (U+000A)"),
    ("Bob\x00", "Seat 2's name holds a control character (U+0000)"),
    ("\u202eboB", "Seat 2's name holds a format character (U+202E)"),
    ("Cat\u2066", "Seat 2's name holds a format character (U+2066)"),
    ("Cat\u2028", "Seat 2's name holds a line separator (U+2028)"),
    ("   ", "Seat 2's name is blank"),
    ("\t", "Seat 2's name is blank"),
]


def test_a_seat_name_that_is_blank_or_holds_an_unseen_character_is_refused_naming_the_seat(client):
    for name, said in UNSEEN_NAMES:
        response = client.post("/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", name, "Dan"]})
        body = assert_problem(response, 422)
        assert body["code"] == "invalid_seat_name" and body["seat"] == 2, body
        assert body["detail"].startswith(said), body["detail"]
        assert name.strip() == "" or name.strip() not in body["detail"]  # named by its code point, never echoed
    assert client.get("/games").get_json()["total"] == 0  # nothing was written


def test_private_is_a_json_boolean_never_a_number_or_a_string(client):
    for private in (0, 1, "true", "no", None):
        response = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"],
                                               "private": private})
        body = assert_problem(response, 422)
        assert body["code"] == "invalid_request" and "private" in body["errors"]["json"], body
    assert client.get("/games").get_json()["total"] == 0


def test_a_boolean_option_or_action_field_is_a_json_boolean_never_a_number(client):
    refused = client.post("/games", json={"game": "dungeon", "seats": ["A", "B"], "options": {"players": 2,
                                                                                           "jokers_wild": 1}})
    assert assert_problem(refused, 422)["code"] == "invalid_options"
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).get_json()
    game = client.get("/games/catalog").get_json()
    fields = next(g for g in game if g["name"] == "queens-dungeon")["actions_schema"]
    action = next(a for a, schema in fields.items() if schema["properties"].get("exchange", {}).get("type") == "boolean")
    response = client.post(f"/games/{created['game_id']}/actions", json={"action": action, "seat": 0, "exchange": 0},
                           headers={"Authorization": f"Bearer {created['token']}"})
    assert assert_problem(response, 422)["code"] == "invalid_action", response.get_json()


def test_an_if_match_that_is_no_version_is_a_400_and_the_document_says_which_values_are_taken(client):
    """The OpenAPI document's pattern for If-Match is the one the route reads: a value outside it
    (an empty one too) is a 400, and one inside it is taken."""
    spec = client.get("/openapi.json").get_json()
    [if_match] = [p for p in spec["paths"]["/games/{game_id}/actions"]["post"]["parameters"] if p["name"] == "If-Match"]
    pattern = if_match["schema"]["pattern"]
    created = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"]}).get_json()
    auth = {"Authorization": f"Bearer {created['token']}"}
    for value in ("", '""', "W/", "1,2", "12345678901234567", "v1"):
        assert not re.fullmatch(pattern, value), value
        response = client.post(f"/games/{created['game_id']}/actions", json={"action": "cut", "seat": 0, "card": "AS"},
                               headers={**auth, "If-Match": value})
        assert assert_problem(response, 400)["code"] == "bad_if_match", (value, response.get_json())
    assert client.get(f"/games/{created['game_id']}").get_json()["version"] == created["version"]
    for seat, value in enumerate((f'"{created["version"]}"', f'W/"{created["version"] + 1}"', "*")):
        assert re.fullmatch(pattern, value), value
        response = client.post(f"/games/{created['game_id']}/actions", json={"action": "cut", "seat": seat,
                                                                             "card": ["AS", "KD", "3H"][seat]},
                               headers={**auth, "If-Match": value})
        assert response.status_code == 201, (value, response.get_json())
