"""The table and the score sheet as text, for ``courtcard show`` and ``courtcard demo``. (What an
action logged, ``courtcard log`` prints as the service says it, in the game's own words.)

Game-agnostic: it prints what the game's view and score sheet hold (the sections a kind of table
has, written out, are :mod:`api.cli_table`'s), so a new game needs nothing here.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from api.cli_table import Names, settled_lines, table_lines
from api.terminal import marked


def render_game(console: Console, body: dict[str, Any]) -> None:
    """The game's header, who acts, the table as text (:mod:`api.cli_table`), any other fact of the
    view with seats as names, then the score sheet and how the game ended."""
    console.print(marked("[bold]{}[/]  game {}  version {}  ({} record, {})", body['title'], body['game_id'],
                         body['version'], body['record'], body['status'].replace('_', ' ')))
    if seated := body.get("table"):
        console.print(marked("Table {}{}, round {} of session {}", seated["number"],
                             f" ({seated['name']})" if seated.get("name") else "", seated["round"],
                             seated["session_id"]))
    view = body["view"]
    names = Names(view.get("seats") or [])
    console.print(f"Players: {', '.join(names.seats)}." if names.seats else "No players named.")
    if body["to_act"]:
        console.print(marked("To act: [bold]{}[/].", ', '.join(names(s) for s in body['to_act'])))
    lines, said = table_lines(view, body.get("game"))
    for line in lines:
        console.print(line, highlight=False)
    table = Table(show_header=False, box=None, padding=(0, 2))
    for key, value in _facts(view, said):
        table.add_row(marked("[dim]{}[/]", fact_label(key)), names.fact(key.rsplit(".", 1)[-1], value))
    if table.row_count:
        console.print(table)
    render_scores(console, body)
    if sentence := outcome_sentence(body):
        console.print(sentence)
    if said := confirmed_sentence(body):
        console.print(marked("{}", said), highlight=False)


def fact_label(key: str) -> str:
    """A view's key as words: ``hand.trump_change_due`` -> "Trump change due" (the hand's facts
    follow its lines), ``contest.round`` -> "Contest round"."""
    section, _, name = key.rpartition(".")
    words = name.replace("_", " ")
    if section and section != "hand":
        words = f"{section.replace('_', ' ')} {words}"
    return words[:1].upper() + words[1:]


def _facts(view: dict[str, Any], said: set[str], prefix: str = "") -> list[tuple[str, Any]]:
    """The facts the table's text did not say, one level of nesting flattened (``hand.bids``)."""
    rows = []
    for key, value in view.items():
        if value in (None, [], {}) or key in ("game", "version", "to_act", "options", "units", "record") \
                or prefix + key in said:
            continue
        if isinstance(value, dict) and not prefix:
            rows.extend(_facts(value, said, f"{key}."))
        else:
            rows.append((prefix + key, value))
    return rows


def render_scores(console: Console, body: dict[str, Any]) -> None:
    """Per-hand totals by seat or team, with the running totals as the last row."""
    scores = body.get("scores") or {}
    units = scores.get("units") or []
    if not units:
        return
    sheet = Table(title="Score sheet", show_lines=False)
    sheet.add_column("Hand", justify="right")
    for unit in units:
        sheet.add_column(unit.get("name", str(unit.get("unit"))), justify="right")
    for hand in scores.get("hands") or []:
        points = [_hand_points(hand, unit["unit"]) for unit in units]
        sheet.add_row(str(hand.get("hand", "")), *points)
    sheet.add_row(marked("[bold]Total[/]"), *[marked("[bold]{}[/]", u.get('total', '')) for u in units])
    console.print(sheet)


