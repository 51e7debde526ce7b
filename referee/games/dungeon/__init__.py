"""Dungeon (rules: ``rules/source/dungeon.txt`` and ``rules/RULINGS.md``, choices where they are
silent: ``docs/rules/dungeon.md``): the escape game, on its own state, not the trick engine."""

from referee.games.dungeon.game import Dungeon

__all__ = ["Dungeon"]
