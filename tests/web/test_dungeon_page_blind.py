"""Dungeon on the scorekeeper's page in a blind record, on a phone: a whole game started from the
start page and logged by taps as the table saw it (the blind golden game of the rule tests). No
hand is listed: every card is named as it comes into sight with the card entry, a suit and then a
rank (the card played, a Myrmiddon's ask, a Graverobber's take, a defence, the hand shown to the
asker, the discards), and the referee checks it against the record. The table's view never shows
a card the table has not seen, and a card already seen elsewhere is refused in the referee's words."""

from __future__ import annotations

import random
import re

import requests

from scorekeeper import ApiTable, attr_is, body_of, choose_game, create_game, face, name_card, open_as_scorekeeper, shown_version, tap

from events.registry import registry
from referee.games.dungeon.blind import UNKNOWN
from tests.api.test_dungeon_api import SEATS, hidden_cards, real_game
from tests.referee.test_dungeon_golden_games import BLIND_EXPECTED, BLIND_SCRIPT

NAMES = ["Ann", "Bob"]
#: The folded forms of a blind Pitch Black record, by the field that only they name.
FOLDED_BY = {"cave_in": "passage", "passage": "revealed", "accuse": "revealed"}


def log_blind(page, body: dict) -> None:
    """Log ``body`` as a scorekeeper would on a blind record: the card played named first in the
    seat's card entry (when the seat to act plays one the referee lists), then its button, or the
    form that names the other cards (each by suit then rank) and its targets and places."""
    action, seat = body["action"], body.get("seat")
    who = f"[data-action='{action}']" + (f"[data-seat='{seat}']" if seat is not None else "")
    form = f"#actions form.named{who}"
    # Pitch Black: a cave-in on a face-down passage, an escape and an accusation wait folded under
    # "More actions", known by the field only they name; one is opened by its button.
    folded = f"#actions .more button[data-more='{action}-{seat}'][aria-pressed='false']"
    if FOLDED_BY.get(action) in body and page.locator(folded).count():
        page.click(folded)
    pick = f"#actions .pick[data-seat='{seat}']"
    if action == "contest":  # who goes first: one tap on the card, in the player's own entry
        page.click(f"{pick} .suit-tab[data-suit='{'J' if body['card'].startswith('JK') else body['card'][-1]}']")
        tap(page, f"{pick} button{attr_is('data-card', body['card'])}")
        return
    names_its_card = page.locator(f"{form} .field[data-field=card]").count()
    # An Ace and a counter are no seat's card to pick: every seat is offered them alike, by name.
    if body.get("card", UNKNOWN) != UNKNOWN and action not in ("ace", "counter") and page.locator(pick).count() \
            and not names_its_card \
            and not page.locator(f"{pick} button{attr_is('data-pick', body['card'])}[aria-pressed='true']").count():
        name_card(page, pick, body["card"], "data-pick")
    # The form, when the body gives every field it names (a passage laid face down is a button; the
    # same with the dungeon turned up, an escape, is a form).
    fields = page.locator(f"{form} .field").evaluate_all("els => els.map(e => e.dataset.field)")
    if page.locator(form).count() and set(fields) <= set(body):
        for name, value in body.items():
            if name in ("action", "seat") or not page.locator(f"{form} .field[data-field='{name}']").count():
                continue  # a field with one value is fixed: the card chosen, the only target
            for one in value if isinstance(value, list) else [value]:
                if isinstance(one, str):
                    name_card(page, f"{form} .entry[data-field='{name}']", one)
                else:
                    page.click(f"{form} button[data-field='{name}'][data-value='{one}']")
        tap(page, f"{form} button[type=submit]")
        return
    scalars = "".join(attr_is(f"data-{k.replace('_', '-')}", v) for k, v in body.items()
                      if k not in ("action", "seat") and not isinstance(v, list))
    button = f"#actions button{who}{scalars}"
    assert page.locator(button).count(), f"nothing on the page logs {body}"
    tap(page, button)


#: What the table's view shows, read in one call (a call per hidden card, after every action,
#: made this the slowest test of the suite): its text and the prompt's, and every card it names
#: by attribute.
TABLE_SHOWS = """() => ({
  text: document.querySelector('#table').innerText + document.querySelector('#prompt').innerText,
  named: Array.from(document.querySelectorAll('#table [data-card], #table [data-creature]'),
                    e => [e.getAttribute('data-card'), e.getAttribute('data-creature')]).flat(),
})"""


def shows_none_of(page, cards: set[str]) -> None:
    """The table's view (and the prompt) shows none of ``cards``, by attribute nor by face."""
    shown = page.evaluate(TABLE_SHOWS)  # a page without its table throws here: no check passes unread
    # A Joker is written "Joker as Q\u2660": the card it stands for is not the card itself.
    table = re.sub(r"Joker as \S+", "Joker", shown["text"])
    named = set(shown["named"])
    for card in cards - {UNKNOWN}:
        assert card not in named, card
        if not card.startswith("JK"):  # any Joker reads "Joker": checked by its attribute alone
            assert face(card) not in table, f"{card} is hidden but the table's view shows it"


