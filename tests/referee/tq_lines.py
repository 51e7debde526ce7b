"""Lines of play on the golden won deal (``tests/golden/tq-won.json``) for the audit's tests."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.the_queens import commands as cmd

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "tq-won.json"

#: 46 moves from the deal: the position after the 45th can still be won, after the 46th (a turn
#: of the pack) it cannot (the solver searches every position reachable).
LEAVES_THE_LINE_AT_46 = (
    "turn, turn, turn, turn, AD s4 foundation, AC s2 foundation, AH s6 s2, AH s5 foundation, turn, turn, "
    "AH s2 s6, 2H s2 foundation, turn, AH s6 foundation, AD s3 s4, AC s1 foundation, AS s7 foundation, "
    "3H s1 foundation, 2H s6 s7, 2S s5 s6, 2S s6 s1, turn, turn, 2H s7 foundation, turn, 2S s1 s6, "
    "3H s7 foundation, 3C s2 s5, 4H s7 foundation, 3S s1 s7, 4H s2 foundation, AD s4 foundation, 2D s4 s3, "
    "2S s6 foundation, 3S s7 s1, 3S s1 foundation, 3S s6 s7, 2D s3 foundation, 3S s7 s1, turn, "
    "3D s3 foundation, 5H s3 foundation, 4S s7 foundation, 5S s7 foundation, 5H s3 foundation, turn")


def golden_order() -> list[str]:
    return json.loads(GOLDEN.read_text())["events"][1]["payload"]["order"]


def commands(line: str) -> list:
    """The commands of a line written ``card source target`` or ``turn``, comma separated."""
    out = []
    for move in line.split(", "):
        parts = move.split()
        out.append(cmd.Turn(0) if parts == ["turn"] else cmd.Move(0, parts[0], parts[2], parts[1]))
    return out


def actions(line: str) -> list[dict]:
    """The same line as the API's action bodies."""
    return [{"action": "turn", "seat": 0} if isinstance(c, cmd.Turn) else
            {"action": "move", "seat": 0, "card": c.card, "source": c.source, "target": c.target}
            for c in commands(line)]


def won_line() -> list[dict]:
    """The moves of the golden won game, as the API's action bodies (the deal left out)."""
    events = json.loads(GOLDEN.read_text())["events"]
    return [{"action": "move", "seat": 0, **{k: e["payload"][k] for k in ("card", "source", "target")}}
            for e in events if e["type"] == "QueensCardMoved"]
