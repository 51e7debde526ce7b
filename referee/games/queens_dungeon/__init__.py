"""Queen's Dungeon (rules: ``rules/source/queens-dungeon.txt`` and ``rules/RULINGS.md``)."""

from referee.games.queens_dungeon import events  # noqa: F401 - registers the game's own events: whoever imports the registry reads its records
from referee.games.queens_dungeon.game import QueensDungeon

__all__ = ["QueensDungeon"]
