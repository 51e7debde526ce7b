"""The Queens, a two-pack patience (rules as refereed: ``docs/rules/the-queens.md``)."""

from referee.games.the_queens.game import TheQueens

__all__ = ["TheQueens"]
