"""A whole club night through the service as shipped: a roster of 12, rounds seated by Courtcard,
every game played to its end, the director's rulings, an appeal in time and one refused late."""

from __future__ import annotations

import time
from itertools import combinations

from tests.api.club_helpers import add_roster, open_session, play_a_hand_and_confirm, seat, unrated
from tests.api.test_problems import assert_problem


#: The sessions' correction period, in minutes (15 s).
CORRECTION_MINUTES = 0.25


def match_points(places):
    """2 for each player at the table who finished below, 1 for each who shared the place."""
    return [2 * sum(p > mine for p in places) + sum(p == mine for p in places) - 1 for mine in places]


def expected_lines(results, adjusted=None):
    """Each player's games, match points and total, worked out from the results alone."""
    out = {}
    for r in results:
        places, totals = (adjusted or {}).get(r["game_id"], (r["places"], r["totals"]))
        for player, mp, total in zip(r["players"], match_points(places), totals):
            games, points, sum_ = out.get(player, (0, 0, None))
            out[player] = (games + 1, points + mp, sum_ if total is None else (sum_ or 0) + total)
    return out


def play_club_night(client, game, tables, rounds, seats):
    ids = add_roster(client)
    # A correction period of 15 s: the appeal in time is lodged one request after publication, and
    # a loaded machine may take seconds over it (the late one waits for the period to close).
    session_id, headers = open_session(client, ids, game=game, tables=tables, correction_minutes=CORRECTION_MINUTES)
    fours = []
    for number in range(1, rounds + 1):
        seated = seat(client, session_id, headers)
        assert len(seated["tables"]) == 12 // seats
        for table in seated["tables"]:
            fours.append(frozenset(table["players"]))
            view = client.get(f"/games/{table['game_id']}").get_json()
            assert view["table"]["round"] == number and view["table"]["number"] == table["number"]
            play_a_hand_and_confirm(client, table["game_id"], table["token"], seed=number * 10 + table["number"])
    assert len(set(fours)) == len(fours), "a table sat together twice"
    return ids, session_id, headers


def rule_the_night(client, session_id, headers, seats):
    standings = client.get(f"/sessions/{session_id}/standings").get_json()
    results = standings["results"]
    assert all(r["finished"] and r["confirmed"] for r in results)
    want = expected_lines(results)
    assert {l["player"]: (l["games"], l["match_points"], l["total"]) for l in standings["as_played"]} == want
    assert [l["match_points"] for l in standings["as_played"]] == sorted((l["match_points"] for l in
                                                                          standings["as_played"]), reverse=True)
    # One adjusted score: the first table of round 1 ruled in reverse seat order.
    first = results[0]
    places = list(range(seats, 0, -1))
    response = client.post(f"/sessions/{session_id}/adjustments", headers=headers, json={
        "game_id": first["game_id"], "places": places, "reason": "a card exposed and not penalised"})
    assert response.status_code == 201, response.get_json()
    ruled = client.get(f"/sessions/{session_id}/standings").get_json()
    assert unrated(ruled["as_played"]) == unrated(standings["as_played"])  # ratings follow the results as ruled
    want = expected_lines(results, {first["game_id"]: (places, first["totals"])})
    assert {l["player"]: (l["games"], l["match_points"], l["total"]) for l in ruled["as_ruled"]} == want
    # Published: one appeal in time, one after the period refused with the time it closed.
    published = client.post(f"/sessions/{session_id}/publish", headers=headers).get_json()
    second = results[1]
    scorekeeper = client.post(f"/sessions/{session_id}/appeals", headers=headers,
                              json={"game_id": second["game_id"], "by": "Bob", "grounds": "the claim was out of time"})
    assert scorekeeper.status_code == 201, scorekeeper.get_json()
    while not client.get(f"/sessions/{session_id}/standings").get_json()["final"]:
        time.sleep(0.5)  # the record's clock passes the close of the period (15 s after publication)
    late = client.post(f"/sessions/{session_id}/appeals", headers=headers,
                       json={"game_id": second["game_id"], "by": "Cat", "grounds": "too late"})
    problem = assert_problem(late, 422)
    assert problem["code"] == "results_final" and published["correction_closes_at"] in problem["detail"]
    final = client.get(f"/sessions/{session_id}/standings").get_json()
    assert [a["by"] for a in final["appeals"]] == ["Bob"] and final["final"]
    page = client.get(f"/sessions/{session_id}/standings", query_string={"format": "html"}).text
    assert "a card exposed and not penalised" in page and ": final" in page
    return final


def test_session_of_queens_dungeon_club_night_three_tables_three_rounds_no_table_repeated(client):
    ids, session_id, headers = play_club_night(client, "queens-dungeon", tables=3, rounds=3, seats=4)
    final = rule_the_night(client, session_id, headers, seats=4)
    assert sorted(l["player"] for l in final["as_ruled"]) == sorted(ids)
    assert all(l["games"] == 3 for l in final["as_ruled"])
    # Table-mates repeated no more than the draw must: 12 players, 3 tables of 4, 3 rounds.
    session = client.get(f"/sessions/{session_id}").get_json()
    met = [frozenset(p) for r in session["rounds"] for t in r["tables"] for p in combinations(t["players"], 2)]
    assert max(met.count(pair) for pair in set(met)) <= 2
    page = client.get(f"/players/{ids[0]}").get_json()
    assert len(page["games"]) == 3 and {g["session_id"] for g in page["games"]} == {session_id}
    [rating] = page["ratings"]
    assert rating["game"] == "queens-dungeon" and [h["game_id"] for h in rating["history"]] == [
        g["game_id"] for g in page["games"]]
    line = next(l for l in final["as_played"] if l["player"] == ids[0])
    assert line["rating"] == rating["ordinal"]


def test_session_of_black_queen_club_night_six_seats_a_table(client):
    ids, session_id, headers = play_club_night(client, "black-queen", tables=2, rounds=2, seats=6)
    final = rule_the_night(client, session_id, headers, seats=6)
    assert all(l["games"] == 2 for l in final["as_ruled"])