def render_sheet(console: Console, sheet: dict[str, Any], names: Names) -> None:
    """A score sheet (the read model of ``GET /games/{id}/scores``) as ``courtcard scores`` and
    ``demo`` print it: the hands' points, or in a game without points (Dungeon) each player's
    standing, and the hand in play."""
    render_scores(console, {"scores": sheet})
    current = sheet.get("current") or {}
    if current.get("players"):  # a game without points (Dungeon): each player's standing
        standing = Table(title="Standing")
        for column in ("player", "result", "passages", "lowest passage"):
            standing.add_column(column)
        # A player out of the game: how, and in which turn ("slain by the king of clubs in turn 13").
        turn_out = {d["seat"]: d["turn"] for d in sheet.get("departures") or [] if d.get("turn") is not None}
        for row in sheet.get("rows") or []:
            result = row["result"] + (f" in turn {turn_out[row['seat']]}" if row["seat"] in turn_out else "")
            standing.add_row(row["name"], result, str(row.get("passages", "-")), str(row.get("lowest") or "-"))
        console.print(standing)
    elif current.get("hand") is not None:
        facts = [f"{k.replace('_', ' ')}: {names.fact(k, v)}" for k, v in current.items()
                 if k not in ("hand", "settings", "penalties") and not _empty(v)]
        console.print(f"Hand {current['hand']} in play" + (": " + "; ".join(facts) if facts else "") + ".",
                      highlight=False)
        for line in settled_lines(current, names):
            console.print(line, highlight=False)


def _empty(value: Any) -> bool:
    """Nothing to say: no value, or a list by seat with nothing in it (no settings yet)."""
    if value is None or value is False or value == {}:
        return True
    return isinstance(value, list) and all(_empty(v) for v in value)


def confirmed_sentence(body: dict[str, Any]) -> str | None:
    """What the players confirmed of the scores (``confirmations`` of GET /games/{id}), in a
    sentence: "Confirmed by a player: hands 1, 2. Not confirmed yet: hand 3. Cat disagrees with hand
    3: a trick missing." None when nothing is scored yet (or a service too old to say)."""
    status = body.get("confirmations")
    if not status:
        return None
    hands = [h.get("hand") for h in (body.get("scores") or {}).get("hands") or [] if isinstance(h, dict)]
    unconfirmed = status.get("unconfirmed_hands") or []
    if status.get("confirmed"):
        return "Every score is confirmed by a player."
    said = lambda hs: "the game" if hs == [0] else ("hand " if len(hs) == 1 else "hands ") + ", ".join(map(str, hs))  # noqa: E731
    parts = []
    # A game played in no hands is confirmed as a whole (hand 0), whatever its sheet's hands.
    if 0 not in unconfirmed and (agreed := [h for h in hands if h not in unconfirmed]):
        parts.append(f"Confirmed by a player: {said(agreed)}.")
    if unconfirmed:
        parts.append(f"Not confirmed yet: {said(unconfirmed)}.")
    for d in status.get("disagreements") or []:
        note = f": {d['note']}" if d.get("note") else ""
        parts.append(f"{d.get('name')} disagrees with {said([d.get('hand')])}{note} (the director is called).")
    return " ".join(parts) or None


def outcome_sentence(body: dict[str, Any]) -> str | None:
    """How the game ended, in a sentence naming the winners ("Cat wins (target)."), or None while it
    goes on. Winners are seats, or teams where the score sheet counts teams."""
    outcome = body.get("outcome")
    if not outcome:
        return None
    units = (body.get("scores") or {}).get("units") or []
    seats = body.get("view", {}).get("seats") or []
    names = [unit.get("name", f"team {unit.get('unit')}") for unit in units] or seats
    winners = [Names(names)(w) for w in outcome.get("winners") or []]
    reason = f" ({str(outcome['reason']).replace('_', ' ')})" if outcome.get("reason") else ""
    if not winners:
        return f"The game is over{reason}, with no winner."
    who = winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]
    return f"{who} {'wins' if len(winners) == 1 else 'win'}{reason}."


def _hand_points(hand: dict[str, Any], unit: int) -> str:
    for key in ("units", "rows", "lines"):
        rows = hand.get(key)
        if isinstance(rows, list) and unit < len(rows):
            row = rows[unit]
            if isinstance(row, dict):
                # A hand's points, then the running total after it, as a paper score sheet shows them.
                points = row.get("hand_total", row.get("points"))
                running = row.get("total")
                return f"{points:+} → {running}" if isinstance(points, int) and running is not None else str(points)
            return str(row)
    return ""
