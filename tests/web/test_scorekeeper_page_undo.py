"""Mis-taps undone on the scorekeeper's page, on a phone (390 x 844) and a tablet: the wrong card tapped, "Undo last
entry" tapped, the right card logged, the record keeping the wrong card and the undo; undo and redo saying what they
took back and put back; a give up asked twice, and undone."""

from __future__ import annotations

import pytest
import requests

from scorekeeper import PHONE, TABLET, ApiTable, card_button, open_by_id, phase, tap

from tests.referee.tq_lines import golden_order


def trick_cards(page) -> list[str]:
    return page.locator("#table ol.trick li .face").all_inner_texts()


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_a_wrong_card_tapped_is_undone_with_one_tap_and_the_right_one_logged(live_server, pages, screenshots, size):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0, "detection": "announced"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    page = pages(size)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_by_id(page, table.base, table.game_id, table.token)
    assert phase(page) == "play"
    tap(page, card_button(page, "AS"))
    tap(page, card_button(page, "3S"))  # the scorekeeper meant 4C: a mis-tap
    assert trick_cards(page) == ["A♠", "3♠"]

    undo = page.locator("#undo-last")
    assert undo.is_visible() and undo.inner_text() == "Undo last entry"
    box = undo.bounding_box()
    # No scroll to reach it.
    assert box["y"] + box["height"] <= size["height"] and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    screenshots(page, "undo", sizes=("phone" if size == PHONE else "tablet",))
    version = tap(page, "#undo-last")
    assert trick_cards(page) == ["A♠"]
    assert "Cat" in page.inner_text("#prompt")  # Cat is to play again

    tap(page, card_button(page, "4C"))  # the right card
    assert trick_cards(page) == ["A♠", "4♣"]
    events = requests.get(f"{table.base}/games/{table.game_id}/events", timeout=10).json()["events"]
    assert [e["type"] for e in events[-3:]] == ["CardPlayed", "EntryUndone", "CardPlayed"]
    assert events[-2]["version"] == version and events[-2]["payload"]["action"] == "play"
    assert not errors


def test_undo_and_redo_say_what_they_took_back_and_put_back_and_a_new_entry_clears_the_redo(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0, "detection": "announced"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    page = pages(PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_by_id(page, table.base, table.game_id, table.token)
    tap(page, card_button(page, "AS"))
    tap(page, card_button(page, "3S"))
    assert not page.locator("#redo-last").count() and not page.locator("#undo-note").count()
    tap(page, "#undo-last")
    assert page.inner_text("#undo-note") == "Undone: Cat plays the 3 of spades."
    tap(page, "#undo-last")  # a second step back
    assert page.inner_text("#undo-note") == "Undone: Bob plays the ace of spades."
    assert trick_cards(page) == []
    tap(page, "#redo-last")
    assert page.inner_text("#undo-note") == "Redone: Bob plays the ace of spades."
    assert trick_cards(page) == ["A♠"] and page.locator("#redo-last").is_visible()
    tap(page, card_button(page, "4C"))  # a new entry: the redo of the 3 of spades is gone, and the note
    assert trick_cards(page) == ["A♠", "4♣"]
    assert not page.locator("#redo-last").count() and not page.locator("#undo-note").count()
    assert not errors


def test_the_queens_give_up_asks_for_a_second_tap_and_is_undone(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"order": golden_order()}, seats=("Ann",), game="the-queens")
    table.act("deal", seat=0)
    page = pages(PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_by_id(page, table.base, table.game_id, table.token)
    give_up = "#actions button[data-action=give_up]"
    version = table.view()["version"]
    page.click(give_up)  # one tap asks first, and logs nothing
    assert "Tap again" in page.inner_text(give_up) and table.view()["version"] == version
    tap(page, give_up)
    assert table.view()["status"] == "finished"
    tap(page, "#undo-last")  # a mis-tapped give up is undone like any entry
    assert page.inner_text("#undo-note") == "Undone: Ann gives up, with 8 cards home."  # the kings found at the deal
    assert table.view()["status"] == "in_progress" and page.locator(give_up).is_visible()
    assert not errors
