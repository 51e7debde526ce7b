"""A batch of events made ready for the store, with no Redis: the hash chain, each event's stored
entry (``events.stored_form``), the id index records and the append script's arguments.

The store (``events.store``) does the I/O; this module decides what is written, as
``eventsourcing`` keeps its mapper apart from its recorder. Everything here is a pure function of
its arguments (and the clock, for ``utc_now``), so it is tested and timed without a server.

Index records (the ``ids`` hash of a game, see ``events.store``): the first id ``<command id>#0``
of a run (the events one command appended) -> ``"<version>+<count>"``, with ``"="`` and the raw
SHA-256 of the request it answered when the request is named by the command id; any other event
id -> ``"<version>"``. Records written before runs were indexed hold ``"<version>:<content
digest>"`` per event, and still count.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from events.envelope import Envelope, adopted, canonical_json
from events.registry import EventTypeError
from events.compact_form import follower_entry, own_entry, raw_command, run_entry, spec_of
from events.stored_form import time_code


@dataclasses.dataclass(slots=True)
class Batch:
    """A batch chained onto a head: its envelopes, and the append script's arguments
    (``events.scripts.APPEND``: seven for a play, the general form for any other batch). Not
    frozen: a frozen dataclass's __init__ costs a setattr call a field, and every play makes one."""

    envelopes: list[Envelope]
    args: list[Any]
    bucket: str = ""  # the id index bucket of the batch's raw index record (see index_bucket)


def build_batch(game_id: str, expected_version: int, prev_hash: str, actors: Sequence[str],
                times: Sequence[str], ids: Sequence[str], encoded: Sequence[tuple[str, int, Any]],
                events: Sequence[object], command_ids: Sequence[str | None],
                request: tuple[str, str] | None) -> Batch:
    """The envelopes of a batch chained onto ``prev_hash``, and the script's arguments. An envelope
    with a command id hashes it (``events.envelope.HASHED_FIELDS``); one without (an imported
    record made before command ids) hashes the fields it has."""
    if len(ids) == 1 and command_ids[0] is not None and ids[0] == f"{command_ids[0]}#0":
        play = _play(game_id, expected_version, prev_hash, actors[0], times[0], ids[0], encoded[0], events[0],
                     command_ids[0], request)
        if play is not None:
            return play
    chained_onto = prev_hash
    envelopes: list[Envelope] = []
    entries: list[bytes] = []
    records: list[str | bytes] = []  # index fields and values, in pairs
    runs: list[list[Any]] = []  # [first event id, first version, count] of each run of the batch
    firsts: set[str] = set()  # their first ids: a command id begins one run only
    version = expected_version
    run_start = -1
    raw_first = raw_command(command_ids[0])
    for j, (event_id, (name, schema_version, payload), event, actor, recorded_at, command_id) in enumerate(
        zip(ids, encoded, events, actors, times, command_ids)
    ):
        version += 1
        # The payload is written once, in canonical form, and that JSON goes both into what the
        # chain hashes and into the stored entry: one serialisation and one SHA-256 an event.
        try:
            written = _Fragment(_dumps(payload, option=_SORTED))
        except TypeError as exc:  # e.g. non-string keys or huge ints inside an ``Any`` field
            raise EventTypeError(f"an event's payload cannot be encoded as canonical JSON: {exc}") from exc
        fields = {
            "event_id": event_id,
            "game_id": game_id,
            "version": version,
            "type": name,
            "schema_version": schema_version,
            "payload": written,
            "recorded_at": recorded_at,
            "actor": actor,
            "prev_hash": prev_hash,
        }
        if command_id is not None:
            fields["command_id"] = command_id
        digest = _sha256(_dumps(fields, option=_SORTED)).digest()
        own_hash = digest.hex()
        spec = spec_of(name, schema_version)
        # A run is the events one command appended, with ids "<command id>#0", "#1", ...: only
        # its first entry keeps the command's fields, and only its first id is indexed.
        if (run_start >= 0 and command_id == command_ids[run_start] and actor == actors[run_start]
                and recorded_at == times[run_start] and event_id == f"{command_id}#{j - run_start}"):
            entries.append(follower_entry(spec, payload, digest, j - run_start))
            runs[-1][2] += 1
        elif command_id is not None and event_id == f"{command_id}#0" and event_id not in firsts:
            run_start = j
            firsts.add(event_id)
            at, raw = time_code(recorded_at), raw_first if command_id == command_ids[0] else raw_command(command_id)
            entry = run_entry(spec, payload, digest, raw, at, actor) if raw is not None and type(at) is int else None
            entries.append(entry or own_entry(spec, payload, digest, at, actor, command_id, 0))
            runs.append([event_id, version, 1])
        else:
            run_start = -1
            entries.append(own_entry(spec, payload, digest, time_code(recorded_at), actor, command_id, event_id))
            records += (event_id, str(version))
        fields["payload"] = payload
        fields["hash"] = own_hash
        envelopes.append(Envelope.from_stored(fields, event))
        prev_hash = own_hash
    # A request named by the command id is recorded in the command's index record.
    merged = request is not None and len(runs) == 1 and runs[0][2] == len(ids) and names_request(command_ids[0], request)
    # The one run of an append whose command id has a raw form is indexed by those raw bytes, in
    # one of the game's small index buckets; any other run by its first id, in the index hash.
    raw = raw_first if len(runs) == 1 and runs[0][2] == len(ids) else None
    raw_key = raw_record = b""
    merged_digest = bytes.fromhex(request[1]) if merged and request is not None else b""
    for event_id, first, count in runs:
        record = f"{first}+{count}".encode()
        if merged:
            record += b"=" + merged_digest[:REQUEST_DIGEST_SIZE if raw else None]
        if raw:
            raw_key, raw_record = raw[1][:INDEX_KEY_SIZE], record
        else:
            records += (event_id, record)
    found, places = lookups(list(ids))
    field, request_digest = ("", "") if merged or request is None else request
    # In the order the script reads them (events.scripts.APPEND): what its usual path needs first,
    # the runs' places (read only when the head moved or an id is recorded) last.
    args: list[Any] = [expected_version, f"{expected_version}:{chained_onto}", f"{version}:{prev_hash}", field, request_digest,
                       "1" if merged else "", len(ids), len(found), len(records), raw_key, raw_record,
                       *found, *entries, *records, *places]
    return Batch(envelopes, args, index_bucket(*raw) if raw else "")