def director_read(base: str, game_id: str, token: str) -> dict:
    """The game read with the director's view (its outcome with it)."""
    return requests.get(f"{base}/games/{game_id}", params={"view": "director"},
                        headers={"Authorization": f"Bearer {token}"}, timeout=10).json()


def director(base: str, game_id: str, token: str) -> dict:
    return director_read(base, game_id, token)["view"]


def logged_events(base: str, game_id: str, token: str) -> list:
    events = requests.get(f"{base}/games/{game_id}/events", params={"limit": 1000},
                          headers={"Authorization": f"Bearer {token}"}, timeout=10).json()["events"]
    return [registry.decode(e["type"], e["schema_version"], e["payload"]) for e in events]


def start_blind_game(page, base_url: str) -> tuple[str, str]:
    """A blind two-player Dungeon game created from the start page."""
    choose_game(page, base_url, "dungeon", "blind")
    page.select_option("#opt-players", "2")
    assert page.locator("#seats input").count() == 2
    return create_game(page)


def test_a_whole_blind_dungeon_game_is_logged_from_a_phone_as_the_table_saw_it(live_server, pages, screenshots):
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id, token = start_blind_game(page, live_server.url)
    assert "blind record" in page.inner_text("#game-title")
    page.click("#token-panel button:has-text('I have noted it')")
    # A blind record's deal takes no order: one button, no deck to type in.
    assert page.locator("#actions textarea[name=order]").count() == 0

    for number, body in enumerate(map(body_of, BLIND_SCRIPT), start=1):
        if body["action"] == "contest" and body["seat"] == 0:
            # No hand is listed: the card entry offers the 52 cards nobody has seen, by suit.
            assert page.locator("#actions .pick[data-seat='0'] .suit-tab").count() == 4
        if body["action"] == "look":
            # The hand shown to Ann: Bob's five cards, named one by one, shown as they are named.
            form = "#actions form.named[data-action=look][data-seat='0']"
            for card in body["shown"]:
                name_card(page, f"{form} .entry[data-field=shown]", card)
            assert "(5 of 5)" in page.inner_text(f"{form} .field[data-field=shown] h4")
            screenshots(page, "dungeon-blind")
            tap(page, f"{form} button[type=submit]")
        else:
            log_blind(page, body)
        if number < len(BLIND_SCRIPT):
            shows_none_of(page, hidden_cards(director(live_server.url, game_id, token), "none"))
    assert "Game over. Ann wins (last alive)." in page.inner_text("#prompt")

    logged = logged_events(live_server.url, game_id, token)
    assert len(logged) == len(BLIND_EXPECTED)
    for index, (made, wanted) in enumerate(zip(logged, BLIND_EXPECTED)):
        assert made == wanted, f"event {index + 1}"
    assert errors == []


def test_a_real_blind_pitch_black_game_with_accusations_and_counters_is_logged_from_a_phone(live_server, pages):
    """A real game played at random (the API's blind game: three players, Pitch Black, Counter
    Attack), each action logged on the page as the table saw it: passages laid face down, cave-ins
    on them with the passage named as it was turned up, accusations naming the dungeon turned up,
    Jokers declared, counters out of turn; the record is the one the referee makes of it."""
    options = {"players": 3, "darkness": "pitch_black", "counter_attack": 3}
    table = ApiTable.create(live_server.url, "blind", options, seats=SEATS, game="dungeon")
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, live_server.url, table)
    expected, actions = [], set()
    for command, made in real_game(options, random.Random(14)):  # a game with every one of the actions below
        body = body_of(command)
        if body["action"] == "undo":
            tap(page, "#undo-last")
        else:
            log_blind(page, body)
        expected += made
        actions.add(body["action"])
        now = director_read(live_server.url, table.game_id, table.token)  # one read: the outcome and the hands
        if now["outcome"] is None:
            shows_none_of(page, hidden_cards(now["view"], "pitch_black"))
    assert {"accuse", "cave_in", "counter", "passage"} <= actions
    assert "Game over." in page.inner_text("#prompt")
    assert logged_events(live_server.url, table.game_id, table.token)[1:] == expected
    assert errors == []


def test_a_card_already_seen_elsewhere_is_refused_on_the_page_in_the_referees_words(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"players": 2}, seats=NAMES, game="dungeon")
    for command in BLIND_SCRIPT[:11]:  # to Bob's Jack facing Ann, the Aces resolved
        table.act(**body_of(command))
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    before = table.view()["version"]

    # Ann defends with 8♥ and 2♣: but 2♣ was Bob's contest card, face up in the discard pile.
    form = "#actions form.named[data-action=defend][data-seat='0']"
    for card in ("8H", "2C"):
        name_card(page, f"{form} .entry[data-field=cards]", card)
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.inner_text("#notice")
    assert "2C cannot be in Ann (seat 0)'s hand" in notice and "already seen elsewhere" in notice
    assert table.view()["version"] == before and shown_version(page) == before
    assert "Ann must answer Bob's creature" in page.inner_text("#prompt")
    # The entry is kept as typed: 2♣ tapped again leaves it, 3♥ is named, and the defence is logged.
    assert "8\u2665 2\u2663" in page.inner_text(f"{form} .field[data-field=cards] h4")
    name_card(page, f"{form} .entry[data-field=cards]", "2C")
    name_card(page, f"{form} .entry[data-field=cards]", "3H")
    tap(page, f"{form} button[type=submit]")
    logged = requests.get(f"{live_server.url}/games/{table.game_id}/events", params={"from": before + 1},
                          headers={"Authorization": f"Bearer {table.token}"}, timeout=10).json()["events"]
    assert [(e["type"], e["payload"]["cards"]) for e in logged] == [("DungeonCreatureDefeated", ["8H", "3H"])]


