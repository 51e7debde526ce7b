"""Importing a ``jsonl`` history as a new game: verify the chain, decide every event again, then write.

Nothing is written unless the whole file passes: the chain and its head line verify (event ids
present and distinct), every event decodes against its registered type, the referee decides the
game again from the table's actions and makes exactly the events the file holds
(``referee.redecide_record``: a total, ruling, score or end of game the actions do not give is refused),
and it can then show the game (its views, score sheet and outcome). A refusal names the file's
line and the reason. ``courtcard verify`` runs the same checks offline.

That proves a history consistent and correctly refereed, not who recorded it: anyone may rehash
an invented game. The head line's signature (``events.signing``) says which service wrote it.

The copy is appended verbatim in one atomic append (``EventStore.import_history``): every event's
id, type, version, payload, recorded time and actor, so under the original id it exports the same
events. With it goes the mark of its import (``workers.provenance``): the service signs an
imported game's export as imported (when, from a file with which hash), never as recorded by it.
A file imported again is the game it made the first time (:class:`FileIndex`).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import orjson
import redis

from events.chain import HEAD_KEY, SIGNATURE_KEY, UNREADABLE, is_head_record, verify_envelopes
from events.envelope import GENESIS_HASH, RECORDED_SET, Envelope, envelope_hash
from events.registry import EventTypeError, registry as event_registry
from events.signing import SignatureError, check_signature, imported_by
from events.store import EventStore, check_game_id
from referee.redecide_batches import Disagreement
from referee.redecide_record import redecide
from workers.errors import WorkersError
from workers.envelope_replay import Replay, ReplayError, game_of


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
    head_record: dict[str, Any] = dataclasses.field(default_factory=dict)  # the file's head line, as it has it

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
        """Require the head line to be signed by ``public_key`` (``events.signing``), over the
        facts of the import too when it says the signer imported the game (:attr:`imported`);
        raises ImportRejected naming the head line."""
        try:
            check_signature(self.signature, public_key, self.game_id, *self.head)
        except SignatureError as exc:
            raise ImportRejected(self.head_line, str(exc)) from exc

    @property
    def imported(self) -> Mapping[str, Any] | None:
        """The facts of the import the signature states (``workers.provenance``), or None when it
        says the signer recorded the game. Worth what the signature is: :meth:`check_signed_by`."""
        return imported_by(self.signature)

    def original_signature(self) -> OriginalSignature | None:
        """The signature of the file the signer imported the game from, checked against the key it
        names, over that file's head, which must be where this record's first events lead when
        given the file's game id; None when the import kept no signed head (:attr:`imported`)."""
        original = (self.imported or {}).get("original")
        signature = original.get(SIGNATURE_KEY) if isinstance(original, Mapping) else None
        if not isinstance(signature, Mapping):
            return None
        key = str(signature.get("public_key", ""))
        head = original.get(HEAD_KEY)
        events = self.imported.get("events")
        if not isinstance(head, Mapping) or head.get("version") != events or not isinstance(events, int) \
                or not 0 < events <= len(self.envelopes):
            return OriginalSignature(key, False, "the file's head line does not name this record's events")
        game_id, hash_ = head.get("game_id"), head.get("hash")
        if _rechained(self.envelopes[:events], game_id) != hash_:
            return OriginalSignature(key, False, "the file's head is not where this record's events lead")
        try:
            check_signature(signature, key, game_id, events, hash_)
        except SignatureError as exc:
            return OriginalSignature(key, False, str(exc))
        return OriginalSignature(key, True, "", imported_by(signature) is not None)


@dataclasses.dataclass(frozen=True)
class OriginalSignature:
    """The signature an imported file carried: the key it names, whether it is that key's over the
    file's head (``reason`` says why not), and whether it said that its signer imported it too."""

    public_key: str
    valid: bool
    reason: str = ""
    imported: bool = False


def _rechained(envelopes: list[Envelope], game_id: Any) -> str:
    """The hash of the last of ``envelopes`` had they been recorded as game ``game_id``."""
    if envelopes and envelopes[0].game_id == game_id:
        return envelopes[-1].hash
    prev = GENESIS_HASH
    for envelope in envelopes:
        fields = {**envelope.to_dict(), "game_id": game_id, "prev_hash": prev}
        prev = envelope_hash(fields)
    return prev