def _play(game_id: str, expected_version: int, prev_hash: str, actor: str, recorded_at: str, event_id: str,
          item: tuple[str, int, Any], event: object, command_id: str, request: tuple[str, str] | None) -> Batch | None:
    """A play's batch (one event, "<command id>#0", a raw command id, its request named by it or
    none), as :func:`build_batch` makes it; None for any other batch."""
    raw = raw_command(command_id)
    if raw is None or (request is not None and not names_request(command_id, request)):
        return None
    made = _made
    at = made[1] if recorded_at is made[0] else time_code(recorded_at)
    if type(at) is not int:
        return None  # stored as an OWN entry, by the general loop
    return play(game_id, expected_version, prev_hash, actor, recorded_at, at, command_id, raw, item, event,
                None if request is None else request[1])


def play(game_id: str, expected_version: int, prev_hash: str, actor: str, recorded_at: str, at: int,
         command_id: str, raw: tuple[str | None, bytes], item: tuple[str, int, Any], event: object,
         request_digest: str | None) -> Batch | None:
    """A play's batch with the short arguments of the script's usual path (events.scripts.APPEND):
    one event "<command id>#0" of a command with the raw form ``raw`` (events.compact_form.raw_command),
    recorded at ``recorded_at`` (``at`` its stored code, an int), answering the request named by
    the command id whose SHA-256 (hex) is ``request_digest``, or none. None when its entry cannot
    be a RUN entry (the general loop stores it as an OWN one).

    Every append of the service is one, so this is written for speed: each payload is written to
    JSON once for the hash, the hashed fields are written in canonical order without a sort (the
    same bytes as ``events.envelope.canonical_json``), and nothing is built that is not sent."""
    name, schema_version, payload = item
    version = expected_version + 1
    event_id = f"{command_id}#0"
    try:
        written = _Fragment(_dumps(payload, option=_SORTED))
    except TypeError as exc:  # e.g. non-string keys or huge ints inside an ``Any`` field
        raise EventTypeError(f"an event's payload cannot be encoded as canonical JSON: {exc}") from exc
    # HASHED_FIELDS in sorted order (events.envelope): a dict keeps its order, so no sort is needed.
    # The same dict then becomes the envelope's attributes.
    fields = {"actor": actor, "command_id": command_id, "event_id": event_id, "game_id": game_id, "payload": written,
              "prev_hash": prev_hash, "recorded_at": recorded_at, "schema_version": schema_version, "type": name,
              "version": version}
    digest = _sha256(_dumps(fields)).digest()
    entry = run_entry(spec_of(name, schema_version), payload, digest, raw, at, actor)
    if entry is None:
        return None  # the time or the actor do not fit a RUN entry: stored as an OWN one, by the general loop
    record = f"{version}+1".encode()
    if request_digest is not None:
        record += b"=" + bytes.fromhex(request_digest)[:REQUEST_DIGEST_SIZE]
    own_hash = digest.hex()
    fields["payload"] = payload
    fields["hash"] = own_hash
    fields["event"] = event
    envelope = adopted(fields)
    args = [expected_version, f"{expected_version}:{prev_hash}", f"{version}:{own_hash}", raw[1][:INDEX_KEY_SIZE],
            record, event_id, entry]
    return Batch([envelope], args, index_bucket(*raw))


