"""A session's standings are a read model: served from the stored document while the record's heads
(the session's, the roster's, each of its games') have not moved, made again from the record when
any one has. A stale document is never served."""

from __future__ import annotations

import orjson

from tests.api.club_helpers import NAMES, add_roster, open_session, play_to_end, seat
from workers.club import CLUB_NAMESPACE
from workers.readmodels import ReadModels
from workers.standings_model import STANDINGS


def marked(redis_client, session_id: str) -> None:
    """Put a mark in the stored standings document (its heads left as they are), to tell a
    document served from the store from one made from the record."""
    models = ReadModels(redis_client, namespace=CLUB_NAMESPACE)
    stored = models.get(session_id, STANDINGS)
    assert stored is not None, "the standings were not stored"
    redis_client.hset(models.key(session_id, STANDINGS), "doc", orjson.dumps({**stored[1], "name": "MARKED"}))


def standings(client, session_id: str) -> dict:
    response = client.get(f"/sessions/{session_id}/standings")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_session_standings_are_served_from_the_stored_document_until_a_game_moves(client, redis_client):
    ids = add_roster(client, NAMES[:8])
    session_id, headers = open_session(client, ids, tables=2)
    tables = seat(client, session_id, headers)["tables"]
    play_to_end(client, tables[0]["game_id"], tables[0]["token"], seed=3)
    first = standings(client, session_id)
    marked(redis_client, session_id)
    assert standings(client, session_id)["name"] == "MARKED"  # the record has not moved: the stored one

    play_to_end(client, tables[1]["game_id"], tables[1]["token"], seed=5)
    after = standings(client, session_id)
    assert after["name"] == first["name"] != "MARKED"
    assert {r["game_id"] for r in after["results"] if r["finished"]} == {t["game_id"] for t in tables}


def test_session_standings_stored_are_not_served_after_a_ruling_or_a_roster_merge(client, redis_client, director_headers):
    ids = add_roster(client, NAMES[:4])
    extra = add_roster(client, ["Annie"])[0]
    session_id, headers = open_session(client, [extra, *ids[1:]], tables=1)
    table = seat(client, session_id, headers, seating=[[extra, *ids[1:]]])["tables"][0]
    play_to_end(client, table["game_id"], table["token"], seed=4)
    standings(client, session_id)
    marked(redis_client, session_id)
    adjusted = client.post(f"/sessions/{session_id}/adjustments", headers=headers,
                           json={"game_id": table["game_id"], "places": [4, 3, 2, 1], "reason": "card exposed"})
    assert adjusted.status_code == 201, adjusted.get_json()
    ruled = standings(client, session_id)
    assert ruled["name"] != "MARKED" and [a["reason"] for a in ruled["adjustments"]] == ["card exposed"]

    marked(redis_client, session_id)
    merged = client.post("/players/merges", json={"kept": ids[0], "merged": extra}, headers=director_headers)
    assert merged.status_code == 201, merged.get_json()
    after = standings(client, session_id)
    assert after["name"] != "MARKED" and ids[0] in {line["player"] for line in after["as_played"]}
