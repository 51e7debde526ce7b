"""Dungeon on the scorekeeper's page, on a phone: whole known-record games logged by taps (the
golden games of the rule tests: the deck order typed in, the contest, Aces played out of turn and
stacked, a defence picked card by card, a cave-in, a Myrmiddon's bluff found out, a Graverobber, a
retreat and a player slain in the cell; and in Pitch Black with Counter Attack and Suicide Queen,
a cheat, an accusation out of turn, a Myrmiddon countered and countered back by a Joker), with
each player's dungeon drawn as a tree from the cell and the creature facing it."""

from __future__ import annotations

import requests

from scorekeeper import ApiTable, body_of, face, name_card, open_as_scorekeeper, shown_version, tap

from tests.referee.dungeon_table import deck_order
from tests.referee.test_dungeon_golden_games import DARK, DARK_EXPECTED, DARK_SCRIPT, EXPECTED, SCRIPT

NAMES = ["Ann", "Bob"]


def log(page, body: dict) -> None:
    """Log ``body`` as a scorekeeper would: tap its button (the card first, when the seat to act
    plays one), pick the cards of a set, or fill the form of an action with many variants."""
    action, seat = body["action"], body.get("seat")
    who = f"[data-action='{action}']" + (f"[data-seat='{seat}']" if seat is not None else "")
    # A Graverobber's secret take from a face-down pile is no listed action: its form waits folded
    # under "More actions", the Jack and the take named by suit then rank.
    folded = f"#actions .more button[data-more='{action}-{seat}']"
    if page.locator(folded).count():
        if page.get_attribute(folded, "aria-pressed") != "true":
            page.click(folded)
        form = f"#actions form.named{who}"
        for name in ("card", "take"):
            name_card(page, f"{form} .entry[data-field='{name}']", body[name])
        tap(page, f"{form} button[type=submit]")
        return
    pick = f"#actions button[data-pick='{body.get('card')}'][data-seat='{seat}']"
    if "card" in body and page.locator(pick).count() and page.get_attribute(pick, "aria-pressed") != "true":
        page.click(pick)
    scalars = "".join(f"[data-{k.replace('_', '-')}='{v}']" for k, v in body.items()
                      if k not in ("action", "seat") and not isinstance(v, list))
    lists = "".join(f"[data-{k}='{' '.join(v)}']" for k, v in body.items() if isinstance(v, list))
    button = f"#actions button{who}{scalars}{lists}"
    if page.locator(button).count():
        tap(page, button)
        return
    card_set = page.locator(f"#actions form.card-set{who}")
    if card_set.count():
        for card in next(v for v in body.values() if isinstance(v, list)):
            card_set.locator(f"button[data-card='{card}']").click()
        tap(page, f"#actions form.card-set{who} button[type=submit]")
        return
    form = page.locator(f"#actions form.choice-form{who}")
    assert form.count(), f"nothing on the page logs {body}"
    for name, value in body.items():
        if name not in ("action", "seat"):
            form.locator(f"select[name={name}]").select_option(label=NAMES[value] if name == "target" else face(value))
    tap(page, f"#actions form.choice-form{who} button[type=submit]")


def out_of_turn(page, seat: int, action: str) -> list[str]:
    """The cards of the out-of-turn buttons of ``action`` offered to ``seat``."""
    return page.locator(f"#actions .out-of-turn button[data-action={action}][data-seat='{seat}']").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def test_every_seat_is_offered_the_same_aces_whatever_it_holds_and_a_refusal_names_no_hand(live_server, pages):
    """Ann holds no Ace and Bob two: the table sees the same Ace buttons for both. An Ace Ann does
    not hold is refused in the referee's words, naming none of her cards, and nothing is logged;
    Bob's is taken. A watcher without the token is offered nothing."""
    table = ApiTable.create(live_server.url, "known", {"players": 2}, seats=NAMES, game="dungeon")
    order = deck_order({"players": 2}, [["10H", "9H", "8H", "7H", "6H"], ["AS", "AD", "QS", "2S", "3S"]], ["KC", "2C"], [])
    for body in ({"action": "deal", "order": order}, {"action": "contest", "seat": 0, "card": "KC"},
                 {"action": "contest", "seat": 1, "card": "2C"}):
        assert requests.post(f"{live_server.url}/games/{table.game_id}/actions", json=body, timeout=10,
                             headers={"Authorization": f"Bearer {table.token}"}).status_code == 201
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    assert out_of_turn(page, 0, "ace") == out_of_turn(page, 1, "ace") == ["AS", "AH", "AD", "AC"]
    before = shown_version(page)
    page.click("#actions .out-of-turn button[data-action=ace][data-seat='0'][data-card='AH']")
    page.wait_for_function("() => document.body.innerText.includes('does not hold')")
    shown = page.inner_text("body")
    assert "Ann (seat 0) does not hold AH" in shown and not any(c in shown or face(c) in shown for c in ("10H", "9H", "8H", "7H"))
    assert shown_version(page) == before
    tap(page, "#actions .out-of-turn button[data-action=ace][data-seat='1'][data-card='AS']")
    assert "Bob A\u2660" in page.inner_text("#table .aces")
    watcher = pages()
    watcher.goto(f"{live_server.url}/play/{table.game_id}")
    watcher.wait_for_selector("#table .dungeon")
    assert watcher.locator("#actions button").count() == 0


