"""The printable record of a game: one self-contained HTML page (inline CSS and SVG, no network).

Hand by hand and event by event (so trick by trick) in sentences, the rulings credited to whoever
made them, the score sheet and a chart of the running totals; for a game without hands, the players'
standing and the game's own drawing of what each laid out (``record_html``: Dungeon's dungeons). It fits
a phone's width (a wide table scrolls in its own box) and prints on A4. Everything comes from the
log and the score sheet derived from it, so the page can be rebuilt at any time; it carries the
chain head so a reader can match it to an export.
"""

from __future__ import annotations

import functools
import html
from string import Template
from typing import Any

from events.envelope import Envelope
from referee.game_index import GAMES as INDEX
from referee.registry import game_of_record, get_game
from referee.seat_names import escape_unseen
from referee.seat_names import Names
from workers.naming import seat_names
from workers.record_words import is_ruling, reason_words, sentence
from workers.scoresheet import HAND_LEADING, row_columns, running_totals, totals_grid

def escape(text: str) -> str:
    """Text for the page: HTML escaped, and a name's unseen characters (a bidi override, which would
    turn the rest of its line around; a control character) written as escapes (``\\u202e``)."""
    return html.escape(escape_unseen(text))


_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
# Phones first: nothing wider than the screen (a wide table scrolls in its own box), then A4 paper.
_STYLE = Template("""
*{box-sizing:border-box}body{font-family:Georgia,serif;margin:0 auto;padding:.75em;max-width:60em;color:#111;line-height:1.4}
h1,h2,h3{font-family:Helvetica,Arial,sans-serif;line-height:1.2}h1{font-size:1.4em}
.wide{overflow-x:auto;max-width:100%}svg{max-width:100%;height:auto}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.85em}td,th{border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee}.v{color:#666;text-align:right}.hash{font-family:monospace;font-size:.8em;word-break:break-all}
.rulings li{margin-bottom:.4em}.by{color:#555;font-style:italic}
${drawings}.details{display:flex;flex-wrap:wrap;gap:0 1em}caption{text-align:left;font-weight:bold}
@media print{@page{size:A4;margin:15mm}body{max-width:none;padding:0;font-size:10pt}.wide{overflow:visible}
h2{page-break-before:always}h2.first{page-break-before:avoid}${kept_whole}{page-break-inside:avoid}
table{font-size:8pt}td,th{overflow-wrap:anywhere}}
""")


@functools.cache
def style() -> str:
    """The style sheet of every record: its own, with the style of each registered game's drawing
    (``record_style``, ``record_kept_whole``) in the registry's order, so that every record has the
    same one. The games are fixed once the registry is imported: made once per process."""
    games = [get_game(name) for name in INDEX]
    return _STYLE.substitute(drawings="".join(g.record_style for g in games),
                             kept_whole=",".join(("tr", "li", *(s for g in games for s in g.record_kept_whole))))


def render_html(title: str, envelopes: list[Envelope], sheet: dict[str, Any], head: tuple[int, str],
                picture: str | None = None, view: dict[str, Any] | None = None) -> str:
    """The whole page for a game's ``envelopes`` (in version order) and its score ``sheet``; with
    ``picture``, the game's own drawing of the table at the end of the record (HTML it escaped);
    with ``view`` (the table as the game shows it), the game's drawing of what each player laid out
    (its ``record_html``: Dungeon's dungeons)."""
    names = seat_names(envelopes)
    game_id = envelopes[0].game_id if envelopes else ""
    by_hands = bool(sheet.get("hands")) or bool(sheet.get("units"))
    rulings = [e for e in envelopes if is_ruling(e)]
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}: game {escape(game_id)}</title><style>{style()}</style></head><body>",
        f"<h1>{escape(title)}: game {escape(game_id)}</h1>",
        f"<p>Seats: {escape(', '.join(f'{i}: {n}' for i, n in enumerate(names)))}. Events: {head[0]}. "
        f"Chain head: <span class=\"hash\">{escape(head[1])}</span></p>",
        _outcome(sheet, names),
        game_of_record(envelopes[0]).record_html(view) if view and envelopes else "",
        f"<h2 class=\"first\">The table at the end of the record</h2>{picture}" if picture else "",
        ('<h2 class="first">Running totals</h2><div class="wide">' + chart_svg(running_totals(sheet)) + "</div>"
         "<h2>Score sheet</h2>" + _totals_table(sheet) + "<h3>Details by hand</h3>" + _details(sheet))
        if by_hands else '<h2 class="first">Players</h2>' + _sheet_table(sheet.get("rows", []), sheet.get("game"), False),
        "<h2>Rulings</h2>", _rulings(rulings, names, envelopes),
        "<h2>Hand by hand</h2>" if by_hands else "<h2>Event by event</h2>", _hands(envelopes, names),
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p)


