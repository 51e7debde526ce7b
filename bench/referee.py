"""Referee speed: random full hands of a trick game (4-player Queen's Dungeon unless told), or
random whole games of Dungeon and The Queens, and replay.

    .venv/bin/python bench/referee.py [--hands N] [--game queens-dungeon|queen-bees|black-queen]
    .venv/bin/python bench/referee.py --game dungeon|the-queens [--games N]

Hands: every action goes through ``legal_actions``, ``decide`` and ``apply`` (in Queen's Dungeon
the call of trump, the shuffled deal, 52 cards with their tricks and the scoring; in the other
games their bidding instead of the call), like the service does minus storage. A hand counts when
it is scored. Dungeon (4 players, known record, all its rules on: Jokers Wild, Pitch Black, Suicide
Queen, Counter Attack 3) and The Queens have no hands: whole random games are played the same way,
from the deal to the end (escape or last alive; won or stuck, or given up after
``--patience-moves`` moves, since a talon with Queens in it can be passed round for ever). Replay:
the events of those games folded with ``apply`` only. The last line printed is one JSON object with
``hands_per_s`` (or ``games_per_s``) and ``replay_events_per_s``, and the same per second of this
process's CPU time (``..._per_cpu_s``): on a machine others share, the wall clock counts the waits
for a core too, the CPU time only the work.
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
#: Games without hands, played whole: their players and options (every rule on).
WHOLE_GAMES = {
    "dungeon": (4, {"players": 4, "jokers_wild": True, "darkness": "pitch_black", "suicide_queen": True,
                    "counter_attack": 3}),
    "the-queens": (1, {}),
}
#: Actions a random player never takes: they undo, or end the game, rather than play.
NOT_RANDOM = {"take_back", "give_up", "end_game", "claim_renege", "accept_penalty", "undo", "redo", "confirm"}


def clock() -> tuple[float, float]:
    """Wall and CPU seconds now, to take :func:`since` from."""
    return time.perf_counter(), time.process_time()


def since(start: tuple[float, float]) -> tuple[float, float]:
    """Wall and CPU seconds since ``start`` (a :func:`clock`)."""
    wall, cpu = clock()
    return wall - start[0], cpu - start[1]


def play_hands(game_name: str, hands: int, seed: int) -> tuple[tuple[float, float], list[list[object]]]:
    """Play ``hands`` random hands (new games whenever one ends); return (wall, CPU) seconds and the logs."""
    game = get_game(game_name)
    players = PLAYERS[game_name]
    rng = random.Random(seed)
    decide, apply, legal, to_act = game.decide, game.apply, game.legal_actions, game.to_act
    logs: list[list[object]] = []
    played = 0
    start = clock()
    while played < hands:
        state = game.initial_state()
        log = game.start({"players": players, "first_dealer": rng.randrange(players)}, NAMES[:players], "known", rng)
        for event in log:
            apply(state, event)
        while state.phase != "over" and played + len(state.history) < hands:
            command = rng.choice([c for c in legal(state, to_act(state)[0]) if type(c).__name__ != "Undo"])
            events = decide(state, command, rng)
            for event in events:
                apply(state, event)
            log.extend(events)
        played += len(state.history)
        logs.append(log)
    return since(start), logs


def play_games(game_name: str, games: int, seed: int, patience_moves: int) -> tuple[tuple[float, float], list[list[object]]]:
    """Play ``games`` random whole games; return (wall, CPU) seconds and the logs. With nobody's turn (a deal,
    a window anyone may answer) every seat's legal actions are the choice, as the scorekeeper's."""
    game = get_game(game_name)
    players, options = WHOLE_GAMES[game_name]
    rng = random.Random(seed)
    decide, apply, legal, to_act = game.decide, game.apply, game.legal_actions, game.to_act
    logs: list[list[object]] = []
    start = clock()
    for _ in range(games):
        state = game.initial_state()
        log = game.start(options, NAMES[:players], "known", rng)
        for event in log:
            apply(state, event)
        moves = 0
        while game.outcome(state) is None:
            seats = to_act(state) or range(players)
            every = [c for seat in seats for c in legal(state, seat)]
            choices = [c for c in every if game.action_of(c) not in NOT_RANDOM]
            if moves >= patience_moves or not choices:
                choices = [c for c in every if game.action_of(c) == "give_up"]
                if not choices:
                    break
            events = decide(state, rng.choice(choices), rng)
            for event in events:
                apply(state, event)
            log.extend(events)
            moves += 1
        logs.append(log)
    return since(start), logs


def replay_all(game_name: str, logs: list[list[object]], rounds: int) -> tuple[tuple[float, float], int]:
    """Fold every log ``rounds`` times with ``apply`` only; return (wall, CPU) seconds and events applied."""
    game = get_game(game_name)
    apply = game.apply
    count = 0
    start = clock()
    for _ in range(rounds):
        for log in logs:
            state = game.initial_state()
            for event in log:
                apply(state, event)
            count += len(log)
    return since(start), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--replay-rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--game", choices=sorted(PLAYERS) + sorted(WHOLE_GAMES), default="queens-dungeon")
    parser.add_argument("--games", type=int, default=200, help="whole games of Dungeon or The Queens")
    parser.add_argument("--patience-moves", type=int, default=1000, help="The Queens: moves before giving up")
    args = parser.parse_args()
    if args.game in WHOLE_GAMES:
        return whole_games(args)
    play_hands(args.game, 200, args.seed + 1)  # warm-up
    (seconds, cpu), logs = play_hands(args.game, args.hands, args.seed)
    actions = sum(len(log) for log in logs)
    print(f"played {args.hands} random {PLAYERS[args.game]}-player {args.game} hands in {seconds:.2f}s ({cpu:.2f}s of CPU): "
          f"{args.hands / seconds:,.0f} hands/s, {args.hands / cpu:,.0f} a CPU second ({actions} events)")
    (rseconds, rcpu), count = replay_all(args.game, logs, args.replay_rounds)
    print(f"replayed {count} events in {rseconds:.2f}s ({rcpu:.2f}s of CPU): {count / rseconds:,.0f} events/s, "
          f"{count / rcpu:,.0f} a CPU second")
    print(json.dumps({"hands_per_s": round(args.hands / seconds, 1), "replay_events_per_s": round(count / rseconds),
                      "hands_per_cpu_s": round(args.hands / cpu, 1), "replay_events_per_cpu_s": round(count / rcpu),
                      "game": args.game, "hands": args.hands, "events": count, "python": sys.version.split()[0]}))


def whole_games(args: argparse.Namespace) -> None:
    play_games(args.game, 5, args.seed + 1, args.patience_moves)  # warm-up
    (seconds, cpu), logs = play_games(args.game, args.games, args.seed, args.patience_moves)
    events = sum(len(log) for log in logs)
    print(f"played {args.games} random {args.game} games in {seconds:.2f}s ({cpu:.2f}s of CPU): "
          f"{args.games / seconds:,.1f} games/s ({events} events, {events / seconds:,.0f} events decided/s)")
    (rseconds, rcpu), count = replay_all(args.game, logs, args.replay_rounds)
    print(f"replayed {count} events in {rseconds:.2f}s ({rcpu:.2f}s of CPU): {count / rseconds:,.0f} events/s, "
          f"{count / rcpu:,.0f} a CPU second")
    print(json.dumps({"games_per_s": round(args.games / seconds, 1), "events_per_game": round(events / args.games),
                      "replay_events_per_s": round(count / rseconds), "games_per_cpu_s": round(args.games / cpu, 1),
                      "replay_events_per_cpu_s": round(count / rcpu), "game": args.game, "games": args.games,
                      "events": count, "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
