"""Queen's Dungeon (rules as refereed: ``docs/rules/queens-dungeon.md``)."""

from referee.games.queens_dungeon.game import QueensDungeon

__all__ = ["QueensDungeon"]
