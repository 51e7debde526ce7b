"""Queen Bees (rules: ``rules/source/queen-bees.txt`` and ``rules/RULINGS.md``), on the engine
every trick game runs on (``referee.trickgame``)."""

from referee.games.queen_bees.game import QueenBees

__all__ = ["QueenBees"]
