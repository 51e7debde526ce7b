"""The registry's index (``referee/game_index.py``): every registered game by name, where its class
lives, and the default game, read by the command line and the API's document without any rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.game_index import DEFAULT_GAME, GAMES
from referee.game_wrapper import own_game
from referee.registry import game_names, get_game

ROOT = Path(__file__).resolve().parents[2]


def test_the_index_lists_every_registered_game_where_it_lives_and_the_default_is_one():
    assert sorted(GAMES) == game_names() and DEFAULT_GAME in GAMES
    for name, (package, cls) in GAMES.items():
        game = own_game(get_game(name))
        assert type(game).__name__ == cls and type(game).__module__.startswith(package + ".")


def test_reading_the_index_loads_no_rules():
    code = "import sys, referee.game_index; print(sorted(m for m in sys.modules if m.split('.')[0] in ('referee', 'events', 'marshmallow')))"
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['referee', 'referee.game_index']"


def test_a_game_class_asked_of_the_index_loads_that_game_alone():
    """``courtcard show`` asks the game it shows to write its table: that game's rules load, never
    the registry with every other game's."""
    code = ("import sys; from referee.game_index import game_class; print(game_class('dungeon').title); "
            "print(sorted({'.'.join(m.split('.')[:3]) for m in sys.modules if m.startswith('referee.games.')}), "
            "'referee.registry' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["Dungeon", "['referee.games.dungeon'] False"]
