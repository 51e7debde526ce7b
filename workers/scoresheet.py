"""The score sheet read model: the game's own ``scores(state)`` with the version it reflects, and
the same sheet flattened to rows (for tables, CSV and the printable record).

A game scored by hands gives one row per finished hand and seat. The flattening relies only on the
shape the game interface gives a finished hand's sheet: a dict with ``hand``, a ``seats`` list (one
dict per seat, with its ``unit`` when seats score in teams or as themselves) and a ``units`` list
(each with ``unit``, ``hand_total`` and the running ``total``).

A game with an outcome and no hands (Dungeon) gives one row per player instead: its standing as
the game's sheet lists it under ``current.players``, the result (the winner's way of winning, out
of the game, or still in) and the turns played while the player was in, from the ``turn_no`` its
view counts. The sheet stored holds facts (a player out of the game is "out", with the version of
the event that took them out); the words (``slain by the king of clubs``) are made when it is read
(:func:`sheet_in_words`), so a change of words changes no stored sheet. Rows hold one value per
cell: a list of cards is one text, and a list of settings or penalties is the points they cost.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from events.envelope import Envelope
from referee.events import EntryRedone, EntryUndone
from referee.game import Game, GameState
from referee.registry import game_names, get_game
from workers.record_words import departure, reason_words

#: For each player out of the game: the turn they left at, and the version of the event that took
#: them out (a fact: its words are made when the sheet is read, :func:`sheet_in_words`).
Departures = dict[int, tuple[Any, int]]
#: Read model name: ``courtcard:{<game>}:scores``.
SCORES = "scores"
#: The columns of a hand row every game shares, before and after the game's own.
HAND_LEADING, HAND_TRAILING = ("hand", "seat", "unit", "name"), ("hand_total", "running_total")
#: The columns of a player row every game without hands shares, before the game's own standing.
PLAYER_LEADING = ("seat", "name", "result", "turns")


def _game_named(name: str | None) -> Game | None:
    """The game a sheet names (its ``game``), None for a name no game is registered under."""
    return get_game(name) if name in game_names() else None


def build_sheet(game_id: str, game: Game, state: GameState, history: Sequence[Envelope] | None = None,
                left: Departures | None = None) -> dict[str, Any]:
    """The score sheet of ``state``: units, finished hands, totals, the hand in progress, outcome.

    For a game without hands, ``history`` (the envelopes that made ``state``) tells the turn at
    which each player left the game and the event that took them out; ``left``, the departures a
    sheet already keeps (:func:`kept_departures`), spares that fold. Without either, a player out of
    the game has no turn count (:func:`with_departures` adds them later). The sheet holds facts
    only: a player out of the game is "out", and :func:`sheet_in_words` says how when it is read."""
    scores = game.scores(state)
    hands = scores.get("hands", [])
    outcome = game.outcome(state)
    sheet = {
        "game_id": game_id,
        "game": game.name,
        "version": state.version,
        "units": scores.get("units", []),
        "hands": hands,
        "totals": scores.get("totals", []),
        "current": scores.get("current"),
        "outcome": outcome,
        "rows": score_rows(hands),
    }
    players = _players(game, state, scores)
    if players is not None:
        sheet["rows"] = player_rows(players, outcome, game.public_view(state).get("turn_no"))
        sheet["departures"] = None
        if left is None and history is not None:
            left = departures(game, history)
        if left is not None:
            sheet = with_departures(sheet, left)
    return sheet


def with_departures(sheet: dict[str, Any], left: Departures) -> dict[str, Any]:
    """``sheet`` (of a game without hands) with the turn each player out of the game left at, and
    its ``departures`` (seat, turn, the version of the event that took them out)."""
    rows = [{**row, "turns": left[row["seat"]][0]} if row["seat"] in left else row for row in sheet["rows"]]
    return {**sheet, "rows": rows,
            "departures": [{"seat": seat, "turn": turn, "version": version}
                           for seat, (turn, version) in sorted(left.items())]}


def sheet_in_words(sheet: dict[str, Any], events_at: Callable[[list[int]], Iterable[Envelope]]) -> dict[str, Any]:
    """The sheet as it is served and printed: each player out of the game's result and departure
    say how they left ("slain by the king of clubs"), in today's words, from the events that took
    them out (``events_at(versions)``, read at once); "out" where that event has no words. The
    stored sheet keeps the facts, so that a change of words changes no stored sheet."""
    gone = sheet.get("departures")
    if not gone:
        return sheet
    events = {e.version: e for e in events_at([d["version"] for d in gone])}
    how = {d["seat"]: _how(events.get(d["version"])) for d in gone}
    rows = [{**row, "result": how[row["seat"]] or row["result"]} if row["seat"] in how else row
            for row in sheet["rows"]]
    return {**sheet, "rows": rows, "departures": [{**d, "how": how[d["seat"]]} for d in gone]}


def _how(event: Envelope | None) -> str | None:
    return departure(event) if event is not None else None


def _players(game: Game, state: GameState, scores: dict[str, Any] | None = None) -> list[dict[str, Any]] | None:
    """The players' standing of a game without hands (``current.players`` of its sheet), else None."""
    scores = game.scores(state) if scores is None else scores
    players = (scores.get("current") or {}).get("players")
    if scores.get("hands") or scores.get("units") or not isinstance(players, list):
        return None
    return players


