"""Two-Suit Tricks, a tiny trick game defined outside ``referee/`` to show what a new trick game
needs: one folder, built on ``referee.trickgame``, and no change anywhere else
(``tests/referee/test_sample_trick_game.py`` runs every check of ``test_every_game.py`` on it)."""

from tests.sample_game.game import TwoSuitTricks

__all__ = ["TwoSuitTricks"]
