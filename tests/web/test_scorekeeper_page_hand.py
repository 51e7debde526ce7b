"""A whole Queen's Dungeon hand logged on the scorekeeper's page in a real browser: the game made
on the start page, the cut, the trump call, the hands entered, every card tapped, the 2-Queens
trump change answered, and the score sheet with its chart of running totals."""

from __future__ import annotations

import re

from scorekeeper import ApiTable, choose_game, create_game, phase, shown_version, tap, two_queens_deal

def test_the_start_page_offers_queens_dungeon_in_a_blind_record_first(live_server, pages):
    page = pages()
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#opt-players")
    assert page.input_value("#game") == "queens-dungeon"
    assert page.is_checked("input[name=record][value=blind]")
    assert page.locator("#seats input").count() == 4


def test_a_known_hand_is_logged_by_tapping_cards_and_the_two_queens_prompt_is_answered(live_server, pages, screenshots):
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # The start page: the catalog's options, four seats, a known record.
    choose_game(page, live_server.url, "queens-dungeon")
    assert page.input_value("#opt-players") == "4"
    assert page.locator("#seats input").count() == 4
    screenshots(page, "start")
    game_id, token = create_game(page)
    assert token, "the scorekeeper's token is kept in the browser"
    assert token in page.inner_text("#token-panel")
    table = ApiTable(live_server.url, game_id, token)

    # The cut: the referee draws for each seat still to draw, until a dealer is chosen.
    assert phase(page) == "cut"
    screenshots(page, "cut")
    while phase(page) == "cut":
        tap(page, "#actions button:has-text('Referee draws')")
    dealer = table.view()["view"]["dealer"]
    assert phase(page) == "call_trump"
    assert "(dealer) calls trump" in page.inner_text("#prompt")

    tap(page, "#actions button[data-action=call_trump]:has-text('clubs')")
    assert phase(page) == "deal"

    # The deal: the hands as dealt at the table, typed in seat order.
    hands = two_queens_deal(dealer)
    page.click("text=Or enter the hands as dealt at the table")
    for seat, hand in enumerate(hands):
        page.fill(f"textarea[name=hand-{seat}]", " ".join(hand).lower())
    screenshots(page, "deal")
    tap(page, "text=Log these hands")
    assert phase(page) == "play"
    assert table.view(view="director")["view"]["hand"]["hands"] == hands  # as typed, in lower case

    leader = (dealer + 1) % 4
    assert f"{['Ann', 'Bob', 'Cat', 'Dan'][leader]} to play" in page.inner_text("#prompt")
    tap(page, "button.card[data-card='QS']")

    # The next seat must follow spades: its other hearts are greyed and say why; QH and 2S are not.
    assert page.get_attribute("button.card[data-card='3H']", "aria-disabled") == "true"
    assert page.get_attribute("button.card[data-card='QH']", "aria-disabled") is None
    assert page.get_attribute("button.card[data-card='2S']", "aria-disabled") is None
    why = page.inner_text("#why-not")
    assert "spades were led" in why and "2♠" in why and "Q♥" in why
    # A greyed card stays focusable: Enter on it explains, and nothing is logged.
    page.focus("button.card[data-card='3H']")
    page.keyboard.press("Enter")
    assert "3♥ cannot be played now" in page.inner_text("#notice")
    screenshots(page, "play")
    tap(page, "button.card[data-card='QH']")
    tap(page, "button.card[data-card='2D']")
    tap(page, "button.card[data-card='8D']")

    # Two Queens fell in trick 1: the referee asks the dealer for a new trump.
    assert phase(page) == "trump_change"
    assert not page.is_hidden("#trump-change")
    change = page.inner_text("#trump-change")
    assert "Two Queens fell" in change
    # The panel names the Queens that made the change, not the trick's other cards.
    assert re.search(r"\b(Ann|Bob|Cat|Dan) won Q♠ and Q♥ in trick 1\.", change), change
    assert "2♦" not in change and "8♦" not in change
    assert page.locator("#trump-change button[data-suit=C]").count() == 0  # not the old trump
    screenshots(page, "trump-change")
    tap(page, "#trump-change button[data-suit=D]")
    assert table.view()["view"]["hand"]["trump"] == "D"
    assert page.is_hidden("#trump-change")

    # The rest of the hand: always the first card the referee allows; any further trump change
    # is answered with the first suit offered.
    for _ in range(200):
        now = phase(page)
        if now == "trump_change":
            tap(page, "#trump-change button[data-suit]")
        elif now == "play":
            tap(page, "#actions button.card:not([aria-disabled])")
        else:
            break
    assert phase(page) == "call_trump"
    assert errors == []

    # The score sheet: hand 1's row and breakdown, and the chart of running totals.
    scores = table.view()["scores"]
    sheet = scores["hands"][0]
    row = page.locator("#sheet table.totals tr[data-hand='1'] td")
    assert [row.nth(i).inner_text().split(" ")[0] for i in range(4)] == [str(t) for t in sheet["totals"]]
    assert sum(s["tricks"] for s in sheet["seats"]) == 13
    lines = page.locator("#sheet svg.chart polyline")
    assert lines.count() == 4
    assert all(len(lines.nth(i).get_attribute("points").split()) == 2 for i in range(4))
    page.click("#sheet summary:has-text('Hand 1')")
    assert "Hand 1: dealer" in page.inner_text("#sheet")
    hrefs = [page.get_attribute(f"#exports a:has-text('{label}')", "href") for label in ("JSON lines", "CSV", "Printable record")]
    assert hrefs == [f"/games/{game_id}/export?format={f}" for f in ("jsonl", "csv", "html")]
    page.locator("#sheet").scroll_into_view_if_needed()
    screenshots(page, "score-sheet")
    assert shown_version(page) == table.view()["version"]
