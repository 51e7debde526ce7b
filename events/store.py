"""The event store: one Redis stream per game, appended atomically, read back as typed events.

Keys, hash-tagged by game so that one game's keys share a cluster slot::

    <ns>:{<game>}:events   stream; entry id 0-<version>, one field "e" = the envelope as JSON
    <ns>:{<game>}:ids      hash; event id -> "<version>:<content digest>" (idempotent retries),
                           and the empty field "" -> "<version>:<hash of the last event>" (the
                           chain head; never an event id, since ids are non-empty)
    <ns>:{<game>}:requests hash; "<route> <Idempotency-Key>" -> digest of what the request asked,
                           written by the append it caused, so a retry finds its events and a key
                           reused for another request is refused
    <ns>:{games}:known     set of game ids;  <ns>:{games}:order  stream of game ids, creation order
    <ns>:{incidents}:log   stream of what the service noticed about the store (a head moved back)
    <ns>:{<game>}:wait     a string written only to measure replication, when an append that must
                           reach replicas (events.durability) is answered by events recorded before

The head shares the id index's hash so that an append reads one key and writes two (stream and
index), each with one command: Lua's ``redis.call`` costs about 5 microseconds apiece on the
server, the larger part of an append's time there.

Nothing here ever trims, expires or deletes a key: history is kept for good.

Appending costs one round trip: the store remembers the head hash of games it wrote or read,
chains the new events onto it, and the script refuses the batch if the head moved. When the
remembered head is missing or stale the script answers with the real one, and the store chains
again and resends once. Hashes are computed here, in Python (Lua in Redis has no SHA-256); the
script checks that the batch continues the recorded head, and :meth:`EventStore.verify`
recomputes every hash. ``recorded_at`` is this process's UTC clock: the service's time, never
the client's.

A game's first append also adds it to the game list, in the same round trip but in a second
script, because the list lives in another cluster slot; that script is idempotent, so a retried
creation repairs a listing lost to a crash between the two.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import redis
from redis.cluster import RedisCluster

from events.chain import UNREADABLE, ChainChecker, VerificationReport
from events.decoding import EnvelopeDecoder, json_loads
from events.durability import Durability
from events.envelope import GENESIS_HASH, Envelope, canonical_json
from events.errors import (
    ConcurrencyError,
    CorruptEventError,
    DuplicateEventIdError,
    EventStoreError,
    StoreFullError,
    StoreUnavailableError,
    WriteOutcomeUnknownError,
)
from events.registry import EventRegistry, EventTypeError, registry as default_registry
from events.scripts import APPEND, REGISTER_GAME

_HEAD_CACHE_LIMIT = 10_000
_F = TypeVar("_F", bound=Callable[..., Any])




@dataclasses.dataclass(frozen=True)
class AppendResult:
    """The outcome of :meth:`EventStore.append`.

    ``version`` is the game's version after the append (for a retried batch: after the original
    append); ``envelopes`` the appended events, or the originals when ``duplicate`` is True,
    meaning every event id was already recorded and nothing new was written.
    """

    version: int
    envelopes: list[Envelope]
    duplicate: bool = False
    request_seen: str | None = None  # the digest recorded for the batch's request, if it was seen before


@dataclasses.dataclass(frozen=True)
class VerifiedRecord:
    """A game's record read once, its chain checked and its events decoded in the same pass.

    ``head`` is (version, hash) as the game's head records it; ``report`` the chain's
    verification, the same as :meth:`EventStore.verify` gives; ``envelopes`` the typed envelopes
    of the events before the first bad version (every event when the chain verifies), cut short
    by ``error``, the first of those events that cannot be decoded (None when all could).
    """

    head: tuple[int, str]
    report: VerificationReport
    envelopes: list[Envelope]
    error: CorruptEventError | None = None


def _translate_unavailable(method: _F) -> _F:
    """Turn "cannot reach Redis" failures into StoreUnavailableError (the API answers 503), and "out
    of memory" refusals into StoreFullError (507)."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise StoreUnavailableError(f"the event store cannot be reached: {exc}") from exc
        except (redis.exceptions.ClusterDownError, redis.exceptions.TryAgainError) as exc:
            # A cluster that lost a primary refuses commands until a replica takes over.
            raise StoreUnavailableError(f"the event store's cluster is failing over: {exc}") from exc
        except redis.exceptions.OutOfMemoryError as exc:  # an "OOM" reply: at maxmemory, never evicting
            raise StoreFullError(f"the event store is full and refuses writes: {exc}") from exc

    return wrapper  # type: ignore[return-value]


