"""Importing a ``jsonl`` history as a new game: verify the chain, decide every event again, then write.

Nothing is written unless the whole file passes: the chain and its head line verify (event ids
present and distinct), every event decodes against its registered type, the referee decides the
game again from the table's actions and makes exactly the events the file holds
(``referee.redecide``: a total, ruling, score or end of game the actions do not give is refused),
and it can then show the game (its views, score sheet and outcome). A refusal names the file's
line and the reason. ``courtcard verify`` runs the same checks offline.

That proves a history consistent and correctly refereed, not who recorded it: anyone may rehash
an invented game. The head line's signature (``events.signing``) says which service wrote it.

The copy is appended verbatim in one atomic append (``EventStore.import_history``): every event's
id, type, version, payload, recorded time and actor, so under the original id it exports to the
same file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import orjson

from events.chain import SIGNATURE_KEY, UNREADABLE, is_head_record, verify_envelopes
from events.envelope import Envelope
from events.registry import EventTypeError, registry as event_registry
from events.signing import SignatureError, check_signature
from events.store import EventStore, check_game_id
from referee.decide_again import Disagreement
from referee.redecide import redecide
from workers.errors import WorkersError
from workers.folding import Replay, ReplayError, game_of


class ImportRejected(WorkersError, ValueError):
    """The file cannot be imported: ``line`` (1-based, None for the file as a whole) and ``reason``."""

    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.line, self.reason = line, reason


@dataclasses.dataclass
class CheckedHistory:
    """A history that verified and replayed: its envelopes (typed) and the replayed game."""

    envelopes: list[Envelope]
    replay: Replay
    head: tuple[int, str]
    signature: Any = None  # the head line's, as the file has it: checked only against a key given
    head_line: int | None = None

    @property
    def game_id(self) -> str:
        return self.envelopes[0].game_id

    @property
    def game_name(self) -> str:
        return self.replay.game.name

    @property
    def record(self) -> str:
        return str(self.envelopes[0].payload.get("record", ""))

    def check_signed_by(self, public_key: str) -> None:
        """Require the head line to be signed by ``public_key`` (``events.signing``); raises
        ImportRejected naming the head line."""
        try:
            check_signature(self.signature, public_key, self.game_id, *self.head)
        except SignatureError as exc:
            raise ImportRejected(self.head_line, str(exc)) from exc


def check_history(lines: Iterable[str | bytes]) -> CheckedHistory:
    """Verify an exported history and decide it again; raises ImportRejected with the line and the
    reason. Its signature is kept for :meth:`CheckedHistory.check_signed_by`, not checked here."""
    items, line_of = _parse(lines)
    report = verify_envelopes(items, require_head=True)
    if not report.ok:
        line = line_of.get(report.first_bad_version) if report.first_bad_version else None
        if line is None and report.first_bad_version is None:
            line = line_of.get("head")
        raise ImportRejected(line, f"the chain does not verify: {report.reason}")
    envelopes = []
    for item in items:
        if is_head_record(item):
            continue
        try:
            event = event_registry.decode(item["type"], item["schema_version"], item["payload"])
        except EventTypeError as exc:
            raise ImportRejected(line_of[item["version"]], f"event {item['version']} ({item['type']}) cannot be read: {exc}") from exc
        envelopes.append(Envelope.from_dict(item, event))
    if not envelopes:
        raise ImportRejected(None, "the file holds no events")
    try:
        check_game_id(envelopes[0].game_id)
    except ValueError as exc:
        raise ImportRejected(line_of.get(1), f"the game id cannot be used here: {exc}") from exc
    try:
        replay = Replay(game_of(envelopes[0]), redecide([e.event for e in envelopes]), envelopes)
        _show(replay)
    except Disagreement as exc:
        version = exc.index + 1
        raise ImportRejected(line_of.get(version), f"the referee refuses event {version} ({exc.kind}): {exc.reason}") from exc
    except ReplayError as exc:
        raise ImportRejected(line_of.get(exc.version), f"the referee refuses event {exc.version}: {exc.reason}") from exc
    head = next(item for item in items if is_head_record(item))
    return CheckedHistory(envelopes, replay, (report.count, report.head_hash), head.get(SIGNATURE_KEY), line_of.get("head"))


def write_history(store: EventStore, game_id: str, checked: CheckedHistory) -> int:
    """Append the checked history as game ``game_id`` (which must be new), atomically; returns its version."""
    # Verbatim: ids, times and actors as recorded, so a re-export is the same file but for the id.
    return store.import_history(game_id, checked.envelopes).version


def _show(replay: Replay) -> None:
    """The game's own views must work on the replayed state (a broken state raises here)."""
    game, state = replay.game, replay.state
    last = replay.envelopes[-1].version
    try:
        game.public_view(state)
        game.director_view(state)
        game.scores(state)
        game.outcome(state)
    except Exception as exc:  # the views trust the state; failing means the events did not make a game
        raise ReplayError(last, f"the replayed game cannot be shown ({type(exc).__name__}: {exc})") from exc
    if state.version != last:
        raise ReplayError(last, f"the referee counted {state.version} events, the file has {last}")


def _parse(lines: Iterable[str | bytes]) -> tuple[list[dict[str, Any]], dict[Any, int]]:
    """Parsed lines (placeholders for unreadable ones) and the line number of each version and the head."""
    items: list[dict[str, Any]] = []
    line_of: dict[Any, int] = {}
    position = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            value = None
        if not isinstance(value, dict):
            value = {UNREADABLE: f"line {number} is not a JSON object"}
        if is_head_record(value):
            line_of.setdefault("head", number)
        else:
            position += 1
            line_of.setdefault(position, number)  # the chain position this line occupies
        items.append(value)
    return items, line_of
