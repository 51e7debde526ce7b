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


STYLE = ("<style>body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;margin:.5em 0}"
         "td,th{border:1px solid #999;padding:.2em .5em;text-align:left}@media print{a{color:inherit}}</style>")


def _page(title: str, body: str) -> str:
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport "
            f"content='width=device-width,initial-scale=1'><title>{title}</title>{STYLE}</head><body>{body}</body></html>")


def session_html(session: dict[str, Any], standings: dict[str, Any]) -> str:
    """The session's page: each round's tables by number with their players and games, then the
    standings (as on the public standings page)."""
    rounds = "".join(_round_html(r) for r in session["rounds"]) or "<p>No round seated yet.</p>"
    title = f"{escape(session['name'])}, {escape(session['date'])}"
    return _page(title, f"<h1>{title}</h1><p>{escape(session['game'])}, {len(session['tables'])} tables, "
                        f"{len(session['players'])} players.</p><h2>Rounds</h2>{rounds}"
                        f"{_standings_body(standings)}"
                        f"<p><a href='/standings/{escape(session['session_id'])}'>Standings to print or publish</a></p>")


def _round_html(rnd: dict[str, Any]) -> str:
    how = escape(rnd["method"]) + ("" if rnd["seed"] is None else f", seed {rnd['seed']}")
    rows = "".join(
        f"<tr><td>{t['number']} {escape(t['name'] or '')}</td><td>{escape(', '.join(t['names']))}</td>"
        f"<td><a href='/play/{escape(t['game_id'] or '')}'>{escape(t['game_id'] or '')}</a></td></tr>"
        for t in rnd["tables"])
    return (f"<h3>Round {rnd['round']} ({how})</h3><table><thead><tr><th>table</th><th>players</th><th>game</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")


def standings_html(standings: dict[str, Any]) -> str:
    """A page for the wall or the club's website: both standings, then each ruling with its reason."""
    title = f"{escape(standings['name'])}, {escape(standings['date'])}"
    return _page(title, f"<h1>{title}</h1>{_standings_body(standings)}")


def _standings_body(standings: dict[str, Any]) -> str:
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
    return (f"<p>{escape(standings['game'])}. {status}.</p>"
            f"<h2>As ruled</h2>{table(standings['as_ruled'])}<h2>As played</h2>{table(standings['as_played'])}"
            f"<h2>Rulings</h2><ul>{rulings}</ul>")
