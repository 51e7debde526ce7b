"""A long game's rulings fold on the scorekeeper's page, on a phone: each earlier hand's under one
line, the hand in play's open, so the claim form and the score sheet stay near the table."""

from __future__ import annotations

from scorekeeper import PHONE, ApiTable, open_as_scorekeeper

ASIDE = {"end_game", "undo", "claim_renege", "take_back", "accept_penalty"}


def step(table: ApiTable, body: dict) -> dict:
    """Log the table's next action (``body``: the game as just read): the deal, else the first the
    referee lists for the seat to act."""
    if body["view"]["phase"] == "deal":
        return table.act("deal")
    seat = body["to_act"][0]
    offered = [a for a in table.legal(seat) if a["action"] not in ASIDE]
    return table.act(**next((a for a in offered if a["action"] != "pass"), offered[0]))


def queen_bees_with_claims_in_three_hands(base: str) -> ApiTable:
    """Three hands of Queen Bees, three claims ruled in each after its first trick; hand 4 dealt."""
    table = ApiTable.create(base, "known", {"first_dealer": 0}, game="queen-bees")
    claimed = set()
    while True:
        body = table.view()
        view = body["view"]
        hand = view.get("hand") or {}
        if hand.get("no") == 4 and view["phase"] == "play":
            return table
        if hand.get("no") not in claimed and len(hand.get("tricks") or []) == 1 and not hand.get("trick"):
            claimed.add(hand["no"])
            for accused in (1, 2, 3):
                table.act("claim_renege", seat=0, accused=accused, trick=1)
            body = table.view()  # the claims moved the table on: read it again for the next step
        step(table, body)


def test_earlier_hands_rulings_fold_and_the_claim_form_stays_near_the_table(live_server, pages):
    table = queen_bees_with_claims_in_three_hands(live_server.url)
    rulings = table.view()["view"]["rulings"]
    assert {r["hand"] for r in rulings} == {1, 2, 3} and len(rulings) >= 18
    page = pages(PHONE)
    open_as_scorekeeper(page, live_server.url, table)
    folded = page.locator("#rulings details.earlier-hand")
    assert folded.evaluate_all("els => els.map((e) => [e.dataset.hand, e.open])") == [["3", False], ["2", False], ["1", False]]
    assert page.locator("#rulings li.ruling:visible").count() == 0  # hand 4 has none yet
    # The claim form and the score sheet begin within two screens of the top, however long the game.
    tops = page.evaluate("['claim', 'sheet'].map((id) => document.getElementById(id).getBoundingClientRect().top)")
    assert all(top < 2 * PHONE["height"] for top in tops), tops
    folded.first.locator("summary").click()
    assert page.locator("#rulings details[data-hand='3'] li.ruling").count() == 6
