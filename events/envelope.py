"""The event envelope: one recorded event with its place in the game's tamper-evident chain.

Every envelope's ``hash`` is the SHA-256 (hex) of the canonical JSON encoding of all its
other recorded fields (see :data:`HASHED_FIELDS`); ``prev_hash`` is the hash of the event
before it, or :data:`GENESIS_HASH` for a game's first event. Altering, removing or reordering
any event therefore breaks the chain at that event.

``command_id`` names the command (one table action, one dispute, one game's creation) whose
append recorded the event: every event of one append carries the same one. Envelopes recorded
before it existed have none, and hash the fields they have (:data:`HASHED_FIELDS_V1`); an
envelope with a command id hashes it too (:data:`HASHED_FIELDS`). Removing a command id from an
envelope, or adding one, changes what its hash covers, so either breaks the chain.

    >>> fields = dict(event_id="e1", game_id="g1", version=1, type="Noted", schema_version=1,
    ...               payload={"text": "hi"}, recorded_at="2026-01-01T00:00:00.000000Z",
    ...               actor="ann", prev_hash=GENESIS_HASH)
    >>> env = Envelope(**fields, hash=envelope_hash(fields))
    >>> Envelope.from_dict(env.to_dict()) == env
    True
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

#: ``prev_hash`` of every game's first event.
GENESIS_HASH = "0" * 64

#: The fields covered by the ``hash`` of an envelope recorded without a command id.
HASHED_FIELDS_V1 = (
    "event_id",
    "game_id",
    "version",
    "type",
    "schema_version",
    "payload",
    "recorded_at",
    "actor",
    "prev_hash",
)
#: The fields covered by the ``hash`` of an envelope recorded with its command's id.
HASHED_FIELDS = HASHED_FIELDS_V1 + ("command_id",)
#: The fields every envelope has (the command id is recorded since envelopes carry it).
RECORDED_FIELDS = HASHED_FIELDS_V1 + ("hash",)
RECORDED_SET = frozenset(RECORDED_FIELDS)
_RECORDED_WITH_COMMAND = RECORDED_SET | {"command_id"}

def canonical_json(value: Any) -> bytes:
    """Encode ``value`` as canonical JSON: keys sorted, no spaces, UTF-8 (not ASCII-escaped).

    This is orjson's compact output with sorted keys (floats in shortest round-trip form, e.g.
    ``1.5e-7``). Dict keys must be strings (TypeError otherwise). orjson writes NaN and
    infinities as null, so the event codec refuses them before anything is hashed.

    >>> canonical_json({"b": 1, "a": "é", "c": [1.5e-7, None]})
    b'{"a":"\\xc3\\xa9","b":1,"c":[1.5e-7,null]}'
    """
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def envelope_hash(fields: Mapping[str, Any]) -> str:
    """SHA-256 (hex) over the canonical encoding of the hashed fields of an envelope (dict): with
    its command id when it has one, else the fields envelopes had before command ids."""
    names = HASHED_FIELDS if "command_id" in fields else HASHED_FIELDS_V1
    return hashlib.sha256(canonical_json({k: fields[k] for k in names})).hexdigest()


@dataclasses.dataclass(frozen=True)
class Envelope:
    """One recorded event: the typed ``event`` and everything the record says about it.

    ``version`` is the event's position in its game (1, 2, 3, ... without gaps);
    ``recorded_at`` is an ISO-8601 UTC time set by the store, never by the client;
    ``command_id`` names the command whose append recorded it (None in records made before
    envelopes carried it); ``event`` is the typed event decoded (and upcast) by the registry, or
    None for an envelope read back from an export without decoding.
    """

    event_id: str
    game_id: str
    version: int
    type: str
    schema_version: int
    payload: dict[str, Any]
    recorded_at: str
    actor: str
    prev_hash: str
    hash: str
    command_id: str | None = None
    event: object = dataclasses.field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The recorded fields as a JSON-ready dict (the typed event is left out; the command id
        too when the envelope has none, so an old record exports as it was recorded)."""
        out = {name: getattr(self, name) for name in RECORDED_FIELDS}
        if self.command_id is not None:
            out["command_id"] = self.command_id
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], event: object = None) -> Envelope:
        """Rebuild an envelope from :meth:`to_dict` output; raises ValueError if a field is missing."""
        missing = [name for name in RECORDED_FIELDS if name not in data]
        if missing:
            raise ValueError(f"envelope lacks field(s) {', '.join(missing)}")
        return cls(**{name: data[name] for name in RECORDED_FIELDS}, command_id=data.get("command_id"), event=event)

    @classmethod
    def from_stored(cls, data: dict[str, Any], event: object) -> Envelope:
        """Adopt a dict of the recorded fields as the envelope's attributes, without copying.

        The store builds an envelope for every event it appends or reads (thousands per
        replay); this is about twice as fast as ``__init__``. ``data`` must have exactly the recorded fields (ValueError
        otherwise) and must not be used by the caller afterwards.
        """
        keys = data.keys()
        if keys != _RECORDED_WITH_COMMAND and keys != RECORDED_SET:
            missing = RECORDED_SET - keys
            raise ValueError(f"envelope lacks field(s) {', '.join(sorted(missing))}" if missing else "envelope has unknown fields")
        data["event"] = event
        return adopted(data)

    def computed_hash(self) -> str:
        """The hash this envelope's content should carry (differs from ``hash`` if tampered)."""
        return envelope_hash(self.to_dict())

    if not TYPE_CHECKING:  # mypy would take any attribute name as valid

        def __getattr__(self, name: str) -> Any:
            # Only reached for an attribute the envelope does not hold yet: a replay builds its
            # envelopes with the event, version and game id, and the rest of the recorded fields
            # as ``_lazy`` = (fill, *args), fill(*args) giving them as a dict on first use. So an
            # envelope goes out as JSON through to_dict(), never whole: orjson reads a dataclass's
            # __dict__ itself.
            data = self.__dict__
            lazy = data.get("_lazy")
            if lazy is not None and not name.startswith("__"):
                data.update(lazy[0](*lazy[1:]))
                data.pop("_lazy", None)
            if name in data and name != "_lazy":  # also when another thread has just filled it
                return data[name]
            if name == "command_id":  # the field's default: an envelope recorded before command ids
                return None
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def __getstate__(self) -> dict[str, Any]:  # a copy or a pickle holds every field
            if "_lazy" in self.__dict__:
                self.hash  # noqa: B018 - fills the lazy fields
            return self.__dict__


# A lazy envelope fills its command id on first use: __getattr__ only runs for an attribute found
# nowhere, and the dataclass left the field's default (None) on the class.
del Envelope.command_id


_new = object.__new__
_set = object.__setattr__


class WritableEnvelope:
    """A class of an envelope's layout (a dict and a weak reference slot) whose instances take
    attribute writes: a replay writes an envelope's first attributes on one, then gives it the
    class :class:`Envelope` (Python allows assigning ``__class__`` between classes of the same
    layout). A replay builds thousands of envelopes, and this costs about a third less than
    building a dict and setting it as an envelope's ``__dict__``."""


_trial: Any = _new(WritableEnvelope)
_trial.__class__ = Envelope  # TypeError at import if the layouts ever differ
del _trial


def adopted(data: dict[str, Any]) -> Envelope:
    """An envelope whose attributes are ``data`` itself: the recorded fields and ``event``, each
    exactly once, checked by the caller (:meth:`Envelope.from_stored`, or a reader that built the
    dict itself); ``data`` must not be used afterwards."""
    envelope = _new(Envelope)
    _set(envelope, "__dict__", data)
    return envelope
