"""One module per game, each implementing the game interface in ``referee.game``."""
