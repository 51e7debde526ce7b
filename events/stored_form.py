"""The stored form of an envelope: what one stream entry holds, and how it is read back.

Redis keeps every game in memory, so a stream entry holds only what cannot be derived. An entry's
field ``e`` is a JSON array followed by the event's hash as 32 raw bytes:

    [type, schema_version, payload, recorded_at, actor, command_id, id]  the first event of an
        append (a "run": the events one command appended), or an event whose id is its own
    [type, schema_version, payload, index]  a later event of the same run: its recorded time,
        actor and command id are those of the run's first event, ``index`` entries before it

The game id is the stream's (its key names it), the version the entry id's (``0-<version>``),
``prev_hash`` the hash of the entry before (the genesis hash for version 1). ``id`` is an int
``i`` for the event id ``<command_id>#<i>`` (the ids the service and the store give), or the event
id itself as a string; a follower's event id is ``<command_id>#<index>``. ``recorded_at`` is an
int, microseconds since the epoch, when it is the store's own ISO-8601 text (it then reads back as
exactly that text), else the text as recorded.

The hash is the one the envelope always had: SHA-256 of the canonical JSON of the logical fields
(``events.envelope``), so exports, verification and signed records do not depend on this form.

Records written before this form (field ``e`` = the whole envelope as a JSON object, every
field spelled out) are read as they are: :class:`EntryReader` takes both, entry by entry.
"""

from __future__ import annotations

import calendar
import time
from typing import Any

import orjson

from events.envelope import GENESIS_HASH
from events.errors import EventStoreError

HASH_SIZE = 32
_ARRAY = 0x5B  # "[": the first byte of this form; the older one starts with "{"
_FOLLOWER = 4
_FULL = 7
# Payloads are stored with their keys in canonical order, so a payload reads back the same whether
# its event was appended live or imported from an export (whose JSON is canonical).
_SORTED = orjson.OPT_SORT_KEYS


class StoredFormError(EventStoreError, ValueError):
    """A stream entry that cannot be read as an envelope; the message says why."""


def run_entry(type_: str, schema_version: int, payload: Any, recorded_at: str, actor: str,
              command_id: str | None, ident: int | str, hash_hex: str) -> bytes:
    """The stored form of an event that carries its run's fields (see the module's docstring)."""
    doc = orjson.dumps([type_, schema_version, payload, time_code(recorded_at), actor, command_id, ident], option=_SORTED)
    return doc + bytes.fromhex(hash_hex)


def follower_entry(type_: str, schema_version: int, payload: Any, index: int, hash_hex: str) -> bytes:
    """The stored form of the event ``index`` entries after its run's first event."""
    return orjson.dumps([type_, schema_version, payload, index], option=_SORTED) + bytes.fromhex(hash_hex)


def follower_index(value: Any) -> int | None:
    """How far back a stored follower's run begins (None for any other entry): a reader that
    starts at this entry must see that one first (:meth:`EntryReader.begin_run`)."""
    if not isinstance(value, bytes) or not value or value[0] != _ARRAY:
        return None
    try:
        doc = orjson.loads(value[:-HASH_SIZE])
    except orjson.JSONDecodeError:
        return None
    if type(doc) is list and len(doc) == _FOLLOWER and type(doc[3]) is int and doc[3] > 0:
        return doc[3]
    return None