#: How many bytes of a request's SHA-256 a raw index record keeps: 64 bits tell a retry from
#: another request sent with the same key (which its own client chose), at a few bytes an append.
REQUEST_DIGEST_SIZE = 8
#: How many of a random command id's 16 bytes key its index record: 96 bits, far from any
#: collision among the few thousand commands of a game.
INDEX_KEY_SIZE = 12
#: How many index buckets a game's raw index records of one scope are spread over: each stays a
#: small hash (a listpack, a few bytes a record) up to about 2,000 appends a game.
INDEX_BUCKETS = 16


def index_bucket(scope: str | None, raw_id: bytes) -> str:
    """The index bucket of a raw command id: its scope (so that records need not hold it) and its
    first byte (the ids are random)."""
    return f"{scope or ''}:{raw_id[0] % INDEX_BUCKETS:x}"


def same_request(recorded: str, digest: str) -> bool:
    """True when a recorded request digest (hex, whole or the first REQUEST_DIGEST_SIZE bytes a
    raw index record keeps) is that of a request with this SHA-256 ``digest``."""
    return recorded == digest or (len(recorded) == 2 * REQUEST_DIGEST_SIZE and digest[:len(recorded)] == recorded)


def event_ids(given: Sequence[str] | None, n: int, command_id: str) -> list[str]:
    """The batch's event ids: ``given`` checked (one per event, distinct, non-empty), or
    ``<command_id>#0``, ``#1``, ... when none are given."""
    if given is None:
        # Numbered within the command, as the service numbers them: a command names one append,
        # and the stored form derives such ids instead of keeping them.
        return [f"{command_id}#{i}" for i in range(n)]
    ids = list(given)
    if len(ids) != n:
        raise ValueError(f"{len(ids)} event ids for {n} events")
    if any(not isinstance(i, str) or not i for i in ids):
        raise ValueError("event ids must be non-empty strings")
    if len(set(ids)) != n:
        raise ValueError("event ids in one batch must be distinct")
    return ids


