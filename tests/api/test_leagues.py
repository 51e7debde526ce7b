"""Leagues over HTTP, as shipped: a league of two sessions, its standings by its own rule against
numbers worked out by hand, as JSON, a printable page and CSV."""

from __future__ import annotations

import csv
import io

from referee.club.ratings import ratings
from referee.club.results import TableResult
from tests.api.club_helpers import add_roster, open_session, play_to_end, seat
from tests.api.test_problems import assert_problem


def night(client, ids, order, places, totals, reason):
    """A session of one table seated ``order`` (indexes into ``ids``), its game played to its end,
    then its result ruled by the director as ``places`` and ``totals`` (so that the numbers are
    known)."""
    session_id, headers = open_session(client, ids, tables=1)
    table = seat(client, session_id, headers, seating=[[ids[i] for i in order]])["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=len(order))
    response = client.post(f"/sessions/{session_id}/adjustments", headers=headers, json={
        "game_id": table["game_id"], "places": places, "totals": totals, "reason": reason})
    assert response.status_code == 201, response.get_json()
    return session_id


def two_nights(client):
    ids = add_roster(client, ["Ann", "Bob", "Cat", "Dan"])
    first = night(client, ids, [0, 1, 2, 3], [1, 2, 3, 4], [100, 50, 20, 0], "slip misread")
    second = night(client, ids, [3, 2, 1, 0], [1, 2, 2, 4], [90, 40, 40, 10], "hand 2 misscored")
    return ids, first, second


def new_league(client, **body):
    response = client.post("/leagues", json={"name": "Winter league", **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def lines_of(client, league_id):
    response = client.get(f"/leagues/{league_id}/standings")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["lines"]


def test_league_standings_sum_the_sessions_as_worked_out_by_hand(client):
    """Night 1 (Ann 1st, Bob 2nd, Cat 3rd, Dan 4th): Ann 6, Bob 4, Cat 2, Dan 0 match points.
    Night 2 (Dan 1st, Cat and Bob share 2nd, Ann 4th): Dan 6, Cat 2 + 1 = 3, Bob 3, Ann 0.
    Sum: Bob 7; Ann 6 and Dan 6, one night won each, Ann's total 100 + 10 = 110 above Dan's
    0 + 90 = 90; Cat 5."""
    ids, first, second = two_nights(client)
    league_id = new_league(client, sessions=[first, second])["league_id"]
    lines = lines_of(client, league_id)
    ann, bob, cat, dan = ids
    assert [(x["rank"], x["player"], x["name"], x["points"], x["nights_won"], x["total"]) for x in lines] == [
        (1, bob, "Bob", 7, 0, 90), (2, ann, "Ann", 6, 1, 110), (3, dan, "Dan", 6, 1, 90), (4, cat, "Cat", 5, 0, 60)]
    assert lines[2]["tie_break"] == "level on league points (6) and nights won (1); a lower total (90 against 110)"
    assert [s["session_id"] for s in lines[0]["sessions"]] == [first, second]


def test_league_ratings_follow_the_results_as_the_director_ruled_them(client):
    """Each line's rating is the OpenSkill ordinal from the two nights' games in order, with the
    places the director ruled (whatever the random play left), exactly."""
    ids, first, second = two_nights(client)
    league_id = new_league(client, sessions=[first, second])["league_id"]
    ann, bob, cat, dan = ids
    ruled = [TableResult("n1", "queens-dungeon", 1, 1, (ann, bob, cat, dan), (1, 2, 3, 4), (100, 50, 20, 0), True, False),
             TableResult("n2", "queens-dungeon", 1, 1, (dan, cat, bob, ann), (1, 2, 2, 4), (90, 40, 40, 10), True, False)]
    expected = {p: r.ordinal for (p, _), r in ratings(ruled).items()}
    assert {x["player"]: x["rating"] for x in lines_of(client, league_id)} == expected


def test_a_league_takes_sessions_only_from_its_director(client):
    ids, first, second = two_nights(client)
    league_id = new_league(client, rule="best", best=1, sessions=[first])["league_id"]
    other = new_league(client)["token"]  # another league's director token
    refused = client.post(f"/leagues/{league_id}/sessions", json={"session_id": second},
                          headers={"Authorization": f"Bearer {other}"})
    assert assert_problem(refused, 403)["code"] == "token_rejected"
    assert assert_problem(client.post(f"/leagues/{league_id}/sessions", json={"session_id": second}), 401)
    assert client.get(f"/leagues/{league_id}").get_json()["sessions"] == [first]


def test_league_best_n_nights_counts_each_players_best_night(client):
    """Best 1 night: Ann 6 (night 1) and Dan 6 (night 2), level on one night won each, Ann's total
    110 above Dan's 90; Bob 4 (night 1), Cat 3 (night 2)."""
    ids, first, second = two_nights(client)
    made = new_league(client, rule="best", best=1, sessions=[first])
    headers = {"Authorization": f"Bearer {made['token']}"}
    added = client.post(f"/leagues/{made['league_id']}/sessions", json={"session_id": second}, headers=headers)
    assert added.status_code == 201, added.get_json()
    assert added.get_json()["sessions"] == [first, second]
    ann, bob, cat, dan = ids
    lines = lines_of(client, made["league_id"])
    assert [(x["player"], x["points"], x["counted"]) for x in lines] == [
        (ann, 6, [first]), (dan, 6, [second]), (bob, 4, [first]), (cat, 3, [second])]
    again = client.post(f"/leagues/{made['league_id']}/sessions", json={"session_id": second}, headers=headers)
    assert "already in the league" in assert_problem(again, 422)["detail"]


def test_league_standings_print_and_export_with_no_token(client):
    ids, first, second = two_nights(client)
    league_id = new_league(client, sessions=[first, second])["league_id"]
    page = client.get(f"/leagues/{league_id}/standings?format=html")
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert "Winter league" in page.text and "@media print" in page.text and "Bob" in page.text
    exported = client.get(f"/leagues/{league_id}/standings?format=csv")
    rows = list(csv.reader(io.StringIO(exported.text.lstrip("\ufeff"))))
    assert rows[0][:4] == ["rank", "player_id", "player", "points"] and rows[1][2:4] == ["Bob", "7"]


def test_a_league_refuses_a_bad_rule_or_an_unknown_session_and_records_nothing(client):
    assert "best" in assert_problem(client.post("/leagues", json={"name": "W", "rule": "best", "best": 0}), 422)["detail"]
    missing = assert_problem(client.post("/leagues", json={"name": "W", "sessions": ["nosuch"]}), 404)
    assert missing["code"] == "session_not_found" and "nosuch" in missing["detail"]
    assert assert_problem(client.get("/leagues/nosuch/standings"), 404)["code"] == "league_not_found"