class EntryReader:
    """Turns a game's stream entries, read in order, into their envelopes' logical fields.

    Each entry is read knowing the one before it (its hash is the next one's ``prev_hash``) and
    the run it belongs to; a reader that starts after version 1 is first told about the entry
    before (:meth:`after`) and, if the first entry continues a run, about the run's first
    entry (:meth:`begin_run`).
    """

    __slots__ = ("game_id", "prev", "run")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.prev: Any = GENESIS_HASH
        self.run: tuple[int, str, str, str] | None = None  # (version, recorded_at, actor, command_id)

    def after(self, entry_id: Any, value: Any) -> None:
        """Take ``entry`` as the one just before the next to be read (its hash, its run)."""
        try:
            self.fields(entry_id, value)
        except (StoredFormError, KeyError, TypeError, ValueError):
            # A follower whose run is not known yet still gives its hash; anything else leaves the
            # next entry nothing to chain onto, and reading that one says so.
            ok = isinstance(value, bytes) and len(value) > HASH_SIZE and value[0] == _ARRAY
            self.prev = value[-HASH_SIZE:].hex() if ok else None

    def begin_run(self, entry_id: Any, value: Any) -> None:
        """Take ``entry`` as the first of the run the next entry to be read continues."""
        prev = self.prev
        self.after(entry_id, value)
        self.prev = prev

    def fields(self, entry_id: Any, value: Any) -> Any:
        """The logical fields of the next entry (a dict for any readable record; what an entry of
        the older form holds, as it is); StoredFormError if it cannot be read at all."""
        if value is None:
            raise StoredFormError("the stream entry has no envelope field")
        if not isinstance(value, bytes):
            value = value.encode()
        if not value or value[0] != _ARRAY:
            return self._older(value)
        try:
            doc = orjson.loads(value[:-HASH_SIZE])
        except orjson.JSONDecodeError as exc:
            raise StoredFormError(f"not a readable envelope ({exc})") from exc
        hash_ = value[-HASH_SIZE:].hex()
        version = _version(entry_id)
        size = len(doc) if type(doc) is list else 0
        if size == _FULL:
            type_, schema_version, payload, at, actor, command_id, ident = doc
            at = time_text(at)
            if type(ident) is int:
                if command_id is None:
                    raise StoredFormError("an event id numbered within its command, but no command id")
                event_id = f"{command_id}#{ident}"
                self.run = (version - ident, at, actor, command_id)
            else:
                event_id = ident
                self.run = None
        elif size == _FOLLOWER:
            type_, schema_version, payload, index = doc
            run = self.run
            if type(index) is not int or run is None or run[0] != version - index:
                raise StoredFormError(f"the event continues a command whose first event is not {index!r} entries before it")
            _, at, actor, command_id = run
            event_id = f"{command_id}#{index}"
        else:
            raise StoredFormError("not a readable envelope (an array of unknown shape)")
        fields = {
            "event_id": event_id,
            "game_id": self.game_id,
            "version": version,
            "type": type_,
            "schema_version": schema_version,
            "payload": payload,
            "recorded_at": at,
            "actor": actor,
            "prev_hash": self.prev,
            "hash": hash_,
        }
        if command_id is not None:
            fields["command_id"] = command_id
        self.prev = hash_
        return fields

    def _older(self, value: bytes) -> Any:
        """An envelope stored whole, as a JSON object (the form records were first written in)."""
        try:
            doc = orjson.loads(value)
        except orjson.JSONDecodeError as exc:
            raise StoredFormError(f"not a readable envelope ({exc})") from exc
        self.prev = doc.get("hash") if isinstance(doc, dict) else None
        self.run = None
        return doc


def _version(entry_id: Any) -> int:
    text = entry_id if isinstance(entry_id, bytes) else str(entry_id).encode()
    if text[:2] != b"0-":
        raise StoredFormError(f"stream entry {text.decode(errors='replace')} is not at a version")
    return int(text[2:])


# -- recorded times ---------------------------------------------------------------------------

_SECOND: tuple[int, str] = (-1, "")  # (a second, its ISO-8601 text): strftime once a second


def time_code(recorded_at: str) -> int | str:
    """``recorded_at`` as stored: microseconds since the epoch when :func:`time_text` gives the
    same text back, else the text itself."""
    if type(recorded_at) is not str or len(recorded_at) != 27 or recorded_at[19] != "." or recorded_at[26] != "Z":
        return recorded_at
    second = _SECOND
    try:
        if second[1] == recorded_at[:19]:
            seconds = second[0]
        else:
            seconds = calendar.timegm(time.strptime(recorded_at[:19], "%Y-%m-%dT%H:%M:%S"))
        code = seconds * 1_000_000 + int(recorded_at[20:26])
    except ValueError:
        return recorded_at
    return code if code >= 0 and time_text(code) == recorded_at else recorded_at


def time_text(code: Any) -> str:
    """The ISO-8601 UTC text (``2026-01-02T03:04:05.678901Z``) of a stored recorded time."""
    global _SECOND
    if type(code) is not int:
        return code
    seconds, micros = divmod(code, 1_000_000)
    second = _SECOND
    if second[0] != seconds:
        second = _SECOND = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
    return f"{second[1]}.{micros:06d}Z"
