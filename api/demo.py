"""``courtcard demo``: a whole random game played through the running service, like a table would."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from rich.progress import Progress

from api.client import Client
from referee.confirmations import CONFIRM_ACTION
from referee.undo import REDO_ACTION, UNDO_ACTION

#: Actions a random table never takes on its own: they end, accuse, undo or confirm rather than play.
NOT_RANDOM = {"end_game", "claim_renege", "take_back", "accept_penalty", "give_up", UNDO_ACTION, REDO_ACTION,
              CONFIRM_ACTION}
#: A patience can be played round and round for ever (a talon with Queens in it): after this many
#: actions the random player gives up where the game allows it.
GIVE_UP_AFTER = 1000


def play_demo(client: Client, game: str, players: int | None, options: dict[str, Any], seed: int | None,
              max_actions: int, console: Console) -> tuple[str, dict]:
    """Create a known-record game and log random legal actions until it ends. Returns (id, final view).
    ``players`` None: the game's default (one for a patience), else 4."""
    rng = random.Random(seed)
    defaults = next(g["options"] for g in client.request("GET", "/games/catalog").json() if g["name"] == game)
    players = players or defaults.get("players") or 4
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    if "players" in defaults:  # games with a fixed table (Black Queen: 6) have no such option
        options = {"players": players, **options}
    created = client.create_game(game, names, options, record="known")
    game_id = created["game_id"]
    console.print(f"Playing game {game_id} ({game}, {players} players, known record)")
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("actions logged", total=None)
        for logged in range(max_actions):
            body = client.game(game_id)
            if body["outcome"] is not None:
                return game_id, body
            choices = _choices(client, game_id, body["to_act"], len(names), rng, logged >= GIVE_UP_AFTER)
            if not choices:
                break
            client.act(game_id, rng.choice(choices), if_match=body["version"])
            progress.update(task, advance=1, description=f"version {body['version'] + 1}")
    return game_id, client.game(game_id)


def _choices(client: Client, game_id: str, to_act: list[int], players: int, rng: random.Random,
             weary: bool) -> list[dict]:
    """The random table's options now: one seat's, of those whose turn it is. With nobody's turn
    (a deal, a window anyone may answer, which the game does not say to keep hidden who could),
    every seat's, as the scorekeeper with the token sees them. A ``weary`` player gives up if the
    game lets it."""
    seats = [rng.choice(to_act)] if to_act else list(range(players))
    legal = [a for seat in seats for a in client.legal(game_id, seat)]
    give_up = [a for a in legal if a["action"] == "give_up"]
    if weary and give_up:
        return give_up
    return [a for a in legal if a["action"] not in NOT_RANDOM]
