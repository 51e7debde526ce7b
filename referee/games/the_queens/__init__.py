"""The Queens, a two-pack patience (rules: ``rules/source/the-queens.txt`` and ``rules/RULINGS.md``)."""

from referee.games.the_queens.game import TheQueens

__all__ = ["TheQueens"]
