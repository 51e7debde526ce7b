"""The API as deployed (several processes, any of which may serve any request) refuses, decides and
shows nothing on a state older than the record: every request here goes to another process than
the one before it (tests/hosts.py)."""

from __future__ import annotations

from workers.catalog import hash_token
from referee.events import CardPlayed

#: Three legal tricks of clubs in a blind record (seat 1 leads the first: dealer 0's left).
CLUB_TRICKS = [(1, "2C"), (2, "3C"), (3, "4C"), (0, "5C"),
               (0, "6C"), (1, "7C"), (2, "8C"), (3, "9C"),
               (3, "10C"), (0, "JC"), (1, "KC"), (2, "AC")]


def _blind_game_dealt(client, new_game):
    game_id, _token, auth = new_game(record="blind", options={"first_dealer": 0})
    for body in ({"action": "call_trump", "seat": 0, "suit": "H"}, {"action": "deal"}):
        reply = client.post(f"/games/{game_id}/actions", json=body, headers=auth)
        assert reply.status_code == 201, reply.get_json()
    return game_id, auth


def test_legal_plays_are_accepted_whichever_process_serves_them(client, new_game):
    game_id, auth = _blind_game_dealt(client, new_game)
    for seat, card in CLUB_TRICKS:
        reply = client.post(f"/games/{game_id}/actions", json={"action": "play", "seat": seat, "card": card},
                            headers=auth)
        assert reply.status_code == 201, (seat, card, reply.get_json())


def test_every_process_shows_the_records_head(client, new_game):
    game_id, auth = _blind_game_dealt(client, new_game)
    for seat, card in CLUB_TRICKS[:4]:
        logged = client.post(f"/games/{game_id}/actions", json={"action": "play", "seat": seat, "card": card},
                             headers=auth).get_json()
        for _ in range(2):  # one read from each process
            table = client.get(f"/games/{game_id}").get_json()
            assert table["version"] == logged["version"]


def test_an_unreadable_game_is_a_problem_naming_its_version_over_the_api(client, new_game, event_store):
    game_id, _token, _auth = new_game(record="blind", options={"first_dealer": 0})
    version = event_store.version(game_id)
    event_store.append(game_id, [CardPlayed(seat=1, card="2C", hand=1, trick=1)], version, "someone")
    for _ in range(2):  # every process says so, each time
        reply = client.get(f"/games/{game_id}")
        assert reply.status_code == 409, reply.data
        body = reply.get_json()
        assert body["code"] == "game_unreadable" and body["version"] == version + 1


def test_a_token_is_refused_on_the_stored_entry_not_on_one_a_process_remembers(client, new_game, redis_client):
    game_id, _token, auth = new_game(record="blind", options={"first_dealer": 0})
    for _ in range(2):  # each process reads, and remembers, the entry
        assert client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "H"},
                           headers={"Authorization": "Bearer wrong"}).status_code == 403
    # The stored entry now holds another token (a game registered again under its id).
    redis_client.hset(f"courtcard:{{{game_id}}}:meta", "token_hash", hash_token("second-token"))
    called = client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "H"},
                         headers={"Authorization": "Bearer second-token"})
    dealt = client.post(f"/games/{game_id}/actions", json={"action": "deal"},
                        headers={"Authorization": "Bearer second-token"})
    assert (called.status_code, dealt.status_code) == (201, 201)
