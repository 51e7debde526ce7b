"""The club layer over HTTP, as shipped: the roster, sessions, rounds seated as given or drawn by
Courtcard, games made for a table, and the session's standings."""

from __future__ import annotations

from itertools import combinations

from referee.club.seating import draw
from tests.api.club_helpers import NAMES, add_roster, open_session, play_to_end, seat
from tests.api.test_problems import assert_problem


def test_roster_players_persist_and_are_listed(client):
    ids = add_roster(client, NAMES[:3])
    listed = client.get("/players").get_json()["players"]
    assert [p["player_id"] for p in listed] == ids
    assert [p["name"] for p in listed] == NAMES[:3]
    assert client.get(f"/players/{ids[1]}").get_json()["name"] == "Bob"


def test_roster_refuses_a_name_already_on_it_and_records_nothing(client):
    add_roster(client, ["Ann"])
    problem = assert_problem(client.post("/players", json={"name": "ann"}), 422)
    assert problem["code"] == "player_exists" and "'ann'" in problem["detail"]
    assert len(client.get("/players").get_json()["players"]) == 1


def test_session_names_an_unknown_player_with_did_you_mean(client):
    ids = add_roster(client, NAMES[:4])
    problem = assert_problem(client.post("/sessions", json={"name": "Night", "game": "queens-dungeon", "tables": 1,
                                                            "players": [*ids[:3], "Bobb"]}), 422)
    assert problem["code"] == "unknown_player" and "Did you mean 'Bob'" in problem["detail"]


def test_session_given_seating_makes_games_that_carry_session_round_and_table(client):
    ids = add_roster(client, NAMES[:8])
    session_id, headers = open_session(client, ids, tables=2, table_names=["Window", ""])
    seated = seat(client, session_id, headers, seating=[ids[:4], ["Eve", "Fay", "Gus", "Hal"]])
    assert seated["method"] == "given" and [t["number"] for t in seated["tables"]] == [1, 2]
    first, second = seated["tables"]
    assert second["players"] == ids[4:8]
    view = client.get(f"/games/{first['game_id']}").get_json()
    assert view["table"] == {"session_id": session_id, "round": 1, "number": 1, "name": "Window"}
    assert client.get(f"/games/{second['game_id']}").get_json()["table"]["name"] is None
    printed = client.get(f"/games/{first['game_id']}/export", query_string={"format": "html"}).text
    assert f"Queen&#x27;s Dungeon, table 1 (Window), round 1 of session {session_id}: game" in printed
    session = client.get(f"/sessions/{session_id}").get_json()
    assert [t["game_id"] for t in session["rounds"][0]["tables"]] == [first["game_id"], second["game_id"]]
    assert session["rounds"][0]["tables"][1]["names"] == ["Eve", "Fay", "Gus", "Hal"]


def test_a_game_outside_a_session_has_no_table(client, new_game):
    game_id, _token, _headers = new_game()
    assert client.get(f"/games/{game_id}").get_json()["table"] is None


def test_session_drawn_seating_logs_its_seed_and_draws_again_the_same(client):
    ids = add_roster(client)
    session_id, headers = open_session(client, ids)
    rounds = [seat(client, session_id, headers) for _ in range(3)]
    session = client.get(f"/sessions/{session_id}").get_json()
    earlier = []
    for number, seated in enumerate(session["rounds"]):
        assert seated["method"] == "drawn" and seated["seed"] == rounds[number]["seed"]
        tables = [tuple(t["players"]) for t in seated["tables"]]
        assert draw(ids, 3, 4, earlier, seated["seed"]) == tables  # anyone can check it
        earlier.append(tables)
    fours = [frozenset(t) for r in earlier for t in r]
    assert len(set(fours)) == len(fours), "a table of four sat together twice"


def test_session_seating_avoids_repeated_table_mates_where_it_can():
    players = [f"p{i}" for i in range(16)]
    first = draw(players, 4, 4, [], seed=1)
    second = draw(players, 4, 4, [first], seed=2)
    met = {frozenset(p) for t in first for p in combinations(t, 2)}
    assert not any(frozenset(p) in met for t in second for p in combinations(t, 2))


def test_session_seating_refuses_a_player_seated_twice_and_records_nothing(client):
    ids = add_roster(client, NAMES[:8])
    session_id, headers = open_session(client, ids, tables=2)
    response = client.post(f"/sessions/{session_id}/rounds", json={"seating": [ids[:4], [ids[0], *ids[5:8]]]},
                           headers=headers)
    problem = assert_problem(response, 422)
    assert problem["code"] == "invalid_seating" and "seated twice" in problem["detail"]
    assert client.get(f"/sessions/{session_id}").get_json()["rounds"] == []


def test_session_rounds_need_the_session_directors_token(client):
    ids = add_roster(client, NAMES[:4])
    session_id, _headers = open_session(client, ids, tables=1)
    assert assert_problem(client.post(f"/sessions/{session_id}/rounds", json={}), 401)["code"] == "token_required"
    response = client.post(f"/sessions/{session_id}/rounds", json={}, headers={"Authorization": "Bearer nope"})
    assert assert_problem(response, 403)["code"] == "token_rejected"