def test_a_whole_dark_dungeon_game_with_counters_and_an_accusation_is_logged_from_a_phone(live_server, pages):
    table = ApiTable.create(live_server.url, "known", DARK, seats=NAMES, game="dungeon")
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, live_server.url, table)
    deal, *script = DARK_SCRIPT
    page.click("#actions summary:has-text('Or enter the deck')")
    page.fill("#actions textarea[name=order]", " ".join(deal.order))
    tap(page, "#actions button:has-text('Deal in this order')")
    for body in map(body_of, script):
        if body.get("card") == "JK=QD":
            # A Joker is offered declared as each rank (in spades): any Queen counters.
            body["card"] = "JK=QS"
        if body["action"] == "counter" and body["seat"] == 1:
            # Bob counters out of turn, in Ann's turn: offered under "Out of turn", to both players
            # alike, whatever each holds (a Queen of each suit, a Joker as one).
            assert out_of_turn(page, 0, "counter") == out_of_turn(page, 1, "counter") == ["QS", "QH", "QD", "QC", "JK=QS"]
        if body["action"] == "graverobber":
            # The face-down pile's cards are named in no button: the take is named in a form.
            assert page.locator("#actions [data-take]").count() == 0
        if body["action"] == "accuse":
            # Pitch Black: Ann's cell and both passages lie face down, drawn as such, never by face.
            assert page.locator("#table .dungeon[data-seat='0'] .face.down").count() == 3
            assert page.locator("#table .dungeon[data-seat='0'] .branch .branch li").count() == 1  # 7♥ on the 10♥
            assert "7\u2665" not in page.inner_text("#table .dungeon[data-seat='0']")
        log(page, body)
    assert "Game over. Ann wins (last alive)." in page.inner_text("#prompt")
    logged = requests.get(f"{live_server.url}/games/{table.game_id}/events", params={"limit": 1000},
                          headers={"Authorization": f"Bearer {table.token}"}, timeout=10).json()["events"]
    assert [e["type"] for e in logged] == [type(e).__name__ for e in DARK_EXPECTED]
    assert errors == []


def test_a_whole_dungeon_game_is_logged_from_a_phone(live_server, pages, screenshots):
    table = ApiTable.create(live_server.url, "known", {"players": 2}, seats=NAMES, game="dungeon")
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, live_server.url, table)

    # The deal: the deck as shuffled at the table, typed in, top first.
    deal, *script = SCRIPT
    page.click("#actions summary:has-text('Or enter the deck')")
    page.fill("#actions textarea[name=order]", " ".join(deal.order).lower())
    tap(page, "#actions button:has-text('Deal in this order')")
    assert "Ann, Bob to play a card face up" in page.inner_text("#prompt")

    for number, command in enumerate(script, start=2):
        body = body_of(command)
        log(page, body)
        if number == 8:
            # Bob's Graverobber faces Ann's 10♥: the creature is drawn on her dungeon, and an Ace of
            # each suit is offered to either player alike, though Ann holds A♥ and Bob A♠.
            assert page.get_attribute("#table .dungeon[data-seat='0'] .facing", "data-creature") == "JS"
            assert "Ann must answer Bob's creature" in page.inner_text("#prompt")
            assert out_of_turn(page, 0, "ace") == out_of_turn(page, 1, "ace") == ["AS", "AH", "AD", "AC"]
            screenshots(page, "dungeon")
        if number == 10:
            # The Aces wait for the scorekeeper to close the window, last played first.
            assert "Aces on the table" in page.inner_text("#prompt")
            assert "Ann A\u2665, Bob A\u2660" in page.inner_text("#table .aces")
    assert "Game over. Ann wins (last alive)." in page.inner_text("#prompt")

    logged = requests.get(f"{live_server.url}/games/{table.game_id}/events", params={"limit": 1000},
                          headers={"Authorization": f"Bearer {table.token}"}, timeout=10).json()["events"]
    assert [e["type"] for e in logged] == [type(e).__name__ for e in EXPECTED]
    # The dungeons as drawn at the end: Ann's tree from her cell (10♥; the 9♥ caved in), Bob slain.
    assert page.locator("#table .dungeon[data-seat='0'] .tree li[data-card='10H']").count() == 1
    assert "slain" in page.inner_text("#table .dungeon[data-seat='1'] h3")
    assert errors == []
