"""Dungeon (rules as refereed, and the choices where the texts are
silent: ``docs/rules/dungeon.md``): the escape game, on its own state, not the trick engine."""

from referee.games.dungeon.game import Dungeon

__all__ = ["Dungeon"]
