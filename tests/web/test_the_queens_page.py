"""The Queens on the scorekeeper's page, on a phone (390 x 844): the tableau drawn from the view
(the key's top and size, the shutter, the foundations, the talon's top, the pack's size, the Queens
counted), and moves made by two taps, a card and then one of the destinations the referee allows,
which are the only ones highlighted."""

from __future__ import annotations

from scorekeeper import ApiTable, face, open_as_scorekeeper, tap

from tests.referee.tq_lines import LEAVES_THE_LINE_AT_46, actions, golden_order, won_line


def on_screen(page) -> dict:
    """The tableau as the page draws it."""
    return page.evaluate("""() => {
      const q = (s) => document.querySelector('#table ' + s);
      const top = (place) => { const el = q(`[data-area=${place}] [data-card]`); return el ? el.dataset.card : null; };
      const piles = {};
      document.querySelectorAll('#table [data-pile]').forEach((p) => {
        const t = p.querySelector('[data-card]');
        piles[p.dataset.pile] = t ? t.dataset.card : null;
      });
      return { key: top('key'), talon: top('talon'), pack: Number(q('[data-area=pack] [data-count]').dataset.count),
               queens: Number(q('[data-queens]').dataset.queens), piles,
               foundations: [...document.querySelectorAll('#table [data-foundation] .face')].map((f) => f.textContent) };
    }""")


def expected(view: dict) -> dict:
    return {"key": view["key"]["top"], "talon": view["talon"]["top"], "pack": view["pack"]["count"],
            "queens": view["queens_counted"], "piles": {p: (c[-1] if c else None) for p, c in view["shutter"].items()},
            "foundations": [face(f["top"]) for f in view["foundations"]]}


def test_the_queens_is_played_by_taps_on_a_phone(live_server, pages, screenshots):
    table = ApiTable.create(live_server.url, "known", {"order": golden_order()}, seats=("Ann",), game="the-queens")
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, live_server.url, table)
    tap(page, "#actions button[data-action=deal]")
    assert on_screen(page) == expected(table.view()["view"])
    assert page.inner_text("#table [data-area=key] .label") == "Key (32)"
    for body in actions(LEAVES_THE_LINE_AT_46)[:12]:
        if body["action"] == "turn":
            tap(page, "#actions button[data-action=turn]")
        else:
            choose(page, body["source"])
            # the destinations highlighted are exactly the referee's for that card
            allowed = sorted(a["target"] for a in table.legal(0) if a["action"] == "move" and a["source"] == body["source"])
            assert sorted(page.eval_on_selector_all("#table .target.legal", "els => els.map((e) => e.dataset.target)")) == allowed
            tap(page, f"#table .target.legal[data-target={body['target']}]")
        assert on_screen(page) == expected(table.view()["view"])
    assert table.view()["view"]["moves"] == 12
    # a phone's width: nothing to scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshots(page, "the-queens", sizes=("phone",))
    assert not errors


def choose(page, place: str) -> None:
    """Tap the card on top of ``place`` once the page is drawn (a live event for the version just
    logged may redraw it once more), and wait for the destinations it highlights."""
    page.wait_for_function("() => !document.getElementById('app').hasAttribute('aria-busy')")
    page.click(f"#table button[data-place={place}]")
    page.wait_for_selector("#table .target.legal")


def test_a_whole_game_of_the_queens_is_won_by_taps_on_a_phone(live_server, pages):
    """The golden won deal, every one of its 96 moves made by two taps, to the 104th card home."""
    table = ApiTable.create(live_server.url, "known", {"order": golden_order()}, seats=("Ann",), game="the-queens")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    tap(page, "#actions button[data-action=deal]")
    moves = won_line()
    for i, move in enumerate(moves):
        choose(page, move["source"])
        shown = page.eval_on_selector_all("#table .target.legal", "els => els.map((e) => e.dataset.target)")
        assert move["target"] in shown, (i, move, shown, table.legal(0))
        tap(page, f"#table .target.legal[data-target={move['target']}]")
    body = table.view()
    assert body["status"] == "finished" and body["outcome"]["reason"] == "won"
    assert body["view"]["moves"] == len(moves) == 96
    assert on_screen(page) == expected(body["view"])


def enter(page, action: str, card: str) -> None:
    """Pick ``card`` in the form of ``action`` (a card turned up, or turned) and log it."""
    select = f"#actions form[data-action={action}] select[name=card]"
    value = page.eval_on_selector(select, "(s, face) => [...s.options].find((o) => o.textContent.trim() === face).value", face(card))
    page.select_option(select, value)
    tap(page, f"#actions form[data-action={action}] button[type=submit]")


def test_an_as_dealt_game_is_entered_card_by_card_on_a_phone(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {}, seats=("Ann",), game="the-queens")
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, live_server.url, table)
    tap(page, "#actions button[data-action=deal]")
    assert "Enter the key's new top card" in page.inner_text("#prompt")
    assert page.inner_text("#table [data-area=key] .slot") == "face down"  # nothing unseen is shown
    for card in ["9S", "AC", "KH", "2C", "QD", "7S", "7S", "3H", "JC"]:
        enter(page, "seen", card)
    assert on_screen(page) == expected(table.view()["view"])
    assert on_screen(page)["piles"] == {"s1": "AC", "s2": "2C", "s3": "QD", "s4": "7S", "s5": "7S", "s6": "3H", "s7": "JC"}
    enter(page, "turn", "KC")  # a King turned: to the foundation row
    enter(page, "turn", "AH")
    page.click("#table button[data-place=s1]")
    tap(page, "#table .target.legal[data-target=foundation]")
    assert "Enter the card dealt from the pack into the space" in page.inner_text("#prompt")
    enter(page, "seen", "5D")
    view = table.view()["view"]
    assert on_screen(page) == expected(view) and view["shutter"]["s1"] == ["5D"] and view["home"] == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors


def test_a_deal_that_can_never_be_won_is_said_lost_on_the_page_at_once(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"order": sorted(golden_order())}, seats=("Ann",), game="the-queens")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    tap(page, "#actions button[data-action=deal]")
    page.wait_for_selector("#prompt #lost")
    assert " ".join(page.inner_text("#prompt").split()) == (
        "Lost: The 4 of spades lies above both copies of the 3 of spades in the key: the key can never be played out.")
    assert page.locator("#table button[data-place=s1]").count() == 1  # the player may still play on, or give up
