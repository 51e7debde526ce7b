"""A second device watching a game follows it live (server-sent events), without reloading."""

from __future__ import annotations

from scorekeeper import ApiTable, open_as_scorekeeper, shown_version, tap, two_queens_deal, wait_loaded, wait_version


def test_a_watching_page_follows_the_scorekeepers_page_live_without_reloading(live_server, pages, screenshots):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    play_url = f"{live_server.url}/play/{table.game_id}"

    scorekeeper = pages()
    open_as_scorekeeper(scorekeeper, live_server.url, table)

    watcher = pages()  # its own browser context: no token in its storage
    watcher.goto(play_url)
    wait_loaded(watcher)
    watcher.wait_for_selector("#live.live")
    watcher.evaluate("window.sameDocument = true")
    assert watcher.get_attribute("#app", "data-role") == "watcher"
    assert watcher.is_hidden("#actions")
    assert watcher.is_hidden("#token-panel") and "I am the scorekeeper" in watcher.inner_text("#scorekeeper-entry summary")

    version = tap(scorekeeper, "#actions button[data-action=call_trump]:has-text('spades')")
    wait_version(watcher, version)
    assert "♠ spades" in watcher.inner_text("#table")

    version = tap(scorekeeper, "#actions button:has-text('Shuffle and deal')")
    wait_version(watcher, version)
    assert "Trick 1. Bob to play." in watcher.inner_text("#prompt")
    assert watcher.locator("button.card").count() == 0  # a watcher never sees a hand

    card = scorekeeper.get_attribute("#actions button.card:not([aria-disabled])", "data-card")
    version = tap(scorekeeper, "#actions button.card:not([aria-disabled])")
    wait_version(watcher, version)
    assert watcher.locator("#table ol.trick li[data-seat='1']").count() == 1
    assert watcher.get_attribute("#table ol.trick li[data-seat='1'] .face", "aria-label") == \
        scorekeeper.get_attribute("#table ol.trick li[data-seat='1'] .face", "aria-label")
    assert "Cat to play" in watcher.inner_text("#prompt")

    # An action logged from elsewhere (straight through the API) shows up too, and nothing reloaded.
    action = table.legal(2)[0]
    result = table.act(**action)
    wait_version(watcher, result["version"])
    assert watcher.locator("#table ol.trick li[data-seat='2']").count() == 1
    assert watcher.evaluate("window.sameDocument") is True
    assert card and shown_version(watcher) == table.view()["version"]
    screenshots(watcher, "watcher")


def test_detection_on_claim_lets_an_off_rule_card_be_logged_after_a_confirmation_and_taken_back(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0, "detection": "on_claim"})
    table.act("call_trump", seat=0, suit="C")
    table.act("deal", hands=two_queens_deal(0))
    table.act("play", seat=1, card="QS")
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)

    # Cat holds 2S but really threw 3H: the page asks before logging what the rules forbid.
    assert "can still be logged" in page.inner_text("#why-not")
    page.focus("button.card[data-card='3H']")
    page.keyboard.press("Enter")
    assert "3♥ breaks the rules of play now" in page.inner_text("#actions .confirm")
    tap(page, "#actions .confirm button:has-text('Log 3♥')")
    assert page.locator("#table ol.trick li[data-seat='2'] .face").inner_text() == "3♥"

    # A known record knows Cat held 2♠: here the offer may say the card broke the rules.
    assert "broke the rules" in page.inner_text("#corrections")
    tap(page, "#corrections button:has-text('Cat: take back 3♥')")
    assert page.locator("#table ol.trick li[data-seat='2']").count() == 0
    assert "Cat takes the 3 of hearts back in trick 1 of hand 1, without penalty." in page.inner_text("#rulings")


def test_a_private_game_opened_without_its_token_offers_the_token_field_and_opens_with_it(live_server, pages):
    """Without its token a private game answers as an unknown id does (404): the page cannot tell
    the two apart, so it says both and offers the token field, which opens the game."""
    import requests

    created = requests.post(f"{live_server.url}/games", json={"game": "queens-dungeon", "seats": ["Ann", "Bob", "Cat", "Dan"],
                                                              "record": "known", "private": True}, timeout=10).json()
    page = pages()
    page.goto(f"{live_server.url}/play/{created['game_id']}")
    page.wait_for_selector("#token-panel:has-text('No game has this id, or it is private')")
    page.fill("#token-input", created["token"])
    page.locator("#token-panel form button, #token-panel form [type=submit]").first.click()
    wait_loaded(page)
    assert page.get_attribute("#app", "data-role") != "watcher"


def test_a_tap_reads_the_table_once_and_its_own_live_event_asks_for_no_second_read(live_server, pages):
    """The page reads the game again after its own entry is logged; the live event of that entry,
    which comes while that read runs or after it, reads nothing more. Another device's entry still
    does: the page shows it."""
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    page = pages()
    open_as_scorekeeper(page, live_server.url, table)
    page.wait_for_selector("#live.live")
    game_path = f"/games/{table.game_id}"
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if r.method == "GET" and r.url.split("?")[0].endswith(game_path) else None)
    # The post's answer passes through the test on its way (a slower line): the stream's event of
    # the entry comes while the page is still posting or reading.
    page.route(f"**{game_path}/actions", lambda route: route.fulfill(response=route.fetch()))

    tap(page, "#actions button[data-action=call_trump]:has-text('spades')")
    # Another device logs the deal: the page follows it live, after the stream carried the call.
    version = table.act("deal")["version"]
    wait_version(page, version)
    assert "Trick 1. Bob to play." in page.inner_text("#prompt")
    # One read of the game (and of the seat to play's hand, once it plays) per entry: the call, the deal.
    assert len([u for u in reads if "?" not in u]) == 2, reads
