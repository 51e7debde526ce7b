"""The director's rulings on a session's results over HTTP: adjusted scores and rulings on appeal
shown "as ruled" beside "as played", appeals within the correction period, late ones refused."""

from __future__ import annotations

import datetime as dt

from tests.api.club_helpers import NAMES, add_roster, open_session, play_to_end, seat, unrated
from tests.api.test_problems import assert_problem


def one_table_played(client, **session):
    ids = add_roster(client, NAMES[:4])
    session_id, headers = open_session(client, ids, tables=1, **session)
    table = seat(client, session_id, headers, seating=[ids])["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=5)
    return ids, session_id, headers, table


def test_session_adjusted_score_shows_as_ruled_beside_as_played(client):
    ids, session_id, headers, table = one_table_played(client)
    played = client.get(f"/sessions/{session_id}/standings").get_json()["as_played"]
    events_before = client.get(f"/games/{table['game_id']}").get_json()["version"]
    response = client.post(f"/sessions/{session_id}/adjustments", headers=headers, json={
        "game_id": table["game_id"], "places": [4, 3, 2, 1], "totals": [0, 10, 20, 30], "reason": "slow play, table 1"})
    assert response.status_code == 201, response.get_json()
    standings = client.get(f"/sessions/{session_id}/standings").get_json()
    assert unrated(standings["as_played"]) == unrated(played)  # the rating follows the results as ruled
    assert [l["player"] for l in standings["as_ruled"]] == ids[::-1]
    assert standings["as_ruled"][0]["match_points"] == 6  # 2 for each of the three below
    rating = {line["player"]: line["rating"] for line in standings["as_ruled"]}
    assert rating[ids[3]] > rating[ids[2]] > rating[ids[1]] > rating[ids[0]]  # rated as ruled
    assert standings["adjustments"][0]["reason"] == "slow play, table 1"
    assert client.get(f"/games/{table['game_id']}").get_json()["version"] == events_before  # the game is untouched
    page = client.get(f"/sessions/{session_id}/standings", query_string={"format": "html"})
    assert page.headers["Content-Type"].startswith("text/html") and "slow play, table 1" in page.text
    sheet = client.get(f"/sessions/{session_id}/standings", query_string={"format": "csv"})
    assert sheet.text.lstrip("\ufeff").startswith("standings,rank,player_id,player")
    assert f"as ruled,1,{ids[3]},Dan," in sheet.text


def test_session_adjustment_needs_a_place_for_every_seat_and_records_nothing(client):
    _ids, session_id, headers, table = one_table_played(client)
    response = client.post(f"/sessions/{session_id}/adjustments", headers=headers,
                           json={"game_id": table["game_id"], "places": [1, 2], "reason": "x"})
    assert assert_problem(response, 422)["code"] == "invalid_adjustment"
    response = client.post(f"/sessions/{session_id}/adjustments", headers=headers,
                           json={"game_id": "notagame", "places": [1, 2, 3, 4], "reason": "x"})
    assert assert_problem(response, 422)["code"] == "unknown_session_game"
    assert client.get(f"/sessions/{session_id}/standings").get_json()["adjustments"] == []


def test_session_correction_period_is_thirty_minutes_after_publication_by_default(client):
    _ids, session_id, headers, _table = one_table_played(client)
    published = client.post(f"/sessions/{session_id}/publish", headers=headers).get_json()
    at = dt.datetime.strptime(published["published_at"], "%Y-%m-%dT%H:%M:%S.%fZ")
    closes = dt.datetime.strptime(published["correction_closes_at"], "%Y-%m-%dT%H:%M:%S.%fZ")
    assert closes - at == dt.timedelta(minutes=30)
    assert client.get(f"/sessions/{session_id}/standings").get_json()["final"] is False


def test_session_appeal_by_a_tables_scorekeeper_within_the_period_is_recorded(client):
    ids, session_id, headers, table = one_table_played(client)
    client.post(f"/sessions/{session_id}/publish", headers=headers)
    response = client.post(f"/sessions/{session_id}/appeals", headers={"Authorization": f"Bearer {table['token']}"},
                           json={"game_id": table["game_id"], "by": "Bob", "grounds": "the renege was not ours"})
    assert response.status_code == 201, response.get_json()
    appeals = client.get(f"/sessions/{session_id}/standings").get_json()["appeals"]
    assert [(a["by"], a["grounds"]) for a in appeals] == [("Bob", "the renege was not ours")]
    ruling = client.post(f"/sessions/{session_id}/adjustments", headers=headers, json={
        "game_id": table["game_id"], "places": [2, 1, 3, 4], "reason": "appeal upheld", "kind": "appeal"})
    assert ruling.status_code == 201
    standings = client.get(f"/sessions/{session_id}/standings").get_json()
    assert standings["adjustments"][0]["kind"] == "appeal" and standings["as_ruled"][0]["player"] == ids[1]


def test_session_late_appeal_is_refused_with_the_time_the_period_closed(client):
    _ids, session_id, headers, table = one_table_played(client, correction_minutes=0)
    published = client.post(f"/sessions/{session_id}/publish", headers=headers).get_json()
    response = client.post(f"/sessions/{session_id}/appeals", headers=headers,
                           json={"game_id": table["game_id"], "by": "Ann", "grounds": "too late"})
    problem = assert_problem(response, 422)
    assert problem["code"] == "results_final" and published["correction_closes_at"] in problem["detail"]
    standings = client.get(f"/sessions/{session_id}/standings").get_json()
    assert standings["appeals"] == [] and standings["final"] is True


def test_session_closed_after_publication_seats_no_more_rounds(client):
    ids, session_id, headers, _table = one_table_played(client)
    client.post(f"/sessions/{session_id}/publish", headers=headers)
    problem = assert_problem(client.post(f"/sessions/{session_id}/rounds", json={"seating": [ids]}, headers=headers), 422)
    assert problem["code"] == "session_closed"
