"""A scorekeeper without a connection: the live badge notices within seconds, entries are kept on
the device and sent in order with their keys when the connection is back (never logged twice), a
conflict with what another device logged meanwhile is shown, and said in words; a page reloaded
with no network draws the last table it showed, marked, until the record can be read again."""

from __future__ import annotations

import time

import pytest
import requests

from scorekeeper import ApiTable, PHONE, TABLET, badge_notices_a_dead_line, card_button, open_as_scorekeeper, shown_version, tap, wait_version


def blind_hand(base: str) -> ApiTable:
    table = ApiTable.create(base, "blind", {"first_dealer": 0})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    return table


def open_page(pages, base: str, table: ApiTable, size: dict = PHONE, clock: bool = False):
    page = pages(size)
    if clock:
        # The page's clock runs as ever, and the test may run it on. Not for every page: the fake
        # clock's `performance` lists no resources, so a page would name none to its service worker.
        page.clock.install()
    open_as_scorekeeper(page, base, table)
    page.wait_for_selector("#live.live")
    return page


def plays(table: ApiTable) -> list[tuple[int, str]]:
    events = requests.get(f"{table.base}/games/{table.game_id}/events", params={"limit": 1000},
                          headers={"Authorization": f"Bearer {table.token}"}, timeout=10).json()["events"]
    return [(e["payload"]["seat"], e["payload"]["card"]) for e in events if e["type"] == "CardPlayed"]


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_entries_made_offline_are_kept_on_the_device_and_logged_once_in_order_when_back(live_server, pages, screenshots, size):
    table = blind_hand(live_server.url)
    page = open_page(pages, live_server.url, table, size, clock=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    before = shown_version(page)

    # The connection goes: the badge says so within a few seconds.
    page.context.set_offline(True)
    badge_notices_a_dead_line(page)

    # Bob's card and then Cat's, tapped with no connection: kept, in order, on the device.
    page.click(card_button(page, "AS"))
    page.wait_for_selector("#kept:not([hidden])")
    assert "Cat plays" in page.inner_text("#actions h2")  # offline, the next seat clockwise
    assert page.locator("#actions button.card[data-card='AS']").count() == 0
    page.click(card_button(page, "4C"))
    page.wait_for_function("document.querySelectorAll('#kept li').length === 2")
    kept = page.inner_text("#kept")
    assert "2 entries kept on this device" in kept and "will not log it twice" in kept
    assert page.locator("#kept li").all_inner_texts() == ["Bob: play A\u2660", "Cat: play 4\u2663"]
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('courtcard.outbox.{table.game_id}'))")
    assert [e["body"]["card"] for e in stored] == ["AS", "4C"] and len({e["key"] for e in stored}) == 2
    # The advice stays while the page keeps failing to reach the referee.
    page.wait_for_timeout(3500)
    assert "will not log it twice" in page.inner_text("#kept")
    assert plays(table) == []
    screenshots(page, "offline", sizes=("phone" if size == PHONE else "tablet",))

    # Back online: both are logged, in order, once each, and the device's copy is gone.
    page.context.set_offline(False)
    wait_version(page, before + 2)
    page.wait_for_selector("#kept", state="hidden")
    assert plays(table) == [(1, "AS"), (2, "4C")]
    assert page.evaluate(f"localStorage.getItem('courtcard.outbox.{table.game_id}')") is None
    assert "2 entries made offline logged" in page.inner_text("#notice")
    assert page.locator("#table ol.trick li .face").all_inner_texts() == ["A\u2660", "4\u2663"]
    page.wait_for_selector("#live.live")
    assert errors == []


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_an_entry_kept_offline_that_someone_else_logged_first_is_shown_as_a_conflict(live_server, pages, size):
    table = blind_hand(live_server.url)
    page = open_page(pages, live_server.url, table, size)
    page.context.set_offline(True)
    page.click(card_button(page, "AS"))
    page.wait_for_selector("#kept:not([hidden])")
    table.act("play", seat=1, card="2S")  # another device logs Bob's card meanwhile

    page.context.set_offline(False)
    page.wait_for_selector("#kept button:has-text('Discard them')", timeout=15000)
    text = page.inner_text("#kept")
    assert "Not sent: Bob: play A\u2660." in text
    assert "Someone logged first: the table now shows their entry." in text and "version" not in text
    assert page.locator("#table ol.trick li .face").all_inner_texts() == ["2\u2660"]
    assert plays(table) == [(1, "2S")]
    page.click("#kept button:has-text('Discard them')")
    page.wait_for_selector("#kept", state="hidden")
    assert page.evaluate(f"localStorage.getItem('courtcard.outbox.{table.game_id}')") is None
    assert plays(table) == [(1, "2S")]


