"""A table logging a random Queen's Dungeon game through the referee service, one action (one
request) at a time, as tables log them: what the store's memory per event is measured on."""

from __future__ import annotations

import random

from referee.service import RefereeService

#: Actions a random table does not take (they need a reason, or end the game).
NOT_RANDOM = {"end_game", "claim_renege", "take_back", "accept_penalty", "announce_challenge"}


def log_random_game(service: RefereeService, game_id: str, events: int, seed: int = 7) -> int:
    """Create a 4-player known-record game and log random legal actions until it has at least
    ``events`` events; returns how many actions (creation included) were logged."""
    rng = random.Random(seed)
    options = {"first_dealer": 0, "target": 10**9}
    service.create_game(game_id, service.plan_game("queens-dungeon", options, ["Ann", "Bob", "Cat", "Dan"], "known"),
                        actor="scorekeeper")
    actions = 1
    while True:
        game, state = service.state(game_id)
        if state.version >= events:
            return actions
        seat = rng.choice(game.to_act(state))
        command = rng.choice([c for c in game.legal_actions(state, seat) if game.action_of(c) not in NOT_RANDOM])
        name = game.action_of(command)
        service.act(game_id, name, game.command_schemas[name].dump(command), actor="scorekeeper")
        actions += 1