def lookups(ids: list[str]) -> tuple[list[str], list[Any]]:
    """The ids the append script looks up in the index: the batch's own, then the first id of any
    run an id "<x>#<i>" (i > 0) could belong to; and for each event, the position of that run's
    first id among them (0 for none) and i."""
    found = list(ids)
    position = {event_id: k for k, event_id in enumerate(ids, 1)}
    places: list[Any] = []
    for event_id in ids:
        run = run_of(event_id)
        if run is None:
            places += (0, 0)
            continue
        first, i = run
        if first not in position:
            found.append(first)
            position[first] = len(found)
        places += (position[first], i)
    return found, places


def run_of(event_id: str) -> tuple[str, int] | None:
    """("<x>#0", i) for an event id "<x>#<i>" with i > 0 written plainly, else None."""
    prefix, sep, number = event_id.rpartition("#")
    if not sep or not number.isascii() or not number.isdigit() or number[0] == "0":
        return None
    return f"{prefix}#0", int(number)


def indexed(record: bytes | None, run: tuple[str, int] | None, runs: Mapping[str, bytes | None]) -> int | None:
    """The version the index places an event id at: its own record's, or its run's first
    version plus its number (``runs`` maps a run's first id to that id's record)."""
    if record is not None:
        own = _RECORD_VERSION.match(record)
        if own is None:
            raise ValueError(f"an id index record holds no version: {record!r}")
        return int(own.group())
    if run is not None:
        found = _RUN_RECORD.match(runs.get(run[0]) or b"")
        if found and run[1] < int(found.group(2)):
            return int(found.group(1)) + run[1]
    return None


def run_digest(record: bytes | None) -> str | None:
    """The request digest (hex) a run's index record holds, or None."""
    found = _RUN_DIGEST.match(record or b"")
    return found.group(1).hex() if found else None


_RECORD_VERSION = re.compile(rb"\d+")
_RUN_RECORD = re.compile(rb"(\d+)\+(\d+)")
_RUN_DIGEST = re.compile(rb"\d+\+\d+=(.*)\Z", re.S)
_SHA256_HEX = re.compile(r"[0-9a-f]{64}\Z")


def is_sha256_hex(digest: object) -> bool:
    return isinstance(digest, str) and _SHA256_HEX.match(digest) is not None


def names_request(command_id: str | None, request: tuple[str, str]) -> bool:
    """Whether ``request`` (its field, its digest) is the one ``command_id`` names, with a SHA-256
    digest: then the command's index record holds it, and no requests hash is written."""
    return request[0] == command_id and is_sha256_hex(request[1])


def content_digest(name: str, schema_version: int, payload: dict[str, Any]) -> str:
    """What makes two events with one id "the same": type, schema version and payload."""
    try:
        return _sha256(canonical_json([name, schema_version, payload])).hexdigest()
    except TypeError as exc:  # e.g. non-string keys or huge ints inside an ``Any`` field
        raise EventTypeError(f"an event's payload cannot be encoded as canonical JSON: {exc}") from exc


_sha256 = hashlib.sha256
_dumps = orjson.dumps
_Fragment = orjson.Fragment
_SORTED = orjson.OPT_SORT_KEYS  # canonical JSON (events.envelope.canonical_json)


_clock: tuple[int, str] = (-1, "")  # (a second, its ISO-8601 text): strftime once a second
#: (the text utc_now made last, its stored code: microseconds since the epoch), so that a play
#: stores the time it was just given without parsing it back (see events.stored_form.time_code)
_made: tuple[str, int | str] = ("", "")
_time_ns = time.time_ns


def recorded_now() -> tuple[str, int]:
    """(ISO-8601 UTC text with microseconds, the same instant in microseconds since the epoch: its
    stored code, events.stored_form.time_code)."""
    global _clock
    micros = _time_ns() // 1000
    seconds, fraction = divmod(micros, 1_000_000)
    clock = _clock
    if clock[0] != seconds:
        clock = _clock = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
    return f"{clock[1]}.{fraction:06d}Z", micros


def utc_now() -> str:
    """ISO-8601 UTC with microseconds, e.g. ``2026-01-02T03:04:05.678901Z``."""
    global _made
    made = _made = recorded_now()
    return made[0]
