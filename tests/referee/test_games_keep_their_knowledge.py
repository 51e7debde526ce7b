"""Each game owns its knowledge: no module outside ``referee/games/X/`` names game X (its
registered name, its title, its package) or one of X's own event classes, except the registry,
which lists every game in its index (the page's drawing of a game's table is a web static file,
never scanned). What a shared module needs of a game, it asks through the game's hooks.

What counts is code: a string the code uses, an import, a name. Prose (docstrings, comments) may
give a game as an example.
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from events.registry import registry
from referee.confirmations import Confirmable
from referee.registry import game_names, get_game
from referee.trickgame.game import TrickGame
from referee.undo import Undoable

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("referee", "workers", "api", "events")
#: Lists every game, by design: the index (names, where each game lives, the default game), which
#: the command line reads without loading the rules, and the registry that loads what it lists.
INDEX = "referee/game_index.py"
REGISTRY = ("referee/registry.py", INDEX)

def unwrapped(game):
    """The game itself: the registry wraps every game in the confirmations and the undo."""
    while isinstance(game, (Undoable, Confirmable)):
        game = game.inner
    return game


def package_of(game) -> str:
    """The package a game lives in, ``referee.games.X``."""
    return ".".join(type(unwrapped(game)).__module__.split(".")[:3])


def own_events(package: str) -> set[str]:
    """The class names of the event types registered from inside a game's package."""
    classes = (registry.lookup(name).cls for name in registry.names())
    return {cls.__name__ for cls in classes if cls.__module__.startswith(package + ".")}


GAMES = {name: get_game(name) for name in game_names()}


@functools.cache
def names_of(name: str) -> tuple[re.Pattern, str, set[str]]:
    """What names game ``name`` in code: its registered name or title as a word of a string, its
    package in an import or a dotted name, its own event classes as a name or a string."""
    game = GAMES[name]
    package = package_of(game)
    words = "|".join(re.escape(text) for text in (game.name, game.title))
    return re.compile(rf"(?<![\w'-])(?:{words})(?![\w'-])"), package, own_events(package)


@functools.cache
def longer_names(name: str) -> re.Pattern:
    """Other games' names and titles that hold game ``name``'s ("Queen's Dungeon" holds
    "Dungeon"): they name the other game, so they are taken out before looking for this one."""
    game = GAMES[name]
    mine = (game.name.lower(), game.title.lower())
    others = [text for other in GAMES.values() if other.name != name for text in (other.name, other.title)
              if any(word in text.lower() for word in mine)]
    return re.compile("|".join(re.escape(text) for text in others) or "(?!)")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.add(id(body[0].value))
    return found


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for an attribute chain on a name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


@functools.cache
def games_named(path: Path) -> set[str]:
    """The games a module names in its code."""
    tree = ast.parse(path.read_text(), str(path))
    prose = docstrings(tree)
    named = set()
    for name in GAMES:
        words, package, events = names_of(name)
        longer = longer_names(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
                hit = words.search(longer.sub("", node.value)) or node.value in events
            elif isinstance(node, ast.ImportFrom):
                hit = (node.module or "").startswith(package) or any(a.name in events for a in node.names)
            elif isinstance(node, ast.Import):
                hit = any(a.name.startswith(package) for a in node.names)
            elif isinstance(node, ast.Name):
                hit = node.id in events
            elif isinstance(node, ast.Attribute):
                hit = node.attr in events or (dotted(node) or "").startswith(package)
            else:
                hit = False
            if hit:
                named.add(name)
                break
    return named


def outside_modules(name: str) -> list[Path]:
    package_dir = ROOT / Path(*names_of(name)[1].split("."))
    return [p for folder in SCANNED for p in sorted((ROOT / folder).rglob("*.py"))
            if package_dir not in p.parents and p.relative_to(ROOT).as_posix() not in REGISTRY]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_module_outside_a_game_names_it(name):
    naming = {p.relative_to(ROOT).as_posix() for p in outside_modules(name) if name in games_named(p)}
    assert naming == set(), f"these modules name {name} outside its package"


def test_the_scan_sees_a_game_named():
    """The scan is not blind: the registry's index names every game, and each game's own module names it."""
    for name, game in GAMES.items():
        assert name in games_named(ROOT / INDEX)
        assert name in games_named(Path(inspect.getfile(type(unwrapped(game)))))


def test_a_trick_games_own_events_live_in_its_package():
    """An event only one trick game folds (its ``own_folds``, not another's) is that game's, and
    lives in its package; what two games fold (a bid) is the engine's, in ``referee.events``."""
    folds = {name: set(game.own_folds()) for name, game in ((n, unwrapped(g)) for n, g in GAMES.items())
             if isinstance(game, TrickGame)}
    assert len(folds) >= 3
    for name, own in folds.items():
        others = set().union(*(f for n, f in folds.items() if n != name))
        astray = {cls.__name__ for cls in own - others if not cls.__module__.startswith(package_of(GAMES[name]) + ".")}
        assert astray == set(), f"{name}'s own events live outside its package"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_importing_a_game_registers_its_own_events(name):
    """A process that imports a game's package (as the registry does) can read its records: the
    game's own events are registered from its package, under the names the records hold."""
    package = package_of(GAMES[name])
    code = (f"import {package}; from events.registry import registry; "
            f"print(' '.join(n for n in registry.names() if registry.lookup(n).cls.__module__.startswith('{package}.')))")
    names = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert set(names) == own_events(package)
    assert set(names) >= {"queens-dungeon": {"DealerCut", "TrumpCalled", "HandExchanged", "ChallengeAnnounced",
                                             "TrumpChanged", "TotalSet", "PenaltyAccepted"},
                          "black-queen": {"HandThrownIn", "ContractDeclared"}}.get(name, set())