class EventStore:
    """Append, read, tail, list and verify games' events in Redis.

    ``redis_client`` may be made with ``decode_responses`` True or False; the project's
    clients (:mod:`events.server`) use False.
    """

    def __init__(
        self,
        redis_client: redis.Redis,
        registry: EventRegistry = default_registry,
        namespace: str = "courtcard",
        page_size: int = 1000,
        durability: Durability | None = None,
    ) -> None:
        if "{" in namespace or "}" in namespace:
            raise ValueError("the namespace may not contain braces (they mark hash tags)")
        self.redis = redis_client
        self.registry = registry
        self.namespace = namespace
        self.page_size = page_size
        self._append_script = redis_client.register_script(APPEND)
        self._register_script = redis_client.register_script(REGISTER_GAME)
        self._on_cluster = isinstance(redis_client, RedisCluster)
        # The deployment's setting (COURTCARD_WAIT_*) unless told otherwise, so that every store
        # of a process, the API's and the workers', acknowledges appends alike.
        self.durability = durability if durability is not None else Durability.from_env()
        self._doc_field: str | bytes = "e" if self._decodes() else b"e"
        self._heads: dict[str, tuple[int, str]] = {}  # game -> (version, hash) last seen
        self._decoder = EnvelopeDecoder(registry)
        self._tail_slice_ms = _tail_slice_ms(redis_client)

    # -- keys ---------------------------------------------------------------------------------

    def _keys(self, game_id: str) -> tuple[str, str, str]:
        """(stream, index, requests): the keys the append script is given, in its order."""
        check_game_id(game_id)
        prefix = f"{self.namespace}:{{{game_id}}}:"
        return prefix + "events", prefix + "ids", prefix + "requests"

    def stream_key(self, game_id: str) -> str:
        """Name of the game's Redis stream (for tools that read it directly, e.g. XREAD on many games)."""
        return self._keys(game_id)[0]

    def _wait_key(self, game_id: str) -> str:
        return f"{self.namespace}:{{{game_id}}}:wait"

    def _game_index_keys(self) -> tuple[str, str]:
        return f"{self.namespace}:{{games}}:known", f"{self.namespace}:{{games}}:order"

    # -- writing ------------------------------------------------------------------------------

    @_translate_unavailable
    def append(
        self,
        game_id: str,
        events: Sequence[object],
        expected_version: int,
        actor: str,
        event_ids: Sequence[str] | None = None,
        expected_hash: str | None = None,
        request: tuple[str, str] | None = None,
        command_id: str | None = None,
    ) -> AppendResult:
        """Append typed ``events`` to a game, atomically, if it is still at ``expected_version``.

        ``expected_version`` is the version the caller's decision was based on (0 for a new
        game); ``expected_hash``, when given, the hash of the event at that version as the caller
        saw it: a head with that version but another hash (a record rolled back and written
        again) is refused like a moved one. ``event_ids`` (one per event, unique) make a retry
        safe: if every id is already recorded, nothing is appended and the original envelopes
        come back with ``duplicate=True``. ``request`` is (field, digest) of the request the batch
        answers (its route and Idempotency-Key, and what it asked): recorded with the batch, in
        the same script, and if already recorded nothing is written and ``request_seen`` carries
        the recorded digest. ``command_id`` names the command the batch answers, recorded (and
        hashed) in each of its envelopes; without one the store makes a random one, since every
        append is one command.

        Raises ConcurrencyError (the game is at another version, or at another head; carries
        ``current``), DuplicateEventIdError (an id recorded with other content, or a batch
        mixing recorded and new ids), EventTypeError (an unregistered or invalid event; nothing
        is written), WriteOutcomeUnknownError (sent, never confirmed: retry with the same
        ``event_ids`` to settle it), StoreFullError (the store is at its memory limit; nothing
        was written), StoreUnavailableError (nothing was sent).
        """
        keys = self._keys(game_id)
        events = list(events)
        if not events:
            raise ValueError("append needs at least one event")
        if type(expected_version) is not int or expected_version < 0:
            raise ValueError(f"expected_version must be an int >= 0, not {expected_version!r}")
        if not isinstance(actor, str) or not actor:
            raise ValueError("actor must be a non-empty string")
        ids = _event_ids(event_ids, len(events))
        encode = self.registry.encode
        encoded, digests = [], []
        for event in events:
            item = encode(event)
            encoded.append(item)
            digests.append(_content_digest(*item))
        recorded_at = _utc_now()
        command_ids = [command_id or os.urandom(16).hex()] * len(events)
        return self._append_encoded(game_id, keys, expected_version, [actor] * len(events),
                                    [recorded_at] * len(events), ids, encoded, digests, events, command_ids,
                                    expected_hash, request)

    @_translate_unavailable
    def import_history(self, game_id: str, envelopes: Sequence[Envelope]) -> AppendResult:
        """Record another store's history as the new game ``game_id``, verbatim and atomically.

        Event ids, types, schema versions, payloads, recorded times, actors and command ids (none
        in records made before envelopes carried them) are kept as they were, so when ``game_id`` is the original's the chain (and so an export) is identical.
        The caller verifies the history first (``events.chain``); this only writes it.
        """
        keys = self._keys(game_id)
        if not envelopes:
            raise ValueError("import_history needs at least one event")
        encoded = [(e.type, e.schema_version, e.payload) for e in envelopes]
        digests = [_content_digest(*item) for item in encoded]
        return self._append_encoded(game_id, keys, 0, [e.actor for e in envelopes], [e.recorded_at for e in envelopes],
                                    [e.event_id for e in envelopes], encoded, digests, [e.event for e in envelopes],
                                    [e.command_id for e in envelopes])

    def _append_encoded(self, game_id, keys, expected_version, actors, times, ids, encoded, digests, events,
                        command_ids, expected_hash: str | None = None,
                        request: tuple[str, str] | None = None) -> AppendResult:
        """The append itself, once every event is encoded: run the script, read its reply."""
        prev_hash = expected_hash if expected_hash is not None else self._remembered_hash(game_id, expected_version)
        for _attempt in range(2):
            envelopes, args = self._chain(game_id, expected_version, actors, times, prev_hash, ids, encoded, digests,
                                          events, command_ids)
            args += request or ("", "")
            try:
                reply = self._run_append(game_id, keys, args)
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                # Sent, perhaps more than once (redis-py retries), and never answered: a server
                # that froze can still run it when it wakes. Only a retry with these ids settles it.
                raise WriteOutcomeUnknownError(game_id, str(exc)) from exc
            status = reply[0]
            if status == b"ok" or status == "ok":
                self._remember(game_id, reply[1], envelopes[-1].hash)
                return AppendResult(reply[1], envelopes, False)
            status = _text(status)
            if status == "request":
                return AppendResult(self.version(game_id), [], request_seen=_text(reply[1]))
            if status == "duplicate":
                originals = [self._decoder.document(game_id, None, doc) for doc in reply[2:]]
                return AppendResult(int(reply[1]), originals, True)
            if status == "differs":
                raise DuplicateEventIdError(game_id, _text(reply[1]), int(reply[2]), "already recorded with different content")
            if status == "mixed":
                raise DuplicateEventIdError(game_id, _text(reply[1]), int(reply[2]), "the batch mixes new event ids with recorded ones")
            current, head_hash = int(reply[1]), _text(reply[2])
            self._remember(game_id, current, head_hash)
            if status == "conflict" or expected_hash is not None:
                # With expected_hash, a "rechain" means the caller decided on a head the record
                # no longer has: the same version, other events before it.
                raise ConcurrencyError(game_id, expected_version, current)
            prev_hash = head_hash  # "rechain": our remembered head was stale; chain onto the real one
        raise EventStoreError(f"game {game_id!r}: the chain head kept moving at version {expected_version}")

    def _chain(self, game_id, expected_version, actors, times, prev_hash, ids, encoded, digests, events, command_ids):
        """Build the envelopes of a batch chained onto ``prev_hash``, and the script's arguments.
        An envelope with a command id hashes it (``events.envelope.HASHED_FIELDS``); one without
        (an imported record made before command ids) hashes the fields it has."""
        args: list[Any] = [expected_version, f"{expected_version}:{prev_hash}", ""]  # [2]: the new head
        envelopes = []
        version = expected_version
        for event_id, digest, (name, schema_version, payload), event, actor, recorded_at, command_id in zip(
            ids, digests, encoded, events, actors, times, command_ids
        ):
            version += 1
            fields = {
                "event_id": event_id,
                "game_id": game_id,
                "version": version,
                "type": name,
                "schema_version": schema_version,
                "payload": payload,
                "recorded_at": recorded_at,
                "actor": actor,
                "prev_hash": prev_hash,
            }
            if command_id is not None:
                fields["command_id"] = command_id
            body = canonical_json(fields)
            own_hash = _sha256(body).hexdigest()
            # The stored document is the hashed body with the hash spliced in at the end; the
            # verifier re-canonicalises, so key order in storage does not matter.
            args += (event_id, f"{version}:{digest}", b"".join((body[:-1], b',"hash":"', own_hash.encode(), b'"}')))
            fields["hash"] = own_hash
            envelopes.append(Envelope.from_stored(fields, event))
            prev_hash = own_hash
        args[2] = f"{version}:{prev_hash}"
        return envelopes, args

    def _run_append(self, game_id: str, keys: tuple[str, str, str], args: list) -> list:
        if self.durability.waits:
            return self._run_append_and_wait(game_id, keys, args)
        if args[0] != 0:
            # EVALSHA straight through execute_command: redis-py's Script wrapper costs a few
            # microseconds a call; an unknown script (a restarted server) still gets loaded.
            try:
                return self.redis.execute_command("EVALSHA", self._append_script.sha, len(keys), *keys, *args)
            except redis.exceptions.NoScriptError:
                return self._append_script(keys=keys, args=args)
        # A game's first append also lists it, in the same round trip. The listing lives in
        # another slot, so it cannot share the append's script; it is idempotent, and runs even
        # when the append is refused (then the game exists already, or the id was a retry).
        if self._on_cluster:
            # A cluster client pipelines no scripts: the two run one after the other.
            reply = self._append_script(keys=keys, args=args)
            self._register_script(keys=self._game_index_keys(), args=[game_id])
            return reply
        pipe = self.redis.pipeline(transaction=False)
        self._append_script(keys=keys, args=args, client=pipe)
        self._register_script(keys=self._game_index_keys(), args=[game_id], client=pipe)
        return pipe.execute()[0]

    def _run_append_and_wait(self, game_id: str, keys: tuple[str, str, str], args: list) -> list:
        """The append, then the durability wait on the same connection (see events.durability).

        On a cluster the pipeline goes to the node that serves the game's slot; if the slot moved
        (a failover), the node answers MOVED without running the script, and the append is sent
        once more to the new primary."""
        reply, waited = self._on_slot_node(keys[0], lambda pipe: self._append_script(keys=keys, args=args, client=pipe))
        if args[0] == 0:
            self._register_script(keys=self._game_index_keys(), args=[game_id])
        status = _text(reply[0])
        if status in ("duplicate", "request"):
            # A retry answered by events recorded before: the wait must cover them too, and a wait
            # measures the writes of its own connection, so write something of the game's first.
            _, waited = self._on_slot_node(keys[0], lambda pipe: pipe.set(self._wait_key(game_id), "1"))
        if status in ("ok", "duplicate", "request") and self.durability.confirmed(waited) < self.durability.replicas:
            raise WriteOutcomeUnknownError(game_id, f"{self.durability.command()[0]} confirmed {waited!r} where "
                                                    f"{self.durability.replicas} replica(s) must hold the append")
        return reply

    def _on_slot_node(self, key: str, command: Callable[[Any], Any]) -> tuple[Any, Any]:
        """Send ``command`` then the durability wait in one pipeline to the node that serves
        ``key``'s slot; return both replies. A node that no longer serves the slot (a failover)
        answers MOVED without running the command: the slot map is read again and it is resent."""
        for attempt in range(2):
            client = self.redis
            if self._on_cluster:
                client = self.redis.get_redis_connection(self.redis.get_node_from_key(key))
            pipe = client.pipeline(transaction=False)
            command(pipe)
            pipe.execute_command(*self.durability.command())
            try:
                reply, waited = pipe.execute(raise_on_error=False)
            except (redis.ConnectionError, redis.TimeoutError):
                if self._on_cluster:
                    with contextlib.suppress(redis.RedisError):
                        self.redis.nodes_manager.initialize()  # learn who serves the slot now
                raise
            if isinstance(reply, redis.exceptions.MovedError) and attempt == 0:
                self.redis.nodes_manager.initialize()
                continue
            if isinstance(reply, Exception):
                raise reply
            if isinstance(waited, Exception):
                waited = (0, 0) if self.durability.aof else 0
            return reply, waited
        raise reply

    def _remembered_hash(self, game_id: str, version: int) -> str:
        if version == 0:
            return GENESIS_HASH
        seen = self._heads.get(game_id)
        # A wrong guess costs one more round trip (the script answers "rechain"), never a bad chain.
        return seen[1] if seen and seen[0] == version else ""

    def _remember(self, game_id: str, version: int, hash_: str) -> None:
        if len(self._heads) >= _HEAD_CACHE_LIMIT:
            self._heads.clear()
        self._heads[game_id] = (version, hash_)

    # -- reading ------------------------------------------------------------------------------

    @_translate_unavailable
    def version(self, game_id: str) -> int:
        """The game's current version: the number of events recorded (0 if there is no such game)."""
        return self.head(game_id)[0]

    def exists(self, game_id: str) -> bool:
        """True if the game has at least one event."""
        return self.version(game_id) > 0

    @_translate_unavailable
    def read_page(self, game_id: str, from_version: int = 1, limit: int = 100) -> list[Envelope]:
        """Up to ``limit`` envelopes from ``from_version`` on; raises CorruptEventError on bad data."""
        return self._read_range(game_id, from_version, None, limit)

    def read(self, game_id: str, from_version: int = 1, to_version: int | None = None) -> Iterator[Envelope]:
        """Iterate the game's envelopes from ``from_version`` to ``to_version`` (inclusive), in pages.

        Each envelope carries its typed, upcast event. A stored event that cannot be decoded,
        or a gap in the versions, raises CorruptEventError naming the game and version, after
        the good events before it have been yielded.
        """
        start = max(from_version, 1)
        while to_version is None or start <= to_version:
            limit = self.page_size if to_version is None else min(self.page_size, to_version - start + 1)
            entries = self._fetch_range(game_id, start, to_version, limit)
            yield from self._iter_decoded(game_id, entries, start)
            if len(entries) < limit:
                return
            start += len(entries)

    @_translate_unavailable
    def _fetch_range(self, game_id: str, start: int, stop: int | None, limit: int) -> list:
        key = self._keys(game_id)[0]
        return self.redis.xrange(key, f"0-{start}", "+" if stop is None else f"0-{stop}", count=limit)

    def _read_range(self, game_id: str, start: int, stop: int | None, limit: int) -> list[Envelope]:
        start = max(start, 1)
        return list(self._iter_decoded(game_id, self._fetch_range(game_id, start, stop, limit), start))

    @_translate_unavailable
    def find_events(self, game_id: str, event_ids: Sequence[str]) -> list[Envelope]:
        """The recorded envelopes of those ``event_ids`` the game has, in the order given.

        Ids that were never recorded are left out, so ``[]`` means none of them is there.
        """
        keys = self._keys(game_id)
        ids = [i for i in event_ids if i]  # never recorded; and the index's "" field is its head
        if not ids:
            return []
        records = self.redis.hmget(keys[1], ids)
        versions = [int(_text(r).split(":", 1)[0]) for r in records if r is not None]
        if not versions:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for version in versions:
            pipe.xrange(keys[0], f"0-{version}", f"0-{version}")
        found = []
        for version, entries in zip(versions, pipe.execute()):
            if not entries:
                raise CorruptEventError(game_id, version, "indexed by its event id but missing from the stream")
            found.append(self._decoder.document(game_id, version, entries[0][1].get(self._doc_field)))
        return found

    @_translate_unavailable
    def tail(self, game_id: str, after_version: int, block_ms: int) -> list[Envelope]:
        """Envelopes after ``after_version``, waiting up to ``block_ms`` for some to arrive.

        Returns [] on timeout. ``block_ms`` must be positive (0 would block for ever).
        """
        if block_ms <= 0:
            raise ValueError("block_ms must be positive")
        key = self._keys(game_id)[0]
        deadline = time.monotonic() + block_ms / 1000
        while True:
            # Wait in slices of at most a second: redis-py's socket timeout (5 s by default)
            # would otherwise cut a long blocking read and make it look like an outage.
            wait_ms = max(1, min(self._tail_slice_ms, round((deadline - time.monotonic()) * 1000)))
            reply = self.redis.xread({key: f"0-{after_version}"}, count=self.page_size, block=wait_ms)
            if reply or time.monotonic() >= deadline:
                break
        if not reply:
            return []
        entries = reply[0][1] if isinstance(reply, list) else next(iter(reply.values()))[0]
        return list(self._iter_decoded(game_id, entries, after_version + 1))

    @_translate_unavailable
    def games_after(self, cursor: str | None, limit: int) -> list[tuple[str, str]]:
        """(entry id, game id) of the games recorded after the entry ``cursor`` (from the first
        when None), in creation order, at most ``limit``: a cursor for readers that follow the list."""
        start = "-" if cursor is None else f"({cursor}"
        entries = self.redis.xrange(self._game_index_keys()[1], start, "+", count=limit)
        return [(_text(entry_id), _text(next(iter(fields.values())))) for entry_id, fields in entries]

    @_translate_unavailable
    def head(self, game_id: str) -> tuple[int, str]:
        """(version, hash of the last event) as the game's head records it; (0, genesis) if none."""
        return _head(self.redis.hget(self._keys(game_id)[1], ""))

    @_translate_unavailable
    def recorded_request(self, game_id: str, field: str) -> str | None:
        """The digest recorded for a request's field (route and Idempotency-Key), or None."""
        value = self.redis.hget(self._keys(game_id)[2], field)
        return None if value is None else _text(value)

    @_translate_unavailable
    def note_incident(self, kind: str, game_id: str, detail: str) -> None:
        """Record something the service noticed about the store itself (say, a game's head that
        moved back), for ``/healthz`` and the operator; kept, like everything else."""
        self.redis.xadd(self._incidents_key(), {"kind": kind, "game": game_id, "detail": detail,
                                                "at": _utc_now()})

    @_translate_unavailable
    def incidents(self, count: int = 5) -> tuple[int, list[dict[str, str]]]:
        """How many incidents were noted, and the latest ``count`` of them, newest first."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xlen(self._incidents_key())
        pipe.xrevrange(self._incidents_key(), count=count)
        total, entries = pipe.execute()
        return total, [{_text(k): _text(v) for k, v in fields.items()} for _id, fields in entries]

    def _incidents_key(self) -> str:
        return f"{self.namespace}:{{incidents}}:log"

    @_translate_unavailable
    def head_and_after(self, game_id: str, after_version: int) -> tuple[tuple[int, str], list[Envelope]]:
        """The game's head (as :meth:`head`) and the envelopes after ``after_version``, in one
        round trip.

        This is how a cached state learns whether it is still the record's head: the head tells
        a record that moved back (a lost write) or was rewritten since, the envelopes how far it
        moved on. The head is read first, so an append landing between the two reads shows as
        envelopes past the head, never as a head past the envelopes.
        """
        stream, index, _requests = self._keys(game_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(index, "")
        pipe.xrange(stream, f"0-{after_version + 1}", "+", count=self.page_size)
        record, entries = pipe.execute()
        head = _head(record)
        envelopes = list(self._iter_decoded(game_id, entries, after_version + 1))
        if len(entries) == self.page_size:
            envelopes.extend(self.read(game_id, from_version=after_version + 1 + len(entries)))
        return head, envelopes

    def verify(self, game_id: str) -> VerificationReport:
        """Check the game's whole chain against its head; names the first bad version.

        Verification does not depend on the event types being known: nothing is decoded."""
        return self._walk_chain(game_id, decode=False).report

    def read_verified(self, game_id: str) -> VerifiedRecord:
        """The game's record read once: the chain verified against the head (as :meth:`verify`
        does) while each event that verifies is decoded to its typed envelope (as :meth:`read`
        does). Events from the first bad version on are not decoded, nor returned.
        """
        return self._walk_chain(game_id, decode=True)

    def _walk_chain(self, game_id: str, decode: bool) -> VerifiedRecord:
        head = self.head(game_id)
        checker = ChainChecker()
        envelopes: list[Envelope] = []
        error = report = None
        for entry_id, document in self._raw_entries(game_id, head[0]):
            try:
                doc = json_loads(document)
            except (TypeError, ValueError):
                doc = None
            if not isinstance(doc, dict):
                doc = {UNREADABLE: f"stream entry {_text(entry_id)} is not an envelope"}
            problem = checker.check(doc)
            if problem:
                report = checker.failed(problem)
                break
            if decode and error is None:
                try:
                    envelopes.append(self._decoder.parsed(game_id, checker.count, doc, document))
                except CorruptEventError as exc:
                    error = exc  # the chain is still checked to its end; decoding stops here
        if report is None:
            report = checker.against_head(head)
        trusted = report.trusted_version
        del envelopes[trusted:]  # a bad head hash condemns the last event after it was decoded
        if error is not None and error.version > trusted:
            error = None
        if report.ok and decode:
            self._remember(game_id, *head)
        return VerifiedRecord(head, report, envelopes, error)

    def _raw_entries(self, game_id: str, stop: int) -> Iterator[tuple[Any, Any]]:
        """(stream entry id, stored document or None) up to version ``stop`` (all if 0), in pages."""
        key = self._keys(game_id)[0]
        field = self._doc_field
        start = "-"
        while True:
            entries = self._call(self.redis.xrange, key, start, f"0-{stop}" if stop else "+", count=self.page_size)
            for entry_id, fields in entries:
                yield entry_id, fields.get(field)
            if len(entries) < self.page_size:
                return
            start = "(" + _text(entries[-1][0])

    @_translate_unavailable
    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    # -- decoding -----------------------------------------------------------------------------

    def _iter_decoded(self, game_id: str, entries: list, first_version: int) -> Iterator[Envelope]:
        version = first_version
        field = self._doc_field
        decode = self._decoder.parsed
        envelope = None
        for _entry_id, fields in entries:
            document = fields.get(field)
            try:
                parsed = json_loads(document)
            except Exception:  # noqa: BLE001 - _decode_doc names the fault
                parsed = None
            envelope = decode(game_id, version, parsed, document)
            yield envelope
            version += 1
        if envelope is not None and envelope.version > self._heads.get(game_id, (0, ""))[0]:
            self._remember(game_id, envelope.version, envelope.hash)  # lets the next append skip a round trip

    def _decodes(self) -> bool:
        try:
            return bool(self.redis.get_connection_kwargs().get("decode_responses"))
        except AttributeError:  # cluster clients keep it elsewhere
            return bool(getattr(self.redis, "decode_responses", False))


# -- helpers ----------------------------------------------------------------------------------


def _tail_slice_ms(client: redis.Redis) -> int:
    """Longest blocking read that stays well inside the client's socket timeout (at most 1 s)."""
    try:
        timeout = client.connection_pool.connection_kwargs.get("socket_timeout", 5)
    except AttributeError:
        timeout = 5
    return 1000 if timeout is None else max(10, min(1000, int(timeout * 500)))


