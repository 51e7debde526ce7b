"""The score sheet read model: the game's own ``scores(state)`` with the version it reflects, and
the same sheet flattened to one row per hand and seat (for tables, CSV and the printable record).

The flattening relies only on the shape the game interface gives a finished hand's sheet: a dict
with ``hand``, a ``seats`` list (one dict per seat, with its ``unit`` when seats score in teams or
as themselves) and a ``units`` list (each with ``unit``, ``hand_total`` and the running ``total``).
Lists and dicts inside a seat's entry (settings, penalties) are kept as compact JSON text.
"""

from __future__ import annotations

import json
from typing import Any

from referee.game import Game, GameState

#: Read model name: ``courtcard:{<game>}:scores``.
SCORES = "scores"


def build_sheet(game_id: str, game: Game, state: GameState) -> dict[str, Any]:
    """The score sheet of ``state``: units, finished hands, totals, the hand in progress, outcome."""
    scores = game.scores(state)
    return {
        "game_id": game_id,
        "game": game.name,
        "version": state.version,
        "units": scores.get("units", []),
        "hands": scores.get("hands", []),
        "totals": scores.get("totals", []),
        "current": scores.get("current"),
        "outcome": game.outcome(state),
        "rows": score_rows(scores.get("hands", [])),
    }


def score_rows(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One flat row per finished hand and seat, with the seat's unit's hand total and running total."""
    rows = []
    for sheet in hands:
        units = {u.get("unit"): u for u in sheet.get("units", []) if isinstance(u, dict)}
        for seat in sheet.get("seats", []):
            row: dict[str, Any] = {"hand": sheet.get("hand")}
            row.update({k: _flat(v) for k, v in seat.items()})
            unit = units.get(seat.get("unit"))
            row["hand_total"] = unit.get("hand_total") if unit else None
            row["running_total"] = unit.get("total") if unit else None
            rows.append(row)
    return rows


def row_columns(rows: list[dict[str, Any]]) -> list[str]:
    """Every column of ``rows``, in the order they first appear."""
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    return list(columns)


def running_totals(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Per unit: its name and its total after each finished hand (starting from 0), for charts."""
    units = sheet.get("units", [])
    series = [{"unit": u.get("unit"), "name": u.get("name", str(u.get("unit"))), "totals": [0]} for u in units]
    for hand in sheet.get("hands", []):
        totals = hand.get("totals", [])
        for i, line in enumerate(series):
            line["totals"].append(totals[i] if i < len(totals) else line["totals"][-1])
    return series


def _flat(value: Any) -> Any:
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"), sort_keys=True)
    return value
