"""Queen's Dungeon (rules: ``rules/source/queens-dungeon.txt`` and ``rules/RULINGS.md``)."""

from referee.games.queens_dungeon.game import QueensDungeon

__all__ = ["QueensDungeon"]
