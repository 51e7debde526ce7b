"""Playing Queen's Dungeon games through the API for the workers' tests, with deals placed by hand."""

from __future__ import annotations

from typing import Any

from referee.cards import deck_without

SKIPPED = {"end_game", "claim_renege", "take_back", "accept_penalty", "announce_challenge"}
SEATS = ["Ann", "Bob", "Cat", "Dan"]
# Seat 1 leads AS; seat 2 holds 3S but may throw 4C (a renege); seats 3 and 0 follow.
RENEGE_DEAL = {1: ["AS", "7S", "8S"], 2: ["3S", "4C"], 3: ["5S", "9S"], 0: ["6S", "10S"]}


def deal_with(fixed: dict[int, list[str]], players: int = 4) -> list[list[str]]:
    """Hands by seat holding ``fixed`` cards first, then the rest of the deck (Queens last)."""
    hands = [list(fixed.get(s, [])) for s in range(players)]
    used = {c for h in hands for c in h}
    rest = sorted((c for c in deck_without([]) if c not in used), key=lambda c: c[0] == "Q")
    size = len(deck_without([])) // players
    for hand in hands:
        while len(hand) < size:
            hand.append(rest.pop(0))
    return hands


class ApiTable:
    """One game logged through the Flask test client."""

    def __init__(self, client, options: dict[str, Any] | None = None, record: str = "known") -> None:
        self.client = client
        body = {"game": "queens-dungeon", "seats": SEATS, "record": record,
                "options": {"players": 4, "first_dealer": 0, "detection": "on_claim", **(options or {})}}
        response = client.post("/games", json=body)
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        self.game_id, self.token = created["game_id"], created["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def act(self, action: str, **fields) -> dict:
        response = self.client.post(f"/games/{self.game_id}/actions", json={"action": action, **fields}, headers=self.headers)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def view(self) -> dict:
        return self.client.get(f"/games/{self.game_id}").get_json()

    def start_hand(self, fixed: dict[int, list[str]] | None = None, trump: str = "H") -> None:
        view = self.view()
        self.act("call_trump", seat=view["view"]["dealer"], suit=trump)
        self.act("deal", hands=deal_with(fixed or {}))

    def play(self, *cards: str) -> None:
        for card in cards:
            self.act("play", seat=self.view()["to_act"][0], card=card)

    def play_out_hand(self) -> dict:
        """Every seat plays its first legal card (the dealer changes trump when due) until the hand ends."""
        start = self.view()["view"]["hand"]["no"]
        while True:
            view = self.view()
            hand = view["view"]["hand"]
            if view["outcome"] is not None or hand["no"] != start or hand["over"]:
                return view
            seat = view["to_act"][0]
            legal = self.client.get(f"/games/{self.game_id}/legal", query_string={"seat": seat},
                                   headers=self.headers).get_json()["actions"]
            choice = next(a for a in legal if a["action"] not in SKIPPED)
            self.act(**choice)

    def play_hands(self, count: int) -> dict:
        view = self.view()
        for _ in range(count):
            if view["outcome"] is not None:
                break
            self.start_hand()
            view = self.play_out_hand()
        return view
