"""The director's desk over HTTP: GET /director/tables lists every game in progress with whose turn
it is and what may need the director, answers 304 until a table logs (whichever API process
answers), and the director's key reads any game and files disputes, as the director, but never
logs a table action."""

from __future__ import annotations

import pytest

from api.director import load_or_create_director_key
from events.server import default_data_dir
from tests.api.test_problems import assert_problem


@pytest.fixture
def store_backend(request):
    """The suite's single server; a test parametrized with ``store_backend="cluster"`` runs on the
    local cluster (and the API hosts serving it) instead."""
    cluster = getattr(request, "param", "single") == "cluster"
    return request.getfixturevalue("local_cluster" if cluster else "redis_server")


@pytest.fixture
def director(client):
    """Auth headers with the director's key, read where `courtcard serve` keeps it (its data directory)."""
    return {"Authorization": f"Bearer {load_or_create_director_key(default_data_dir())}"}


def act(client, game_id, headers, action, **fields):
    response = client.post(f"/games/{game_id}/actions", json={"action": action, **fields}, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def desk(client, director, **headers):
    return client.get("/director/tables", headers={**director, **headers})


def on_host(client, host: int, headers):
    """The desk as one `courtcard serve` answers it (each host runs its own API processes)."""
    return client.sessions[host].get(f"{client.urls[host]}/director/tables", headers=headers)


def test_the_desk_needs_the_directors_key_and_no_games_token_opens_it(client, new_game):
    _game_id, _token, auth = new_game()
    assert assert_problem(client.get("/director/tables"), 401)["code"] == "token_required"
    assert assert_problem(client.get("/director/tables", headers=auth), 403)["code"] == "token_rejected"
    assert assert_problem(client.get("/director/tables", headers={"Authorization": "Bearer not-the-key"}), 403)["code"] == "token_rejected"


def test_the_desk_lists_every_game_in_progress_private_ones_too_with_whose_turn_it_is(client, new_game, director):
    first, _t, first_auth = new_game(record="blind", options={"first_dealer": 0})
    secret, _t, _secret_auth = new_game(seats=("Eve", "Fay", "Gus", "Hal"), private=True)
    over, _t, over_auth = new_game()
    act(client, first, first_auth, "call_trump", seat=0, suit="H")
    act(client, first, first_auth, "deal")
    act(client, first, first_auth, "play", seat=1, card="AS")
    act(client, over, over_auth, "end_game", reason="time")

    body = desk(client, director).get_json()
    tables = {t["game_id"]: t for t in body["tables"]}
    assert set(tables) == {first, secret} and body["in_progress"] == 2  # the finished game is not there
    table = tables[first]
    assert (table["title"], table["record"], table["hand"], table["trick"], table["phase"]) == \
        ("Queen's Dungeon", "blind", 1, 1, "play")
    assert table["to_act"] == ["Cat"] and table["seats"] == ["Ann", "Bob", "Cat", "Dan"]
    assert tables[secret]["private"] is True and tables[secret]["seats"] == ["Eve", "Fay", "Gus", "Hal"]
    # The public list still shows nobody the private game.
    assert secret not in [g["game_id"] for g in client.get("/games").get_json()["games"]]


def test_the_desk_answers_304_until_a_table_logs_then_the_new_state(client, new_game, director):
    game_id, _token, auth = new_game(record="blind", options={"first_dealer": 0})
    first = desk(client, director)
    etag = first.headers["ETag"]
    unchanged = desk(client, director, **{"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b"" and unchanged.headers["ETag"] == etag
    act(client, game_id, auth, "call_trump", seat=0, suit="S")
    moved = desk(client, director, **{"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert moved.get_json()["tables"][0]["phase"] == "deal"


@pytest.mark.parametrize("store_backend", ["single", "cluster"], indirect=True)
def test_one_table_logging_through_another_process_is_a_200_with_its_new_state_and_the_rest_unchanged(
        client, new_game, director):
    games = [new_game(record="blind", options={"first_dealer": 0}) for _ in range(3)]
    games.append(new_game(seats=("Eve", "Fay", "Gus", "Hal"), options={"first_dealer": 0}, private=True))
    for game_id, _token, auth in games:
        act(client, game_id, auth, "call_trump", seat=0, suit="H")
    for host in (0, 1, 0, 1):  # every process has summed up every table, at its head
        first = on_host(client, host, director)
    etag, before = first.headers["ETag"], {t["game_id"]: t for t in first.json()["tables"]}
    # Every process works the ETag out from the store alone, so each one agrees nothing changed.
    for host in (1, 0, 1):
        unchanged = on_host(client, host, {**director, "If-None-Match": etag})
        assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged.headers["ETag"] == etag

    moved_id, _token, moved_auth = games[1]
    logged = client.sessions[0].post(f"{client.urls[0]}/games/{moved_id}/actions", headers=moved_auth,
                                     json={"action": "deal"})
    assert logged.status_code == 201, logged.json()
    for host in (1, 0):
        moved = on_host(client, host, {**director, "If-None-Match": etag})
        assert moved.status_code == 200 and moved.headers["ETag"] != etag
        after = {t["game_id"]: t for t in moved.json()["tables"]}
        assert (after[moved_id]["version"], after[moved_id]["phase"], after[moved_id]["to_act"]) == \
            (before[moved_id]["version"] + 1, "play", ["Bob"])
        assert {g: t for g, t in after.items() if g != moved_id} == {g: t for g, t in before.items() if g != moved_id}
    assert on_host(client, 1, {**director, "If-None-Match": moved.headers["ETag"]}).status_code == 304


def test_a_game_started_or_finished_changes_the_desk(client, new_game, director):
    game_id, _token, auth = new_game()
    etag = desk(client, director).headers["ETag"]
    started, _t, _a = new_game()
    grown = desk(client, director, **{"If-None-Match": etag})
    assert grown.status_code == 200 and [t["game_id"] for t in grown.get_json()["tables"]] == [game_id, started]
    act(client, game_id, auth, "end_game", reason="time")
    shrunk = desk(client, director, **{"If-None-Match": grown.headers["ETag"]})
    assert shrunk.status_code == 200 and [t["game_id"] for t in shrunk.get_json()["tables"]] == [started]
    assert shrunk.get_json()["in_progress"] == 1


def test_an_open_take_back_and_a_dispute_with_its_verdict_are_on_the_desk(client, new_game, director):
    game_id, _token, auth = new_game(record="blind", options={"first_dealer": 0, "detection": "announced"})
    act(client, game_id, auth, "call_trump", seat=0, suit="H")
    act(client, game_id, auth, "deal")
    act(client, game_id, auth, "play", seat=1, card="AS")
    act(client, game_id, auth, "play", seat=2, card="4C")  # off the led suit: Cat may take it back
    table = desk(client, director).get_json()["tables"][0]
    assert table["attention"] == ["Cat may take back 4C in trick 1"]

    for seat, card in ((3, "5S"), (0, "3S")):
        act(client, game_id, auth, "play", seat=seat, card=card)
    # Bob disputes it, and Cat shows the table a spade she still holds.
    filed = client.post(f"/games/{game_id}/disputes", json={"seat": 1, "accused": 2, "trick": 1, "shown": "8S"},
                        headers=auth)
    assert filed.status_code == 202, filed.get_json()
    table = desk(client, director).get_json()["tables"][0]
    assert table["disputes"] == [{"dispute": filed.get_json()["dispute"], "hand": 1, "trick": 1, "claimant": "Bob",
                                  "accused": "Cat", "verdict": "upheld"}]
    # Ruled in window B: the penalty is Cat's to accept, and the desk says so.
    assert table["attention"] == ["Cat may accept the penalty for 4C in trick 1"]


def test_the_directors_key_reads_the_director_view_and_files_a_dispute_recorded_as_the_directors(client, new_game, director):
    game_id, _token, auth = new_game(record="known", options={"first_dealer": 0}, private=True)
    act(client, game_id, auth, "call_trump", seat=0, suit="H")
    act(client, game_id, auth, "deal")
    view = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=director)
    assert view.status_code == 200 and len(view.get_json()["view"]["hand"]["hands"]) == 4
    card = client.get(f"/games/{game_id}/legal", query_string={"seat": 1}, headers=auth).get_json()["actions"][0]["card"]
    act(client, game_id, auth, "play", seat=1, card=card)

    filed = client.post(f"/games/{game_id}/disputes", json={"seat": 0, "accused": 1, "trick": 1}, headers=director)
    assert filed.status_code == 202, filed.get_json()
    n = filed.get_json()["dispute"]
    claim = client.get(f"/games/{game_id}/events", query_string={"from": n, "limit": 1}, headers=director)
    assert claim.get_json()["events"][0]["actor"] == "director"
    ruling = client.get(f"/games/{game_id}/disputes/{n}", headers=director)
    assert ruling.status_code in (200, 202)


def test_the_directors_key_never_logs_a_table_action(client, new_game, director):
    game_id, _token, _auth = new_game(options={"first_dealer": 0})
    refused = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "H"},
                          headers=director)
    assert assert_problem(refused, 403)["code"] == "token_rejected"
    assert client.get(f"/games/{game_id}").get_json()["version"] == 2


def test_a_qr_code_is_drawn_as_svg_from_a_posted_link_and_bad_input_is_refused_in_words(client):
    link = "http://192.168.1.20:8000/play/g1#token=abc"
    drawn = client.post("/web/qr", json={"text": link})
    assert drawn.status_code == 200 and drawn.mimetype == "image/svg+xml"
    assert drawn.text.startswith("<svg") and "<path" in drawn.text
    other = client.post("/web/qr", json={"text": link.replace("abc", "abd")})
    assert other.text != drawn.text
    assert assert_problem(client.post("/web/qr", json={}), 422)["code"] == "invalid_request"
    assert assert_problem(client.post("/web/qr", json={"text": "x" * 513}), 422)["code"] == "invalid_request"


def test_games_without_hands_or_tricks_are_on_the_desk_with_whose_turn_it_is(client, new_game, director):
    dungeon, _t, _a = new_game(game="dungeon", seats=("Ann", "Bob"), options={"players": 2})
    patience, _t, _a = new_game(game="the-queens", seats=("Ann",))
    tables = {t["game_id"]: t for t in desk(client, director).get_json()["tables"]}
    assert (tables[dungeon]["title"], tables[dungeon]["phase"], tables[dungeon]["to_act"]) == ("Dungeon", "deal", [])
    assert (tables[patience]["title"], tables[patience]["to_act"]) == ("The Queens", ["Ann"])
    assert all(tables[g]["attention"] == [] and tables[g]["disputes"] == [] and tables[g]["hand"] is None
               for g in (dungeon, patience))


def test_an_irregular_card_the_referee_keeps_silent_about_is_flagged_for_the_director(client, new_game, director):
    game_id, _token, auth = new_game(record="known", options={"first_dealer": 0, "detection": "on_claim"})
    spades = [r + "S" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
    hearts = [r + "H" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
    hands = [["9C", "10C", "JC", "QC", "KC", "AC", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
             [c for c in spades if c != "2S"] + ["AH"],
             [c for c in hearts if c != "AH"] + ["2S"],
             ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D", "6D", "7D"]]
    act(client, game_id, auth, "call_trump", seat=0, suit="C")
    act(client, game_id, auth, "deal", hands=hands)
    act(client, game_id, auth, "play", seat=1, card="AS")
    act(client, game_id, auth, "play", seat=2, card="3H")  # Cat holds 2S: a renege nobody has claimed
    table = desk(client, director).get_json()["tables"][0]
    assert table["attention"] == ["Cat may take back 3H in trick 1",
                                  "Cat's 3H in trick 1 did not follow suit: nobody has claimed it yet"]
    # The table sees nothing of it: the public view has no ruling and no irregularity.
    public = client.get(f"/games/{game_id}").get_json()["view"]
    assert public["rulings"] == [] and "irregularities" not in public["hand"]
