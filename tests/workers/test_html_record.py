"""The printable html record: opens in the browser, fits a phone and an A4 page, says each ruling
in a sentence credited to whoever made it, and draws Dungeon's dungeons and its outcome."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from events.chain import head_record

from events.envelope import Envelope, canonical_json
from events.registry import registry
from tests.web.conftest import CHROMIUM_ARGS, chromium_path
from tests.workers.playing import RENEGE_DEAL, ApiTable
from tests.workers.test_text_record import envelopes_of, random_record
from workers.html_record import render_html
from workers.record_words import is_ruling, sentence

GOLDEN = Path(__file__).parents[1] / "golden"


def export(client, game_id: str, fmt: str, headers=None, **query) -> object:
    response = client.get(f"/games/{game_id}/export", query_string={"format": fmt, **query}, headers=headers or {})
    assert response.status_code == 200, response.get_json()
    return response


def renege_claimed(client, by_dispute: bool) -> ApiTable:
    """Cat throws 4C on the AS lead holding 3S; after trick 2 is led, Dan claims it."""
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C", "5S", "6S", "7S")
    claim = {"seat": 3, "accused": 2, "trick": 1}
    if by_dispute:
        assert client.post(f"/games/{table.game_id}/disputes", json=claim, headers=table.headers).status_code == 202
    else:
        table.act("claim_renege", **claim)
    return table


def imported(client, events: list) -> str:
    """A record of ``events`` imported through POST /imports; its game id."""
    return import_reply(client, events)["game_id"]


def import_reply(client, events: list) -> dict:
    """A record of ``events`` imported through POST /imports; the reply (the game id, its token)."""
    envelopes = envelopes_of(events, "imported-game")
    lines = [canonical_json(e.to_dict()) for e in envelopes]
    lines.append(canonical_json(head_record("imported-game", envelopes[-1].version, envelopes[-1].hash)))
    response = client.post("/imports", data=b"\n".join(lines))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_html_record_opens_in_the_browser_and_is_saved_only_when_asked(client):
    table = renege_claimed(client, by_dispute=False)
    shown = export(client, table.game_id, "html", table.headers)
    assert shown.headers["Content-Disposition"] == f'inline; filename="game-{table.game_id}.html"'
    assert shown.content_type == "text/html; charset=utf-8"
    saved = export(client, table.game_id, "html", table.headers, download=1)
    assert saved.headers["Content-Disposition"] == f'attachment; filename="game-{table.game_id}.html"'
    jsonl = export(client, table.game_id, "jsonl", table.headers)
    assert jsonl.headers["Content-Disposition"].startswith("attachment;")


def test_a_ruling_on_a_claim_is_a_sentence_in_the_rules_words_credited_to_the_claimant(client):
    table = renege_claimed(client, by_dispute=False)
    page = export(client, table.game_id, "html", table.headers).get_data(as_text=True)
    assert ("Cat reneged in trick 1 of hand 1: spades were led, and Cat played the 4 of clubs though able to follow. "
            "It was found out after the next trick was led. (Window C.) Ruled on Dan&#x27;s claim.") in page
    assert "Cat loses 100 points for the renege in trick 1 of hand 1: the total goes from 0 to -100" in page
    assert "Dan claims that Cat broke a rule of play in trick 1 of hand 1" in page


def test_a_ruling_on_a_dispute_is_credited_to_the_dispute(client):
    table = renege_claimed(client, by_dispute=True)
    page = export(client, table.game_id, "html", table.headers).get_data(as_text=True)
    assert "Ruled on Dan&#x27;s dispute." in page and "Ruled on Dan&#x27;s claim." not in page


def test_a_ruling_the_referee_made_on_its_own_is_credited_to_the_referee():
    golden = json.loads((GOLDEN / "qd-blind-renege-c.json").read_text())
    events = [registry.decode(e["type"], e["version"], e["payload"]) for e in golden["events"]]
    envelopes = envelopes_of(events)
    page = render_html("Queen's Dungeon", envelopes, {}, (envelopes[-1].version, envelopes[-1].hash))
    assert "Ann reneged in trick 3 of hand 1" in page and "Ruled by the referee on its own." in page


def test_dungeon_html_record_draws_each_players_dungeon_and_the_outcome(client):
    events = random_record("dungeon", seed=3, steps=3000)
    game_id = imported(client, events)
    page = export(client, game_id, "html").get_data(as_text=True)
    assert "<h2 class=\"first\">The dungeons</h2>" in page and len(re.findall(r'<div class="dungeon( out)?">', page)) == 3
    assert '<span class="card' in page and "cell " in page
    assert "Game over: " in page and "<h2 class=\"first\">Players</h2>" in page
    assert "Running totals" not in page and "No hand finished yet" not in page


#: Measures, in Chromium, how wide a page lays out on a phone's screen and on A4 paper (210 mm, less
#: the print stylesheet's 15 mm margins: 680 CSS pixels), and which tables are cut off (their box
#: scrolls) on a 1024 px screen. Run in a process of its own: Playwright's
#: sync API cannot start inside the session where the page tests' browser already runs.
WIDTHS = """
import json, sys
from playwright.sync_api import sync_playwright
html = open(sys.argv[2]).read()
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=sys.argv[1], args=json.loads(sys.argv[3]))
    widths = {}
    for media, width in (("screen", 390), ("print", 680)):
        page = browser.new_page(viewport={"width": width, "height": 844})
        page.emulate_media(media=media)
        page.set_content(html)
        widths[media] = page.evaluate("document.documentElement.scrollWidth")
    # On a 1024 px screen, the tables a box would have to scroll sideways to show whole.
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.set_content(html)
    widths["cut_off_at_1024"] = page.evaluate(
        "[...document.querySelectorAll('.wide')].filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.innerText.slice(0, 40))")
    browser.close()
