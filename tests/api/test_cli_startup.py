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
