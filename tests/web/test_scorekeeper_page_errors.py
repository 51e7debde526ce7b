"""An error on the scorekeeper's page is shown where the eye is, on a phone: under the form or the
buttons that brought it, scrolled into view, never only at the top of the page."""

from __future__ import annotations

from scorekeeper import ApiTable, open_as_scorekeeper, two_queens_deal


def in_view(page, selector: str) -> bool:
    return page.eval_on_selector(selector, """el => { const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""")


def test_a_refused_renege_claim_is_said_under_the_claim_form_in_view(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0, "detection": "announced"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    table.act("play", seat=1, card="AS")
    table.act("play", seat=2, card="4C")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    page.click("#claim summary")
    page.fill("#claim-form input[name=trick]", "9")
    before = page.get_attribute("#app", "data-version")
    page.click("#claim-form button[type=submit]")
    page.wait_for_selector("#notice:not([hidden])")
    assert "has played no card in trick 9" in page.inner_text("#notice")
    # just under the form that sent it, and on the screen
    assert page.evaluate("document.getElementById('claim-form').nextElementSibling.id") == "notice"
    assert in_view(page, "#notice") and in_view(page, "#claim-form button[type=submit]")
    assert page.get_attribute("#app", "data-version") == before  # nothing changed


def test_a_card_the_rules_forbid_is_said_under_the_hand_that_was_tapped(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0, "detection": "announced"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal", hands=two_queens_deal(0))
    table.act("play", seat=1, card="QS")  # Cat must follow with 2S
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#actions button.card[data-card='3H']", force=True)  # greyed (aria-disabled), yet tappable
    page.wait_for_selector("#notice:not([hidden])")
    assert "3♥ cannot be played now" in page.inner_text("#notice")
    assert page.evaluate("document.querySelector('#actions .hand').nextElementSibling.id") == "notice"
    assert in_view(page, "#notice")