print(json.dumps(widths))
"""


def laid_out_widths(html: str, tmp_path) -> dict[str, int]:
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("Playwright for Python is not installed: pip install -e '.[test]'")
    path = chromium_path()
    if path is None:
        pytest.skip("No Chromium found: run tests/web/install_browser.sh (Debian's chromium package)")
    page = tmp_path / "record.html"
    page.write_text(html)
    done = subprocess.run([sys.executable, "-c", WIDTHS, path, str(page), json.dumps(CHROMIUM_ARGS)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", ["queens-dungeon", "dungeon"])
def test_html_record_has_no_sideways_scroll_on_a_phone_nor_on_a4_paper(client, game, tmp_path):
    if game == "dungeon":
        page_html = export(client, imported(client, random_record("dungeon", seed=3, steps=3000)), "html").get_data(as_text=True)
    else:  # a finished hand: the widest table, the score sheet, is on the page
        table = renege_claimed(client, by_dispute=False)
        table.play_out_hand()
        page_html = export(client, table.game_id, "html", table.headers).get_data(as_text=True)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page_html
    assert "@media print{@page{size:A4" in page_html
    widths = laid_out_widths(page_html, tmp_path)
    assert (widths["screen"], widths["print"]) == (390, 680)


def test_html_record_score_sheet_shows_whole_on_a_1024_screen_totals_by_hand_and_details_by_seat(client, tmp_path):
    table = renege_claimed(client, by_dispute=False)
    table.play_out_hand()
    page_html = export(client, table.game_id, "html", table.headers).get_data(as_text=True)
    assert '<table class="totals"><tr><th>hand</th><th>dealer</th>' in page_html
    assert '<table class="detail"><caption>Hand 1</caption>' in page_html
    assert laid_out_widths(page_html, tmp_path)["cut_off_at_1024"] == []


def test_a_dungeon_setting_for_three_queens_is_no_ruling_but_one_for_a_renege_is():
    setting = lambda reason: Envelope(
        "e", "g", 9, "TotalSet", 1, {"seat": 1, "unit": 1, "reason": reason, "before": 0, "after": -100, "hand": 1,
                                     "trick": 4}, "2026-11-23T18:00:00.000000Z", "referee", "0" * 64, "0" * 64)
    assert not is_ruling(setting("three_queens")) and is_ruling(setting("renege"))
    assert sentence(setting("three_queens"), ["Ann", "Bob"], game="queens-dungeon") == (
        "Bob loses 100 points for winning three Queens in one trick in trick 4 of hand 1: the total goes from 0 to "
        "-100, and the hand's gains are forfeited.")


def test_a_name_holding_a_bidi_override_or_a_control_character_is_shown_escaped_in_the_html_record(client):
    """A record of an earlier release may hold such names: a bidi override would turn the rest of
    its line around on the page, so it is written as the escape it is."""
    names = ["Ann", "\u202eboB", "Cat\x1b[2J", "Dan"]
    reply = import_reply(client, random_record("queens-dungeon", steps=40,
                                               setup=({"players": 4, "first_dealer": 0, "target": 100}, names, "known")))
    page = export(client, reply["game_id"], "html", {"Authorization": f"Bearer {reply['token']}"}).get_data(as_text=True)
    assert "\u202e" not in page and "\x1b" not in page
    assert r"1: \u202eboB, 2: Cat\u001b[2J, 3: Dan" in page
