"""A session's standings as a printable HTML page and as CSV, made from the standings' JSON alone
(results and rulings, never a hand)."""

from __future__ import annotations

import csv
import io
from html import escape
from typing import Any

COLUMNS = ("rank", "name", "player", "games", "match_points", "totals", "tie_break")


def standings_csv(standings: dict[str, Any]) -> str:
    """One row per line, as played then as ruled (the ``standing`` column says which)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(("standing", *COLUMNS, "game_ids"))
    for which in ("as_played", "as_ruled"):
        for line in standings[which]:
            writer.writerow((which, *(line.get(c) if line.get(c) is not None else "" for c in COLUMNS),
                             " ".join(line["game_ids"])))
    return out.getvalue()


def standings_html(standings: dict[str, Any]) -> str:
    """A page for the wall or the club's website: both standings, then each ruling with its reason."""
    def table(lines):
        head = "".join(f"<th>{escape(c.replace('_', ' '))}</th>" for c in ("rank", "name", "games", "match points",
                                                                          "totals", "tie-break"))
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(str(line.get(c) if line.get(c) is not None else ''))}</td>"
                             for c in ("rank", "name", "games", "match_points", "totals", "tie_break")) + "</tr>"
            for line in lines)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"

    rulings = "".join(f"<li>Game {escape(a['game_id'])} ({escape(a['kind'])}): {escape(a['reason'])}</li>"
                      for a in standings["adjustments"]) or "<li>None</li>"
    status = ("Final" if standings["final"] else
              f"Correction period closes at {escape(standings['correction_closes_at'])}"
              if standings["correction_closes_at"] else "Not yet published")
    title = f"{escape(standings['name'])}, {escape(standings['date'])}"
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title}</title>"
            "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
            "padding:.2em .5em}</style></head>"
            f"<body><h1>{title}</h1><p>{escape(standings['game'])}. {status}.</p>"
            f"<h2>As ruled</h2>{table(standings['as_ruled'])}<h2>As played</h2>{table(standings['as_played'])}"
            f"<h2>Rulings</h2><ul>{rulings}</ul></body></html>")