def chart_svg(series: list[dict[str, Any]], width: int = 640, height: int = 300) -> str:
    """An inline SVG line chart: one line per unit, its total after each hand (hand 0 = start)."""
    hands = max((len(s["totals"]) for s in series), default=1) - 1
    values = [t for s in series for t in s["totals"]] or [0]
    low, high = min(values + [0]), max(values + [0])
    high = high if high > low else low + 1
    left, right, top, bottom = 50, 150, 15, 30
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / hands if hands else 0)

    def y(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="Running totals by hand" font-family="Helvetica,Arial,sans-serif" font-size="11">',
           f'<line x1="{left}" y1="{y(0):.1f}" x2="{left + plot_w}" y2="{y(0):.1f}" stroke="#999"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#333"/>',
           f'<text x="{left - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
           f'<text x="{left - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
           f'<text x="{left + plot_w / 2:.1f}" y="{height - 5}" text-anchor="middle">hand</text>']
    step = max(1, hands // 10)
    for i in range(0, hands + 1, step):
        out.append(f'<text x="{x(i):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{i}</text>')
    for n, line in enumerate(series):
        colour = _COLOURS[n % len(_COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line["totals"]))
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        out.append(f'<rect x="{width - right + 10}" y="{top + 16 * n}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{width - right + 25}" y="{top + 16 * n + 9}">{escape(str(line["name"]))}: '
                   f'{line["totals"][-1]}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _outcome(sheet: dict[str, Any], names: list[str]) -> str:
    outcome = sheet.get("outcome")
    if not outcome:
        return "<p>The game is in progress.</p>"
    winners = [Names(names)(s) for s in outcome.get("winners", [])]
    reason = reason_words(outcome.get("reason"))
    if not winners:
        return f"<p><strong>Game over ({escape(reason)}), with no winner.</strong></p>"
    verb = "wins" if len(winners) == 1 else "win"
    return f"<p><strong>Game over: {escape(' and '.join(winners))} {verb} ({escape(reason)}).</strong></p>"


def _rulings(envelopes: list[Envelope], names: list[str], record: list[Envelope]) -> str:
    """Each claim and ruling as a sentence, credited to whoever made it, with its event number."""
    if not envelopes:
        return "<p>No claims or rulings.</p>"
    game = game_of_record(record[0])
    items = "".join(f'<li><span class="v">{e.version}.</span> {escape(sentence(e, names, game=game))}</li>'
                    for e in envelopes)
    return f'<ol class="rulings">{items}</ol>'


def _sheet_table(rows: list[dict[str, Any]], game: str | None, by_hands: bool = True) -> str:
    if not rows:
        return "<p>No hand finished yet.</p>" if by_hands else "<p>No players.</p>"
    columns = row_columns(rows, game)
    head = "".join(f"<th>{escape(c.replace('_', ' '))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(_text(r.get(c)))}</td>" for c in columns) + "</tr>" for r in rows)
    return f'<div class="wide"><table><tr>{head}</tr>{body}</table></div>'


def _totals_table(sheet: dict[str, Any]) -> str:
    """The running totals: a row per finished hand (its number, dealer, each side's total)."""
    header, grid = totals_grid(sheet)
    if not grid:
        return "<p>No hand finished yet.</p>"
    head = "".join(f"<th>{escape(c)}</th>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(_text(v))}</td>" for v in row) + "</tr>" for row in grid)
    return f'<div class="wide"><table class="totals"><tr>{head}</tr>{body}</table></div>'


def _details(sheet: dict[str, Any]) -> str:
    """Each finished hand's details turned on their side (a row per figure, a column per seat), so
    that a hand of eight players is as narrow as one of four."""
    rows = sheet.get("rows", [])
    if not rows:
        return ""
    figures = [c for c in row_columns(rows, sheet.get("game")) if c not in HAND_LEADING]
    out = []
    for hand in dict.fromkeys(r.get("hand") for r in rows):
        seats = [r for r in rows if r.get("hand") == hand]
        head = "".join(f"<th>{escape(_text(r.get('name')))}</th>" for r in seats)
        body = "".join(f"<tr><th>{escape(c.replace('_', ' '))}</th>" + "".join(
            f"<td>{escape(_text(r.get(c)))}</td>" for r in seats) + "</tr>" for c in figures)
        out.append(f'<div class="wide"><table class="detail"><caption>Hand {escape(_text(hand))}</caption>'
                   f"<tr><th></th>{head}</tr>{body}</table></div>")
    return '<div class="details">' + "".join(out) + "</div>"


def _hands(envelopes: list[Envelope], names: list[str]) -> str:
    groups: list[tuple[Any, list[Envelope]]] = []
    for envelope in envelopes:
        hand = envelope.payload.get("hand", groups[-1][0] if groups else None)
        if not groups or groups[-1][0] != hand:
            groups.append((hand, []))
        groups[-1][1].append(envelope)
    out = []
    for hand, group in groups:
        if hand is not None or len(groups) > 1:
            out.append(f"<h3>{'Before the first hand' if hand is None else f'Hand {escape(str(hand))}'}</h3>")
        out.append(_events_table(group, names, envelopes))
    return "\n".join(out)


def _events_table(envelopes: list[Envelope], names: list[str], record: list[Envelope]) -> str:
    """The events as sentences (an undo's and a redo's name their entry from the whole ``record``);
    the type and command id are kept for a reader matching a jsonl export."""
    if not envelopes:
        return ""
    rows = "".join(
        f'<tr><td class="v">{e.version}</td><td title="{escape(e.type)}">{escape(sentence(e, names, record))}</td>'
        f'<td>{escape(e.actor)}</td><td class="hash">{escape(e.type)}</td></tr>' for e in envelopes)
    return (f'<div class="wide"><table><tr><th>event</th><th>what</th><th>logged by</th><th>type</th></tr>{rows}'
            "</table></div>")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(" ".join(v) if isinstance(v, list) else _text(v) for v in value) if all(
            isinstance(v, (str, list)) for v in value) else str(value)
    return str(value)
