"""Standings and ratings of a league of finished games, made from the record.

    .venv/bin/python bench/standings.py [--games 1000] [--sessions 10] [--distinct 40] [--target 200]

``--distinct`` games of four-player Queen's Dungeon (to ``--target`` points) are played at random
by the referee (not timed); the league's ``--games`` tables each take one of these records with
four of the league's 40 players, in ``--sessions`` sessions. Timed: every table's record folded
again (``referee.replay``) and its result read (``referee.club.results.result_of``), each
session's standings with one adjusted score, the league's standings, and every rating
(``referee.club.ratings``). The last line printed is one JSON object with ``games``, ``events``,
``seconds`` (all of it) and the parts ``results_seconds`` (folding the records) and
``standings_seconds`` (standings, league and ratings from the results), and ``cpu_seconds`` (the
processor time of all of it, which other work on a shared machine does not inflate).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import errors  # noqa: E402
from referee.club.leagues import SessionAddedToLeague, create, fold, league_standings  # noqa: E402
from referee.club.ratings import ratings  # noqa: E402
from referee.club.results import result_of  # noqa: E402
from referee.club.standings import Adjustment, session_standings  # noqa: E402
from referee.registry import get_game  # noqa: E402
from referee.replay import replay  # noqa: E402

GAME = "queens-dungeon"


def random_game(seed: int, target: int) -> list:
    """A four-player game played to its end by random legal entries (no end, undo or redo)."""
    game = get_game(GAME)
    rng = random.Random(seed)
    log = game.start({"players": 4, "first_dealer": 0, "target": target}, ["N", "E", "S", "W"], "known", rng)
    state = replay(log)
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        command = rng.choice([a for a in game.legal_actions(state, seat)
                              if game.action_of(a) not in ("end_game", "undo", "redo")])
        try:
            events = game.decide(state, command, rng)
        except errors.InputError:
            continue
        for event in events:
            game.apply(state, event)
        log += events
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--distinct", type=int, default=40)
    parser.add_argument("--target", type=int, default=200)
    args = parser.parse_args()
    records = [random_game(seed, args.target) for seed in range(args.distinct)]
    rng = random.Random(7)
    players = [f"p{n:02}" for n in range(40)]
    tables = []  # (session id, round, table, record, the four players), in record order
    per_session = args.games // args.sessions
    for g in range(args.games):
        session, n = divmod(g, per_session)
        tables.append((f"S{session + 1}", 1 + n // 10, 1 + n % 10, records[g % len(records)], rng.sample(players, 4)))
    league_events = create("Bench league", "best", max(1, args.sessions - 2)) + [
        SessionAddedToLeague(f"S{s + 1}") for s in range(args.sessions)]

    start, cpu = time.perf_counter(), time.process_time()
    results = [result_of(f"g{i}", GAME, replay(record), four, round=rnd, table=table)
               for i, (_, rnd, table, record, four) in enumerate(tables)]
    folded = time.perf_counter()
    by_session: dict[str, list] = {}
    for (sid, *_), result in zip(tables, results):
        by_session.setdefault(sid, []).append(result)
    nights = {sid: session_standings(rs, [Adjustment(rs[0].game_id, (4, 3, 2, 1), rs[0].totals[::-1], "bench")])
              for sid, rs in by_session.items()}
    league = league_standings(fold(league_events), nights)
    rated = ratings(results)
    end, cpu = time.perf_counter(), time.process_time() - cpu

    assert all(r.finished for r in results) and len(league.lines) == len(players)
    figures = {"games": len(results), "events": sum(len(tables[i][3]) for i in range(len(tables))),
               "players": len(players), "ratings": len(rated), "results_seconds": round(folded - start, 3),
               "standings_seconds": round(end - folded, 3), "cpu_seconds": round(cpu, 3),
               "seconds": round(end - start, 3)}
    print(f"{figures['games']} games ({figures['events']} events) folded to results in {figures['results_seconds']} s; "
          f"standings of {args.sessions} sessions, the league and {figures['ratings']} ratings in "
          f"{figures['standings_seconds']} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
