"""Referee speed: random full hands of a trick game (4-player Queen's Dungeon unless told), and replay.

    .venv/bin/python bench/referee.py [--hands N] [--game queens-dungeon|queen-bees|black-queen]

Hands: every action goes through ``legal_actions``, ``decide`` and ``apply`` (in Queen's Dungeon
the call of trump, the shuffled deal, 52 cards with their tricks and the scoring; in the other
games their bidding instead of the call), like the service does minus storage. A hand counts when
it is scored. Replay: the events of those games folded with ``apply`` only. The last line printed
is one JSON object with ``hands_per_s`` and ``replay_events_per_s``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.registry import get_game  # noqa: E402

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
PLAYERS = {"queens-dungeon": 4, "queen-bees": 4, "black-queen": 6}


def play_hands(game_name: str, hands: int, seed: int) -> tuple[float, list[list[object]]]:
    """Play ``hands`` random hands (new games whenever one ends); return seconds and the logs."""
    game = get_game(game_name)
    players = PLAYERS[game_name]
    rng = random.Random(seed)
    decide, apply, legal, to_act = game.decide, game.apply, game.legal_actions, game.to_act
    logs: list[list[object]] = []
    played = 0
    start = time.perf_counter()
    while played < hands:
        state = game.initial_state()
        log = game.start({"players": players, "first_dealer": rng.randrange(players)}, NAMES[:players], "known", rng)
        for event in log:
            apply(state, event)
        while state.phase != "over" and played + len(state.history) < hands:
            command = rng.choice(legal(state, to_act(state)[0]))
            events = decide(state, command, rng)
            for event in events:
                apply(state, event)
            log.extend(events)
        played += len(state.history)
        logs.append(log)
    return time.perf_counter() - start, logs


def replay_all(game_name: str, logs: list[list[object]], rounds: int) -> tuple[float, int]:
    """Fold every log ``rounds`` times with ``apply`` only; return seconds and events applied."""
    game = get_game(game_name)
    apply = game.apply
    count = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for log in logs:
            state = game.initial_state()
            for event in log:
                apply(state, event)
            count += len(log)
    return time.perf_counter() - start, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--replay-rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--game", choices=sorted(PLAYERS), default="queens-dungeon")
    args = parser.parse_args()
    play_hands(args.game, 200, args.seed + 1)  # warm-up
    seconds, logs = play_hands(args.game, args.hands, args.seed)
    actions = sum(len(log) for log in logs)
    print(f"played {args.hands} random {PLAYERS[args.game]}-player {args.game} hands in {seconds:.2f}s: "
          f"{args.hands / seconds:,.0f} hands/s ({actions} events)")
    rseconds, count = replay_all(args.game, logs, args.replay_rounds)
    print(f"replayed {count} events in {rseconds:.2f}s: {count / rseconds:,.0f} events/s")
    print(json.dumps({"hands_per_s": round(args.hands / seconds, 1), "replay_events_per_s": round(count / rseconds),
                      "game": args.game, "hands": args.hands, "events": count, "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
