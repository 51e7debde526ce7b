"""Shaping a game's state for the API: the views, the status and legal actions as JSON."""

from __future__ import annotations

from typing import Any

from api.services import services
from workers.catalog import CatalogEntry
from referee.confirmations import confirmation_status
from referee.game import Game, GameState


def game_finished(game_id: str) -> bool:
    """Has the game an outcome? (Hidden hands stop being secret once it has.)"""
    with services().referee.locked_state(game_id) as (game, state):
        return game.outcome(state) is not None


def status_of(game: Game, state: GameState) -> str:
    return "finished" if game.outcome(state) is not None else "in_progress"


def game_view(entry: CatalogEntry, game: Game, state: GameState, view: str, seat: int | None,
              table: dict | None) -> dict[str, Any]:
    """The body of GET /games/{id}: the chosen view plus what every view shares; ``table`` is
    where the club seated the game, if it did (``Club.table_of``)."""
    if view == "director":
        shown = game.director_view(state)
    else:
        shown = game.public_view(state, seat)
    return {
        "game_id": entry.game_id,
        "game": game.name,
        "title": game.title,
        "record": entry.record,
        "status": status_of(game, state),
        "version": state.version,
        "to_act": list(game.to_act(state)),
        "view": shown,
        "scores": game.scores(state),
        "outcome": game.outcome(state),
        "table": table,
        "confirmations": confirmation_status(game, state),
    }


def action_payloads(game: Game, commands: list[Any]) -> list[dict[str, Any]]:
    """Commands as the JSON bodies that would log them (``{"action": "play", "seat": 1, ...}``)."""
    out = []
    for command in commands:
        name = game.action_of(command)
        out.append({"action": name, **game.command_schemas[name].dump(command)})
    return out