def test_a_joker_of_a_blind_jokers_wild_record_is_named_from_a_tab_of_its_own(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"players": 2, "jokers_wild": True}, seats=NAMES, game="dungeon")
    table.act("deal")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    # The contest: the Jokers are in the deck, offered as the referee lists them (as an Ace).
    pick = "#actions .pick[data-seat='0']"
    assert page.locator(f"{pick} .suit-tab").count() == 5
    page.click(f"{pick} .suit-tab[data-suit='J']")
    joker = page.get_attribute(f"{pick} button[data-card^='JK']", "data-card")
    assert joker.endswith("=AS") and page.locator(f"{pick} .ranks button").count() == 1
    tap(page, f"#actions button[data-action=contest][data-seat='0'][data-card='{joker}']")  # one tap logs it
    played = table.view()["view"]["contest"]["played"]
    assert played == {"0": joker}


def test_a_blind_pitch_black_escape_is_logged_with_the_dungeon_turned_up(live_server, pages):
    """Ann has laid eight passages face down, one on the other; her ninth escapes, and the
    scorekeeper names her dungeon as it is turned up, in the order laid: a line that is no escape
    is refused in the referee's words, then the true one wins the game."""
    table = ApiTable.create(live_server.url, "blind", {"players": 2, "darkness": "pitch_black"}, seats=NAMES, game="dungeon")
    table.act("deal")
    table.act("contest", seat=0, card="AC")
    table.act("contest", seat=1, card="2C")
    for position in range(8):
        table.act("draw", seat=0)
        table.act("passage", seat=0, card=UNKNOWN, on="cell" if position == 0 else str(position - 1))
        table.act("end_turn", seat=0)
        table.act("draw", seat=1)
        table.act("end_turn", seat=1)
    table.act("draw", seat=0)
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    # The table sees eight face-down passages, and not one by its face.
    assert page.locator("#table .dungeon[data-seat='0'] .face.down").count() == 8 + 1  # and the cell
    line = ["10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    form = "#actions form.named[data-action=passage][data-seat='0']"
    page.click("#actions .more button[data-more='passage-0']")  # folded under "More actions"
    page.click(f"{form} button[data-field=on][data-value='7']")
    for card in line[:-1] + ["3D"]:
        name_card(page, f"{form} .entry[data-field=revealed]", card)
    assert "(9 of 9)" in page.inner_text(f"{form} .field[data-field=revealed] h4")
    before = shown_version(page)
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#notice:not([hidden])")
    assert "no escape" in page.inner_text("#notice") and table.view()["version"] == before
    name_card(page, f"{form} .entry[data-field=revealed]", "3D")  # tapped again: out of the list
    name_card(page, f"{form} .entry[data-field=revealed]", "2H")
    tap(page, f"{form} button[type=submit]")
    assert "Game over. Ann wins (escape)." in page.inner_text("#prompt")
    escaped, won = logged_events(live_server.url, table.game_id, table.token)[-2:]
    assert (escaped.card, escaped.on, escaped.revealed, won.reason) == ("2H", "7", line, "escape")


def test_a_blind_defence_offers_the_jokers_only_when_the_game_was_created_with_them(live_server, pages):
    """The page reads the game's options from its GameCreated (they are public): the defence, which
    names cards of a hand nobody saw from the whole deck, offers the Jokers, as each creature they
    may stand for, in a Jokers Wild game, and no Joker in a game created without them."""
    defence = next(i for i, command in enumerate(BLIND_SCRIPT) if type(command).__name__ == "Defend")
    form = "#actions form.named[data-action=defend][data-seat='0']"
    for jokers_wild in (True, False):
        table = ApiTable.create(live_server.url, "blind", {"players": 2, "jokers_wild": jokers_wild}, seats=NAMES, game="dungeon")
        for command in BLIND_SCRIPT[:defence]:
            table.act(**body_of(command))
        page = pages()
        open_as_scorekeeper(page, live_server.url, table)
        page.wait_for_selector(form)
        # The creature faced heads the form: the defender, the attacker, the card and its value.
        assert "Ann defends against Bob's J\u2660 (value 11)" in page.inner_text(f"{form} h3")
        jokers = page.locator(f"{form} .suit-tab[data-suit='J']")
        assert jokers.count() == (1 if jokers_wild else 0), jokers_wild
        if jokers_wild:
            jokers.click()
            assert page.locator(f"{form} .ranks button.card[data-card^='JK=']").count() == 12  # 2 to King
            assert page.locator(f"{form} .ranks button.card[data-card='JK=KS']").count() == 1
