"""The referee speaks on the scorekeeper's page: a card taken back in window A, a penalty accepted
in window B, a renege claim ruled with its evidence, and an error shown in words."""

from __future__ import annotations

from scorekeeper import ApiTable, card_button, open_by_id, phase, tap, unseen_offered


def play(page, *cards: str) -> None:
    """Tap each card in turn, each by the seat whose turn it is."""
    for card in cards:
        tap(page, card_button(page, card))


def trick_cards(page) -> list[str]:
    return page.locator("#table ol.trick li .face").all_inner_texts()


def test_renege_claim_in_a_blind_record_is_ruled_with_its_evidence_after_a_take_back_and_a_penalty(live_server, pages, screenshots):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0, "detection": "announced"})
    page = pages()

    # Opened by id with the token typed in, as on a second tablet of the scorekeeper's.
    open_by_id(page, live_server.url, table.game_id, table.token)
    assert page.get_attribute("#app", "data-role") == "scorekeeper"

    tap(page, "#actions button[data-action=call_trump]:has-text('hearts')")
    tap(page, "#actions button:has-text('The cards are dealt')")  # a blind record logs no hands
    assert phase(page) == "play"
    # A blind record offers every card not yet seen, a suit and then a rank.
    assert unseen_offered(page) == 52 and page.locator("#actions .suit-tab").count() == 4

    # Window A: Cat throws 4C on a spade lead and takes it back before anyone plays on.
    play(page, "AS", "4C")
    assert trick_cards(page) == ["A♠", "4♣"]
    # Nothing is proven in a blind record: the offer does not say the card broke the rules.
    corrections = page.inner_text("#corrections")
    assert "broke the rules" not in corrections and "nothing is proven yet" in corrections
    tap(page, "#corrections button:has-text('Cat: take back 4♣')")
    assert trick_cards(page) == ["A♠"]
    assert "Cat takes the 4 of clubs back in trick 1 of hand 1, without penalty." in page.inner_text("#rulings")
    assert "4♣ goes back to Cat's hand: no points lost" in page.inner_text("#latest-ruling")

    # Window B: she throws it again, Dan plays on, and she accepts the penalty: the trick goes back.
    play(page, "4C", "5S")
    penalty = page.locator("#corrections button:has-text('Cat: accept the 25-point penalty')")
    assert penalty.count() == 1
    tap(page, "#corrections button:has-text('Cat: accept the 25-point penalty')")
    assert trick_cards(page) == ["A♠"]
    assert "Cat takes the 25-point penalty for the 4 of clubs in trick 1 of hand 1" in page.inner_text("#rulings")
    assert "Cat loses 25 points (the penalty accepted)" in page.inner_text("#latest-ruling")
    assert table.view()["view"]["totals"][2] == -25
    play(page, "3S", "5S", "6S")  # Bob wins with the ace

    # Trick 2: Cat throws 4C on spades again; trick 3 is led before anyone claims.
    play(page, "7S", "4C", "9S", "10S", "2D")

    # A claim naming a trick Cat did not play in is refused, in words.
    page.click("#claim summary")
    page.select_option("#claim-form select[name=seat]", "1")
    page.select_option("#claim-form select[name=accused]", "2")
    page.fill("#claim-form input[name=trick]", "9")
    before = page.get_attribute("#app", "data-version")
    page.click("#claim-form button[type=submit]")
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.inner_text("#notice")
    assert "has played no card in trick 9" in notice and "{" not in notice
    assert page.get_attribute("#app", "data-version") == before

    # Bob claims, showing the 8S Cat still holds: upheld in window C, with the evidence.
    page.fill("#claim-form input[name=trick]", "2")
    page.fill("#claim-form input[name=shown]", "8s")
    tap(page, "#claim-form button[type=submit]")
    latest = page.locator("#rulings li.latest")
    text = latest.inner_text()
    assert ("Cat reneged in trick 2 of hand 1: spades were led, and Cat played the 4 of clubs though able to follow. "
            "It was found out after the next trick was led.") in text
    assert "window" not in text.lower()  # the window's letter is the record's and the director's
    assert "Card shown at the table: 8♠" in text
    # What it costs, in words: Cat (at −25 after the penalty) is set into the dungeon.
    total = table.view()["view"]["units"][2]["total"]
    cost = f"Cat loses {-25 - total} points (total −25 → {str(total).replace('-', '−')}: into the dungeon), because Cat reneged in trick 2."
    assert cost in text and cost in page.inner_text("#latest-ruling")
    assert "Bob claims that Cat broke a rule of play in trick 2 of hand 1, showing the 8 of spades." in page.inner_text("#rulings")
    ruling = table.view()["view"]["rulings"][-1]
    assert (ruling["verdict"], ruling["window"], ruling["evidence"]["shown"]) == ("upheld", "C", "8S")
    screenshots(page, "ruling")
