"""The event store: one Redis stream per game, appended atomically, read back as typed events.

The keys, and what each holds, are in ``events.store_keys``; reading is ``events.store_reads``.

Nothing here ever trims, expires or deletes a key: history is kept for good.

A play (one event of a command with a random id, to a game that has events: every action a table
logs) takes a short path of its own from :meth:`EventStore.append`, with none of the general
path's lists and checks; anything else, and any reply to a play but "written", goes the general way.

Appending costs one round trip: the store remembers the head hash of games it wrote or read,
chains the new events onto it, and the script refuses the batch if the head moved. When the
remembered head is missing or stale the script answers with the real one, and the store chains
again and resends once. Hashes are computed in Python (``events.batch_builder``: Lua has no SHA-256); the
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
import os
from collections.abc import Sequence
from typing import Any

import orjson
import redis
from redis.cluster import RedisCluster

from events.batch_builder import (Batch, build_batch, content_digest, event_ids as event_ids_of, names_request, play,
                                  recorded_now, run_digest, same_request, utc_now)
from events.compact_form import raw_command
from events.durability import Durability
from events.envelope import GENESIS_HASH, Envelope, canonical_json
from events.envelope_decoder import EnvelopeDecoder
from events.errors import ConcurrencyError, CorruptEventError, DuplicateEventIdError, EventStoreError, WriteOutcomeUnknownError
from events.redis_failures import translate_unavailable
from events.registry import EventRegistry, registry as default_registry
from events.replicas import ReplicaWait
from events.script_lane import ScriptLane
from events.scripts import APPEND, REGISTER_GAME
from events.store_keys import check_game_id, raw_index_field, text  # noqa: F401 - check_game_id: importers name it here
from events.store_reads import StoreReads, tail_slice_ms

_HEAD_CACHE_LIMIT = 10_000
_urandom = os.urandom
#: ``AppendResult.request_seen`` of a request whose event ids are recorded with other events: no
#: digest of a request, so a caller comparing digests takes the key as reused.
ANOTHER_REQUEST = "(the events of another request)"


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
    # (ANOTHER_REQUEST when the request's event ids hold other events)


_new = object.__new__
_set = object.__setattr__


def _written(version: int, envelopes: list[Envelope]) -> AppendResult:
    """The AppendResult of a batch written, made without the frozen dataclass's __init__ (a
    setattr per field): this is every play's answer."""
    result = _new(AppendResult)
    _set(result, "__dict__", {"version": version, "envelopes": envelopes, "duplicate": False, "request_seen": None})
    return result


