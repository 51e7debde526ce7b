"""Every ``courtcard`` command imports ``api.cli``: the rules of every game (``referee``) load only
in the commands that use them, so ``courtcard serve``, ``worker`` or ``--help`` start as fast as
they did before the command line knew the games' actions."""

from __future__ import annotations

import subprocess
import sys


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
