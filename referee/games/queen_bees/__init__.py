"""Queen Bees (rules: ``rules/source/queen-bees.txt`` and ``rules/RULINGS.md``), on the engine
the plain trick games share (``referee.trickgame``)."""

from referee.games.queen_bees.game import QueenBees

__all__ = ["QueenBees"]
