"""Stored form 3: an event's stream entry as a few raw bytes and a short positional JSON array.

Every entry starts with a marker byte, the event's hash (32 raw bytes) and its type code (3 raw
bytes), then::

    RUN       the first event of an append whose command id is "<scope>:<32 hex digits>" (or
              just the 32 digits) and whose recorded time is the store's own: the command id's
              16 raw bytes, the recorded time (7 bytes, microseconds since the epoch), the scope
              and the actor (UTF-8, each after its length in one byte; a length 0 for no scope),
              then [*values]; its event id is "<command id>#0"
    OWN       any other first event: [recorded time, actor, command id, id, *values], the time an
              int of microseconds or the text as recorded, ``id`` an int i for "<command id>#i"
              or the event id itself
    FOLLOWER  a later event of the same append: [index, *values]; its time, actor and command id
              are those of the append's first event, ``index`` entries before it, and its event
              id "<command id>#<index>"

``values`` are the payload's values in the order of its field names sorted (the order canonical
JSON writes them in), and the type code names the event type, its schema version and those field
names (:func:`type_code`): so the keys of a payload are not stored. A payload that does not have
exactly its type's fields (an imported one of an older schema version, say) is stored with the
code ``000000`` as ``type, schema_version, payload``.

The game id, version and prev_hash are derived as in form 2 (the stream's key, the entry id, the
entry before). The hash is SHA-256 of the canonical JSON of the logical fields
(``events.envelope``), so exports, verification and signed records are the same in every form.

A code is derived from what it names, so it stays the same from release to release as long as the
event type keeps its name, schema version and field names; a type whose fields change must take a
new schema version (``tests/events/golden/type_codes.json`` holds the codes written so far).
"""

from __future__ import annotations

import hashlib
import operator
import re
from collections.abc import Callable
from typing import Any

import orjson

from events.errors import EventStoreError

RUN, OWN, FOLLOWER = 0x01, 0x02, 0x03
MARKERS = frozenset((RUN, OWN, FOLLOWER))
HASH_END = 33  # marker, then the 32 bytes of the hash
CODE_END = 36  # then the 3 bytes of the type code
GENERAL = b"\0\0\0"  # the code of a payload stored with its keys, after its type and schema version
_SORTED = orjson.OPT_SORT_KEYS
_RAW_COMMAND = re.compile(r"(?:([a-z][a-z0-9_-]{0,31}):)?([0-9a-f]{32})\Z")


class TypeCodeError(EventStoreError, ValueError):
    """Two event types whose codes collide, or an entry whose type code no registered type has."""


#: code -> (type name, schema version, field names sorted), for every type registered in the process
CODES: dict[bytes, tuple[str, int, tuple[str, ...]]] = {}
#: (code, type name, schema version, field names, their values' getter) of a type, as the entry
#: builders take it; a type with no code has None for the code and the last two (see spec_of).
Spec = tuple[bytes | None, str, int, tuple[str, ...] | None, Callable[[dict[str, Any]], Any] | None]
#: (type name, schema version) -> its Spec: see spec_of
_BY_NAME: dict[tuple[str, int], Spec] = {}


def type_code(name: str, schema_version: int, fields: tuple[str, ...]) -> bytes:
    """The 3-byte code of a type's payloads at one schema version, with these (sorted) field names."""
    return hashlib.sha256(f"{name}\0{schema_version}\0{','.join(fields)}".encode()).digest()[:3]


def register_type(name: str, schema_version: int, fields: tuple[str, ...]) -> bytes:
    """Make the type readable and writable positionally; TypeCodeError if its code is another's."""
    spec = (name, schema_version, tuple(sorted(fields)))
    code = type_code(*spec)
    known = CODES.setdefault(code, spec)
    if known != spec or code == GENERAL:
        raise TypeCodeError(f"event type {name!r} v{schema_version} has the stored code {code.hex()} of {known[0]!r}")
    _BY_NAME[(name, schema_version)] = (code, *spec, _getter(spec[2]))
    READERS[code] = _reader(*spec)
    return code


def _getter(fields: tuple[str, ...]) -> Any:
    """A payload's values in the order of ``fields``, as a tuple (itemgetter is the fastest way)."""
    if len(fields) > 1:
        return operator.itemgetter(*fields)
    if fields:
        one = operator.itemgetter(fields[0])
        return lambda payload: (one(payload),)
    return lambda payload: ()


