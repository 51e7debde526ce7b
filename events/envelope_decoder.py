"""Stored envelopes back into typed events: a fast path for sound, current-version documents,
and a careful one that upcasts old versions or names the fault (game and version)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from events.compact_form import CODES, READERS
from events.envelope import Envelope
from events.errors import CorruptEventError
from events.registry import EventRegistry, EventTypeError


class EnvelopeDecoder:
    """Decodes a game's stored envelope documents with one registry's event types."""

    def __init__(self, registry: EventRegistry) -> None:
        self.registry = registry
        self._loaders: dict[tuple[str, int], Callable[[Any], object]] = {}  # (type, version) -> load
        #: stored type code (``events.compact_form``) -> what a replay needs to type its entries
        #: (see :meth:`by_code`), or () for a code the fast path leaves to the careful one
        self.typed: dict[bytes, tuple[Any, ...]] = {}

    def by_code(self, code: bytes) -> tuple[Any, ...]:
        """(type, schema version, number of values, payload of doc[0:], payload of doc[1:], event
        of doc[0:], event of doc[1:]) for the entries of a stored type code whose type is
        registered at that schema version with a fast codec (made once per code); () for any other
        code (an older schema version is upcast, an unknown code named, by the careful path)."""
        spec = self.typed.get(code)
        if spec is None:
            spec = ()
            name, schema_version, fields = CODES.get(code, (None, None, ()))
            try:
                entry = self.registry.lookup(name) if name is not None else None
            except EventTypeError:
                entry = None
            if entry is not None and entry.version == schema_version and entry.codec is not None:
                loaders = (entry.codec.values_loader(fields, 0), entry.codec.values_loader(fields, 1))
                if None not in loaders:
                    spec = (*READERS[code][:5], *loaders)
            self.typed[code] = spec
        return spec

    def parsed(self, game_id: str, version: int, parsed: Any) -> Envelope:
        """The envelope at ``version`` from its logical fields as stored (``parsed``, as
        :class:`events.stored_form.EntryReader` reads them, is adopted by the envelope: the caller
        must not use it afterwards).

        The fast path assumes a sound envelope of a current schema version; on anything else (an
        old version, an error) :meth:`checked` starts over, upcasts or names the fault. The stored
        envelope's own version is checked against the expected position, which catches a gap or
        a reordering.
        """
        try:
            kind, schema_version = parsed["type"], parsed["schema_version"]
            load = self._loaders.get((kind, schema_version)) or self._loader(kind, schema_version)
            if parsed["version"] != version:
                raise ValueError("out of place")
            return Envelope.from_stored(parsed, load(parsed["payload"]))
        except Exception:  # noqa: BLE001 - the slow path raises the precise error
            return self.checked(game_id, version, parsed)

    def _loader(self, kind: str, schema_version: int) -> Callable[[Any], object]:
        """The registry's fastest loader of current-version ``kind`` payloads (cached); KeyError
        for an unknown type or another schema version."""
        entry = self.registry.lookup(kind) if isinstance(kind, str) else None
        if entry is None or schema_version != entry.version or type(schema_version) is not int:
            raise KeyError(kind)
        # A codec's fast loader raises PayloadError (a ValueError) on a bad payload: the caller
        # then takes the slow path, which reports it.
        load = entry.codec.fast_load if entry.codec is not None else entry.load
        self._loaders[(kind, schema_version)] = load
        return load

    def checked(self, game_id: str, version: int | None, d: Any) -> Envelope:
        """Envelope (with its typed event) from a stored envelope's logical fields;
        CorruptEventError if it cannot be.

        ``version`` is where the envelope should sit (None: take its word for it).
        """
        try:
            if not isinstance(d, dict):
                raise ValueError("not a JSON object")
            stored_version = d["version"]
            if version is not None and stored_version != version:
                raise CorruptEventError(
                    game_id, version, f"found version {stored_version!r} here: an event is missing or out of order"
                )
            version = stored_version
            kind, schema_version, payload = d["type"], d["schema_version"], d["payload"]
            entry = self.registry.lookup(kind)
            # The common case (a current-version payload) skips the registry's upcasting path.
            event = entry.load(payload) if schema_version == entry.version else self.registry.decode(kind, schema_version, payload)
            return Envelope.from_stored(d, event)
        except CorruptEventError:
            raise
        except EventTypeError as exc:
            raise CorruptEventError(game_id, version or 0, str(exc)) from exc
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            reason = f"the stored envelope lacks field {exc}" if isinstance(exc, KeyError) else f"not a readable envelope ({exc})"
            raise CorruptEventError(game_id, version or 0, reason) from exc