def test_a_tap_on_a_table_that_moved_meanwhile_says_someone_logged_first_not_versions(live_server, pages):
    table = blind_hand(live_server.url)
    page = pages()
    # This page hears nothing live (its stream is cut), so it still shows the deal when Bob's card
    # is logged from elsewhere.
    page.route("**/events/stream*", lambda route: route.abort())
    open_as_scorekeeper(page, live_server.url, table)
    table.act("play", seat=1, card="2S")
    version = table.view()["version"]
    page.click(card_button(page, "AS"))
    wait_version(page, version)
    notice = page.inner_text("#notice")
    assert notice == "Someone logged first: the table now shows their entry. Check it, and tap again if yours is still to log."
    assert page.locator("#table ol.trick li .face").all_inner_texts() == ["2\u2660"]
    assert "Cat plays" in page.inner_text("#actions h2")
    tap(page, card_button(page, "3S"))
    assert plays(table) == [(1, "2S"), (2, "3S")]


def test_the_live_badge_notices_a_stream_gone_silent_within_seconds(live_server, pages):
    """A connection that dies without a word (no error, no end: a phone off the Wi-Fi) is found by
    the heartbeat: the stream asks for a keep-alive every 2 s, and 5 s of silence is a dead line."""
    table = blind_hand(live_server.url)
    page = pages()
    held = []
    page.route("**/events/stream*", lambda route: held.append(route))  # asked for, and never answered
    page.clock.install()
    open_as_scorekeeper(page, live_server.url, table)
    badge_notices_a_dead_line(page)
    assert held and "block_ms=2000" in held[0].request.url
    for route in held:
        route.abort()


def test_an_entry_kept_while_the_one_before_is_on_its_way_is_sent_after_it(live_server, pages):
    """The device's list is read again after each send: an entry tapped meanwhile is not lost, and
    it is sent on the version the one before it made."""
    page = pages()
    page.goto(f"{live_server.url}/")
    result = page.evaluate("""async () => {
      const box = await import('/web/static/outbox.js');
      box.keep('g', { action: 'play', seat: 1, card: 'AS' }, 'k1', 5);
      const sent = [];
      await box.sendWaiting('g', async (entry, ifMatch) => {
        sent.push([entry.key, ifMatch]);
        if (entry.key === 'k1') box.keep('g', { action: 'play', seat: 2, card: '4C' }, 'k2', 5);
        return { version: ifMatch + 1 };
      });
      return { sent, left: box.waiting('g') };
    }""")
    assert result == {"sent": [["k1", 5], ["k2", 6]], "left": []}


#: How long the service worker may take to keep the page's files (a set-up allowance).
KEPT_WITHIN_S = 60


def files_kept(page) -> list[str]:
    """The addresses the pages' service worker keeps (its cache)."""
    return page.evaluate("""async () => {
      const cache = await caches.open('courtcard-shell-v1');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""")


def wait_until_the_page_is_kept(page, table: ApiTable) -> None:
    """The service worker keeps the page's own files (the page, its modules, its styles) as it
    starts: waited for on the cache itself, as long as a slow machine needs, never a fixed count
    of tries."""
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    wanted = {f"/play/{table.game_id}", "/web/static/play.js", "/web/static/courtcard.css"}
    deadline = time.monotonic() + KEPT_WITHIN_S
    while not wanted <= set(files_kept(page)):
        assert time.monotonic() < deadline, f"the service worker kept {files_kept(page)}, not all of {wanted}"
        page.wait_for_timeout(100)


