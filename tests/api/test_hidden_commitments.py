"""Hidden stays hidden: the public hash of a withheld deal commits to the hands without telling them."""

from __future__ import annotations

import random

from events.envelope import envelope_hash
from referee.dealing import SALT_BITS, deal_salt
from tests.workers.playing import deal_with


def _withheld_deal(client, new_game, hands):
    game_id, _token, headers = new_game(options={"first_dealer": 0})
    client.post(f"/games/{game_id}/actions", json={"action": "call_trump", "seat": 0, "suit": "H"}, headers=headers)
    response = client.post(f"/games/{game_id}/actions", json={"action": "deal", "hands": hands}, headers=headers)
    assert response.status_code == 201, response.get_json()
    public = client.get(f"/games/{game_id}/events").get_json()["events"][-1]
    full = client.get(f"/games/{game_id}/events", headers=headers).get_json()["events"][-1]
    assert public["type"] == "HandDealt" and public["withheld"] and public["payload"] is None
    return public, full


def test_withheld_deal_hash_cannot_be_matched_from_the_true_hands_without_the_salt(client, new_game):
    hands = deal_with({})
    public, full = _withheld_deal(client, new_game, hands)
    # What someone who guessed the hands right would hash: every public field, the true deal, no salt.
    guess = {"hand": 1, "dealer": 0, "removed": [], "hands": hands, "extra": None}
    for schema_version, payload in ((1, guess), (2, {**guess, "salt": None}), (2, {**guess, "salt": ""})):
        candidate = {**public, "schema_version": schema_version, "payload": payload}
        assert envelope_hash(candidate) != public["hash"]
    # The salt, revealed with the hands to whoever may read them, makes the hash check out.
    salt = full["payload"]["salt"]
    assert len(salt) == SALT_BITS // 4 and int(salt, 16) >= 0
    assert full["payload"] == {**guess, "salt": salt}
    assert envelope_hash({**public, "schema_version": full["schema_version"], "payload": full["payload"]}) == public["hash"]


def test_every_known_deal_gets_a_salt_of_its_own(client, new_game):
    hands = deal_with({})
    salts = {_withheld_deal(client, new_game, hands)[1]["payload"]["salt"] for _ in range(3)}
    assert len(salts) == 3


def test_deal_salt_is_drawn_from_the_injected_source():
    assert deal_salt(random.Random(5)) == deal_salt(random.Random(5))
    assert len(deal_salt(random.SystemRandom())) == 32