#: code -> (type name, schema version, number of fields, payload of the values at doc[0:],
#: doc[1:], doc[4:]): what a replay needs of each type, made once.
READERS: dict[bytes, tuple[Any, ...]] = {}


def _reader(name: str, schema_version: int, fields: tuple[str, ...]) -> tuple[Any, ...]:
    """The type's entry readers: a dict display per offset is about twice as fast as dict(zip())."""
    made = []
    for start in (0, 1, 4):
        items = ", ".join(f"{field!r}: d[{start + i}]" for i, field in enumerate(fields))
        made.append(eval(f"lambda d: {{{items}}}"))  # noqa: S307 - built from the field names only
    return (name, schema_version, len(fields), *made)


def raw_command(command_id: str | None) -> tuple[str | None, bytes] | None:
    """(scope, 16 raw bytes) of a command id "<scope>:<32 hex digits>" (scope None for the digits
    alone), or None for any other."""
    found = _RAW_COMMAND.match(command_id) if type(command_id) is str else None
    return (found.group(1), bytes.fromhex(found.group(2))) if found else None


def _body(code: bytes | None, name: str, schema_version: int, names: tuple[str, ...] | None, values: Any,
          payload: dict[str, Any]) -> tuple[bytes, Any]:
    """(code, the values to store) for a payload: positional when its keys are its type's fields."""
    if code is not None and names is not None and type(payload) is dict and len(payload) == len(names):
        try:
            return code, values(payload)
        except KeyError:
            pass
    return GENERAL, (name, schema_version, payload)


def run_entry(spec: Spec, payload: dict[str, Any], hash_: bytes, raw: tuple[str | None, bytes], micros: int, actor: str) -> bytes | None:
    """A RUN entry (``spec`` as :func:`spec_of` gives it); None when the time or the actor do not
    fit in it (the event is then stored as an OWN entry)."""
    scope, actor_bytes = (raw[0] or "").encode(), actor.encode()
    if len(actor_bytes) > 255 or not 0 <= micros < 1 << 56:
        return None
    code, body = _body(*spec, payload)
    return b"".join((b"\x01", hash_, code, raw[1], micros.to_bytes(7, "big"), bytes((len(scope),)), scope,
                     bytes((len(actor_bytes),)), actor_bytes, orjson.dumps(body, option=_SORTED)))


def json_start(value: bytes) -> int:
    """Where the JSON array of an entry of this form begins."""
    if value[0] != RUN:
        return CODE_END
    actor_at = 60 + value[59]
    return actor_at + 1 + value[actor_at]


def own_entry(spec: Spec, payload: dict[str, Any], hash_: bytes, at: int | str, actor: str, command_id: str | None, ident: int | str) -> bytes:
    """An OWN entry."""
    code, values = _body(*spec, payload)
    return b"\x02" + hash_ + code + orjson.dumps((at, actor, command_id, ident, *values), option=_SORTED)


def follower_entry(spec: Spec, payload: dict[str, Any], hash_: bytes, index: int) -> bytes:
    """A FOLLOWER entry, ``index`` entries after its append's first event."""
    code, values = _body(*spec, payload)
    return b"\x03" + hash_ + code + orjson.dumps((index, *values), option=_SORTED)


def spec_of(name: str, schema_version: int) -> Spec:
    """(code, name, schema version, field names, their values' getter) of a registered type, for
    the entry builders; None for the last three of a type with no code (its payloads keep their keys)."""
    return _BY_NAME.get((name, schema_version)) or (None, name, schema_version, None, None)


def payload_of(code: bytes, doc: list[Any], start: int) -> tuple[str, int, Any]:
    """(type, schema version, payload) from an entry's code and its values at ``doc[start:]``."""
    if code == GENERAL:
        if len(doc) != start + 3:
            raise ValueError("a stored payload with its keys has the wrong shape")
        return doc[start], doc[start + 1], doc[start + 2]
    spec = CODES.get(code)
    if spec is None:
        raise TypeCodeError(f"no registered event type has the stored code {code.hex()}")
    name, version, fields = spec
    if len(doc) - start != len(fields):
        raise ValueError(f"{len(doc) - start} values stored for the {len(fields)} fields of {name}")
    return name, version, dict(zip(fields, doc[start:] if start else doc))
