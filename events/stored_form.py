"""The stored forms of an envelope: what one stream entry holds, and how it is read back.

Redis keeps every game in memory, so a stream entry holds only what cannot be derived. New
events are written in form 3 (``events.compact_form``: raw bytes and payload values by position);
:class:`EntryReader` reads every form, entry by entry, so a game may hold entries of all three.

In form 2, an entry's field ``e`` is a JSON array followed by the event's hash as 32 raw bytes:

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

Records written before form 2 (form 1: field ``e`` = the whole envelope as a JSON object, every
field spelled out) are read as they are.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any

import orjson

from events.compact_form import CODE_END, FOLLOWER, HASH_END, MARKERS, READERS, RUN, json_start, payload_of
from events.envelope import GENESIS_HASH, Envelope, WritableEnvelope
from events.errors import EventStoreError

HASH_SIZE = 32
_loads = orjson.loads
_OFFSETS = {0: 3, 1: 4, 4: 5}  # where a compact entry's values start -> its reader in READERS
_ARRAY = 0x5B  # "[": the first byte of this form; the older one starts with "{"
_FOLLOWER = 4
_FULL = 7
_new = object.__new__


class StoredFormError(EventStoreError, ValueError):
    """A stream entry that cannot be read as an envelope; the message says why."""


def follower_index(value: Any) -> int | None:
    """How far back a stored follower's run begins (None for any other entry): a reader that
    starts at this entry must see that one first (:meth:`EntryReader.begin_run`)."""
    if isinstance(value, bytes) and value[:1] == b"\x03":
        try:
            index = orjson.loads(value[CODE_END:])[0]
        except (orjson.JSONDecodeError, IndexError, TypeError):
            return None
        return index if type(index) is int and index > 0 else None
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
            compact = isinstance(value, bytes) and len(value) > CODE_END and value[0] in MARKERS
            self.prev = value[-HASH_SIZE:].hex() if ok else value[1:HASH_END].hex() if compact else None

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
        if value and value[0] in MARKERS:
            return self._compact(entry_id, value)
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
            event_id = self._own_id(version, at, actor, command_id, ident)
        elif size == _FOLLOWER:
            type_, schema_version, payload, index = doc
            run = self.run
            if type(index) is not int or run is None or run[0] != version - index:
                raise StoredFormError(f"the event continues a command whose first event is not {index!r} entries before it")
            _, at, actor, command_id = run
            event_id = f"{command_id}#{index}"
        else:
            raise StoredFormError("not a readable envelope (an array of unknown shape)")
        return self._logical(event_id, version, type_, schema_version, payload, at, actor, command_id, hash_)

    def _compact(self, entry_id: Any, value: bytes) -> dict[str, Any]:
        """An entry of form 3 (``events.compact_form``); this runs for every event replayed, so the
        common shapes (a RUN or FOLLOWER entry of a registered type) are straight-line code."""
        marker = value[0]
        try:
            version = int(entry_id[2:]) if entry_id[:2] == b"0-" else _version(entry_id)
            spec = READERS.get(value[HASH_END:CODE_END])
            if marker == RUN:
                doc, at, actor, command_id = _run_head(value)
                event_id = command_id + "#0"
                self.run = (version, at, actor, command_id)
                start = 0
            elif marker == FOLLOWER:
                doc = _loads(value[CODE_END:])
                index = doc[0]
                run = self.run
                if type(index) is not int or run is None or run[0] != version - index:
                    raise StoredFormError(f"the event continues a command whose first event is not {index!r} entries before it")
                _, at, actor, command_id = run
                event_id = f"{command_id}#{index}"
                start = 1
            else:
                doc = _loads(value[CODE_END:])
                at, actor, command_id, ident = time_text(doc[0]), doc[1], doc[2], doc[3]
                event_id = self._own_id(version, at, actor, command_id, ident)
                start = 4
            if spec is not None and len(doc) - start == spec[2]:
                type_, schema_version = spec[0], spec[1]
                payload = spec[_OFFSETS[start]](doc)
            else:
                type_, schema_version, payload = payload_of(value[HASH_END:CODE_END], doc, start)
        except (orjson.JSONDecodeError, IndexError, TypeError, ValueError) as exc:  # UnicodeDecodeError too
            if isinstance(exc, StoredFormError):
                raise
            raise StoredFormError(f"not a readable envelope ({exc})") from exc
        hash_ = value[1:HASH_END].hex()
        return self._logical(event_id, version, type_, schema_version, payload, at, actor, command_id, hash_)

    def envelopes(self, entries: Sequence[Any], version: int, decoder: Any,
                  careful: Callable[[Any, Any, int], Envelope]) -> Iterator[Envelope]:
        """The typed envelopes of ``entries`` (stream entries as the server sends them: ``[entry
        id, [field, value, ...]]``), the first at ``version``, ``decoder`` an
        ``events.envelope_decoder.EnvelopeDecoder``.

        The entries a replay is made of (a RUN or FOLLOWER entry of form 3 whose type the decoder
        loads from its values at its stored schema version) are typed a run of them at a time by
        :meth:`typed`. Every other entry, or one that does not fit at its place, goes to
        ``careful(entry id, value, version)``, which reads it with :meth:`fields` (chained onto
        what came before) and names any fault; the reader is left chained for it exactly as
        :meth:`fields` would have left it."""
        at, count = 0, len(entries)
        while at < count:
            made = self.typed(entries, at, version, decoder)
            yield from made
            at, version = at + len(made), version + len(made)
            if at < count:
                entry_id, fields = entries[at]
                yield careful(entry_id, stored_value(fields), version)
                at, version = at + 1, version + 1

    def typed(self, entries: Sequence[Any], at: int, version: int, decoder: Any) -> list[Envelope]:
        """The envelopes of ``entries[at:]`` (``entries[at]`` at ``version``) up to the first that
        is not a sound RUN or FOLLOWER entry of a type ``decoder`` loads from its values at its
        stored schema version, or that does not sit where it should; the reader is then chained
        for that one.

        This is a replay's inner loop, one list built in one call: an entry's values go straight
        to the event's loader, and its envelope holds the event, version and game id, the rest of
        its fields filled from the entry on first use (:func:`_lazy_fields`). The checks are those
        of :meth:`fields`: the entry id is the version, a follower sits where its run says, the
        values have their fields' types, a RUN's scope and actor are UTF-8."""
        made: list[Envelope] = []
        if at >= len(entries):
            return made
        append = made.append
        typed, by_code, loads, game_id = decoder.typed, decoder.by_code, _loads, self.game_id
        # Stream ids only grow: when the first and last are 0-<version> and 0-<version + n - 1>,
        # the n entries are those versions in order, so no entry id needs reading on its own.
        ids_known = entries[at][0] == b"0-%d" % version and entries[-1][0] == b"0-%d" % (version + len(entries) - at - 1)
        prev: Any = self.prev  # the hash before, as text, or the entry before it (as bytes)
        run: Any = self.run  # the run the next follower continues: its tuple, or its RUN entry
        run_version = run[0] if run is not None else None
        try:
            for entry_id, (name, value) in islice(entries, at, None):  # ValueError: not one field
                if name != b"e" or not (ids_known or entry_id == b"0-%d" % version):
                    break
                spec = typed.get(value[HASH_END:CODE_END]) or by_code(value[HASH_END:CODE_END])
                if not spec:
                    break
                marker = value[0]
                if marker == FOLLOWER:
                    doc = loads(value[CODE_END:])
                    index = doc[0]
                    if type(index) is not int or index <= 0 or run_version != version - index:
                        break
                    event = spec[6](doc)  # ValueError or PayloadError: not its type's values
                    lazy = (_lazy_fields, value, prev, run, index)
                elif marker == RUN:
                    actor_at = 60 + value[59]
                    json_at = actor_at + 1 + value[actor_at]
                    value[60:actor_at].decode(), value[actor_at + 1:json_at].decode()  # UnicodeDecodeError
                    doc = loads(value[json_at:])
                    if type(doc) is not list:
                        break
                    event = spec[5](doc)
                    lazy = (_lazy_fields, value, prev, None, 0)
                    run, run_version = value, version
                else:
                    break
                envelope: Any = _new(WritableEnvelope)
                envelope.game_id = game_id
                envelope.version = version
                envelope.event = event
                envelope._lazy = lazy
                envelope.__class__ = Envelope
                append(envelope)
                prev = value
                version += 1
        except Exception:  # noqa: BLE001 - the careful path reads that entry again and names the fault
            pass
        self._settle(prev, run, run_version)
        return made

    def _settle(self, prev: Any, run: Any, run_version: int | None) -> None:
        """Keep what :meth:`envelopes` chained so far in the reader's own terms (text, tuples)."""
        self.prev = prev[1:HASH_END].hex() if type(prev) is bytes else prev
        self.run = (run_version, *_run_text(run)) if type(run) is bytes and run_version is not None else run

    def _own_id(self, version: int, at: Any, actor: Any, command_id: Any, ident: Any) -> Any:
        """The event id of an entry that names it (an int: numbered within its command, which
        then begins a run at ``version - ident``; else the id itself)."""
        if type(ident) is not int:
            self.run = None
            return ident
        if command_id is None:
            raise StoredFormError("an event id numbered within its command, but no command id")
        self.run = (version - ident, at, actor, command_id)
        return f"{command_id}#{ident}"

    def _logical(self, event_id: str, version: int, type_: Any, schema_version: Any, payload: Any, at: Any,
                 actor: Any, command_id: str | None, hash_: str) -> dict[str, Any]:
        """The logical fields of the entry just read, chained onto the one before."""
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


