"""Numbers in commands and options are read exactly and bounded (``referee.fields``): a float is
never cut down to an integer, a bool or a string is never taken for one, and no number beyond the
range a table could play reaches the record."""

from __future__ import annotations

import pytest

from referee.fields import MAX_POINTS, MAX_SEAT, MAX_TRICK

SEATS = ["Ann", "Bob", "Cat", "Dan"]


def _version(client, game_id) -> int:
    return client.get(f"/games/{game_id}").get_json()["version"]


@pytest.mark.parametrize("seat", [1.5, 1.0, True, "1", MAX_SEAT + 1, -1, 2**63])
def test_a_seat_is_an_exact_integer_in_range_or_the_action_is_refused(client, new_game, seat):
    game_id, _token, auth = new_game()
    before = _version(client, game_id)
    response = client.post(f"/games/{game_id}/actions", json={"action": "cut", "seat": seat}, headers=auth)
    assert response.status_code == 422
    assert response.get_json()["detail"].startswith("Invalid 'cut' action: seat: ")
    assert _version(client, game_id) == before  # nothing logged, not even as seat 1


def test_an_exact_integer_seat_is_logged_as_sent(client, new_game):
    game_id, _token, auth = new_game()
    response = client.post(f"/games/{game_id}/actions", json={"action": "cut", "seat": 1}, headers=auth)
    assert response.status_code == 201
    assert response.get_json()["events"][0]["payload"]["seat"] == 1


@pytest.mark.parametrize("game, options", [
    ("queens-dungeon", {"target": 2**63}),
    ("queens-dungeon", {"target": MAX_POINTS + 1}),
    ("queens-dungeon", {"target": 500.5}),
    ("queens-dungeon", {"players": "4"}),
    ("queens-dungeon", {"renege_penalty": -25}),
    ("queens-dungeon", {"challenge_threshold": True}),
    ("queen-bees", {"target": 2**63}),
    ("black-queen", {"hands": 10**9}),
])
def test_options_are_exact_integers_in_their_documented_range(client, game, options):
    seats = ["A", "B", "C", "D", "E", "F"] if game == "black-queen" else SEATS
    response = client.post("/games", json={"game": game, "seats": seats, "options": options})
    assert response.status_code == 422
    assert next(iter(options)) in response.get_json()["detail"]
    assert client.get("/games").get_json()["total"] == 0


def test_the_catalog_documents_the_range_of_every_number_of_options_and_actions(client):
    for game in client.get("/games/catalog").get_json():
        schemas = {"options": game["options_schema"], **game["actions_schema"]}
        assert set(game["actions_schema"]) == set(game["actions"])
        for where, schema in schemas.items():
            for name, field in schema["properties"].items():
                if "integer" in field["type"]:
                    assert "minimum" in field and "maximum" in field, (game["name"], where, name)
        seats = [schema["properties"]["seat"] for schema in game["actions_schema"].values() if "seat" in schema["properties"]]
        assert seats and all(seat == {"type": "integer", "minimum": 0, "maximum": MAX_SEAT} for seat in seats)


@pytest.mark.parametrize("field, value", [("seat", 1.5), ("accused", True), ("trick", "1"), ("trick", MAX_TRICK + 1),
                                          ("hand", 0), ("hand", 2**63)])
def test_a_dispute_reads_its_numbers_exactly_and_in_range(client, new_game, field, value):
    game_id, _token, auth = new_game(options={"detection": "on_claim"})
    before = _version(client, game_id)
    claim = {"seat": 0, "accused": 1, "trick": 1, field: value}
    response = client.post(f"/games/{game_id}/disputes", json=claim, headers=auth)
    assert response.status_code == 422
    assert field in response.get_json()["detail"]
    assert _version(client, game_id) == before