def _head(record: bytes | str | None) -> tuple[int, str]:
    """(version, hash) from the index's head record "version:hash"; (0, genesis) when there is none."""
    if record is None:
        return 0, GENESIS_HASH
    version, hash_ = _text(record).split(":", 1)
    return int(version), hash_


def check_game_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not game_id or len(game_id) > 200:
        raise ValueError(f"a game id is a non-empty string of at most 200 characters, not {game_id!r}")
    if "{" in game_id or "}" in game_id:
        raise ValueError(f"a game id may not contain braces (they mark hash tags): {game_id!r}")


def _event_ids(event_ids: Sequence[str] | None, n: int) -> list[str]:
    if event_ids is None:
        if n == 1:
            return [os.urandom(16).hex()]  # 128 random bits, as a UUID4 has
        randomness = os.urandom(16 * n).hex()
        return [randomness[i : i + 32] for i in range(0, 32 * n, 32)]
    ids = list(event_ids)
    if len(ids) != n:
        raise ValueError(f"{len(ids)} event ids for {n} events")
    if any(not isinstance(i, str) or not i for i in ids):
        raise ValueError("event ids must be non-empty strings")
    if len(set(ids)) != n:
        raise ValueError("event ids in one batch must be distinct")
    return ids


def _content_digest(name: str, schema_version: int, payload: dict) -> str:
    """What makes two events with one id "the same": type, schema version and payload."""
    try:
        return _sha256(canonical_json([name, schema_version, payload])).hexdigest()
    except TypeError as exc:  # e.g. non-string keys or huge ints inside an ``Any`` field
        raise EventTypeError(f"an event's payload cannot be encoded as canonical JSON: {exc}") from exc


_sha256 = hashlib.sha256


_clock: tuple[int, str] = (-1, "")  # (a second, its ISO-8601 text): strftime once a second


def _utc_now() -> str:
    """ISO-8601 UTC with microseconds, e.g. ``2026-01-02T03:04:05.678901Z``."""
    global _clock
    now = time.time()
    seconds = int(now)
    clock = _clock
    if clock[0] != seconds:
        clock = _clock = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
    return f"{clock[1]}.{int((now - seconds) * 1e6):06d}Z"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
