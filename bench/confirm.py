"""What the players' confirmations cost a legal list: a trick game after N scored hands (4-player
Queen's Dungeon unless told), a legal list asked for each seat, as the game alone gives it, with
the confirm offers (``referee.confirmations.Confirmable``) and as the registry serves it (with the
undo too); and ``confirmation_status`` as the desk asks it.

    .venv/bin/python bench/confirm.py [--hands N] [--game queens-dungeon|queen-bees|black-queen]

Times are CPU time of this process (the wall clock on a shared machine counts waits for a core).
The last line printed is one JSON object with each figure in microseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.confirmations import Confirm, confirmation_status, scored_hands  # noqa: E402
from referee.registry import get_game  # noqa: E402
from referee.undo import Redo, Undo  # noqa: E402

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
PLAYERS = {"queens-dungeon": 4, "queen-bees": 4, "black-queen": 6}
#: Options under which a game lasts as many hands as asked.
OPTIONS = {"queens-dungeon": {"target": 10**9}, "queen-bees": {"target": 10**9}, "black-queen": {"hands": 500}}
SKIPPED = (Confirm, Undo, Redo)


def played(name: str, hands: int, seed: int = 1):
    """A game played at random (legal actions only, no confirmation) until ``hands`` are scored."""
    game, rng, players = get_game(name), random.Random(seed), PLAYERS[name]
    state = game.initial_state()
    for event in game.start({"players": players, "first_dealer": 0, **OPTIONS[name]}, NAMES[:players], "known", rng):
        state = game.apply(state, event)
    while len(scored_hands(game, state)) < hands:
        seat = game.to_act(state)[0]
        command = rng.choice([c for c in game.legal_actions(state, seat) if type(c) not in SKIPPED
                              and game.action_of(c) not in ("end_game", "claim_renege")])
        for event in game.decide(state, command, rng):
            state = game.apply(state, event)
    return game, state


def per_call(f, seats: int, rounds: int = 2000) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for seat in range(seats):
            f(seat)
    return (time.process_time() - start) / (rounds * seats) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--game", default="queens-dungeon", choices=sorted(PLAYERS))
    args = parser.parse_args()
    served, state = played(args.game, args.hands)
    confirmable, own = served.inner, served.inner.inner
    seats = PLAYERS[args.game]
    figures = {
        "game": args.game, "hands": args.hands,
        "legal_game_us": round(per_call(lambda s: own.legal_actions(state, s), seats), 2),
        "legal_with_confirm_us": round(per_call(lambda s: confirmable.legal_actions(state, s), seats), 2),
        "legal_served_us": round(per_call(lambda s: served.legal_actions(state, s), seats), 2),
        "status_us": round(per_call(lambda s: confirmation_status(served, state), 1), 2),
    }
    print(f"{args.game}, {args.hands} hands scored: a legal list {figures['legal_game_us']} us from the game, "
          f"{figures['legal_with_confirm_us']} us with the confirm offers, {figures['legal_served_us']} us as served; "
          f"confirmation_status {figures['status_us']} us")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
