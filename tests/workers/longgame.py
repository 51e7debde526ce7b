"""Recording long random Queen's Dungeon games straight into the event store (no HTTP), so workers
have real work: the referee decides every action, the events are appended in large batches."""

from __future__ import annotations

import random

from events.store import EventStore
from referee.registry import get_game

GAME = get_game("queens-dungeon")
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def random_game_events(hands: int, seed: int, target: int = 10**9) -> list:
    """The events of a 4-player known-record game of ``hands`` random hands (fewer if it ends)."""
    rng = random.Random(seed)
    state = GAME.initial_state()
    log = GAME.start({"players": 4, "first_dealer": rng.randrange(4), "target": target}, NAMES, "known", rng)
    for event in log:
        GAME.apply(state, event)
    while state.phase != "over" and len(state.history) < hands:
        command = rng.choice(GAME.legal_actions(state, GAME.to_act(state)[0]))
        for event in GAME.decide(state, command, rng):
            GAME.apply(state, event)
            log.append(event)
    return log


def record_game(store: EventStore, game_id: str, events: list, batch: int = 2000) -> int:
    """Append ``events`` as game ``game_id`` in batches; returns the game's version."""
    version = 0
    for start in range(0, len(events), batch):
        version = store.append(game_id, events[start:start + batch], version, "scorekeeper").version
    return version
