"""Dungeon's table drawn for people: each player's dungeon as a tree of cards in the printable
record (``workers/html_record.py``), and the whole table as lines of text for ``courtcard show``
(``api/cli_table.py``). Pure: a view (``views.public_view`` or ``views.director_view``) in, text out.
"""

from __future__ import annotations

from html import escape as _html_escape
from typing import Any

from referee.cards import card_words
from referee.game import TableNames
from referee.seat_names import escape_unseen

#: The style of the record's drawing (its boxes, trees and cards), for the page's style sheet.
RECORD_STYLE = """.dungeons{display:flex;flex-wrap:wrap;gap:1em}.dungeon{border:1px solid #bbb;border-radius:6px;padding:.5em;min-width:9em}
.dungeon ul{list-style:none;margin:0;padding-left:1.1em;border-left:1px dotted #999}.dungeon>ul{border:0;padding:0}
.card{display:inline-block;border:1px solid #555;border-radius:3px;padding:0 3px;margin:1px;background:#fff;font-family:Helvetica,Arial,sans-serif;font-size:.9em}
.red{color:#c00}.out{opacity:.6}
"""
#: A dungeon's box is printed whole on one page.
RECORD_KEPT_WHOLE = (".dungeon",)


def escape(text: str) -> str:
    """Text for the page, as the record escapes it: HTML, and a name's unseen characters."""
    return _html_escape(escape_unseen(text))


def record_html(view: dict[str, Any]) -> str:
    """Each player's dungeon as a tree of cards from the cell, where the view lists the passages
    each player laid (``players[].dungeon``: each passage's ``card`` and what it lies ``on``)."""
    players = view.get("players")
    if not isinstance(players, list) or not any(isinstance(p, dict) and "dungeon" in p for p in players):
        return ""
    boxes = []
    for player in players:
        passages = player.get("dungeon") or []
        children: dict[Any, list[dict[str, Any]]] = {}
        for passage in passages:
            children.setdefault(passage.get("on"), []).append(passage)

        def branch(place: Any, depth: int = 0) -> str:
            below = children.get(place, [])
            if not below or depth > 60:
                return ""
            return "<ul>" + "".join(f"<li>{_card(p.get('card'))}{branch(p.get('card'), depth + 1)}</li>" for p in below) + "</ul>"

        cell = player.get("cell") or ("face down" if player.get("cell_face_down") else "?")
        state = "" if player.get("alive", True) else " (out of the game)"
        boxes.append(f'<div class="dungeon{"" if player.get("alive", True) else " out"}"><strong>{escape(str(player.get("name")))}</strong>'
                     f"{escape(state)}<ul><li>cell {_card(cell)}{branch('cell')}</li></ul></div>")
    return '<h2 class="first">The dungeons</h2><div class="dungeons">' + "".join(boxes) + "</div>"


def _card(card: Any) -> str:
    if card is None:
        return '<span class="card" title="face down">?</span>'
    text = str(card)
    red = " red" if text.split("#")[0][-1:] in ("H", "D") else ""
    return f'<span class="card{red}" title="{escape(card_words(text))}">{escape(text)}</span>'


def _cards(cards: list[str] | None) -> str:
    return " ".join(cards) if cards else "none"


def table_lines(view: dict[str, Any], names: TableNames) -> tuple[list[str], set[str]]:
    """The table as lines of text, and the keys of the view they said."""
    said = {"seats", "phase", "turn", "turn_no", "drawn", "played", "players", "pile_size", "discard", "discard_size",
            "window", "aces", "outcome", "hands", "pile", "cells", "your_hand"}
    lines = [f"Phase: {view.get('phase')}."]
    if view.get("phase") == "turn":
        done = ", ".join(w for w, flag in (("has drawn", view.get("drawn")), ("has played", view.get("played"))) if flag)
        lines.append(f"Turn {view.get('turn_no')}: {names(view.get('turn'))}'s" + (f" ({done})." if done else "."))
    for p in view["players"]:
        cell = p["cell"] or ("face down" if p.get("cell_face_down") else "none")
        state = "alive" if p["alive"] else "out"
        path = ", ".join(f"{d['card']} on {d['on']}" if "card" in d else f"a face-down card on {d['on']}"
                         for d in p["dungeon"]) or "no passage yet"
        notes = "; has left the cell" if p.get("left_cell") else ""
        notes += "; on the second-lowest branch" if p.get("second_lowest_branch") else ""
        lines.append(f"{p['name']} ({state}): cell {cell}; dungeon: {path}; {p['hand_size']} cards in hand{notes}.")
    discard = f": {_cards(view['discard'])}" if view.get("discard") else ""
    lines.append(f"Pile: {view.get('pile_size')} cards. Discards: {view.get('discard_size')}{discard}.")
    if view.get("window"):
        window = names.named(view["window"])
        lines.append(f"Waiting on a {window.get('kind')}: " +
                     ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in window.items() if k != "kind") + ".")
    for ace in view.get("aces") or []:
        lines.append(f"{names(ace['seat'])} played {ace['card']} out of turn.")
    for seat, cards in enumerate(view.get("hands") or []):
        lines.append(f"{names(seat)} holds {_cards(cards)}.")
    if view.get("your_hand") is not None:
        lines.append(f"Your hand: {_cards(view['your_hand'])}.")
    if view.get("cells"):
        lines.append(f"Cells: {names.per_seat(view['cells'])}.")
    if view.get("pile") is not None:
        lines.append(f"The pile, next card first: {_cards(view['pile'])}.")
    return lines, said
