"""Dungeon's "Who goes first" on the scorekeeper's page, on a phone: every player to play a card
face up has a card entry of their own, named after them, and one tap on the card logs it."""

from __future__ import annotations

from scorekeeper import ApiTable, open_as_scorekeeper, tap

SEATS = ("Ann", "Bob", "Cat")


def test_who_goes_first_names_each_players_cards_and_logs_a_card_in_one_tap(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"players": 3}, seats=SEATS, game="dungeon")
    table.act("deal")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    assert page.locator("#actions .pick h3").all_inner_texts() == list(SEATS)
    bob = "#actions .pick[data-seat='1']"
    page.click(f"{bob} .suit-tab[data-suit='S']")
    tap(page, f"{bob} button[data-card='9S']")
    assert table.view()["view"]["contest"]["played"] == {"1": "9S"}
    # Bob has played: Ann's and Cat's entries are left, each under its name.
    assert page.locator("#actions .pick h3").all_inner_texts() == ["Ann", "Cat"]