def test_a_page_reloaded_with_no_network_draws_the_last_table_it_showed_and_the_record_decides_when_back(
        live_server, pages, screenshots):
    table = blind_hand(live_server.url)
    table.act("play", seat=1, card="AS")
    page = open_page(pages, live_server.url, table)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    version = shown_version(page)
    wait_until_the_page_is_kept(page, table)
    assert not any(path.startswith("/games/") for path in files_kept(page))  # never an answer of the API

    # No network, and the page reloaded: the last table it showed, marked as of its version.
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#as-of:not([hidden])")
    assert page.inner_text("#as-of").startswith(f"Offline: as of version {version}, the table as this device last showed it.")
    assert shown_version(page) == version
    assert page.locator("#table ol.trick li .face").all_inner_texts() == ["A\u2660"]
    assert "Cat plays" in page.inner_text("#actions h2")
    # A page never opened on this device is not there offline: nothing is made up.
    other = pages()
    other.context.set_offline(True)
    with pytest.raises(Exception):
        other.goto(f"{live_server.url}/play/{table.game_id}")

    # An entry made on the table kept: kept on the device, as ever.
    page.click(card_button(page, "4C"))
    page.wait_for_selector("#kept:not([hidden])")
    assert page.locator("#kept li").all_inner_texts() == ["Cat: play 4\u2663"]
    screenshots(page, "offline-reload", sizes=("phone",))
    assert plays(table) == [(1, "AS")]

    # Back online: the entry lands, and the page shows the record as read, unmarked.
    page.context.set_offline(False)
    wait_version(page, version + 1)
    page.wait_for_selector("#kept", state="hidden")
    page.wait_for_selector("#as-of", state="hidden")
    assert plays(table) == [(1, "AS"), (2, "4C")]
    assert shown_version(page) == table.view()["version"]
    assert page.locator("#table ol.trick li .face").all_inner_texts() == ["A\u2660", "4\u2663"]
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('courtcard.table.{table.game_id}'))")
    assert kept["table"]["body"]["version"] == table.view()["version"]
    assert errors == []


def test_a_table_read_with_the_token_is_forgotten_with_the_token_and_never_shown_offline_without_it(live_server, pages):
    """A known record's table, read with the scorekeeper's token, holds the hands: once this device's
    token is refused, the table kept is dropped, and a reload with no network shows no hand."""
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal")
    page = open_page(pages, live_server.url, table)
    wait_until_the_page_is_kept(page, table)
    key = f"courtcard.table.{table.game_id}"
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('{key}'))")
    assert kept["readWith"] == table.token and kept["table"]["mine"]  # the hand of the seat to play

    page.evaluate(f"localStorage.setItem('courtcard.token.{table.game_id}', 'not-this-games-token')")
    page.reload()
    page.wait_for_selector("#token-panel:has-text(\"That token is not this game's\")")
    assert page.evaluate(f"localStorage.getItem('{key}')") is None

    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#notice:not([hidden])")  # the game cannot be read: said, nothing drawn
    assert page.locator("#as-of").is_hidden()
    assert page.locator("#table .face").count() == 0


def test_only_the_games_on_this_devices_recent_list_keep_their_last_table(live_server, pages):
    """Old games' tables are dropped as a new one is kept, so they never crowd out entries kept offline."""
    page = pages()
    page.goto(f"{live_server.url}/")
    kept = page.evaluate("""async () => {
      const { remember } = await import('/web/static/api.js');
      const { keepTable, lastTable } = await import('/web/static/last_table.js');
      remember('recent');
      keepTable('recent', { body: { version: 3 } });
      localStorage.setItem('courtcard.table.forgotten', '{}');
      keepTable('new', { body: { version: 7 } });
      return [lastTable('recent'), lastTable('forgotten'), lastTable('new')];
    }""")
    assert kept == [{"body": {"version": 3}}, None, {"body": {"version": 7}}]


def test_a_table_kept_with_a_token_is_shown_only_while_that_same_token_is_held(live_server, pages):
    page = pages()
    page.goto(f"{live_server.url}/")
    shown = page.evaluate("""async () => {
      const { remember } = await import('/web/static/api.js');
      const { forgetTable, keepTable, lastTable } = await import('/web/static/last_table.js');
      remember('g');
      keepTable('g', { body: { version: 5 }, mine: ['QS'] }, 'the-token');
      const before = [lastTable('g', 'the-token'), lastTable('g', ''), lastTable('g', 'another-token')];
      forgetTable('g');
      localStorage.setItem('courtcard.table.old', JSON.stringify({ table: { mine: ['QS'] }, withToken: true }));
      return [...before, lastTable('g', 'the-token'), lastTable('old', ''), lastTable('old', 'any-token')];
    }""")
    # A table kept by an earlier page, which did not say what token it was read with, is never drawn.
    assert shown == [{"body": {"version": 5}, "mine": ["QS"]}, None, None, None, None, None]
