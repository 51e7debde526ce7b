"""Logging a game through the API: every action decided by the referee, nothing written twice."""

from __future__ import annotations

import random
import threading

from tests.api.test_problems import assert_problem

SKIPPED = {"end_game", "claim_renege", "take_back", "accept_penalty"}


def act(client, game_id, headers, action, **fields):
    return client.post(f"/games/{game_id}/actions", json={"action": action, **fields}, headers=headers)


def play_random_actions(client, game_id, headers, count, rng):
    """Log ``count`` random legal actions through the API; returns the last view."""
    for _ in range(count):
        view = client.get(f"/games/{game_id}").get_json()
        if view["outcome"] is not None or not view["to_act"]:
            return view
        seat = rng.choice(view["to_act"])
        legal = client.get(f"/games/{game_id}/legal", query_string={"seat": seat}, headers=headers).get_json()["actions"]
        choice = rng.choice([a for a in legal if a["action"] not in SKIPPED])
        response = client.post(f"/games/{game_id}/actions", json=choice,
                               headers={**headers, "If-Match": f'"{view["version"]}"'})
        assert response.status_code == 201, response.get_json()
    return client.get(f"/games/{game_id}").get_json()


def test_a_whole_game_logged_through_the_api_reaches_an_outcome(client, new_game):
    game_id, _token, headers = new_game(options={"target": 150})
    view = play_random_actions(client, game_id, headers, 5000, random.Random(7))
    assert view["outcome"] is not None
    assert view["status"] == "finished"
    listed = client.get("/games", query_string={"status": "finished"}).get_json()
    assert [g["game_id"] for g in listed["games"]] == [game_id]
    events = client.get(f"/games/{game_id}/events", query_string={"limit": 1000}).get_json()
    assert [e["version"] for e in events["events"]] == list(range(1, view["version"] + 1))


def test_writes_need_the_scorekeepers_token(client, new_game):
    game_id, _token, _headers = new_game()
    assert_problem(act(client, game_id, {}, "cut", seat=0), 401)
    assert_problem(act(client, game_id, {"Authorization": "Bearer wrong"}, "cut", seat=0), 403)
    assert client.get(f"/games/{game_id}").get_json()["version"] == 1


def test_private_games_need_the_token_to_read_and_without_it_are_not_there(client, new_game):
    game_id, _token, headers = new_game(private=True)
    assert assert_problem(client.get(f"/games/{game_id}"), 404)["code"] == "game_not_found"
    assert assert_problem(client.get(f"/games/{game_id}/events"), 404)["code"] == "game_not_found"
    assert client.get(f"/games/{game_id}", headers=headers).status_code == 200


def test_stale_if_match_is_a_409_with_the_current_version(client, new_game):
    game_id, _token, headers = new_game()
    first = client.get(f"/games/{game_id}").get_json()
    seat = first["to_act"][0]
    legal = client.get(f"/games/{game_id}/legal", query_string={"seat": seat}, headers=headers).get_json()["actions"]
    ok = client.post(f"/games/{game_id}/actions", json=legal[0], headers={**headers, "If-Match": '"1"'})
    assert ok.status_code == 201
    stale = client.post(f"/games/{game_id}/actions", json=legal[0], headers={**headers, "If-Match": '"1"'})
    body = assert_problem(stale, 409)
    assert body["current_version"] == ok.get_json()["version"]


