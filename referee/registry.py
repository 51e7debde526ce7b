"""The registry of games: every game Courtcard referees, by its registered name. Importing it
imports and registers every game of the index (``referee/game_index.py``), in its order, and with
each game its own events, so a process that imports the registry reads any game's record."""

from __future__ import annotations

from typing import Any

from events.registry import registry as event_registry
from events.envelope import Envelope
from referee.errors import RefereeError, UnknownGame
from referee.events import GameCreated
from referee.game import Game
from referee.game_index import DEFAULT_GAME as DEFAULT_GAME, GAMES as INDEX, game_class
from referee.confirmations import confirmable
from referee.undo import undoable

_GAMES: dict[str, Game[Any]] = {}


def served(game: Game[Any]) -> Game[Any]:
    """``game`` as the registry serves it, without registering it: with the players' confirmations
    of scored hands (``referee.confirmations``) and the undo of the last entry (``referee.undo``),
    which every game has. A test runs a game it defines this way, leaving the registry as it is."""
    return undoable(confirmable(game))


def register(game: Game[Any]) -> Game[Any]:
    """Add a game object under ``game.name`` (once), as :func:`served` makes it."""
    if game.name in _GAMES:
        raise ValueError(f"game {game.name!r} is already registered")
    _GAMES[game.name] = game = served(game)
    return game


def get_game(name: str) -> Game[Any]:
    """The game registered as ``name``; raises UnknownGame listing the known names."""
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game {name!r}; known games: {', '.join(game_names())}") from None


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_of_record(first: Any) -> Game[Any]:
    """The game a record is of: the one its first event names, which is always ``GameCreated``
    (``first``: that event, typed, or its envelope). Every reader of a record asks here. Raises
    UnknownGame for a name no game is registered under, and a RefereeError for a record that starts
    with another event.

    >>> game_of_record(GameCreated("the-queens", {}, ["Ann"], "known")).title
    'The Queens'
    """
    if isinstance(first, Envelope):  # read back with its event, or else decoded here
        first = first.event if first.event is not None else event_registry.decode(
            first.type, first.schema_version, first.payload)
    if not isinstance(first, GameCreated):
        raise RefereeError(f"a game's record starts with GameCreated, not {type(first).__name__}")
    return get_game(first.game)


def _load(name: str) -> Game[Any]:
    """The game the index lists as ``name``, made from its class (importing its package registers
    the game's own events)."""
    game: Game[Any] = game_class(name)()
    if game.name != name:
        raise ValueError(f"the index lists {type(game).__name__} as {name!r}, and it calls itself {game.name!r}")
    return game


for _name in INDEX:
    register(_load(_name))
