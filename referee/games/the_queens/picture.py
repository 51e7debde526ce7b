"""The tableau as a small HTML table, for the printable record (``workers.html_record``): the key,
the foundations, the shutter, the talon and the pack as they lie at the end of the record."""

from __future__ import annotations

from html import escape
from typing import Any

SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def face(card: str | None) -> str:
    """``10H`` -> ``10♥``; nothing -> an em dash."""
    return "\u2014" if not card or card == "?" else escape(card[:-1] + SYMBOL.get(card[-1], card[-1]))


def tableau_html(view: dict[str, Any]) -> str:
    """The tableau of a public view (``views.public_view``) as rows of a table."""
    foundations = " ".join(f"{face(f['top'])} ({f['count']})" for f in view["foundations"])
    shutter = "<br>".join(f"{escape(name)}: {' '.join(face(c) for c in pile) or chr(0x2014)}"
                          for name, pile in view["shutter"].items())
    rows = [
        ("Result", escape(str(view.get("result") or "in play")) + f", {view['home']} of 104 cards home"),
        ("Foundations (top, cards)", foundations),
        ("Key", f"{face(view['key']['top'])} on top, {view['key']['count']} cards"),
        ("Shutter", shutter),
        ("Talon", f"{face(view['talon']['top'])} on top, {view['talon']['count']} cards"),
        ("Pack", f"{view['pack']['count']} cards; Queens counted: {view['queens_counted']}"),
    ]
    return "<table>" + "".join(f"<tr><th>{name}</th><td>{value}</td></tr>" for name, value in rows) + "</table>"
