"""Benchmark: loading a table action's command, through its marshmallow schema and through the
loader built from it (referee.command_loader), in microseconds a load, for a few usual commands.

    .venv/bin/python bench/commands.py

The last line is JSON: each command's figures and the ratio of the two.
"""

from __future__ import annotations

import json
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.command_loader import loader_for  # noqa: E402
from referee.registry import get_game  # noqa: E402

COMMANDS = [
    ("queens-dungeon", "play", {"seat": 1, "card": "QS"}),
    ("queens-dungeon", "claim_renege", {"seat": 1, "accused": 2, "trick": 3, "hand": 1}),
    ("black-queen", "declare", {"seat": 0, "trump": "H", "called": ["AS", "AC"]}),
    ("queens-dungeon", "confirm", {"seat": 2}),
]


def per_call_us(fn, number: int = 20_000) -> float:
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def main() -> None:
    figures = {}
    for game, action, fields in COMMANDS:
        schema = get_game(game).command_schemas[action]
        loader = loader_for(schema)
        assert loader.load(fields) == schema.load(dict(fields))
        marshmallow_us = per_call_us(lambda: schema.load(dict(fields)))
        loader_us = per_call_us(lambda: loader.load(fields))
        figures[f"{game}:{action}"] = {"marshmallow_us": round(marshmallow_us, 2), "loader_us": round(loader_us, 2),
                                       "ratio": round(marshmallow_us / loader_us, 1)}
        print(f"{game} {action}: marshmallow {marshmallow_us:.2f} us, loader {loader_us:.2f} us "
              f"({marshmallow_us / loader_us:.1f} times faster)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
