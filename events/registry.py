"""The registry of event types: a stable type name and version for each typed event class.

An event type is a frozen dataclass. Its name is registered explicitly (never derived from a
module path, so moving code never breaks a stored history) together with a schema version and the
upcasters that lift payloads written under older versions to the current one.

    >>> from dataclasses import dataclass
    >>> reg = EventRegistry()
    >>> @reg.event_type("ThingHappened", version=2, upcasters={1: lambda p: {**p, "size": 0}})
    ... @dataclass(frozen=True)
    ... class ThingHappened:
    ...     name: str
    ...     size: int
    >>> reg.encode(ThingHappened("x", 3))
    ('ThingHappened', 2, {'name': 'x', 'size': 3})
    >>> reg.decode("ThingHappened", 1, {"name": "x"})
    ThingHappened(name='x', size=0)
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import marshmallow
import marshmallow_dataclass

from events.compact_form import register_type
from events.payload_codec import DataclassCodec, PayloadError, compile_codec
from events.errors import EventStoreError

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class EventTypeError(EventStoreError):
    """An event type is unknown, registered twice, or a payload does not fit its schema."""


@dataclasses.dataclass(frozen=True)
class EventType:
    """One registered event type: its class, name, current version, schema and upcasters.

    ``codec`` is the fast validating codec (:mod:`events.payload_codec`) when the class's fields allow
    one and no explicit schema was given; None means the marshmallow ``schema`` does the work.
    """

    cls: type
    name: str
    version: int
    schema: marshmallow.Schema
    upcasters: Mapping[int, Upcaster]
    codec: DataclassCodec | None = None

    def load(self, payload: Payload) -> object:
        """Validate a current-version payload and build the event; raises EventTypeError."""
        try:
            if self.codec is not None:
                return self.codec.load(payload)
            return self.schema.load(payload)
        except (PayloadError, marshmallow.ValidationError) as exc:
            raise EventTypeError(f"malformed {self.name} payload: {exc.messages}") from exc

    def dump(self, event: object) -> Payload:
        """The JSON-ready payload of ``event``, checked against the schema; raises EventTypeError."""
        if self.codec is not None:
            try:
                return self.codec.dump(event)
            except PayloadError as exc:
                raise EventTypeError(f"invalid {self.name} event: {exc.messages}") from exc
        payload: dict[str, Any] = self.schema.dump(event)
        errors = self.schema.validate(payload)
        if errors:
            raise EventTypeError(f"invalid {self.name} event: {errors}")
        return payload


class EventRegistry:
    """Maps type names to event classes, and typed events to and from JSON payloads."""

    def __init__(self) -> None:
        self._by_name: dict[str, EventType] = {}
        self._by_class: dict[type, EventType] = {}

    def register(
        self,
        cls: type,
        name: str,
        version: int = 1,
        schema: marshmallow.Schema | None = None,
        upcasters: Mapping[int, Upcaster] | None = None,
    ) -> type:
        """Register a frozen dataclass as event type ``name`` at schema ``version``.

        ``schema`` defaults to one derived from the dataclass fields. ``upcasters[v]`` turns a
        payload of version ``v`` into one of version ``v + 1``.
        """
        if name in self._by_name:
            raise EventTypeError(f"event type {name!r} is already registered")
        codec = None
        if schema is None:
            schema = marshmallow_dataclass.class_schema(cls)()
            codec = compile_codec(cls)
        upcasters = dict(upcasters or {})
        missing = [v for v in range(1, version) if v not in upcasters]
        if missing:
            raise EventTypeError(f"event type {name!r} v{version} has no upcaster from v{missing}")
        if codec is not None:
            # Its payloads have exactly the dataclass's fields: stored by position (events.compact_form).
            register_type(name, version, tuple(codec.names))
        entry = EventType(cls, name, version, schema, upcasters, codec)
        self._by_name[name] = entry
        self._by_class[cls] = entry
        return cls

    def event_type(self, name: str, version: int = 1, **kwargs: Any) -> Callable[[type], type]:
        """Class decorator form of :meth:`register`."""

        def decorate(cls: type) -> type:
            return self.register(cls, name, version, **kwargs)

        return decorate

    def lookup(self, name: str) -> EventType:
        """The registered type called ``name``; raises EventTypeError if there is none."""
        try:
            return self._by_name[name]
        except KeyError:
            raise EventTypeError(f"unknown event type {name!r}") from None

    def type_of(self, event: object) -> EventType:
        """The registered type of a typed event; raises EventTypeError for an unregistered class."""
        try:
            return self._by_class[type(event)]
        except KeyError:
            raise EventTypeError(f"{type(event).__name__} is not a registered event type") from None

    def encode(self, event: object) -> tuple[str, int, Payload]:
        """Return ``(type name, schema version, JSON-ready payload)`` for a typed event.

        The payload is checked against the schema, so an event that could not be read back
        is refused before it is ever recorded.
        """
        entry = self.type_of(event)
        return entry.name, entry.version, entry.dump(event)

    def decode(self, name: str, version: int, payload: Payload) -> object:
        """Upcast ``payload`` from ``version`` to the current version, validate it, build the event."""
        entry = self.lookup(name)
        if version != entry.version:
            if type(version) is not int or not 1 <= version < entry.version:
                raise EventTypeError(f"{name} has no schema version {version!r} (current {entry.version})")
            # Upcasters get a copy: the recorded payload must stay as it was, for the hash chain.
            payload = copy.deepcopy(payload)
            for v in range(version, entry.version):
                try:
                    payload = entry.upcasters[v](payload)
                except Exception as exc:  # an upcaster meeting a payload it cannot lift
                    raise EventTypeError(f"cannot upcast {name} v{v} payload: {exc!r}") from exc
        return entry.load(payload)

    def names(self) -> list[str]:
        """The registered type names, sorted."""
        return sorted(self._by_name)


#: The registry every part of Courtcard registers its event types with.
registry = EventRegistry()
event_type = registry.event_type
