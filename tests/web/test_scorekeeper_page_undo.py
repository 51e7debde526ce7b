"""A mis-tap undone on the scorekeeper's page, on a phone (390 x 844) and a tablet: the wrong card tapped, "Undo last
entry" tapped, the right card logged; the record keeps the wrong card and the undo."""

from __future__ import annotations

import pytest
import requests

from scorekeeper import PHONE, TABLET, ApiTable, card_button, open_by_id, phase, tap


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
