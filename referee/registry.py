"""The registry of games: every game Courtcard referees, by its registered name."""

from __future__ import annotations

from referee.errors import UnknownGame
from referee.game import Game
from referee.games.black_queen import BlackQueen
from referee.games.dungeon import Dungeon
from referee.games.queen_bees import QueenBees
from referee.games.queens_dungeon import QueensDungeon
from referee.games.the_queens import TheQueens
from referee.confirmations import confirmable
from referee.undo import undoable

_GAMES: dict[str, Game] = {}


def served(game: Game) -> Game:
    """``game`` as the registry serves it, without registering it: with the players' confirmations
    of scored hands (``referee.confirmations``) and the undo of the last entry (``referee.undo``),
    which every game has. A test runs a game it defines this way, leaving the registry as it is."""
    return undoable(confirmable(game))


def register(game: Game) -> Game:
    """Add a game object under ``game.name`` (once), as :func:`served` makes it."""
    if game.name in _GAMES:
        raise ValueError(f"game {game.name!r} is already registered")
    _GAMES[game.name] = game = served(game)
    return game


def get_game(name: str) -> Game:
    """The game registered as ``name``; raises UnknownGame listing the known names."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r}; known games: {', '.join(game_names())}") from None


def game_names() -> list[str]:
    return sorted(_GAMES)


register(QueensDungeon())
register(QueenBees())
register(BlackQueen())
register(Dungeon())
register(TheQueens())
