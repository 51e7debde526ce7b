"""Dungeon's score sheet refreshed by a worker: the departures (who left the game, how and in which
turn) carried from the stored sheet, against the record folded again to find them.

    .venv/bin/python bench/scoresheet.py [--players N] [--seed S] [--rounds R]

A random game of ``--players`` is played by the referee to its end (a player slain on the way);
each refresh builds the sheet from the state at the head, then adds its departures, as
``workers.jobs.update_scores`` does, either those of the sheet stored one version before
(``kept_departures``: no undo in the events after it, nobody new out) or those of the whole record
folded (``departures``). The last
line printed is one JSON object with ``events``, ``carried_ms`` and ``folded_ms`` (the mean of
``--rounds`` refreshes each).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.registry import get_game  # noqa: E402
from referee.replay import replay  # noqa: E402
from tests.workers.test_text_record import envelopes_of, random_record  # noqa: E402
from workers.scoresheet import build_sheet, departures, kept_departures, with_departures  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    game = get_game("dungeon")
    setup = ({"players": args.players}, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:args.players], "known")
    envelopes = envelopes_of(random_record("dungeon", seed=args.seed, steps=20_000, setup=setup))
    state = replay(e.event for e in envelopes)
    stored = (state.version - 1, build_sheet("g", game, replay(e.event for e in envelopes[:-1]), envelopes[:-1]))
    since = lambda version: envelopes[version:]  # noqa: E731 - the envelopes after the stored sheet
    assert stored[1]["departures"], "no player left the game: try another --seed"

    def carried() -> dict:
        sheet = build_sheet("g", game, state)
        return with_departures(sheet, kept_departures(sheet, stored, since))

    def folded() -> dict:
        return with_departures(build_sheet("g", game, state), departures(game, envelopes))

    assert carried()["rows"] == folded()["rows"]
    figures = {"events": len(envelopes), "players_out": len(stored[1]["departures"])}
    for name, refresh in (("carried", carried), ("folded", folded)):
        start = time.perf_counter()
        for _ in range(args.rounds):
            refresh()
        figures[f"{name}_ms"] = round((time.perf_counter() - start) / args.rounds * 1000, 3)
        print(f"{name}: {figures[f'{name}_ms']} ms a refresh ({figures['events']} events)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
