"""The director's desk in the browser, on a phone and on a tablet: every game in progress listed,
a table's new action shown without reloading, a click opening the game's director view, and a
dispute opened there and read with its evidence laid out."""

from __future__ import annotations

import re

import pytest
import requests

from api.director import load_or_create_director_key
from scorekeeper import PHONE, TABLET
from events.server import default_data_dir
from scorekeeper import ApiTable, wait_loaded
from tests.web.test_scorekeeper_page_confirm import play_one_hand

#: A card written as its code ("4C", "10H"), as no screen shows one.
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")

SIZES = pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])


def director_key() -> str:
    """The key `courtcard serve` keeps in its data directory (the tests' servers share this one)."""
    return load_or_create_director_key(default_data_dir())


def open_desk(pages, base_url: str, size, typo: bool = False) -> object:
    """The desk in a browser of its own, the director's key typed in as a director would (with
    ``typo``, a wrong key first, which the desk refuses in words)."""
    page = pages(size)
    page.goto(f"{base_url}/director")
    if typo:
        page.fill("#key-input", director_key()[:-1])
        page.click("#key-panel button[type=submit]")
        page.wait_for_selector("#key-panel h2:has-text('That is not this service')")
    page.fill("#key-input", director_key())
    page.click("#key-panel button[type=submit]")
    page.wait_for_selector("#live.live")
    return page


def desk_item(page, game_id: str):
    return page.locator(f"li.desk-table[data-game-id='{game_id}']")


@SIZES
def test_the_desk_lists_every_game_in_progress_and_follows_a_table_live(live_server, pages, screenshots, size):
    first = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    second = ApiTable.create(live_server.url, "blind", {"first_dealer": 1}, seats=("Eve", "Fay", "Gus", "Hal"))
    first.act("call_trump", seat=0, suit="S")
    first.act("deal")
    page = open_desk(pages, live_server.url, size, typo=size == PHONE)

    page.wait_for_selector(f"li.desk-table[data-game-id='{second.game_id}']")
    assert "2 games in progress" in page.inner_text("#summary")
    item = desk_item(page, first.game_id)
    assert "Queen's Dungeon" in item.inner_text() and "Ann, Bob, Cat, Dan" in item.inner_text()
    assert "Hand 1, trick 1: Bob to play." in item.locator(".turn").inner_text()
    assert "Fay to act" in desk_item(page, second.game_id).locator(".turn").inner_text()

    # The table logs a card: the desk shows Cat to play next, without reloading.
    page.evaluate("window.sameDocument = true")
    card = first.legal(1)[0]["card"]
    version = first.act("play", seat=1, card=card)["version"]
    page.wait_for_selector(f"li.desk-table[data-game-id='{first.game_id}'][data-version='{version}']")
    assert "Cat to play" in desk_item(page, first.game_id).locator(".turn").inner_text()
    assert page.evaluate("window.sameDocument") is True
    if size == PHONE:
        screenshots(page, "director-desk")

    # A click opens the game's director view, with the key the desk has: every hand is there.
    desk_item(page, first.game_id).locator("a.open").click()
    page.wait_for_url(f"**/director/{first.game_id}")
    wait_loaded(page)
    assert page.locator("#hidden dl.hands dd").count() == 4
    assert page.locator("#hidden dd[data-seat='0'] .face").count() == 13
    assert page.locator("#hidden dd[data-seat='1'] .face").count() == 12  # Bob played one


