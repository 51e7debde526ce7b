"""A session's page: its rounds and tables by number, with their players and games, above its
printable standings (``workers.standings_pages``); made from the session's and the standings'
documents alone (results and rulings, never a hand)."""

from __future__ import annotations

from typing import Any

from workers.html_record import escape
from workers.standings_pages import printable_page


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


def player_page(player: dict[str, Any]) -> str:
    """A player's page (``GET /players/{id}`` as a page, no token): their names, the session games
    they played with the result, their rating game by game, and the claims by or against them.
    Every name is escaped; it holds nothing a player's page may not show (never a hand)."""
    games = "".join(
        f"<tr><td><a href='/session/{escape(g['session_id'])}'>{escape(g['session'])}</a></td><td>{g['round']}</td>"
        f"<td>{g['table']}</td><td><a href='/play/{escape(g['game_id'])}'>{escape(g['game_id'])}</a></td>"
        f"<td>{_result_words(g)}</td></tr>" for g in player["games"])
    ratings = "".join(
        f"<h3>{escape(r['game'])}: {r['ordinal']:.1f} after {r['games']} games</h3><table><thead><tr><th>Game</th>"
        "<th>Place</th><th>Rating</th></tr></thead><tbody>"
        + "".join(f"<tr><td>{escape(h['game_id'])}</td><td>{h['place']}</td><td>{h['ordinal']:.1f}</td></tr>"
                  for h in r["history"]) + "</tbody></table>" for r in player["ratings"])
    disputes = "".join(
        f"<li>{escape(d['claimant'])} claimed against {escape(d['accused'])}, hand {d['hand']} trick {d['trick']}, "
        f"table {d['table']} of round {d['round']} ({escape(d['game_id'])}): {escape(d['verdict'] or 'not ruled yet')}</li>"
        for d in player["disputes"])
    body = [f"<p>Also known as: {escape(', '.join(player['names'][1:]))}</p>" if len(player["names"]) > 1 else "",
            "<h2>Games</h2>", (f"<table><thead><tr><th>Session</th><th>Round</th><th>Table</th><th>Game</th>"
                               f"<th>Result</th></tr></thead><tbody>{games}</tbody></table>") if games else "<p>No game yet.</p>",
            "<h2>Ratings</h2>", ratings or "<p>No rating yet.</p>",
            "<h2>Disputes</h2>", f"<ul>{disputes}</ul>" if disputes else "<p>No claim by or against this player.</p>"]
    member = f"member {player['member_number']}" if player.get("member_number") else ""
    return printable_page(player["name"], member, body)


def _result_words(played: dict[str, Any]) -> str:
    if not played["finished"]:
        return "in play"
    total = "" if played["total"] is None else f", total {played['total']}"
    return f"place {played['place']}{total}" + ("" if played["confirmed"] else " (not yet confirmed)")
