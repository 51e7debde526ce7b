"""The start page and the token, in a real browser: the players come first (Player 1..n, as many
fields as the count chosen), every option with a closed set of values is a chooser, the rare ones
wait folded; the fresh token is copied or shared at a tap (its text selected where the clipboard is
refused); a follower's way to enter a token waits folded below the table; printing gives the table
and the score sheet only; the dark theme keeps every text at 4.5:1 or more against its ground."""

from __future__ import annotations

import pytest
import requests

from scorekeeper import PHONE, ApiTable, choose_game, create_game, open_as_scorekeeper, wait_loaded, wait_version
from test_scorekeeper_page_fits_a_screen import queens_dungeon

GAMES = ["queens-dungeon", "queen-bees", "black-queen", "dungeon", "the-queens"]


def closed_options(base: str) -> dict[str, list[str]]:
    """Per game, the options the catalog gives a closed set of values (an enum, a short range, a
    yes/no), the player count aside."""
    out = {}
    for game in requests.get(f"{base}/games/catalog", timeout=10).json():
        props = game["options_schema"]["properties"]
        out[game["name"]] = [
            name for name, schema in props.items() if name != "players" and (
                "enum" in schema or "boolean" in str(schema.get("type"))
                or ("integer" in str(schema.get("type")) and schema.get("maximum", 10**9) - schema.get("minimum", 0) <= 12))]
    return out


def test_the_start_page_asks_for_the_players_first_as_many_as_the_count_chosen(live_server, pages):
    page = pages(PHONE)
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#opt-players")
    labels = page.locator("#seats .names label").all_inner_texts()
    assert [text.strip() for text in labels] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    seats_top = page.eval_on_selector("#seats", "e => e.getBoundingClientRect().top")
    options_top = page.eval_on_selector("#more-options", "e => e.getBoundingClientRect().top")
    assert seats_top < options_top  # players before options
    page.select_option("#opt-players", "6")
    assert page.locator("#seats input[name=seat]").count() == 6
    assert page.locator("#seats .names label").nth(5).inner_text().strip() == "Player 6"
    page.select_option("#opt-players", "3")
    assert page.locator("#seats input[name=seat]").count() == 3


@pytest.mark.parametrize("game", GAMES)
def test_every_option_with_a_closed_set_of_values_is_a_chooser_and_the_rare_ones_are_folded(live_server, pages, game):
    closed = closed_options(live_server.url)[game]
    page = pages(PHONE)
    choose_game(page, live_server.url, game)
    assert page.locator("#more-options").get_attribute("open") is None
    for name in closed:
        tag, kind = page.eval_on_selector(f"#opt-{name}", "e => [e.tagName, e.type]")
        assert tag == "SELECT" or kind in ("checkbox", "radio"), (name, tag, kind)
    assert page.eval_on_selector("#opt-players", "e => e.tagName") == "SELECT"


def test_options_chosen_on_the_start_page_are_the_games_options(live_server, pages):
    page = pages(PHONE)
    choose_game(page, live_server.url, "dungeon")
    page.select_option("#opt-players", "2")
    page.click("#more-options summary")
    page.select_option("#opt-darkness", "pitch_black")
    game_id, token = create_game(page)
    view = ApiTable(live_server.url, game_id, token).view()["view"]
    assert view["options"]["darkness"] == "pitch_black" and view["options"]["players"] == 2


def test_a_fresh_token_is_copied_or_shared_at_a_tap(live_server, pages):
    page = pages(PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    # A browser that shares (a phone's): what it is asked to share is kept to be read.
    page.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    choose_game(page, live_server.url, "queens-dungeon")
    _game_id, token = create_game(page)
    page.click("#token-panel button:has-text('Copy')")
    page.wait_for_selector("#token-panel [data-said]:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == token
    page.click("#token-panel button:has-text('Share')")
    assert page.evaluate("window.shared.text") == token


def test_the_copied_note_stays_when_the_page_redraws_the_table(live_server, pages):
    """A redraw (here, the live stream's entry from another device) leaves the fresh token's panel
    as it is: the "Copied" note a tap just gave does not vanish under it."""
    page = pages(PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    choose_game(page, live_server.url, "queens-dungeon")
    game_id, token = create_game(page)
    page.wait_for_selector("#live.live")
    page.click("#token-panel button:has-text('Copy')")
    page.wait_for_selector("#token-panel [data-said]:has-text('Copied')")
    table = ApiTable(live_server.url, game_id, token)
    seat = table.view()["to_act"][0]
    wait_version(page, table.act(**table.legal(seat)[0])["version"])  # the cut, from another device
    assert page.inner_text("#token-panel [data-said]") == "Copied."
    assert page.inner_text("#token-value") == token


def test_where_the_clipboard_is_refused_the_token_is_selected_to_copy_by_hand(live_server, pages):
    page = pages(PHONE)
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no')) } });"
                         "delete Navigator.prototype.share;")
    choose_game(page, live_server.url, "queens-dungeon")
    _game_id, token = create_game(page)
    assert page.locator("#token-panel button:has-text('Share')").count() == 0  # no share where none is had
    page.click("#token-panel button:has-text('Copy')")
    page.wait_for_selector("#token-panel [data-said]:has-text('Selected')")
    assert page.evaluate("getSelection().toString()") == token


def test_a_followers_page_opens_on_the_table_with_the_token_entry_folded_below_it(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    watcher = pages(PHONE)
    watcher.goto(f"{live_server.url}/play/{table.game_id}")
    wait_loaded(watcher)
    assert watcher.is_hidden("#token-panel") and watcher.is_hidden("#token-input")
    entry_top = watcher.eval_on_selector("#scorekeeper-entry", "e => e.getBoundingClientRect().top")
    table_top = watcher.eval_on_selector("#table", "e => e.getBoundingClientRect().top")
    assert entry_top > table_top
    watcher.click("#scorekeeper-entry summary:has-text('I am the scorekeeper')")
    watcher.fill("#token-input", table.token)
    watcher.click("#scorekeeper-entry button[type=submit]")
    watcher.wait_for_function("document.getElementById('app').dataset.role === 'scorekeeper'")
    assert watcher.is_hidden("#scorekeeper-entry")


def test_printing_the_game_gives_the_table_and_the_score_sheet_only(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    page = pages(PHONE)
    open_as_scorekeeper(page, live_server.url, table)
    page.emulate_media(media="print")
    assert page.is_visible("#table") and page.is_visible("#sheet")
    for hidden in ("#actions", "#join", "#exports", ".prompt-row", "#rulings"):
        assert page.is_hidden(hidden), hidden
    assert page.evaluate("[...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null).length") == 0


#: The contrast of every text shown (WCAG's ratio of its colour to the ground it is drawn on).
CONTRASTS = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ground = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(ground(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push([el.tagName, el.textContent.trim().slice(0, 30), Math.round(ratio * 10) / 10]);
  }
  return out;
}"""


@pytest.mark.parametrize("scheme,record", [("dark", "known"), ("dark", "blind"), ("light", "known")])
def test_the_theme_follows_the_system_and_keeps_every_text_readable(live_server, pages, scheme, record):
    table = queens_dungeon(live_server.url, record)  # mid-trick, a take-back offered, a ruling made
    page = pages(PHONE)
    page.emulate_media(color_scheme=scheme)
    open_as_scorekeeper(page, live_server.url, table)
    ground = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert ground == {"dark": "rgb(18, 20, 22)", "light": "rgb(244, 244, 239)"}[scheme]
    assert page.evaluate(CONTRASTS) == []
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#opt-players")
    page.click("#more-options summary")
    assert page.evaluate(CONTRASTS) == []
