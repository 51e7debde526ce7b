"""A Dungeon game's own rulings on the director's view: the disputes panel lists them from the API
(GET /games/{id}/disputes), and an accusation opened there is laid out with its evidence, the
passage that broke the rule marked, as a renege claim is."""

from __future__ import annotations

import requests

from scorekeeper import PHONE, TABLET, ApiTable, body_of, wait_loaded
from test_director_desk_page import director_key

from tests.referee.test_dungeon_golden_games import GOLDEN


def director_view(pages, base: str, game_id: str, size):
    page = pages(size)
    page.goto(f"{base}/")
    page.evaluate("key => localStorage.setItem('courtcard.director', key)", director_key())
    page.goto(f"{base}/director/{game_id}")
    wait_loaded(page)
    return page


def test_a_pitch_black_accusation_and_a_look_are_listed_and_the_accusation_read_with_the_passage_that_broke_the_rule(
        live_server, pages, screenshots):
    dark = GOLDEN["dark"]
    table = ApiTable.create(live_server.url, dark.record, dark.options, seats=dark.seats, game="dungeon")
    for command in dark.script:
        table.act(**body_of(command))
    listing = requests.get(f"{live_server.url}/games/{table.game_id}/disputes", timeout=10).json()["disputes"]
    by_kind = {d["kind"]: d for d in listing}
    assert {"accusation", "look"} <= set(by_kind)

    for size in (PHONE, TABLET):
        page = director_view(pages, live_server.url, table.game_id, size)
        items = page.locator("#disputes ol.disputes > li")
        assert items.evaluate_all("els => els.map(e => Number(e.dataset.dispute))") == [d["dispute"] for d in listing]
        accusation = by_kind["accusation"]
        line = page.locator(f"#disputes li[data-dispute='{accusation['dispute']}']")
        assert line.get_attribute("data-kind") == "accusation"
        assert "Bob accused Ann of cheating" in line.inner_text()
        assert "Ann had cheated." in line.inner_text()
        look = page.locator(f"#disputes li[data-dispute='{by_kind['look']['dispute']}']").inner_text()
        assert "the denial was a lie" in look
        # The table draws the dungeons; nothing on the listing shows a face-down card (7H was laid so).
        assert page.locator("#table .dungeon").count() == 2
        assert "7 of hearts" not in page.inner_text("#disputes ol.disputes")

        line.locator("button").click()
        article = page.locator(f"#disputes article.dispute[data-dispute='{accusation['dispute']}']")
        article.wait_for()
        assert line.locator("button").get_attribute("aria-expanded") == "true"
        assert "cheating" in article.locator(".verdict").inner_text()
        passages = article.locator("ol.events > li")
        texts = passages.all_inner_texts()
        assert any("Ann laid the 10 of hearts face down on the cell" in t for t in texts)
        broke = article.locator("ol.events > li.broke-rule")
        assert broke.count() == 1
        assert "Ann laid the 7 of hearts face down on the 10 of hearts" in broke.inner_text()
        assert "broke the rule: is not one lower" in broke.inner_text()
        assert "Ann cheated." in article.locator(".finding").inner_text()
        assert "discards the whole dungeon but the cell" in article.locator(".aftermath").inner_text()
        article.locator("details.read-aloud summary").click()
        assert "accused Ann of cheating" in article.locator("details.read-aloud p").inner_text()
        screenshots(page, "director-accusation", sizes=("phone" if size == PHONE else "tablet",))

    # The look, opened: the ask, the denial, the hand as shown.
    page.click(f"#disputes li[data-dispute='{by_kind['look']['dispute']}'] button")
    article = page.locator(f"#disputes article.dispute[data-dispute='{by_kind['look']['dispute']}']")
    article.wait_for()
    evidence = " ".join(article.locator("ol.events > li").all_inner_texts())
    assert "asked Bob for the king of spades" in evidence and "said they do not hold it" in evidence
    assert "the denial was a lie" in article.locator(".finding").inner_text()
