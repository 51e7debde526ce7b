"""``courtcard player`` and ``courtcard session`` against `courtcard serve` as shipped."""

from __future__ import annotations

import json

from api.cli import EXIT_NOT_FOUND, EXIT_REFUSED
from tests.api.club_helpers import NAMES
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)


def cli_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_roster_and_session_commands_seat_a_round_and_show_table_numbers(live):  # noqa: F811
    for name in NAMES[:8]:
        assert run("player", "add", name, "--url", live).exit_code == 0
    listed = run("player", "list", "--url", live)
    assert listed.exit_code == 0 and all(name in listed.output for name in NAMES[:8])
    created = cli_json("session", "new", "Friday night", "--game", "queens-dungeon", "--tables", "2",
                       *(a for name in NAMES[:8] for a in ("--player", name)), "--table-name", "Window", "--url", live)
    session_id = created["session_id"]
    seated = cli_json("session", "seat", session_id, "--seed", "11", "--url", live)
    assert seated["method"] == "drawn" and seated["seed"] == 11 and len(seated["tables"]) == 2
    shown = run("session", "show", session_id, "--url", live)
    assert shown.exit_code == 0 and "Round 1 (drawn, seed 11)" in shown.output and "Table 1 (Window)" in shown.output
    game = seated["tables"][0]["game_id"]
    table = run("show", game, "--url", live)
    assert "Table 1 (Window), round 1 of session " + session_id in table.output
    # The table's token was kept: the scorekeeper logs on at once.
    assert run("log", game, "end_game", "--url", live).exit_code == 0
    standings = run("session", "standings", session_id, "--url", live)
    assert standings.exit_code == 0 and "As ruled" in standings.output
    assert run("session", "standings", session_id, "--format", "csv", "--url", live).output.startswith("standing,")


def test_session_commands_say_what_was_wrong(live):  # noqa: F811
    assert run("player", "add", "Ann", "--url", live).exit_code == 0
    refused = run("session", "new", "Night", "--game", "queens-dungeon", "--tables", "1", "--player", "Anne",
                  "--url", live)
    assert refused.exit_code == EXIT_REFUSED and "Did you mean 'Ann'" in refused.output
    missing = run("session", "show", "nosuchsession", "--url", live)
    assert missing.exit_code == EXIT_NOT_FOUND and "nosuchsession" in missing.output