def stored_value(fields: Any) -> Any:
    """The stored envelope (field ``e``) of a stream entry's fields as the server sends them
    (``[field, value, ...]``; or as a dict), None when it has none."""
    if isinstance(fields, dict):
        return fields.get(b"e")
    return dict(zip(fields[::2], fields[1::2])).get(b"e")


def _run_head(value: bytes) -> tuple[Any, str, str, str]:
    """(values, recorded time, actor, command id) of a RUN entry (``events.compact_form``)."""
    return (_loads(value[json_start(value):]), *_run_text(value))


def _run_text(value: bytes) -> tuple[str, str, str]:
    """(recorded time, actor, command id) of a RUN entry."""
    actor_at = 60 + value[59]
    json_at = actor_at + 1 + value[actor_at]
    digits = value[36:52].hex()
    command_id = f"{value[60:actor_at].decode()}:{digits}" if actor_at > 60 else digits
    seconds, micros = divmod(int.from_bytes(value[52:59], "big"), 1_000_000)
    second = _SECOND
    at = f"{second[1]}.{micros:06d}Z" if second[0] == seconds else time_text(seconds * 1_000_000 + micros)
    return at, value[actor_at + 1:json_at].decode(), command_id


def _lazy_fields(value: bytes, prev: Any, run: Any, index: int) -> dict[str, Any]:
    """The recorded fields :meth:`EntryReader.typed` left for an envelope to fill on first use:
    those of the RUN entry ``value`` (``index`` 0) or of a follower ``index`` entries into ``run``
    (the reader's tuple of it, or its RUN entry); ``prev`` the hash before (text) or the entry
    before (bytes). The entry's values are parsed again here rather than kept: a replay's
    envelopes then hold only bytes, text and ints besides the event, which keeps them small and
    out of the garbage collector's way, and most are never asked for more than their event."""
    at, actor, command_id = _run_text(value if index == 0 else run) if index == 0 or type(run) is bytes else run[1:]
    name, schema_version, _count, whole, after_index = READERS[value[HASH_END:CODE_END]][:5]
    doc = _loads(value[json_start(value):])
    return {"event_id": f"{command_id}#{index}", "type": name, "schema_version": schema_version,
            "payload": after_index(doc) if index else whole(doc), "recorded_at": at, "actor": actor,
            "prev_hash": prev[1:HASH_END].hex() if type(prev) is bytes else prev, "hash": value[1:HASH_END].hex(),
            "command_id": command_id}


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
    """The ISO-8601 UTC text (``2026-01-02T03:04:05.678901Z``) of a stored recorded time (a text
    recorded as it was comes back as it is)."""
    global _SECOND
    if type(code) is not int:
        text: str = code
        return text
    seconds, micros = divmod(code, 1_000_000)
    second = _SECOND
    if second[0] != seconds:
        second = _SECOND = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
    return f"{second[1]}.{micros:06d}Z"
