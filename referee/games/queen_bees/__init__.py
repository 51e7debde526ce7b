"""Queen Bees (rules as refereed: ``docs/rules/queen-bees.md``), on the engine
every trick game runs on (``referee.trickgame``)."""

from referee.games.queen_bees.game import QueenBees

__all__ = ["QueenBees"]
