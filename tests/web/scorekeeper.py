"""Driving the scorekeeper page in tests: tap and wait for the referee's answer to be shown,
read the page's state, and set up games through the API itself."""

from __future__ import annotations

from dataclasses import asdict

import requests

from referee.registry import get_game

#: The screens the page is tested on: a phone and a tablet.
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}

SPADES = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]


SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def face(card: str) -> str:
    """How the page writes a card: "10\u2665" for 10H."""
    return card[:-1] + SYMBOL[card[-1]]


def body_of(command) -> dict:
    """A Dungeon command as the body the page posts (its fields left out when not given)."""
    return {"action": get_game("dungeon").action_of(command), **{k: v for k, v in asdict(command).items() if v is not None}}


def two_queens_deal(dealer: int) -> list[list[str]]:
    """Hands by seat for a 4-player deal where the first trick can hold two Queens.

    The leader holds the spades (less 2S) and AH; the next seat the hearts (less AH) and 2S, so on
    QS led it must follow with 2S or play its Queen; the last two seats hold clubs and diamonds.
    """
    leader = (dealer + 1) % 4
    hands = {
        leader: [c for c in SPADES if c != "2S"] + ["AH"],
        (leader + 1) % 4: [c for c in HEARTS if c != "AH"] + ["2S"],
        (leader + 2) % 4: ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D", "5D", "6D", "7D"],
        (leader + 3) % 4: ["9C", "10C", "JC", "QC", "KC", "AC", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
    }
    return [hands[s] for s in range(4)]


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


def card_button(page, card: str) -> str:
    """The selector of ``card``'s button in the card entry, its suit opened first when the entry
    is by suit then rank (every unseen card of a blind record)."""
    selector = f"#actions button.card[data-card='{card}']"
    tab = f"#actions .suit-tab[data-suit='{card[-1]}']"
    if page.locator(selector).count() == 0 and page.locator(tab).count():
        page.click(tab)
    return selector


def attr_is(attr: str, value) -> str:
    """The selector of ``attr`` equal to ``value``; a Joker named as a person names it (JK=9S)
    matches whichever copy the page offers (JK1=9S)."""
    value = str(value)
    return f"[{attr}^='JK'][{attr}$='{value[2:]}']" if value.startswith("JK=") else f"[{attr}='{value}']"


def name_card(page, scope: str, card: str, attr: str = "data-card") -> None:
    """Name ``card`` in the card entry under ``scope`` as a scorekeeper does: its suit's tab, then
    its rank (``attr``: the attribute the entry's buttons carry the card in)."""
    suit = "J" if card.startswith("JK") else card[-1]  # a Joker has a tab of its own
    page.click(f"{scope} .suit-tab[data-suit='{suit}']")
    page.click(f"{scope} button{attr_is(attr, card)}")


def unseen_offered(page) -> int:
    """How many cards the suit tabs of a blind record's card entry offer, all suits together."""
    return sum(int(t.split()[-1]) for t in page.locator("#actions .suit-tab").all_inner_texts())


def wait_version(page, version: int) -> None:
    """Wait until the page shows ``version`` or later (a page following the game live)."""
    page.wait_for_function(SETTLED_AFTER, arg=version - 1)


def choose_game(page, base_url: str, game: str, record: str = "known") -> None:
    """Open the start page and choose ``game`` and ``record``: its options and seats are drawn from
    the catalog."""
    page.goto(f"{base_url}/")
    page.wait_for_selector("#opt-players")
    page.select_option("#game", game)
    page.check(f"input[name=record][value={record}]")


def open_by_id(page, base_url: str, game_id: str, token: str) -> None:
    """Open a game from the start page by its id, with the token typed in (a second device)."""
    page.goto(f"{base_url}/")
    page.fill("#open-id", game_id)
    page.fill("#open-token", token)
    page.click("#open-game button[type=submit]")
    page.wait_for_url(f"**/play/{game_id}")
    wait_loaded(page)


def open_as_scorekeeper(page, base_url: str, table: "ApiTable") -> None:
    """Open ``table``'s page as its scorekeeper: the game's token kept on this device, as the start
    page keeps it for a game created there."""
    page.goto(f"{base_url}/")
    page.evaluate("([id, token]) => localStorage.setItem('courtcard.token.' + id, token)", [table.game_id, table.token])
    page.goto(f"{base_url}/play/{table.game_id}")
    wait_loaded(page)


#: Page time within which the live badge says a silent or cut connection is gone: live.js's dead
#: line (5 s without a word from the stream) and one tick of its watchdog (1 s).
DEAD_LINE_NOTICED_WITHIN_MS = 6000


def badge_notices_a_dead_line(page) -> None:
    """Run the page's clock (installed by ``page.clock.install()`` before the page opened) on by
    ``DEAD_LINE_NOTICED_WITHIN_MS``, firing its timers as they fall due; the badge then says
    "reconnecting". Page time, not the machine's: a slow machine runs the page's timers late, and
    a test timed in seconds fails there for that alone."""
    page.clock.run_for(DEAD_LINE_NOTICED_WITHIN_MS)
    page.wait_for_selector("#live.reconnecting")


def create_game(page) -> tuple[str, str]:
    """On the filled start page, create the game; wait for its page; (game id, the token kept)."""
    page.click("text=Create the game")
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    game_id = page.url.rsplit("/", 1)[1]
    return game_id, page.evaluate(f"localStorage.getItem('courtcard.token.{game_id}')")


class ApiTable:
    """The same game logged straight through the API (for set-up and for cross-checks)."""

    def __init__(self, base_url: str, game_id: str, token: str) -> None:
        self.base, self.game_id, self.token = base_url, game_id, token

    @classmethod
    def create(cls, base_url: str, record: str, options: dict, seats=("Ann", "Bob", "Cat", "Dan"),
               game: str = "queens-dungeon") -> ApiTable:
        r = requests.post(f"{base_url}/games", json={"game": game, "seats": list(seats),
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
        r = requests.get(f"{self.base}/games/{self.game_id}/legal", params={"seat": seat},
                         headers={"Authorization": f"Bearer {self.token}"}, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["actions"]

    def act(self, action: str, **fields) -> dict:
        r = requests.post(f"{self.base}/games/{self.game_id}/actions", json={"action": action, **fields},
                          headers={"Authorization": f"Bearer {self.token}"}, timeout=10)
        assert r.status_code == 201, r.text
        return r.json()
