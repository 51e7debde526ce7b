"""Black Queen (rules: ``rules/source/black-queen.txt`` and ``rules/RULINGS.md``), on the trick
engine of ``referee.trickgame``."""

from referee.games.black_queen import events  # noqa: F401 - registers the game's own events: whoever imports the registry reads its records
from referee.games.black_queen.game import BlackQueen

__all__ = ["BlackQueen"]
