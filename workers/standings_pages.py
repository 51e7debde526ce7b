"""Standings as a printable page (for the club's wall or its website) and as CSV: pure functions
of a session's or a league's standings (``referee.club.standings``, ``referee.club.leagues``).

The page is self-contained (inline CSS, no script, no network), fits a phone and prints on A4;
every name is escaped (``workers.html_record.escape``). It shows the standings as ruled and as
played, each adjustment with its kind and reason, how the lines are counted, and each line's
games with the place in each. The CSV is the exports' (``workers.exports``): UTF-8 with a
byte-order mark, and no cell a spreadsheet would run as a formula.

``names`` maps a player id to the name shown (a roster's display name); a guest
("guest:<name>") shows as its name; any other id shows as itself. ``ratings`` (optional) maps a
player id to the rating shown beside the line (an OpenSkill ordinal, to one decimal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.club.leagues import LeagueStandings
from referee.club.results import GUEST
from referee.club.standings import RANKING, SessionStandings, StandingLine
from workers.exports import _csv as csv_table  # the exports' CSV: byte-order mark, no formulas
from workers.html_record import escape

_STYLE = """
*{box-sizing:border-box}body{font-family:Georgia,serif;margin:0 auto;padding:.75em;max-width:60em;color:#111;line-height:1.4}
h1,h2{font-family:Helvetica,Arial,sans-serif;line-height:1.2}h1{font-size:1.5em}.sub{color:#444}
.wide{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.5em 0 1.5em;width:100%}td,th{border:1px solid #999;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#eee}td.n{text-align:right;font-variant-numeric:tabular-nums}.why{color:#555;font-size:.85em}
.adj{font-style:italic}
@media print{@page{size:A4;margin:12mm}body{max-width:none;padding:0;font-size:10pt}.wide{overflow:visible}
table{font-size:9pt}tr{page-break-inside:avoid}h2{page-break-after:avoid}}
"""


def shown_name(player: str, names: Mapping[str, str]) -> str:
    """The name a line shows for ``player``."""
    if player in names:
        return names[player]
    return player[len(GUEST):] + " (guest)" if player.startswith(GUEST) else player


def printable_page(title: str, subtitle: str, body: list[str]) -> str:
    """A clean page to print or publish: the title, a line under it, then ``body``."""
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>", f'<p class="sub">{escape(subtitle)}</p>' if subtitle else "",
        *body, "</body></html>"])


def _rating(player: str, ratings: Mapping[str, float] | None) -> str:
    value = (ratings or {}).get(player)
    return "" if value is None else f"{value:.1f}"


def _session_table(lines: list[StandingLine], names: Mapping[str, str], ratings: Mapping[str, float] | None) -> str:
    head = ["Rank", "Player", "Games", "Match points", "First places", "Total"]
    head += ["Rating"] if ratings is not None else []
    head += ["Places, game by game", "Why below the line above"]
    rows = []
    for x in lines:
        games = ", ".join(f"{p} ({escape(g)}{', ruled' if g in x.adjusted else ''})"
                          for p, g in zip(x.places, x.game_ids))
        cells = [f'<td class="n">{x.rank}</td>', f"<td>{escape(shown_name(x.player, names))}</td>",
                 f'<td class="n">{x.games}</td>', f'<td class="n">{x.match_points}</td>',
                 f'<td class="n">{x.firsts}</td>', f'<td class="n">{"" if x.total is None else x.total}</td>']
        if ratings is not None:
            cells.append(f'<td class="n">{_rating(x.player, ratings)}</td>')
        cells += [f"<td>{games}</td>", f'<td class="why">{escape(x.tie_break or "")}</td>']
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ('<div class="wide"><table><thead><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def session_html(title: str, standings: SessionStandings, names: Mapping[str, str] | None = None,
                 ratings: Mapping[str, float] | None = None, subtitle: str = "") -> str:
    """The printable standings of a session: as ruled (when the director ruled any result), as
    played, the adjustments with their reasons, and how the lines are counted."""
    names = names or {}
    body: list[str] = []
    if standings.adjustments:
        body += ["<h2>Standings as ruled</h2>", _session_table(standings.as_ruled, names, ratings)]
    body += ["<h2>Standings as played</h2>" if standings.adjustments else "<h2>Standings</h2>",
             _session_table(standings.as_played, names, ratings)]
    if standings.adjustments:
        body.append("<h2>The director's rulings</h2><ul>")
        for a in standings.adjustments:
            kind = "Adjusted score" if a.kind == "adjusted" else "Ruling on appeal"
            body.append(f'<li class="adj">{kind}, game {escape(a.game_id)}: places '
                        f'{escape(", ".join(map(str, a.places)))}; {escape(a.reason)}</li>')
        body.append("</ul>")
    body.append(f"<h2>How the standings are counted</h2><p>{standings.games} finished games.</p><ol>"
                + "".join(f"<li>{escape(r)}</li>" for r in RANKING) + "</ol>")
    return printable_page(title, subtitle, body)


def league_html(standings: LeagueStandings, names: Mapping[str, str] | None = None,
                ratings: Mapping[str, float] | None = None, subtitle: str = "") -> str:
    """The printable standings of a league, each line with its nights and which of them counted."""
    names = names or {}
    league = standings.league
    head = ["Rank", "Player", "League points", "Nights", "Nights won", "Total"]
    head += ["Rating"] if ratings is not None else []
    head += ["Match points, night by night", "Why below the line above"]
    rows = []
    for x in standings.lines:
        nights = ", ".join(f"{mp}{'' if s in x.counted else ' (not counted)'} ({escape(s)}, rank {r})"
                           for s, mp, r in x.by_session)
        cells = [f'<td class="n">{x.rank}</td>', f"<td>{escape(shown_name(x.player, names))}</td>",
                 f'<td class="n">{x.points}</td>', f'<td class="n">{x.nights}</td>', f'<td class="n">{x.nights_won}</td>',
                 f'<td class="n">{"" if x.total is None else x.total}</td>']
        if ratings is not None:
            cells.append(f'<td class="n">{_rating(x.player, ratings)}</td>')
        cells += [f"<td>{nights}</td>", f'<td class="why">{escape(x.tie_break or "")}</td>']
        rows.append("<tr>" + "".join(cells) + "</tr>")
    table = ('<div class="wide"><table><thead><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table></div>")
    how = (f"<h2>How the league is counted</h2><p>{escape(league.rule_words().capitalize())}, as ruled by the "
           f"director; then nights won; then the total. {len(league.sessions)} sessions.</p>")
    return printable_page(league.name, subtitle, ["<h2>Standings</h2>", table, how])


def session_csv(standings: SessionStandings, names: Mapping[str, str] | None = None,
                ratings: Mapping[str, float] | None = None) -> str:
    """The standings as CSV: the lines as ruled, then as played (column ``standings``)."""
    names = names or {}
    header = ["standings", "rank", "player_id", "player", "games", "match_points", "firsts", "total", "rating",
              "places", "game_ids", "ruled_games", "tie_break"]
    rows: list[list[Any]] = []
    for view, lines in (("as ruled", standings.as_ruled), ("as played", standings.as_played)):
        rows += [[view, x.rank, x.player, shown_name(x.player, names), x.games, x.match_points, x.firsts, x.total,
                  _rating(x.player, ratings), " ".join(map(str, x.places)), " ".join(x.game_ids),
                  " ".join(x.adjusted), x.tie_break] for x in lines]
    return csv_table(header, rows)


def league_csv(standings: LeagueStandings, names: Mapping[str, str] | None = None,
               ratings: Mapping[str, float] | None = None) -> str:
    """A league's standings as CSV, one row per player."""
    names = names or {}
    header = ["rank", "player_id", "player", "points", "nights", "nights_won", "total", "rating", "counted",
              "match_points_by_session", "tie_break"]
    rows = [[x.rank, x.player, shown_name(x.player, names), x.points, x.nights, x.nights_won, x.total,
             _rating(x.player, ratings), " ".join(x.counted), " ".join(f"{s}:{mp}" for s, mp, _ in x.by_session),
             x.tie_break] for x in standings.lines]
    return csv_table(header, rows)
