"""The director's desk lists, beside the games in progress, the finished games that still need the
director: a player's disagreement with the last hand of a game just ended, and a session's table
whose hands are not all confirmed. Each leaves the desk once its record says it is settled."""

from __future__ import annotations

from tests.api.club_helpers import add_roster, open_session, seat
from tests.api.test_confirmations_over_http import confirm
from tests.workers.playing import SEATS, ApiTable


def desk_tables(client, director) -> dict[str, dict]:
    response = client.get("/director/tables", headers=director)
    assert response.status_code == 200, response.get_json()
    return {t["game_id"]: t for t in response.get_json()["tables"]}


def session_table(client, game_id: str, token: str) -> ApiTable:
    """An ``ApiTable`` over a game a session made (the session's options: dealer 0)."""
    table = ApiTable.__new__(ApiTable)
    table.client, table.game_id, table.token = client, game_id, token
    table.headers = {"Authorization": f"Bearer {token}"}
    return table


def end(table: ApiTable) -> None:
    response = table.client.post(f"/games/{table.game_id}/actions", json={"action": "end_game"}, headers=table.headers)
    assert response.status_code == 201, response.get_json()


def test_a_disagreement_with_the_last_hand_of_a_finished_game_reaches_the_desk(client, director_headers):
    table = ApiTable(client)
    table.play_hands(1)
    end(table)
    assert confirm(table, seat=2, hand=1).status_code == 201
    # Finished and confirmed, outside a session: nothing for the director.
    assert table.game_id not in desk_tables(client, director_headers)
    assert confirm(table, seat=3, hand=1, agree=False, note="we took the last trick").status_code == 201

    shown = desk_tables(client, director_headers)[table.game_id]
    assert shown["finished"] is True and shown["flags"] == ["disagreement", "unconfirmed"]
    assert f"{SEATS[3]} disagrees with the score of hand 1: we took the last trick" in shown["attention"]
    body = client.get("/director/tables", headers=director_headers).get_json()
    assert body["in_progress"] == 0  # counted apart from the games in progress


def test_a_finished_session_table_not_yet_confirmed_stays_on_the_desk_until_confirmed(client, director_headers):
    players = add_roster(client, ["Ann", "Bob", "Cat", "Dan"])
    session_id, headers = open_session(client, players, tables=1, options={"first_dealer": 0}, record="known")
    made = seat(client, session_id, headers)["tables"][0]
    table = session_table(client, made["game_id"], made["token"])
    table.play_hands(1)
    end(table)

    shown = desk_tables(client, director_headers)[table.game_id]
    assert shown["finished"] is True and shown["flags"] == ["unconfirmed"]
    assert (shown["table"]["session_id"], shown["table"]["number"]) == (session_id, 1)
    assert confirm(table, seat=1, hand=1).status_code == 201
    assert table.game_id not in desk_tables(client, director_headers)
