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
