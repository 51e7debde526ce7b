"""A session's record, exported and verified with its games and the roster.

An export of a session is a folder: ``session-<id>.jsonl`` (the session's stream, as a game's jsonl
export is: every envelope, then its signed head line), ``roster.jsonl`` (the roster's stream, the
same way) and ``game-<id>.jsonl`` for each game played in it. :func:`verify_session` checks it
offline: each chain whole, every game decided again by the referee (``workers.imports``), every
round Courtcard drew drawn again from its logged seed, and each table's game there with as many
seats as the table had players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from events.chain import is_head_record, verify_envelopes
from events.registry import registry
from referee.club import roster as ro
from referee.club import sessions as se
from referee.club.seating import draw
from workers.imports import ImportRejected, check_history


@dataclass
class SessionCheck:
    """What :func:`verify_session` found: ``problems`` empty when the session verifies."""

    session_id: str | None = None
    rounds: int = 0
    games: list[str] = field(default_factory=list)
    finished: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _stream(name: str, lines: Sequence[bytes]) -> tuple[list[tuple[Any, str]], str | None]:
    """(event, recorded time) of each envelope of a stream's export, or the reason it does not verify."""
    items = [orjson.loads(line) for line in lines if line.strip()]
    report = verify_envelopes(items, require_head=True)
    if not report.ok:
        return [], f"{name}: the chain does not verify: {report.reason}"
    try:
        return [(registry.decode(i["type"], i["schema_version"], i["payload"]), i["recorded_at"])
                for i in items if not is_head_record(i)], None
    except Exception as exc:  # an event the registry cannot read is a record that does not verify
        return [], f"{name}: an event cannot be read: {exc}"


def verify_session(session_lines: Sequence[bytes], roster_lines: Sequence[bytes],
                   games: Mapping[str, Sequence[bytes]]) -> SessionCheck:
    """Verify a session's export (its lines, the roster's, and each game's by id)."""
    check = SessionCheck()
    session, problem = _stream("the session", session_lines)
    roster_events, roster_problem = _stream("the roster", roster_lines)
    check.problems += [p for p in (problem, roster_problem) if p]
    if check.problems:
        return check
    roster = ro.Roster()
    state = se.SessionState()
    try:
        for event, _at in roster_events:
            roster.apply(event)
        for event, at in session:
            state.apply(event, at)
    except (ValueError, KeyError, IndexError) as exc:
        check.problems.append(f"the records do not fold: {exc}")
        return check
    if state.opened is None:
        check.problems.append("the session's record does not open a session")
        return check
    check.session_id, check.rounds = state.opened.session_id, len(state.rounds)
    earlier: list[list[tuple[str, ...]]] = []
    for rnd in state.rounds:
        tables = [tuple(t) for t in rnd.tables]
        if rnd.method == "drawn" and draw(state.opened.players, len(tables), state.opened.seats, earlier,
                                          rnd.seed) != tables:
            check.problems.append(f"round {rnd.number} is not the seating its seed {rnd.seed} draws")
        earlier.append(tables)
        for number, game_id in sorted(rnd.games.items()):
            check.games.append(game_id)
            _check_game(check, game_id, games.get(game_id), len(tables[number - 1]), rnd.number, number)
    return check


def _check_game(check: SessionCheck, game_id: str, lines: Sequence[bytes] | None, seats: int, rnd: int,
                table: int) -> None:
    where = f"round {rnd} table {table}: game {game_id}"
    if lines is None:
        check.problems.append(f"{where} is not in the export")
        return
    try:
        checked = check_history(lines)
    except ImportRejected as exc:
        check.problems.append(f"{where} does not verify (line {exc.line}): {exc.reason}")
        return
    if checked.game_id != game_id or len(checked.envelopes[0].payload["seats"]) != seats:
        check.problems.append(f"{where} is another game than the table's")
    elif checked.replay.game.outcome(checked.replay.state) is not None:
        check.finished += 1
