"""Queen Bees (rules: ``rules/source/queen-bees.txt`` and ``rules/RULINGS.md``).

The ``trick_*`` modules are the engine shared by the plain trick games (Queen Bees, Black Queen):
state, apply, decide and views for dealing, following, tricks, renege windows and claims.
"""

from referee.games.queen_bees.game import QueenBees

__all__ = ["QueenBees"]
