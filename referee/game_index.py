"""The index of the games Courtcard referees: each one's registered name and where its class
lives, and the game played when none is named.

It imports nothing until a game's class is asked for (``game_class``), so the command line
(``courtcard demo``'s default) and the API's document read it without loading any rules. The registry (``referee/registry.py``) imports and registers
every game listed here, in this order, as it is imported itself: importing a game registers its
own events, and every reader of a record relies on the registry having done so.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: The game ``courtcard demo`` plays and the API's document gives as its example.
DEFAULT_GAME = "queens-dungeon"

#: A game's registered name -> its package (which registers its events) and its class there.
GAMES: dict[str, tuple[str, str]] = {
    "queens-dungeon": ("referee.games.queens_dungeon", "QueensDungeon"),
    "queen-bees": ("referee.games.queen_bees", "QueenBees"),
    "black-queen": ("referee.games.black_queen", "BlackQueen"),
    "dungeon": ("referee.games.dungeon", "Dungeon"),
    "the-queens": ("referee.games.the_queens", "TheQueens"),
}


def game_class(name: str) -> Any:
    """The class of the game listed as ``name``, importing its package alone (which registers its
    own events); KeyError for a name the index does not list."""
    package, cls = GAMES[name]
    return getattr(import_module(package), cls)
