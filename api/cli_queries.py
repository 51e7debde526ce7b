"""``courtcard`` commands that read a table without changing it: ``scores``, ``legal`` and ``list``."""

from __future__ import annotations

import json
import time
from typing import Any

import click
from api.cli_actions import action_fields, game_kind_option, seat_number
from api.cli_support import console, fail, json_option, ready_part, table_of, url_option
from api.cli_table import Names, settled_lines
from api.client import ApiError, Client
from api.terminal import marked

SCORES_WAIT_S = 10
#: Lines of one action's legal choices printed before "... and N more" (--json gives them all).
MAX_LINES_PER_ACTION = 12
#: Games asked for per listing request while looking for a player's games.
LIST_PAGE = 100


@click.command("scores")
@click.argument("game_id")
@url_option
@json_option
def scores_command(game_id, url, as_json) -> None:
    """The score sheet: each hand's points and the running totals, the hand in play, the winner."""
    from api.render import outcome_sentence, render_sheet

    client = Client(url)
    table = table_of(client, game_id)
    try:
        reply = client.scores(game_id, SCORES_WAIT_S)
    except ApiError as exc:
        fail(exc)
    sheet = ready_part(reply, "sheet", "The score sheet is still being brought up to date; try again in a moment.")
    if as_json:
        click.echo(json.dumps(sheet))
        return
    names = Names(table["view"].get("seats") or [])
    console.print(marked("[bold]{}[/]  game {}  score sheet at version {}", table['title'], game_id, sheet['version']))
    render_sheet(console, sheet, names)
    console.print(outcome_sentence({"outcome": sheet.get("outcome"), "scores": sheet, "view": table["view"]})
                  or "The game goes on.")


@click.command("legal")
@click.argument("game_id")
@click.option("--seat", help="The seat (its number or its player's name); without it: who may act now.")
@url_option
@json_option
def legal_command(game_id, seat, url, as_json) -> None:
    """What a seat may do now, as the referee would take it (needs the token: in a known record the
    legal cards tell what a hand holds). Without --seat: whose turn it is, and what they may do."""
    client = Client(url)
    table = table_of(client, game_id)
    names = Names(table["view"].get("seats") or [])
    seats = [seat_number(seat, names.seats, "--seat")] if seat is not None else list(table["to_act"])
    over = table.get("outcome")
    if over and not as_json:
        from workers.record_words import result_words  # the words of verify and the text record's Result

        console.print(f"The game is over: {result_words(over, names.seats)}.", highlight=False)
    elif seat is None and not as_json:
        console.print(f"To act: {', '.join(names(s) for s in seats)}." if seats else
                      "Nobody's turn: the scorekeeper logs what the table does next (a deal, a window closing).")
    shown = seats or [0]  # with nobody to act, the scorekeeper's own actions (a seat's list holds them)
    try:
        legal = {s: client.legal(game_id, s) for s in shown}
    except ApiError as exc:
        fail(exc)
    if not seats:  # only the actions no seat gives
        legal = {None: [a for a in legal[0] if "seat" not in a]}
    if as_json:
        click.echo(json.dumps([{"seat": s, "actions": actions} for s, actions in legal.items()]))
        return
    # The undo and the redo of a mis-entry are the scorekeeper's, whoever's entry it was: said once, apart.
    undo, redo = (any(a["action"] == name for actions in legal.values() for a in actions) for name in ("undo", "redo"))
    legal = {s: [a for a in actions if a["action"] not in ("undo", "redo")] for s, actions in legal.items()}
    for s, actions in legal.items():
        who = "The scorekeeper" if s is None else names(s)
        if not actions:
            if not over:  # at the end nobody may do anything: the game is over, said above
                console.print(f"{who} may do nothing now.")
            continue
        console.print(f"{who} may:")
        for line in choice_lines(table["game"], actions, names):
            console.print(f"  {line}", highlight=False)
    if undo:
        console.print(f"The scorekeeper may undo the last entry: courtcard log {game_id} undo", highlight=False)
    if redo:
        console.print(f"The scorekeeper may redo the entry last undone: courtcard log {game_id} redo", highlight=False)


