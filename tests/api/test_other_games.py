"""Queen Bees and Black Queen through the API and the workers: whole games logged from the legal
actions the referee offers, in known and blind records, with their score sheets, audits, disputes
and exports; and Black Queen's hidden partners never shown to the table."""

from __future__ import annotations

import random

import pytest

from api.app import create_app
from tests.api.test_table_actions import play_random_actions

SEATS = {"queen-bees": ["Ann", "Bob", "Cat", "Dan"], "black-queen": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]}
SHORT = {"queen-bees": {"target": 15}, "black-queen": {"hands": 2}}


@pytest.fixture
def app(redis_client, redis_url):
    # Worker jobs run inside the request, so score sheets and audits are ready when asked for.
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "COURTCARD_JOBS_INLINE": True})


@pytest.mark.parametrize("record", ["known", "blind"])
@pytest.mark.parametrize("game", ["queen-bees", "black-queen"])
def test_a_whole_game_is_logged_scored_audited_and_exported(client, new_game, game, record):
    # Blind: random cards break the rules at random; detection on claim keeps the rulings (and
    # their penalties) out of the way so the game reaches its end.
    options = {**SHORT[game], "detection": "on_claim" if record == "blind" else "announced"}
    game_id, _token, headers = new_game(game=game, seats=SEATS[game], options=options, record=record)
    view = play_random_actions(client, game_id, headers, 3000, random.Random(3))
    assert view["outcome"] is not None and view["status"] == "finished" and view["game"] == game
    scores = view["scores"]
    assert scores["hands"] and scores["totals"] == [u["total"] for u in scores["units"]]
    assert all({"hand", "units"} <= set(sheet) for sheet in scores["hands"])
    kept = client.get(f"/games/{game_id}/scores").get_json()
    assert kept["ready"] and kept["version"] == view["version"]
    audit = client.get(f"/games/{game_id}/audit", headers=headers).get_json()["audit"]
    assert audit["ok"] and audit["scores"]["matches"] is True
    csv = client.get(f"/games/{game_id}/export", query_string={"format": "csv"}, headers=headers)
    assert csv.status_code == 200 and SEATS[game][0] in csv.get_data(as_text=True)


def test_queen_bees_renege_claimed_through_the_disputes_resource(client, new_game):
    game_id, _token, headers = new_game(game="queen-bees", options={"detection": "on_claim"})
    hands = [[r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] for s in "CDHS"]
    hands[1][hands[1].index("3D")], hands[2][hands[2].index("2H")] = "2H", "3D"  # seat 2 keeps one diamond
    post = lambda action, **f: client.post(f"/games/{game_id}/actions", json={"action": action, **f}, headers=headers)
    assert post("deal", hands=hands).status_code == 201
    for seat in (1, 2, 3, 0):
        assert post("bid", seat=seat, bid=2).status_code == 201
    for seat, card in ((1, "5D"), (2, "4H"), (3, "2S")):  # seat 2 throws 4H holding 3D
        assert post("play", seat=seat, card=card).status_code == 201
    dispute = client.post(f"/games/{game_id}/disputes", json={"seat": 3, "accused": 2, "trick": 1}, headers=headers)
    assert dispute.status_code in (200, 201, 202), dispute.get_json()
    ruled = [r for r in client.get(f"/games/{game_id}").get_json()["view"]["rulings"] if r["type"] == "ruling"]
    assert [(r["accused"], r["verdict"], r["window"]) for r in ruled] == [(2, "upheld", "B")]


def test_black_queen_partners_stay_hidden_from_the_table_in_a_known_record(client, new_game):
    game_id, _token, headers = new_game(game="black-queen", seats=SEATS["black-queen"], options={"hands": 1})
    rng = random.Random(5)
    checked = 0
    while True:
        view = play_random_actions(client, game_id, headers, 1, rng)
        if view["outcome"] is not None:
            break
        director = client.get(f"/games/{game_id}", query_string={"view": "director"}, headers=headers).get_json()
        hand = director["view"]["hand"]
        if not hand or not hand.get("called") or hand.get("over"):
            continue
        public = [client.get(f"/games/{game_id}").get_json()]
        public += [client.get(f"/games/{game_id}", query_string={"seat": s}, headers=headers).get_json() for s in range(6)]
        assert all(p["view"] == public[0]["view"] for p in public)  # a seat's view tells it nothing more
        text = client.get(f"/games/{game_id}").get_data(as_text=True)
        unplayed = {c for cards in hand["hands"] for c in cards}
        for card in unplayed - set(hand["called"]):
            assert f'"{card}"' not in text, f"{card} is in a hidden hand but shown to the table"
        revealed = {r["card"] for r in public[0]["view"]["hand"]["partners_revealed"]}
        assert revealed == set(hand["called"]) - unplayed
        assert '"holders"' not in text
        checked += 1
    assert checked >= 40