def check_history(lines: Iterable[str | bytes]) -> CheckedHistory:
    """Verify an exported history and decide it again; raises ImportRejected with the line and the
    reason. Its signature is kept for :meth:`CheckedHistory.check_signed_by`, not checked here.

    ``lines`` are read once, in order, and not kept: each is parsed, checked against the chain and
    decoded as it comes, so an upload is read as a stream and only its events stay in memory."""
    reading = _Reading()
    report = verify_envelopes(reading.items(lines), require_head=True)
    line_of = reading.line_of
    if not report.ok:
        line = line_of.get(report.first_bad_version) if report.first_bad_version else None
        if line is None and report.first_bad_version is None:
            line = line_of.get("head")
        raise ImportRejected(line, f"the chain does not verify: {report.reason}")
    if reading.unreadable is not None:
        raise reading.unreadable
    envelopes = reading.envelopes
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
    head = reading.head or {}
    return CheckedHistory(envelopes, replay, (report.count, report.head_hash), head.get(SIGNATURE_KEY),
                          line_of.get("head"), head)


def write_history(store: EventStore, game_id: str, checked: CheckedHistory, mark: dict[str, Any] | None = None) -> int:
    """Append the checked history as game ``game_id`` (which must be new), atomically, with the
    facts of its import (``mark``, see ``workers.provenance``); returns its version."""
    # Verbatim: ids, times and actors as recorded, so a re-export has the same events but for the id.
    return store.import_history(game_id, checked.envelopes, mark).version


class HashedLines:
    """Lines passed through once, hashed as they pass (each with a newline after it, as a file
    holds them): the SHA-256 that names the file they make, for :class:`FileIndex`."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self._lines, self._hash = lines, hashlib.sha256()

    def __iter__(self) -> Iterator[str | bytes]:
        for line in self._lines:
            self._hash.update(line.encode() if isinstance(line, str) else line)
            self._hash.update(b"\n")
            yield line

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class FileIndex:
    """The games imported, by the SHA-256 of the file each came from: the same file imported again
    is the same game, not a second copy (``<ns>:{imports}:files``, a hash: file digest -> game id)."""

    def __init__(self, client: redis.Redis, namespace: str = "courtcard") -> None:
        self.redis, self.key = client, f"{namespace}:{{imports}}:files"

    def game_of(self, file_sha256: str) -> str | None:
        """The game imported from this file, if any (it may still be being written)."""
        game_id = self.redis.hget(self.key, file_sha256)
        return game_id.decode() if isinstance(game_id, bytes) else game_id

    def claim(self, file_sha256: str, game_id: str) -> bool:
        """Name ``game_id`` as the file's game, unless another import of the file did first."""
        return bool(self.redis.hsetnx(self.key, file_sha256, game_id))

    def take_over(self, file_sha256: str, stale: str, game_id: str) -> None:
        """Name ``game_id`` as the file's game in place of ``stale``, a game never written."""
        if self.game_of(file_sha256) == stale:
            self.redis.hset(self.key, file_sha256, game_id)

    def release(self, file_sha256: str, game_id: str) -> None:
        """Undo :meth:`claim` after an import that wrote nothing."""
        if self.game_of(file_sha256) == game_id:
            self.redis.hdel(self.key, file_sha256)


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


class _Reading:
    """One pass over a file's lines: each parsed (a placeholder for an unreadable one), its line
    number noted for its chain position (and the head's), and each event decoded as it passes
    into the chain check. The first event that cannot be decoded is kept, not raised, so that a
    broken chain is still the reason given first."""

    def __init__(self) -> None:
        self.line_of: dict[Any, int] = {}
        self.envelopes: list[Envelope] = []
        self.head: dict[str, Any] | None = None
        self.unreadable: ImportRejected | None = None

    def items(self, lines: Iterable[str | bytes]) -> Iterator[dict[str, Any]]:
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
                self.line_of.setdefault("head", number)
                if self.head is None:
                    self.head = value
            else:
                position += 1
                self.line_of.setdefault(position, number)  # the chain position this line occupies
                self._decode(value, number)
            yield value

    def _decode(self, item: dict[str, Any], number: int) -> None:
        if self.unreadable is not None or not item.keys() >= RECORDED_SET:
            return  # the chain check refuses a line without an event's fields, at this line
        try:
            event = event_registry.decode(item["type"], item["schema_version"], item["payload"])
            self.envelopes.append(Envelope.from_dict(item, event))
        except (EventTypeError, TypeError, ValueError) as exc:
            self.unreadable = ImportRejected(number, f"event {item['version']} ({item['type']}) cannot be read: {exc}")