def score_rows(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One flat row per finished hand and seat, with the seat's unit's hand total and running total."""
    rows = []
    for sheet in hands:
        units = {u.get("unit"): u for u in sheet.get("units", []) if isinstance(u, dict)}
        for seat in sheet.get("seats", []):
            row: dict[str, Any] = {"hand": sheet.get("hand")}
            row.update({k: _flat(v) for k, v in seat.items()})
            unit = units.get(seat.get("unit"))
            row["hand_total"] = unit.get("hand_total") if unit else None
            row["running_total"] = unit.get("total") if unit else None
            rows.append(row)
    return rows


def player_rows(players: list[dict[str, Any]], outcome: dict[str, Any] | None, turns: Any) -> list[dict[str, Any]]:
    """One row per player of a game without hands: seat, name, result (the winner's way of winning;
    "out" for a player who left the game, :func:`sheet_in_words` says how; "lost"; "in play"), turns
    played while in (for a player out, None until :func:`with_departures` says when they left), then
    the game's own standing (``alive`` is said by the result)."""
    winners = (outcome or {}).get("winners") or []
    rows = []
    for player in players:
        seat = player.get("seat")
        out = player.get("alive") is False
        if seat in winners:
            result = reason_words(outcome.get("reason") or "won")
        else:
            result = "out" if out else "lost" if outcome else "in play"
        row = {"seat": seat, "name": player.get("name"), "result": result, "turns": None if out else turns}
        row.update({k: _flat(v) for k, v in player.items() if k not in ("seat", "name", "alive")})
        rows.append(row)
    return rows


def departures(game: Game, history: Iterable[Envelope]) -> Departures:
    """For each player out of the game: the turn number when they left, and the version of the event
    that took them out, from its record. The standing is read only where the game's score mark moves
    (Dungeon's: who is alive, and the end), not at every event; a player an undo brings back is no
    longer out."""
    state = game.initial_state()
    left: Departures = {}
    mark = None
    for envelope in history:
        state = game.apply(state, envelope.event)
        if (moved := game.score_mark(state)) == mark:
            continue
        mark = moved
        out = _out(_players(game, state) or [])
        left = {seat: gone for seat, gone in left.items() if seat in out}
        for seat in out - set(left):
            left[seat] = (game.public_view(state).get("turn_no"), envelope.version)
    return left


def kept_departures(sheet: dict[str, Any], stored: tuple[int, dict[str, Any]] | None,
                    since: Callable[[int], Iterable[Envelope]]) -> Departures | None:
    """The departures at ``sheet`` (as :func:`build_sheet` makes it, without them) without folding
    the record again: those the stored sheet keeps (``stored``: its version and document) while
    they are still every player out of the game and no undo was logged since (``since(version)``:
    the envelopes after it); ``{}`` when nobody is out. None when they cannot be carried (the
    stored sheet keeps none, a player left since, or an undo or a redo may have changed who did): then
    :func:`departures` folds the record, once for each such change."""
    out = _out((sheet.get("current") or {}).get("players") or [])
    if not out:
        return {}
    if stored is None or stored[0] > sheet["version"] or stored[1].get("departures") is None:
        return None
    kept = {d["seat"]: (d["turn"], d["version"]) for d in stored[1]["departures"]}
    if set(kept) != out or any(isinstance(e.event, (EntryUndone, EntryRedone)) for e in since(stored[0])):
        return None
    return kept


def _out(players: list[dict[str, Any]]) -> set[int]:
    return {p["seat"] for p in players if p.get("alive") is False}


def row_columns(rows: list[dict[str, Any]], game: str | None = None) -> list[str]:
    """The columns of ``rows``: the shared ones first (hand, seat, unit, name; or seat, name, result,
    turns for a game without hands), then ``game``'s own (its ``score_columns``: a stored hand sheet
    comes back with its keys sorted, so the game says their order; a column it does not list follows,
    in alphabetical order), then the hand and running totals. The CSV and the printable record both
    use this order."""
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    leading, trailing = (HAND_LEADING, HAND_TRAILING) if "hand" in seen else (PLAYER_LEADING, ())
    named = _game_named(game)
    listed = named.score_columns if named is not None else ()
    own = [c for c in listed if c in seen] + sorted(c for c in seen if c not in (*leading, *trailing, *listed))
    return [c for c in leading if c in seen] + own + [c for c in trailing if c in seen]


def totals_grid(sheet: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """The score sheet as a club keeps it: a header (``hand``, ``dealer``, then each side's name)
    and one row per finished hand (its number, its dealer's name, each side's running total), so
    that it stays as narrow as the table is large. With no hand finished it is the header alone.
    A game without hands (Dungeon) keeps its one row per player (:func:`row_columns`)."""
    units = sheet.get("units") or []
    hands = sheet.get("hands") or []
    if not units and not hands:
        rows = sheet.get("rows", [])
        columns = row_columns(rows, sheet.get("game")) or list(PLAYER_LEADING)
        return columns, [[row.get(c) for c in columns] for row in rows]
    # With no hand yet, the game says whether its hands have a dealer (a patience's have none).
    named = _game_named(sheet.get("game"))
    dealt = any("dealer" in hand for hand in hands) if hands else named is None or named.hands_dealt
    header = ["hand", *(["dealer"] if dealt else []), *(str(u.get("name", u.get("unit"))) for u in units)]
    grid = []
    for hand in hands:
        names = {s.get("seat"): s.get("name") for s in hand.get("seats", []) if isinstance(s, dict)}
        totals = list(hand.get("totals", []))
        dealer = [names.get(hand.get("dealer"), hand.get("dealer"))] if dealt else []
        grid.append([hand.get("hand"), *dealer, *(totals + [None] * (len(units) - len(totals)))[:len(units)]])
    return header, grid


def running_totals(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """Per unit: its name and its total after each finished hand (starting from 0), for charts."""
    units = sheet.get("units", [])
    series = [{"unit": u.get("unit"), "name": u.get("name", str(u.get("unit"))), "totals": [0]} for u in units]
    for hand in sheet.get("hands", []):
        totals = hand.get("totals", [])
        for i, line in enumerate(series):
            line["totals"].append(totals[i] if i < len(totals) else line["totals"][-1])
    return series


def _flat(value: Any) -> Any:
    """One value for one cell: a list of settings or penalties is the points they cost, a list of
    cards one text; anything else nested stays as compact JSON."""
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            points = [v.get("amount", v["after"] - v["before"] if "after" in v and "before" in v else None) for v in value]
            if all(isinstance(p, int) for p in points):
                return sum(points)
        if all(isinstance(v, (str, int)) for v in value):
            return " ".join(map(str, value))
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"), sort_keys=True)
    return value