def test_two_scorekeepers_racing_one_wins_one_gets_409(app, new_game):
    game_id, _token, headers = new_game()
    client = app.test_client()
    view = client.get(f"/games/{game_id}").get_json()
    seat = view["to_act"][0]
    action = client.get(f"/games/{game_id}/legal", query_string={"seat": seat}, headers=headers).get_json()["actions"][0]
    barrier = threading.Barrier(2)
    responses = []

    def scorekeeper():
        c = app.test_client()
        barrier.wait()
        responses.append(c.post(f"/games/{game_id}/actions", json=action,
                                headers={**headers, "If-Match": f'"{view["version"]}"'}))

    threads = [threading.Thread(target=scorekeeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in responses) == [201, 409]
    winner = next(r for r in responses if r.status_code == 201).get_json()
    after = client.get(f"/games/{game_id}/events").get_json()
    assert after["version"] == view["version"] + len(winner["events"])
    assert [e["version"] for e in after["events"]] == list(range(1, after["version"] + 1))


def test_retry_with_the_same_idempotency_key_appends_once(client, new_game):
    game_id, _token, headers = new_game()
    view = client.get(f"/games/{game_id}").get_json()
    action = client.get(f"/games/{game_id}/legal", query_string={"seat": view["to_act"][0]}, headers=headers).get_json()["actions"][0]
    keyed = {**headers, "Idempotency-Key": "tablet-7-action-1"}
    first = client.post(f"/games/{game_id}/actions", json=action, headers=keyed)
    again = client.post(f"/games/{game_id}/actions", json=action, headers=keyed)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"]
    assert client.get(f"/games/{game_id}").get_json()["version"] == first.get_json()["version"]


def test_impossible_action_is_422_naming_the_card_and_changes_nothing(client, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    assert act(client, game_id, headers, "call_trump", seat=0, suit="H").status_code == 201
    assert act(client, game_id, headers, "deal").status_code == 201
    before = client.get(f"/games/{game_id}").get_json()
    leader = before["to_act"][0]
    director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()
    assert director["version"] == before["version"]
    other = (leader + 1) % 4
    body = assert_problem(act(client, game_id, headers, "play", seat=other, card="2C"), 422)
    assert body["seat"] == other
    body = assert_problem(act(client, game_id, headers, "play", seat=leader, card="ZZ"), 422)
    assert "ZZ" in body["detail"]
    assert client.get(f"/games/{game_id}").get_json()["version"] == before["version"]


def test_unknown_action_lists_the_actions(client, new_game):
    game_id, _token, headers = new_game()
    body = assert_problem(act(client, game_id, headers, "shuffle_up"), 422)
    assert "play" in body["legal"]


def test_public_view_never_shows_a_hand_the_table_has_not_seen(client, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    act(client, game_id, headers, "call_trump", seat=0, suit="H")
    act(client, game_id, headers, "deal")
    director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()
    public = client.get(f"/games/{game_id}").get_data(as_text=True)
    hands = director["view"]["hand"]["hands"]
    assert any(hands)
    for hand in hands:
        for card in hand:
            assert f'"{card}"' not in public, f"{card} is in a hidden hand but shown in the public view"
    assert_problem(client.get(f"/games/{game_id}", query_string={"view": "director"}), 401)
    assert_problem(client.get(f"/games/{game_id}", query_string={"seat": 1}), 401)
    own = client.get(f"/games/{game_id}", query_string={"seat": 1}, headers=headers).get_json()
    assert sorted(own["view"]["hand"]["your_hand"]) == sorted(hands[1])
    # Legal cards in a known record are part of a hand, so they are the scorekeeper's too.
    assert_problem(client.get(f"/games/{game_id}/legal", query_string={"seat": 1}), 401)


def test_known_record_in_progress_withholds_event_payloads_without_the_token(client, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    act(client, game_id, headers, "call_trump", seat=0, suit="H")
    act(client, game_id, headers, "deal")
    public = client.get(f"/games/{game_id}/events").get_json()["events"]
    assert all(e["payload"] is None and e["withheld"] for e in public)
    assert [e["type"] for e in public][-1] == "HandDealt"
    full = client.get(f"/games/{game_id}/events", headers=headers).get_json()["events"]
    assert full[-1]["payload"]["hands"] and "withheld" not in full[-1]


def test_blind_record_events_are_public(client, new_game):
    game_id, _token, headers = new_game(options={"first_dealer": 0}, record="blind")
    act(client, game_id, headers, "call_trump", seat=0, suit="H")
    public = client.get(f"/games/{game_id}/events").get_json()["events"]
    assert public[-1]["payload"]["suit"] == "H"
