"""``courtcard demo``: a whole random game played through the running service, like a table would."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from rich.progress import Progress

from api.client import Client

#: Actions a random table never takes on its own: they end, accuse or undo rather than play.
NOT_RANDOM = {"end_game", "claim_renege", "take_back", "accept_penalty"}


def play_demo(client: Client, game: str, players: int, options: dict[str, Any], seed: int | None,
              max_actions: int, console: Console) -> tuple[str, dict]:
    """Create a known-record game and log random legal actions until it ends. Returns (id, final view)."""
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    defaults = next(g["options"] for g in client.request("GET", "/games/catalog").json() if g["name"] == game)
    if "players" in defaults:  # games with a fixed table (Black Queen: 6) have no such option
        options = {"players": players, **options}
    created = client.create_game(game, names, options, record="known")
    game_id = created["game_id"]
    console.print(f"Playing game {game_id} ({game}, {players} players, known record)")
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("actions logged", total=None)
        for _ in range(max_actions):
            body = client.game(game_id)
            if body["outcome"] is not None:
                return game_id, body
            choices = _choices(client, game_id, body["to_act"], len(names), rng)
            if not choices:
                break
            client.act(game_id, rng.choice(choices), if_match=body["version"])
            progress.update(task, advance=1, description=f"version {body['version'] + 1}")
    return game_id, client.game(game_id)


def _choices(client: Client, game_id: str, to_act: list[int], players: int, rng: random.Random) -> list[dict]:
    """The random table's options now: one seat's, of those whose turn it is. With nobody's turn
    (a deal, a window anyone may answer, which the game does not say to keep hidden who could),
    every seat's, as the scorekeeper with the token sees them."""
    if to_act:
        seats = [rng.choice(to_act)]
    else:
        seats = list(range(players))
    return [a for seat in seats for a in client.legal(game_id, seat) if a["action"] not in NOT_RANDOM]