def test_unknown_session_is_a_404_naming_it(client):
    problem = assert_problem(client.get("/sessions/nosuchsession"), 404)
    assert problem["code"] == "session_not_found" and "nosuchsession" in problem["detail"]


def test_session_standings_rank_finished_games_by_place_and_name_each_tie_break(client):
    ids = add_roster(client, NAMES[:4])
    session_id, headers = open_session(client, ids, tables=1)
    table = seat(client, session_id, headers, seating=[ids])["tables"][0]
    view = play_to_end(client, table["game_id"], table["token"], seed=3)
    standings = client.get(f"/sessions/{session_id}/standings").get_json()
    lines = standings["as_played"]
    assert sorted(l["player"] for l in lines) == sorted(ids)
    winners = {ids[s] for s in view["outcome"]["winners"]}
    assert {l["player"] for l in lines if l["rank"] == 1} == winners
    assert all(l["game_ids"] == [table["game_id"]] for l in lines)
    assert standings["as_ruled"] == lines


def test_roster_merge_makes_history_follow_the_kept_player(client, director_headers):
    ids = add_roster(client, NAMES[:4])
    extra = add_roster(client, ["Annie"])[0]
    session_id, headers = open_session(client, [extra, *ids[1:]], tables=1)
    table = seat(client, session_id, headers, seating=[[extra, *ids[1:]]])["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=4)
    merged = client.post("/players/merges", json={"kept": ids[0], "merged": extra}, headers=director_headers)
    assert merged.status_code == 201, merged.get_json()
    assert "Annie" in merged.get_json()["aliases"]
    page = client.get(f"/players/{ids[0]}").get_json()
    assert [g["game_id"] for g in page["games"]] == [table["game_id"]]
    lines = client.get(f"/sessions/{session_id}/standings").get_json()["as_played"]
    assert ids[0] in {l["player"] for l in lines} and extra not in {l["player"] for l in lines}


def test_session_tables_are_listed_on_the_desk_by_session_and_number(client, new_game, director_headers):
    outside, _token, _headers = new_game()
    ids = add_roster(client, NAMES[:8])
    session_id, headers = open_session(client, ids, tables=2, table_names=["Window"])
    first = seat(client, session_id, headers, seating=[ids[4:], ids[:4]])
    second = seat(client, session_id, headers, seating=[ids[:4], ids[4:]])
    desk = client.get("/director/tables", headers=director_headers).get_json()["tables"]
    listed = [(t["table"]["round"], t["table"]["number"]) if t["table"] else None for t in desk]
    assert listed == [(1, 1), (1, 2), (2, 1), (2, 2), None]
    assert desk[0]["game_id"] == first["tables"][0]["game_id"] and desk[0]["table"]["name"] == "Window"
    assert desk[3]["game_id"] == second["tables"][1]["game_id"] and desk[-1]["game_id"] == outside


def test_session_page_and_public_standings_page_need_no_token(client):
    ids = add_roster(client, NAMES[:4])
    session_id, headers = open_session(client, ids, tables=1, table_names=["Window"])
    table = seat(client, session_id, headers, seating=[ids])["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=6)
    page = client.get(f"/session/{session_id}")
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert "Round 1 (given)" in page.text and "1 Window" in page.text and table["game_id"] in page.text
    assert "Ann, Bob, Cat, Dan" in page.text and "<h2>Standings</h2>" in page.text
    assert "over, not yet confirmed" in page.text  # the players confirm each scored hand
    public = client.get(f"/standings/{session_id}")
    assert public.status_code == 200 and "Friday club night, 2026-11-27" in public.text and "Ann" in public.text
    missing = client.get("/standings/nosuchsession")
    assert missing.status_code == 404 and missing.get_json()["code"] == "session_not_found"


def test_session_ids_that_no_session_can_have_are_unknown_not_errors(client):
    for bad in ("roster", "a{b}c", "-x"):
        problem = assert_problem(client.get(f"/sessions/{bad}"), 404)
        assert problem["code"] == "session_not_found"
        assert assert_problem(client.post(f"/sessions/{bad}/rounds", json={}), 404)["code"] == "session_not_found"


def test_session_with_options_its_game_refuses_is_refused_naming_them(client):
    ids = add_roster(client, NAMES[:4])
    response = client.post("/sessions", json={"name": "Night", "game": "queens-dungeon", "tables": 1, "players": ids,
                                              "options": {"target": "lots"}})
    problem = assert_problem(response, 422)
    assert problem["code"] == "invalid_options" and "target" in problem["detail"]


def test_session_seats_a_guest_beside_roster_players(client):
    ids = add_roster(client, NAMES[:3])
    session_id, headers = open_session(client, [*ids, "guest:Zoe"], tables=1)
    table = seat(client, session_id, headers, seating=[["Ann", "guest:Zoe", "Bob", "Cat"]])["tables"][0]
    assert table["players"] == [ids[0], "guest:Zoe", ids[1], ids[2]]
    assert client.get(f"/games/{table['game_id']}").get_json()["view"]["seats"] == ["Ann", "Zoe", "Bob", "Cat"]
