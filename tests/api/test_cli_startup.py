"""Every ``courtcard`` command imports ``api.cli``: the rules of every game (``referee``) load only
in the commands that use them, so ``courtcard serve``, ``worker`` or ``--help`` start as fast as
they did before the command line knew the games' actions."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)


def test_the_command_line_starts_without_loading_the_games_rules():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, api.cli; print(sorted(m for m in sys.modules if m.split('.')[0] in ('referee', 'workers')))"],
        capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]", loaded


def test_courtcard_version_and_help_load_no_store_client_no_http_client_no_rich_and_no_rules():
    """At a table every command is a wait: ``--version`` and ``--help`` load the command's own
    modules and click, never the Redis client, the embedded server's manager, requests, rich or the
    referee (bench/cli.py times them)."""
    script = ("import sys; from click.testing import CliRunner; from api.cli import main; "
              "assert CliRunner().invoke(main, [sys.argv[1]]).exit_code == 0; "
              "print(sorted({m.split('.')[0] if m.split('.')[0] != 'events' else m for m in sys.modules}))")
    for option in ("--version", "--help"):
        loaded = subprocess.run([sys.executable, "-c", script, option], capture_output=True, text=True, check=True).stdout
        for heavy in ("'redis'", "'requests'", "'rich'", "'referee'", "'workers'", "'events.server'", "'marshmallow'"):
            assert heavy not in loaded, (option, heavy, loaded)


def test_logging_a_card_or_creating_a_game_loads_neither_the_rules_nor_the_store_client(live, tmp_path):  # noqa: F811
    """``courtcard log`` checks what is typed against the service's catalog, so a card logged at a
    table costs no import of the games' rules (most of a second) nor of the Redis client."""
    created = run("new", "queens-dungeon", "--seat", "Ann", "--seat", "Bob", "--seat", "Cat", "--seat", "Dan",
                  "--record", "blind", "--option", "first_dealer=0", "--url", live, "--json")
    game = json.loads(created.output)["game_id"]
    assert run("log", game, "call_trump", "seat=Ann", "suit=H", "--url", live).exit_code == 0
    assert run("log", game, "deal", "--url", live).exit_code == 0
    script = ("import sys; from click.testing import CliRunner; from api.cli import main; "
              "done = CliRunner().invoke(main, sys.argv[1:]); assert done.exit_code == 0, done.output; "
              "print(done.output); print(sorted(sys.modules))")
    env = dict(os.environ, COURTCARD_HOME=os.environ["COURTCARD_HOME"])
    out = subprocess.run([sys.executable, "-c", script, "log", game, "play", "seat=Bob", "card=AS", "--url", live],
                         capture_output=True, text=True, check=True, env=env).stdout
    assert out.startswith("Bob plays the ace of spades."), out
    # A new game's options are checked against the same catalog.
    made = subprocess.run([sys.executable, "-c", script, "new", "queens-dungeon", "--seat", "Ann", "--seat", "Bob",
                           "--option", "first_dealer=Bob", "--url", live], capture_output=True, text=True, check=True,
                          env=env).stdout
    assert "created" in made, made
    for loaded in (out.splitlines()[-1], made.splitlines()[-1]):
        for heavy in ("'referee.registry'", "'referee.games", "'workers.", "'redis'", "'marshmallow'"):
            assert heavy not in loaded, (heavy, loaded)