class EventStore(StoreReads):
    """Append, read, tail, list and verify games' events in Redis.

    ``redis_client`` must reply with bytes (``decode_responses`` False, as the project's clients
    from :mod:`events.server` do): the stored form holds raw hashes.
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
        # The append's usual call, packed once and sent on a connection kept for it; None for a
        # cluster, whose client finds each game's node itself.
        self._lane = ScriptLane.of(redis_client, self._append_script, 4)
        # The deployment's setting (COURTCARD_WAIT_*) unless told otherwise, so that every store
        # of a process, the API's and the workers', acknowledges appends alike.
        self.durability = durability if durability is not None else Durability.from_env()
        if self._decodes():
            raise ValueError("the event store needs a client that replies with bytes (decode_responses=False)")
        self._heads: dict[str, tuple[int, str]] = {}  # game -> (version, hash) last seen
        self._known_keys: dict[str, tuple[str, str, str]] = {}  # game -> its keys, for the appends to come
        self._decoder = EnvelopeDecoder(registry)
        self._tail_slice_ms = tail_slice_ms(redis_client)
        self._replicas = ReplicaWait(redis_client, self.durability, self._on_cluster)

    # -- writing ------------------------------------------------------------------------------

    @translate_unavailable
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
        come back with ``duplicate=True``; without them the ids are ``<command_id>#0``, ``#1``, ...
        ``request`` is (field, digest) of the request the batch answers (its route and
        Idempotency-Key, and what it asked): recorded with the batch, in the same script (in the
        batch's id index record when the field is the command id and the digest a SHA-256 hex
        digest), and if already recorded nothing is written and ``request_seen`` carries the
        recorded digest. ``command_id`` names the command the batch answers, recorded (and
        hashed) in each of its envelopes; without one the store makes a random one, since every
        append is one command.

        Raises ConcurrencyError (the game is at another version, or at another head; carries
        ``current``), DuplicateEventIdError (an id recorded with other content, or a batch
        mixing recorded and new ids), EventTypeError (an unregistered or invalid event; nothing
        is written), WriteOutcomeUnknownError (sent, never confirmed: retry with the same
        ``event_ids`` to settle it), StoreFullError (the store is at its memory limit; nothing
        was written), StoreUnavailableError (nothing was sent).
        """
        keys = self._known_keys.get(game_id) if type(game_id) is str else None  # only checked ids are kept
        if keys is None:
            keys = self._keys_of(game_id)
        if type(events) in (list, tuple) and len(events) == 1 and type(expected_version) is int and expected_version > 0 \
                and type(actor) is str and actor:
            played = self._play(game_id, keys, events[0], expected_version, actor, event_ids, expected_hash, request,
                                command_id)
            if played is not None:
                return played
        events = list(events)
        if not events:
            raise ValueError("append needs at least one event")
        if type(expected_version) is not int or expected_version < 0:
            raise ValueError(f"expected_version must be an int >= 0, not {expected_version!r}")
        if not isinstance(actor, str) or not actor:
            raise ValueError("actor must be a non-empty string")
        command_id = command_id or os.urandom(16).hex()  # 128 random bits, as a UUID4 has
        ids = event_ids_of(event_ids, len(events), command_id)
        encode = self.registry.encode
        encoded = [encode(event) for event in events]
        recorded_at = utc_now()
        command_ids = [command_id] * len(events)
        return self._append_encoded(game_id, keys, expected_version, [actor] * len(events),
                                    [recorded_at] * len(events), ids, encoded, events, command_ids,
                                    expected_hash, request)

    @translate_unavailable
    def import_history(self, game_id: str, envelopes: Sequence[Envelope],
                       mark: dict[str, Any] | None = None) -> AppendResult:
        """Record another store's history as the new game ``game_id``, verbatim and atomically.

        Event ids, types, schema versions, payloads, recorded times, actors and command ids (none
        in records made before envelopes carried them) are kept as they were, so when ``game_id``
        is the original's the chain is identical. ``mark`` states the import (when, from which
        file): it is written first, once (a game that has one already is refused with
        ConcurrencyError), and removed again when the events certainly were not written, so a
        game imported is never read without its mark. The caller verifies the history first
        (``events.chain``); this only writes it.
        """
        keys = self._keys(game_id)
        if not envelopes:
            raise ValueError("import_history needs at least one event")
        encoded = [(e.type, e.schema_version, e.payload) for e in envelopes]
        if mark is not None and not self.redis.set(self._imported_key(game_id), canonical_json(mark), nx=True):
            raise ConcurrencyError(game_id, 0, self.version(game_id))
        try:
            return self._append_encoded(game_id, keys, 0, [e.actor for e in envelopes],
                                        [e.recorded_at for e in envelopes], [e.event_id for e in envelopes], encoded,
                                        [e.event for e in envelopes], [e.command_id for e in envelopes])
        except WriteOutcomeUnknownError:
            raise  # the events may be recorded: their mark stays
        except BaseException:
            if mark is not None:
                with contextlib.suppress(redis.RedisError):
                    self.redis.delete(self._imported_key(game_id))
            raise

    @translate_unavailable
    def import_mark(self, game_id: str) -> dict[str, Any] | None:
        """The facts of a game's import (:meth:`import_history`'s ``mark``), or None for a game
        recorded here, or imported before imports were marked."""
        raw = self.redis.get(self._imported_key(game_id))
        return orjson.loads(raw) if raw else None

    def _play(self, game_id: str, keys: tuple[str, str, str], event: object, expected_version: int, actor: str,
              event_ids: Sequence[str] | None, expected_hash: str | None, request: tuple[str, str] | None,
              command_id: str | None) -> AppendResult | None:
        """:meth:`append` of a play, the service's usual append: one event of a command with a raw
        id (a random one when none is given), to a game that has events, its request named by the
        command id or none. Built by ``events.batch_builder.play`` with none of the general path's
        lists; None for anything else, which the general path then appends (or refuses) as always."""
        if command_id:
            raw = raw_command(command_id)
            if raw is None:
                return None
        else:
            raw_id = _urandom(16)  # 128 random bits, as a UUID4 has
            command_id, raw = raw_id.hex(), (None, raw_id)
        event_id = f"{command_id}#0"
        if event_ids is not None and not (type(event_ids) is list and len(event_ids) == 1 and event_ids[0] == event_id):
            return None
        if request is not None and not names_request(command_id, request):
            return None
        item = self.registry.encode(event)
        recorded_at, at = recorded_now()
        prev_hash = expected_hash if expected_hash is not None else self._remembered_hash(game_id, expected_version)
        batch = play(game_id, expected_version, prev_hash, actor, recorded_at, at, command_id, raw, item, event,
                     None if request is None else request[1])
        if batch is None:
            return None
        reply = self._send(game_id, keys, batch, False)
        if type(reply) is int:  # written: the new version
            self._remember(game_id, reply, batch.envelopes[0].hash)
            return _written(reply, batch.envelopes)
        return self._append_encoded(game_id, keys, expected_version, [actor], [recorded_at], [event_id], [item],
                                    [event], [command_id], expected_hash, request, (batch, reply))

    def _keys_of(self, game_id: str) -> tuple[str, str, str]:
        """The game's keys (``_keys``: the id checked first), kept for the next append."""
        keys = self._keys(game_id)
        if len(self._known_keys) >= _HEAD_CACHE_LIMIT:
            self._known_keys.clear()
        self._known_keys[game_id] = keys
        return keys

    def _send(self, game_id: str, keys: tuple[str, str, str], batch: Batch, first: bool) -> Any:
        """The script's reply to a batch."""
        try:
            return self._run_append(game_id, (*keys, self._bucket_key(game_id, batch.bucket)), batch.args, first)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            # Sent, perhaps more than once (redis-py retries), and never answered: a server
            # that froze can still run it when it wakes. Only a retry with these ids settles it.
            raise WriteOutcomeUnknownError(game_id, str(exc)) from exc

    def _append_encoded(self, game_id: str, keys: tuple[str, str, str], expected_version: int, actors: Sequence[str],
                        times: Sequence[str], ids: list[str], encoded: list[tuple[str, int, Any]], events: Sequence[object],
                        command_ids: Sequence[str | None], expected_hash: str | None = None,
                        request: tuple[str, str] | None = None, sent: tuple[Batch, Any] | None = None) -> AppendResult:
        """The append itself, once every event is encoded: run the script, read its reply (``sent``:
        a batch already sent, and the reply it had, to read first)."""
        prev_hash = expected_hash if expected_hash is not None else self._remembered_hash(game_id, expected_version)
        for _attempt in range(2):
            if sent is not None:
                batch, reply = sent
                sent = None
            else:
                batch = build_batch(game_id, expected_version, prev_hash, actors, times, ids, encoded, events,
                                    command_ids, request)
                reply = self._send(game_id, keys, batch, expected_version == 0)
            envelopes = batch.envelopes
            if type(reply) is int:  # written: the new version
                self._remember(game_id, reply, envelopes[-1].hash)
                return AppendResult(reply, envelopes, False)
            status = text(reply[0])
            if status == "request":
                seen = reply[1].hex() if len(reply) > 2 else text(reply[1])  # raw from an index record
                if request is not None and same_request(seen, request[1]):
                    seen = request[1]  # a raw record keeps the digest's first bytes: the same request
                return AppendResult(self.version(game_id), [], request_seen=seen)
            if status == "duplicate":
                try:
                    return AppendResult(int(reply[-1]), self._originals(game_id, ids, encoded, reply[1:]), True)
                except DuplicateEventIdError:
                    if request is None:
                        raise
                    # The request's events are recorded with other content: its key was used for
                    # another request (one recorded before requests were kept in the id index).
                    return AppendResult(self.version(game_id), [], request_seen=ANOTHER_REQUEST)
            if status == "mixed":
                raise DuplicateEventIdError(game_id, ids[int(reply[1]) - 1], int(reply[2]),
                                            "the batch mixes new event ids with recorded ones")
            current, head_hash = int(reply[1]), text(reply[2])
            self._remember(game_id, current, head_hash)
            if status == "conflict" or expected_hash is not None:
                # With expected_hash, a "rechain" means the caller decided on a head the record
                # no longer has: the same version, other events before it.
                raise ConcurrencyError(game_id, expected_version, current)
            prev_hash = head_hash  # "rechain": our remembered head was stale; chain onto the real one
        raise EventStoreError(f"game {game_id!r}: the chain head kept moving at version {expected_version}")

    def _run_append(self, game_id: str, keys: tuple[str, ...], args: list[Any], first: bool) -> Any:
        if self.durability.waits:
            return self._run_append_and_wait(game_id, keys, args, first)
        if not first:
            if self._lane is not None:
                return self._lane.call(keys, args)
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

    def _run_append_and_wait(self, game_id: str, keys: tuple[str, ...], args: list[Any], first: bool) -> Any:
        """The append, then the durability wait on the same connection (see events.durability).

        On a cluster the pipeline goes to the node that serves the game's slot; if the slot moved
        (a failover), the node answers MOVED without running the script, and the append is sent
        once more to the new primary."""
        reply, waited = self._replicas.after(keys[0], lambda pipe: self._append_script(keys=keys, args=args, client=pipe))
        if first:
            self._register_script(keys=self._game_index_keys(), args=[game_id])
        if type(reply) is int:  # written
            self._replicas.check(game_id, waited)
        elif text(reply[0]) in ("duplicate", "request"):
            # Answered by events recorded before: they must be held too.
            self._replicas.wait(game_id, self._wait_key(game_id))
        return reply

    @translate_unavailable
    def confirm_durable(self, game_id: str) -> None:
        """Return once the game's record is as durable as an append must be before it is
        acknowledged (``durability``: held by that many replicas); at once, with no round trip,
        when appends wait for none.

        A retry answered by events recorded before is acknowledged only under this same wait, since
        the first attempt may have been refused for want of a replica. Raises
        WriteOutcomeUnknownError when the replicas do not confirm in time."""
        if self.durability.waits:
            try:
                self._replicas.wait(game_id, self._wait_key(game_id))
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                raise WriteOutcomeUnknownError(game_id, str(exc)) from exc

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

    def _originals(self, game_id: str, ids: list[str], encoded: list[tuple[str, int, Any]], versions: list[Any]) -> list[Envelope]:
        """The recorded envelopes a retried batch's ``ids`` name (at ``versions``), after checking
        that each is the same event (type, schema version, payload) as the batch's ``encoded``
        events. Their digests are made only here, for a retry: an append hashes each event once."""
        originals = self.read_at(game_id, [int(v) for v in versions])
        for event_id, item, original in zip(ids, encoded, originals):
            digest = content_digest(*item)
            if original.event_id != event_id:
                raise CorruptEventError(game_id, original.version, f"indexed as event id {event_id!r}, "
                                                                   f"but records {original.event_id!r}")
            if content_digest(original.type, original.schema_version, original.payload) != digest:
                raise DuplicateEventIdError(game_id, event_id, original.version, "already recorded with different content")
        return originals

    @translate_unavailable
    def games_after(self, cursor: str | None, limit: int) -> list[tuple[str, str]]:
        """(entry id, game id) of the games recorded after the entry ``cursor`` (from the first
        when None), in creation order, at most ``limit``: a cursor for readers that follow the list."""
        start = "-" if cursor is None else f"({cursor}"
        entries = self.redis.xrange(self._game_index_keys()[1], start, "+", count=limit)
        return [(text(entry_id), text(next(iter(fields.values())))) for entry_id, fields in entries]

    @translate_unavailable
    def recorded_request(self, game_id: str, field: str) -> str | None:
        """The digest recorded for a request's field (route and Idempotency-Key), or None: from
        the requests hash, or, for a request named by its command id, from its run's index record."""
        _stream, index, requests = self._keys(game_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(requests, field)
        pipe.hget(index, f"{field}#0")
        raw = raw_index_field(field)
        if raw is not None:
            pipe.hget(self._bucket_key(game_id, raw[1]), raw[0])
        value, record, *raw_record = pipe.execute()
        if value is not None:
            return text(value)
        return run_digest(record) or run_digest(raw_record[0] if raw_record else None)

    @translate_unavailable
    def memory(self, game_id: str) -> dict[str, int]:
        """Bytes Redis spends on the game's record, by key (``MEMORY USAGE``, every element
        counted): its stream, its id index, its requests hash."""
        pipe = self.redis.pipeline(transaction=False)
        for key in (*self._keys(game_id), *self.redis.scan_iter(match=self._bucket_pattern(game_id), count=1000)):
            pipe.memory_usage(key, samples=0)
        stream, index, requests, *buckets = [used or 0 for used in pipe.execute()]
        return {"stream": stream, "id_index": index + sum(buckets), "requests": requests}

    @translate_unavailable
    def note_incident(self, kind: str, game_id: str, detail: str) -> None:
        """Record something the service noticed about the store itself (say, a game's head that
        moved back), for ``/healthz`` and the operator; kept, like everything else."""
        self.redis.xadd(self._incidents_key(), {"kind": kind, "game": game_id, "detail": detail,
                                                "at": utc_now()})

    @translate_unavailable
    def incidents(self, count: int = 5) -> tuple[int, list[dict[str, str]]]:
        """How many incidents were noted, and the latest ``count`` of them, newest first."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xlen(self._incidents_key())
        pipe.xrevrange(self._incidents_key(), count=count)
        total, entries = pipe.execute()
        return total, [{text(k): text(v) for k, v in fields.items()} for _id, fields in entries]

    def _decodes(self) -> bool:
        try:
            return bool(self.redis.get_connection_kwargs().get("decode_responses"))
        except AttributeError:  # cluster clients keep it elsewhere
            return bool(getattr(self.redis, "decode_responses", False))