def choice_lines(game: str, actions: list[dict[str, Any]], names: Names) -> list[str]:
    """Legal actions as short lines: one per action where only one field varies (``play card: 2C
    3C 4C``), seats as names and other values as ``courtcard log`` takes them; the seat acting is
    said above, so it is left out."""
    from referee.fields import SeatField

    by_action: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        by_action.setdefault(a["action"], []).append(a)
    lines = []
    for action, entries in by_action.items():
        seat_fields = {k for k, f in action_fields(game, action).items() if isinstance(f, SeatField)}
        # Each value as it is typed after `courtcard log GAME ACTION`: a name, a card, or JSON.
        rows = [{k: (names(v) if k in seat_fields else v if isinstance(v, str) else json.dumps(v, separators=(",", ":")))
                 for k, v in e.items()
                 if k not in ("action", "seat") and v is not None} for e in entries]
        keys = list(dict.fromkeys(k for r in rows for k in r))  # a field left out of some (no discards)
        varying = [k for k in keys if len({r.get(k) for r in rows}) > 1]
        fixed = [k for k in keys if k not in varying]
        groups: dict[tuple, list[str]] = {}
        for r in rows:
            head = tuple(f"{k}={r[k]}" for k in fixed + varying[:-1] if k in r)
            groups.setdefault(head, []).append(r.get(varying[-1], "(none)") if varying else "")
        out = [" ".join([action, *head]) + (f" {varying[-1]}: {' '.join(values)}" if varying else "")
               for head, values in groups.items()]
        if len(out) > MAX_LINES_PER_ACTION:
            out = out[:MAX_LINES_PER_ACTION] + [f"... and {len(out) - MAX_LINES_PER_ACTION} more {action} (--json lists them all)"]
        lines += out
    return lines


@click.command("list")
@click.option("--game", "kind", callback=game_kind_option, help="Only games of this kind (a game's name, as the service's catalog lists it).")
@click.option("--status", type=click.Choice(["in_progress", "finished"]), help="Only games in progress, or finished.")
@click.option("--player", help="Only games with a player of this name (any case).")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 500), help="Games to show at most.")
@url_option
@json_option
def list_command(kind, status, player, limit, url, as_json) -> None:
    """The public games the service keeps, oldest first, with their players, version and whose turn
    it is."""
    client = Client(url)
    found: list[dict[str, Any]] = []
    total, offset = None, 0
    try:
        while len(found) < limit:
            page = client.list_games(kind, status, offset, LIST_PAGE if player else limit - len(found))
            total = page["total"] if total is None else total
            for entry in page["games"]:
                body = _readable(client, entry["game_id"])
                seats = (body["view"].get("seats") or []) if body else []
                if player and player.lower() not in (s.lower() for s in seats):
                    continue
                found.append({**entry, "title": body["title"] if body else entry["game"], "seats": seats,
                              "version": body["version"] if body else None,
                              "to_act": [Names(seats)(s) for s in body["to_act"]] if body else []})
                if len(found) == limit:
                    break
            offset += len(page["games"])
            if not page["games"] or offset >= page["total"]:
                break
    except ApiError as exc:
        fail(exc)
    if as_json:
        click.echo(json.dumps({"games": found, "total": total}))
        return
    if not found:
        console.print("No games" + (" match." if kind or status or player else " yet."))
        return
    from rich import box
    from rich.table import Table

    table = Table(title=f"Games ({len(found)} shown of {total}{' listed' if player else ''})", box=box.SIMPLE_HEAD,
                  padding=(0, 1))
    table.add_column("game id", no_wrap=True)  # the one thing copied into the next command: never cut
    table.add_column("game", no_wrap=True)
    for column in ("status", "to act", "created", "players"):
        table.add_column(column)
    for g in found:
        table.add_row(g["game_id"], g["game"], "playing" if g["status"] == "in_progress" else g["status"],
                      ", ".join(g["to_act"]) or "-", time.strftime("%Y-%m-%d", time.localtime(g["created_at"])),
                      ", ".join(g["seats"]) or "-")
    console.print(table)


def _readable(client: Client, game_id: str) -> dict | None:
    """The table view of a listed game, or None where it cannot be read here (a private game)."""
    try:
        return client.game(game_id)
    except ApiError as exc:
        if exc.status in (401, 403, 404):
            return None
        raise


#: The commands of this module, added to ``courtcard`` by :mod:`api.cli`.
QUERY_COMMANDS = (scores_command, legal_command, list_command)
