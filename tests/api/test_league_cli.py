"""``courtcard league`` against `courtcard serve` as shipped."""

from __future__ import annotations

import json

from api.cli import EXIT_NOT_FOUND
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)


def cli_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def night(live, names, seating):  # noqa: F811
    """A one-table session seated as given, its game ended at once by the scorekeeper."""
    session_id = cli_json("session", "new", "Night", "--game", "queens-dungeon", "--tables", "1",
                          *(a for n in names for a in ("--player", n)), "--url", live)["session_id"]
    seated = cli_json("session", "seat", session_id, "--table", ",".join(seating), "--url", live)
    assert run("log", seated["tables"][0]["game_id"], "end_game", "--url", live).exit_code == 0
    return session_id


def test_league_commands_start_a_league_add_a_session_and_show_its_standings(live):  # noqa: F811
    names = ["Ann", "Bob", "Cat", "Dan"]
    for name in names:
        assert run("player", "add", name, "--url", live).exit_code == 0
    first, second = night(live, names, names), night(live, names, names[::-1])
    league_id = cli_json("league", "new", "Winter league", "--session", first, "--best", "1", "--url", live)["league_id"]
    # The league's director token was kept: the session is added at once.
    added = run("league", "add", league_id, second, "--url", live)
    assert added.exit_code == 0 and "2 sessions" in added.output
    shown = run("league", "standings", league_id, "--url", live)
    assert shown.exit_code == 0, shown.output
    assert "Winter league" in shown.output and "the best 1 night of match points counts" in shown.output
    # A game ended before any hand: every seat level on 0, sharing first, 3 match points a night.
    body = cli_json("league", "standings", league_id, "--url", live)
    assert sorted(x["name"] for x in body["lines"]) == names and {x["points"] for x in body["lines"]} == {3}
    page = run("league", "standings", league_id, "--format", "html", "--url", live)
    assert page.exit_code == 0 and "@media print" in page.output
    assert run("league", "standings", league_id, "--format", "csv", "--url", live).output.lstrip("\ufeff").startswith(
        "rank,")


def test_league_commands_say_what_was_wrong(live):  # noqa: F811
    refused = run("league", "new", "Winter", "--session", "nosuchsession", "--url", live)
    assert refused.exit_code == EXIT_NOT_FOUND and "nosuchsession" in refused.output
    missing = run("league", "standings", "nosuchleague", "--url", live)
    assert missing.exit_code == EXIT_NOT_FOUND and "nosuchleague" in missing.output
