"""A session's page: its rounds and tables by number, with their players and games, above its
printable standings (``workers.standings_pages``); made from the session's and the standings'
documents alone (results and rulings, never a hand)."""

from __future__ import annotations

from typing import Any

from workers.html_record import escape


def session_page(session: dict[str, Any], standings_page: str, results: list[dict[str, Any]]) -> str:
    """The standings page with the session's rounds (each table's number, name, players and game,
    whether it is over and confirmed by the players, from ``results``) and a link to the public
    standings put before the standings."""
    state = {r["game_id"]: _state_words(r) for r in results}
    rounds = "".join(_round_html(r, state) for r in session["rounds"]) or "<p>No round seated yet.</p>"
    sid = escape(session["session_id"])
    section = (f"<h2>Rounds</h2><p>{len(session['tables'])} tables, {len(session['players'])} players.</p>{rounds}"
               f"<p><a href='/standings/{sid}'>The standings to print or publish</a></p>")
    head, h2, rest = standings_page.partition("<h2>")
    return head + section + h2 + rest


def _state_words(result: dict[str, Any]) -> str:
    if not result["finished"]:
        return "in play"
    return "over, confirmed" if result["confirmed"] else "over, not yet confirmed"


def _round_html(rnd: dict[str, Any], state: dict[str, str]) -> str:
    how = escape(rnd["method"]) + ("" if rnd["seed"] is None else f", seed {rnd['seed']}")
    rows = "".join(
        f"<tr><td>{t['number']} {escape(t['name'] or '')}</td><td>{escape(', '.join(t['names']))}</td>"
        f"<td><a href='/play/{escape(t['game_id'] or '')}'>{escape(t['game_id'] or '')}</a></td>"
        f"<td>{escape(state.get(t['game_id'], ''))}</td></tr>"
        for t in rnd["tables"])
    return (f"<h3>Round {rnd['round']} ({how})</h3><table><thead><tr><th>Table</th><th>Players</th><th>Game</th>"
            f"<th>Result</th></tr></thead><tbody>{rows}</tbody></table>")
