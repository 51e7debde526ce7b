"""Referee speed: random full 4-player Queen's Dungeon hands, and replay.

    .venv/bin/python bench/referee.py [--hands N] [--seconds S]

Hands: every action goes through ``legal_actions``, ``decide`` and ``apply`` (the call of trump,
the shuffled deal, 52 cards with their tricks and the scoring), like the service does minus
storage. Replay: the events of those games folded with ``apply`` only. The last line printed is
one JSON object with ``hands_per_s`` and ``replay_events_per_s``.
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

GAME = get_game("queens-dungeon")
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def play_hands(hands: int, seed: int) -> tuple[float, list[list[object]]]:
    """Play ``hands`` random hands (new games whenever one ends); return seconds and the logs."""
    rng = random.Random(seed)
    decide, apply, legal, to_act = GAME.decide, GAME.apply, GAME.legal_actions, GAME.to_act
    logs: list[list[object]] = []
    played = 0
    start = time.perf_counter()
    while played < hands:
        state = GAME.initial_state()
        log = GAME.start({"players": 4, "first_dealer": rng.randrange(4)}, NAMES, "known", rng)
        for event in log:
            apply(state, event)
        while state.phase != "over" and played < hands:
            command = rng.choice(legal(state, to_act(state)[0]))
            events = decide(state, command, rng)
            for event in events:
                apply(state, event)
            log.extend(events)
            if state.phase == "call_trump" or state.phase == "over":
                if state.hand is not None and state.hand.over:
                    played += 1
        logs.append(log)
    return time.perf_counter() - start, logs


def replay_all(logs: list[list[object]], rounds: int) -> tuple[float, int]:
    """Fold every log ``rounds`` times with ``apply`` only; return seconds and events applied."""
    apply = GAME.apply
    count = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for log in logs:
            state = GAME.initial_state()
            for event in log:
                apply(state, event)
            count += len(log)
    return time.perf_counter() - start, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--replay-rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    play_hands(200, args.seed + 1)  # warm-up
    seconds, logs = play_hands(args.hands, args.seed)
    actions = sum(len(log) for log in logs)
    print(f"played {args.hands} random 4-player hands in {seconds:.2f}s: {args.hands / seconds:,.0f} hands/s "
          f"({actions} events)")
    rseconds, count = replay_all(logs, args.replay_rounds)
    print(f"replayed {count} events in {rseconds:.2f}s: {count / rseconds:,.0f} events/s")
    print(json.dumps({"hands_per_s": round(args.hands / seconds, 1), "replay_events_per_s": round(count / rseconds),
                      "hands": args.hands, "events": count, "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
