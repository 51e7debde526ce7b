"""Standings as a printable page and as CSV (``workers.standings_pages``): pure renderings."""

from __future__ import annotations

import csv
import io

from referee.club.leagues import SessionAddedToLeague, create, fold, league_standings
from referee.club.results import TableResult
from referee.club.standings import Adjustment, session_standings
from workers.standings_pages import league_csv, league_html, session_csv, session_html

NAMES = {"p1": "Ann <script>alert(1)</script>", "p2": "Bob\u202eevil", "p3": "=HYPERLINK(\"x\")"}
GAMES = [TableResult("g1", "queen-bees", 1, 1, ("p1", "p2", "p3", "guest:Zoë & co"), (1, 2, 3, 4),
                     (90, 60, 30, 0), True, True)]
RULING = Adjustment("g1", (2, 1, 3, 4), (60, 90, 30, 0), "score slip <b>misread</b>", "appeal")


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.encode("utf-8").decode("utf-8-sig"))))


def test_standings_page_escapes_every_name_and_reason():
    page = session_html("Club <night>", session_standings(GAMES, [RULING]), NAMES)
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "\u202e" not in page and "Bob\\u202eevil" in page
    assert "Zoë &amp; co (guest)" in page
    assert "<b>misread</b>" not in page and "score slip &lt;b&gt;misread&lt;/b&gt;" in page
    assert "<title>Club &lt;night&gt;</title>" in page


def test_standings_page_shows_as_ruled_as_played_and_each_ruling_with_its_reason():
    page = session_html("Club night", session_standings(GAMES, [RULING]), NAMES)
    assert page.index("Standings as ruled") < page.index("Standings as played") < page.index("The director's rulings")
    assert "Ruling on appeal, game g1: places 2, 1, 3, 4; score slip" in page
    assert "1 (g1, ruled)" in page  # p2's line as ruled traces its game and says it was ruled
    assert "How the standings are counted" in page and "match points: 2 for each player" in page


def test_standings_page_prints_with_its_own_stylesheet():
    page = session_html("Club night", session_standings(GAMES), NAMES, ratings={"p1": 3.26})
    assert "@media print" in page and "@page" in page
    assert "<h2>Standings</h2>" in page and "Standings as ruled" not in page
    assert ">3.3<" in page  # the rating, to one decimal
    assert "<script" not in page.replace("&lt;script", "")


def test_standings_csv_lists_as_ruled_then_as_played_with_no_formula():
    table = rows(session_csv(session_standings(GAMES, [RULING]), NAMES))
    assert table[0][:4] == ["standings", "rank", "player_id", "player"]
    body = table[1:]
    assert [r[0] for r in body] == ["as ruled"] * 4 + ["as played"] * 4
    assert (body[0][2], body[0][5], body[0][11]) == ("p2", "6", "g1")  # B first as ruled, 6 MP, ruled game
    assert (body[4][2], body[4][5]) == ("p1", "6")
    p3 = next(r for r in body if r[2] == "p3")
    assert p3[3] == "'=HYPERLINK(\"x\")"


def test_league_standings_page_and_csv_show_the_rule_and_every_night():
    night = session_standings(GAMES, [RULING])
    league = fold(create("Winter <league>", "best", 1) + [SessionAddedToLeague("S1"), SessionAddedToLeague("S2")])
    other = session_standings([TableResult("h1", "queen-bees", 1, 1, ("p1", "p2"), (1, 2), (10, 5), True, True)])
    standings = league_standings(league, {"S1": night, "S2": other})
    page = league_html(standings, NAMES)
    assert "<h1>Winter &lt;league&gt;</h1>" in page and "The best 1 night of match points counts" in page
    assert "(not counted)" in page and "@media print" in page
    table = rows(league_csv(standings, NAMES))
    assert table[0][0] == "rank" and [r[1] for r in table[1:]][:2] == ["p2", "p1"]
    assert table[1][8] == "S1" and table[1][9] == "S1:6 S2:0"
