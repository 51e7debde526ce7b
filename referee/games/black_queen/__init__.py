"""Black Queen (rules as refereed: ``docs/rules/black-queen.md``), on the trick
engine of ``referee.trickgame``."""

from referee.games.black_queen.game import BlackQueen

__all__ = ["BlackQueen"]