def test_a_pending_take_back_is_flagged_on_the_desk_and_a_dispute_opened_there_is_read_with_its_evidence(
        live_server, pages, screenshots):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0, "detection": "announced"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    table.act("play", seat=1, card="AS")
    table.act("play", seat=2, card="4C")  # off the led suit
    for size in (PHONE, TABLET):
        desk = open_desk(pages, live_server.url, size)
        item = desk_item(desk, table.game_id)
        item.wait_for()
        assert "needs" in item.get_attribute("class")
        assert "Cat may take back 4♣ in trick 1" in item.locator(".attention").inner_text()  # as cards read everywhere
    screenshots(desk, "director-desk-attention", sizes=("tablet",))

    table.act("play", seat=3, card="5S")
    table.act("play", seat=0, card="3S")
    for size in (PHONE, TABLET):
        page = pages(size)
        page.goto(f"{live_server.url}/")
        page.evaluate("key => localStorage.setItem('courtcard.director', key)", director_key())
        page.goto(f"{live_server.url}/director/{table.game_id}")
        wait_loaded(page)
        if size == PHONE:
            # Bob disputes Cat's 4C, and Cat shows the table the 8S she still holds.
            assert "No dispute yet." in page.inner_text("#disputes")
            page.click("#disputes details.open-dispute summary")
            page.select_option("#disputes select[name=seat]", "1")
            page.select_option("#disputes select[name=accused]", "2")
            page.fill("#disputes input[name=trick]", "1")
            page.fill("#disputes input[name=shown]", "8s")
            page.click("#disputes button[type=submit]")
        else:
            page.click("#disputes ol.disputes button")  # read the dispute opened on the phone
        article = page.locator("#disputes article.dispute")
        article.wait_for()
        text = article.inner_text()
        assert "Claim\nBob against Cat, showing 8♠ (event" in text
        assert "upheld" in article.locator(".verdict").inner_text()
        evidence = article.locator("ol.events").first.locator("li").all_inner_texts()
        assert any("Bob led the ace of spades" in line for line in evidence)
        assert any("Cat played the 4 of clubs" in line for line in evidence)
        assert any("The 8 of spades was shown at the table" in line for line in evidence)
        # Cards read as on every screen ("8♠", "the 4 of clubs"), never as codes ("4C"), disputes included.
        for panel in ("#disputes", "#rulings", "#hidden", "#table"):
            assert not CARD_CODE.search(page.inner_text(panel)), (panel, page.inner_text(panel))
        # Listed by the API in the table's words, with its verdict.
        listed = page.inner_text("#disputes ol.disputes")
        assert "Bob claims that Cat broke a rule of play in trick 1 of hand 1, showing the 8 of spades." in listed
        assert "Cat reneged in trick 1 of hand 1" in listed
        screenshots(page, "director-dispute", sizes=("phone" if size == PHONE else "tablet",))
    record = requests.get(f"{live_server.url}/games/{table.game_id}/events", timeout=10).json()["events"]
    assert [e["actor"] for e in record if e["type"] == "RenegeClaimed"] == ["director"]


def test_a_patience_on_the_director_view_is_drawn_as_its_tableau(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {}, seats=("Ann",), game="the-queens")
    table.act("deal", seat=0)
    page = pages(PHONE)
    page.goto(f"{live_server.url}/")
    page.evaluate("key => localStorage.setItem('courtcard.director', key)", director_key())
    page.goto(f"{live_server.url}/director/{table.game_id}")
    wait_loaded(page)
    assert page.locator("#table .tableau").count() == 1
    assert page.is_hidden("#hidden")
    # The director view shows the shutter's cards; no move is offered (the director logs none).
    assert page.locator("#table .tableau .card").count() > 0
    assert page.locator("#table .tableau .target.legal").count() == 0


def test_a_disagreement_with_the_last_hand_of_a_finished_game_is_on_the_desk_as_over(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0, "detection": "announced"})
    play_one_hand(table)
    table.act("end_game")
    table.act("confirm", seat=3, hand=1, agree=False, note="we took the last trick")
    page = open_desk(pages, live_server.url, PHONE)
    page.wait_for_selector(f"li.desk-table[data-game-id='{table.game_id}']")
    item = desk_item(page, table.game_id)
    assert "the game is over." in item.locator(".turn").inner_text()
    assert item.locator(".flag-disagreement").count() == 1
    assert "Dan disagrees with the score of hand 1: we took the last trick" in item.locator(".attention").inner_text()
