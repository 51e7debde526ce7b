"""The csv exports: ``csv`` is the running totals a club keeps (a row per hand, a column per side;
the header alone, naming the players, before a hand ends), ``csv-detail`` the details with the
columns in the order docs/records.md lists; one value per cell, UTF-8 with a byte-order mark that
Python's csv module (and a spreadsheet) reads cleanly, no formula from a player's name; and a game
without hands gets one row per player."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import pytest

from events.registry import registry
from referee.registry import get_game
from referee.replay import replay
from tests.workers.test_html_record import imported
from tests.workers.test_text_record import envelopes_of, random_record
from workers.exports import cell, detail_csv, score_csv
from workers.envelope_replay import fold
from workers.scoresheet import build_sheet

ROOT = Path(__file__).parents[2]


def golden(name: str) -> list:
    record = json.loads((ROOT / "tests" / "golden" / name).read_text())
    return [registry.decode(e["type"], e["version"], e["payload"]) for e in record["events"]]


def sheet_of(events: list) -> dict:
    envelopes = envelopes_of(events)
    replayed = fold(envelopes)
    return build_sheet("g1", replayed.game, replayed.state, envelopes)


def csv_of(events: list) -> str:
    """The detail csv (one row per hand and seat) of a record."""
    return detail_csv(sheet_of(events))


def rows_of(data: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.encode("utf-8").decode("utf-8-sig"), newline="")))


def documented_columns() -> dict[str, list[str]]:
    """docs/records.md's table of csv columns: one row per game, its columns in backticks."""
    columns = {}
    for line in (ROOT / "docs" / "records.md").read_text().splitlines():
        match = re.match(r"\| `([a-z-]+)` \| (.*) \|$", line)
        if match:
            columns[match.group(1)] = re.findall(r"`([a-z_]+)`", match.group(2))
    return columns


RECORDS = {
    "queens-dungeon": lambda: golden("qd-4p-cut.json"),
    "queen-bees": lambda: golden("qb-known-to-60.json"),
    "black-queen": lambda: golden("bq-known-variable-shares.json"),
    "the-queens": lambda: golden("tq-won.json"),
    "dungeon": lambda: random_record("dungeon", seed=3, steps=3000),
}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_csv_detail_columns_are_the_ones_docs_records_md_lists_in_its_order(game):
    header = rows_of(csv_of(RECORDS[game]()))[0]
    assert header == documented_columns()[game]


def first_hand(names: list[str]) -> list:
    """A Queen's Dungeon record of ``names`` played at random until its first hand is scored."""
    game = get_game("queens-dungeon")
    rng = random.Random(2)
    log = game.start({"players": 4, "first_dealer": 0}, names, "known", rng)
    state = replay(log)
    while not game.scores(state)["hands"]:
        command = rng.choice([c for s in range(4) for c in game.legal_actions(state, s)
                              if game.action_of(c) not in ("end_game", "claim_renege")])
        for event in game.decide(state, command, rng):
            state = game.apply(state, event)
            log.append(event)
    return log


def test_csv_starts_with_a_byte_order_mark_and_reads_back_names_with_accents():
    data = csv_of(first_hand(["Zoë", "Bob", "Carol", "Dan"]))
    assert data.startswith("\ufeffhand,seat,unit,name,") and "\r\n" in data
    rows = list(csv.DictReader(io.StringIO(data.encode("utf-8").decode("utf-8-sig"), newline="")))
    assert rows[0]["name"] == "Zoë" and list(rows[0])[0] == "hand"
    assert all(len(row) == len(rows[0]) and None not in row for row in rows)  # one value per cell, no spill


def test_a_player_name_that_a_spreadsheet_would_run_is_written_as_text():
    names = ['=HYPERLINK("http://x")', "+Bob", "-Cat", "@Dan"]
    rows = rows_of(csv_of(first_hand(names)))
    assert [row[3] for row in rows[1:]] == ["'" + n for n in names]
    assert (cell(-50), cell(True), cell(None), cell("Ann")) == ("-50", "true", "", "Ann")


def test_settings_and_penalties_are_each_one_number_in_their_cell():
    rows = list(csv.DictReader(io.StringIO(csv_of(golden("qd-blind-renege-c.json")).lstrip("\ufeff"), newline="")))
    ann = next(row for row in rows if row["hand"] == "1" and row["name"] == "Ann")
    assert ann["settings"] == "-100" and ann["penalties"] == ""  # a setting of 0 to -100, no penalty


def test_dungeon_csv_has_a_row_per_player_saying_who_won_who_was_slain_by_what_and_when(client):
    game_id = imported(client, random_record("dungeon", seed=3, steps=3000))
    response = client.get(f"/games/{game_id}/export", query_string={"format": "csv"})
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"), newline="")))
    assert [(r["name"], r["result"], r["turns"]) for r in rows] == [
        ("Ann", "last alive", "188"), ("Bob", "slain by the king of diamonds", "188"),
        ("Cat", "slain by the king of spades", "61")]
    sheet = client.get(f"/games/{game_id}/scores").get_json()["sheet"]
    assert [(r["name"], r["result"], str(r["turns"])) for r in sheet["rows"]] == [
        (r["name"], r["result"], r["turns"]) for r in rows]  # the served sheet says the same


@pytest.mark.parametrize("game", ["queens-dungeon", "queen-bees", "black-queen"])
def test_csv_is_the_running_totals_a_row_per_hand_with_its_dealer_and_a_column_per_player(game):
    sheet = sheet_of(RECORDS[game]())
    rows = rows_of(score_csv(sheet))
    names = [u["name"] for u in sheet["units"]]
    assert rows[0] == ["hand", "dealer", *names]
    assert len(rows) == 1 + len(sheet["hands"])
    for row, hand in zip(rows[1:], sheet["hands"]):
        dealer = next(s["name"] for s in hand["seats"] if s["seat"] == hand["dealer"])
        assert row == [str(hand["hand"]), dealer, *map(str, hand["totals"])]
    assert rows[-1][2:] == [str(t) for t in sheet["totals"]]  # the last row is the game's totals


def test_the_queens_csv_is_its_hand_and_the_cards_home_with_no_dealer():
    assert rows_of(score_csv(sheet_of(RECORDS["the-queens"]()))) == [["hand", "Ann"], ["1", "104"]]


@pytest.mark.parametrize("game", ["queens-dungeon", "queen-bees", "black-queen", "the-queens", "dungeon"])
def test_a_game_with_no_finished_hand_has_a_csv_header_naming_its_players(game):
    rules = get_game(game)
    count = rules.options_schema().load({})["players"]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:count]
    sheet = sheet_of(rules.start({}, names, "known", random.Random(1)))
    rows = rows_of(score_csv(sheet))
    if game == "dungeon":  # no hands: one row per player, from the start
        assert rows[0][:2] == ["seat", "name"] and [r[1] for r in rows[1:]] == names
    else:
        assert rows == [["hand", *(["dealer"] if game != "the-queens" else []), *names]]
