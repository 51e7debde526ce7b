"""The printable record of a game: one self-contained HTML page (inline CSS and SVG, no network).

Hand by hand and event by event (so trick by trick), the rulings, the score sheet and a chart of
the running totals. Everything comes from the log and the score sheet derived from it, so the page
can be rebuilt at any time; it carries the chain head so a reader can match it to an export.
"""

from __future__ import annotations

from html import escape
from typing import Any

from events.envelope import Envelope
from referee.events import CardTakenBack, PenaltyAccepted, RenegeClaimed, RenegeRuled
from workers.claims import is_a
from workers.scoresheet import row_columns, running_totals
from workers.naming import seat_names, who

_RULING_EVENTS = (RenegeClaimed, RenegeRuled, PenaltyAccepted, CardTakenBack)
_SEAT_KEYS = {"seat", "accused", "claimant", "dealer"}
_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
_STYLE = """
body{font-family:Georgia,serif;margin:2em;color:#111}h1,h2,h3{font-family:Helvetica,Arial,sans-serif}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.85em}td,th{border:1px solid #999;padding:2px 6px;text-align:left}
th{background:#eee}.v{color:#666;text-align:right}.hash{font-family:monospace;font-size:.8em;word-break:break-all}
@media print{h2{page-break-before:always}h2.first{page-break-before:avoid}}
"""


def render_html(title: str, envelopes: list[Envelope], sheet: dict[str, Any], head: tuple[int, str],
                picture: str | None = None) -> str:
    """The whole page for a game's ``envelopes`` (in version order) and its score ``sheet``; with
    ``picture``, the game's own drawing of the table at the end of the record (HTML it escaped)."""
    names = seat_names(envelopes)
    game_id = envelopes[0].game_id if envelopes else ""
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}: game {escape(game_id)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}: game {escape(game_id)}</h1>",
        f"<p>Seats: {escape(', '.join(f'{i}: {n}' for i, n in enumerate(names)))}. Events: {head[0]}. "
        f"Chain head: <span class=\"hash\">{escape(head[1])}</span></p>",
        _outcome(sheet, names),
        f"<h2 class=\"first\">The table at the end of the record</h2>{picture}" if picture else "",
        '<h2 class="first">Running totals</h2>', chart_svg(running_totals(sheet)),
        "<h2>Score sheet</h2>", _sheet_table(sheet.get("rows", [])),
        "<h2>Rulings</h2>", _events_table([e for e in envelopes if is_a(e, *_RULING_EVENTS)], names) or "<p>No claims or rulings.</p>",
        "<h2>Hand by hand</h2>", _hands(envelopes, names),
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

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
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
    winners = ", ".join(who(names, s) for s in outcome.get("winners", []))
    return f"<p>Game over ({escape(str(outcome.get('reason')))}): won by {escape(winners)}.</p>"


def _sheet_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "<p>No hand finished yet.</p>"
    columns = row_columns(rows)
    head = "".join(f"<th>{escape(c.replace('_', ' '))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(_text(r.get(c)))}</td>" for c in columns) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _hands(envelopes: list[Envelope], names: list[str]) -> str:
    groups: list[tuple[Any, list[Envelope]]] = []
    for envelope in envelopes:
        hand = envelope.payload.get("hand", groups[-1][0] if groups else None)
        if not groups or groups[-1][0] != hand:
            groups.append((hand, []))
        groups[-1][1].append(envelope)
    out = []
    for hand, group in groups:
        out.append(f"<h3>{'Before the first hand' if hand is None else f'Hand {escape(str(hand))}'}</h3>")
        out.append(_events_table(group, names))
    return "\n".join(out)


def _events_table(envelopes: list[Envelope], names: list[str]) -> str:
    if not envelopes:
        return ""
    rows = "".join(
        f'<tr><td class="v">{e.version}</td><td>{escape(e.type)}</td><td>{escape(_describe(e.payload, names))}</td>'
        f"<td>{escape(e.actor)}</td><td class=\"hash\">{escape(e.command_id or '')}</td></tr>" for e in envelopes)
    return f"<table><tr><th>event</th><th>what</th><th>details</th><th>logged by</th><th>command</th></tr>{rows}</table>"


def _describe(payload: dict[str, Any], names: list[str]) -> str:
    parts = []
    for key, value in payload.items():
        if key in ("hand", "sheet") or value is None:
            continue  # the hand is the section; the hand's sheet is in the score sheet table
        if key in _SEAT_KEYS and isinstance(value, int):
            value = who(names, value)
        elif key == "winners" and isinstance(value, list):
            value = ", ".join(who(names, s) for s in value)
        parts.append(f"{key.replace('_', ' ')}: {_text(value)}")
    return "; ".join(parts)



def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " ".join(" ".join(v) if isinstance(v, list) else _text(v) for v in value) if all(
            isinstance(v, (str, list)) for v in value) else str(value)
    return str(value)

