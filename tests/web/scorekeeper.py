"""Driving the scorekeeper page in tests: tap and wait for the referee's answer to be shown,
read the page's state, and set up games through the API itself."""

from __future__ import annotations

import requests

#: The page sets these on #app after each redraw: the version it shows, and aria-busy while posting.
SETTLED_AFTER = """v => {
  const app = document.getElementById('app');
  return app && app.dataset.version !== undefined && Number(app.dataset.version) > v && !app.hasAttribute('aria-busy');
}"""


def shown_version(page) -> int:
    value = page.get_attribute("#app", "data-version")
    return int(value) if value is not None else 0


def phase(page) -> str:
    return page.get_attribute("#app", "data-phase") or ""


def wait_loaded(page) -> None:
    """Wait until the game page has drawn the game once."""
    page.wait_for_function(SETTLED_AFTER, arg=0)


def tap(page, selector: str) -> int:
    """Click, then wait until the page shows a newer version (the action was logged); returns it."""
    before = shown_version(page)
    page.locator(selector).first.click()
    page.wait_for_function(SETTLED_AFTER, arg=before)
    return shown_version(page)


def wait_version(page, version: int) -> None:
    """Wait until the page shows ``version`` or later (a page following the game live)."""
    page.wait_for_function(SETTLED_AFTER, arg=version - 1)


class ApiTable:
    """The same game logged straight through the API (for set-up and for cross-checks)."""

    def __init__(self, base_url: str, game_id: str, token: str) -> None:
        self.base, self.game_id, self.token = base_url, game_id, token

    @classmethod
    def create(cls, base_url: str, record: str, options: dict, seats=("Ann", "Bob", "Cat", "Dan")) -> ApiTable:
        r = requests.post(f"{base_url}/games", json={"game": "queens-dungeon", "seats": list(seats),
                                                       "options": options, "record": record}, timeout=10)
        assert r.status_code == 201, r.text
        body = r.json()
        return cls(base_url, body["game_id"], body["token"])

    def view(self, **params) -> dict:
        r = requests.get(f"{self.base}/games/{self.game_id}", params=params,
                         headers={"Authorization": f"Bearer {self.token}"}, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()

    def legal(self, seat: int) -> list[dict]:
        r = requests.get(f"{self.base}/games/{self.game_id}/legal", params={"seat": seat}, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["actions"]

    def act(self, action: str, **fields) -> dict:
        r = requests.post(f"{self.base}/games/{self.game_id}/actions", json={"action": action, **fields},
                          headers={"Authorization": f"Bearer {self.token}"}, timeout=10)
        assert r.status_code == 201, r.text
        return r.json()
