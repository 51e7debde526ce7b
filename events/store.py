"""The event store: one Redis stream per game, appended atomically, read back as typed events.

Keys, hash-tagged by game so that one game's keys share a cluster slot::

    <ns>:{<game>}:events   stream; entry id 0-<version>, one field "e" = the envelope in its
                           stored form (events.stored: what cannot be derived, the hash as bytes)
    <ns>:{<game>}:ids      hash; the index of event ids, one record per append (idempotent retries,
                           reading by event id): the first id "<command id>#0" of the events a
                           command appended -> "<version>+<count>", with the digest of the request
                           it answered when the request is named by the command id; any other id
                           -> "<version>"; and the empty field "" -> "<version>:<hash of the last
                           event>" (the chain head; never an event id, since ids are non-empty).
                           Records written before appends were indexed whole hold
                           "<version>:<content digest>" per event, and still count.
    <ns>:{<game>}:requests hash; request field -> digest of what the request asked, for a request
                           not named by its command id (and every request recorded before), so a
                           retry finds its events and a key reused for another request is refused
    <ns>:{games}:known     set of game ids;  <ns>:{games}:order  stream of game ids, creation order
    <ns>:{incidents}:log   stream of what the service noticed about the store (a head moved back)
    <ns>:{<game>}:wait     a string written only to measure replication, when an append that must
                           reach replicas (events.durability) is answered by events recorded before
    <ns>:{<game>}:imported a game imported from a file: the import's facts (canonical JSON: when,
                           the file's SHA-256, how many events it held, its head line), written
                           once, before its events (so a game read is never without it), never changed

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
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import orjson
import redis
from redis.cluster import RedisCluster
from redis.exceptions import RedisClusterException

from events.chain import UNREADABLE, ChainChecker, VerificationReport
from events.decoding import EnvelopeDecoder
from events.durability import Durability
from events.envelope import GENESIS_HASH, Envelope, canonical_json
from events.errors import (
    ConcurrencyError,
    CorruptEventError,
    DuplicateEventIdError,
    EventStoreError,
    StoreDiskFullError,
    StoreFullError,
    StoreUnavailableError,
    WriteOutcomeUnknownError,
    refused_for_disk,
)
from events.registry import EventRegistry, EventTypeError, registry as default_registry
from events.scripts import APPEND, REGISTER_GAME
from events.stored import EntryReader, StoredFormError, follower_entry, follower_index, run_entry

_HEAD_CACHE_LIMIT = 10_000
#: ``AppendResult.request_seen`` of a request whose event ids are recorded with other events: no
#: digest of a request, so a caller comparing digests takes the key as reused.
ANOTHER_REQUEST = "(the events of another request)"
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
    # (ANOTHER_REQUEST when the request's event ids hold other events)


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
    """Turn "cannot reach Redis" failures into StoreUnavailableError (the API answers 503), "out
    of memory" refusals into StoreFullError and "cannot write to disk" ones into
    StoreDiskFullError (507)."""

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
        except redis.ResponseError as exc:
            if refused_for_disk(exc):  # refused before anything ran: a script fails at its first write
                raise StoreDiskFullError(f"the event store cannot write to its disk and refuses writes: {exc}") from exc
            raise
        except RedisClusterException as exc:  # no node of the cluster could be reached to learn its slots
            raise StoreUnavailableError(f"the event store's cluster cannot be reached: {exc}") from exc

    return wrapper  # type: ignore[return-value]


class EventStore:
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
        # The deployment's setting (COURTCARD_WAIT_*) unless told otherwise, so that every store
        # of a process, the API's and the workers', acknowledges appends alike.
        self.durability = durability if durability is not None else Durability.from_env()
        if self._decodes():
            raise ValueError("the event store needs a client that replies with bytes (decode_responses=False)")
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

    def games_list_key(self) -> str:
        """Name of the store's list of recorded games (a stream, oldest first), for a reader that
        follows it and checks for new games in a pipeline of its own reads (workers.listing)."""
        return self._game_index_keys()[1]

    def _wait_key(self, game_id: str) -> str:
        return f"{self.namespace}:{{{game_id}}}:wait"

    def _imported_key(self, game_id: str) -> str:
        check_game_id(game_id)
        return f"{self.namespace}:{{{game_id}}}:imported"

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
        keys = self._keys(game_id)
        events = list(events)
        if not events:
            raise ValueError("append needs at least one event")
        if type(expected_version) is not int or expected_version < 0:
            raise ValueError(f"expected_version must be an int >= 0, not {expected_version!r}")
        if not isinstance(actor, str) or not actor:
            raise ValueError("actor must be a non-empty string")
        command_id = command_id or os.urandom(16).hex()  # 128 random bits, as a UUID4 has
        ids = _event_ids(event_ids, len(events), command_id)
        encode = self.registry.encode
        encoded, digests = [], []
        for event in events:
            item = encode(event)
            encoded.append(item)
            digests.append(_content_digest(*item))
        recorded_at = _utc_now()
        command_ids = [command_id] * len(events)
        return self._append_encoded(game_id, keys, expected_version, [actor] * len(events),
                                    [recorded_at] * len(events), ids, encoded, digests, events, command_ids,
                                    expected_hash, request)

    @_translate_unavailable
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
        digests = [_content_digest(*item) for item in encoded]
        if mark is not None and not self.redis.set(self._imported_key(game_id), canonical_json(mark), nx=True):
            raise ConcurrencyError(game_id, 0, self.version(game_id))
        try:
            return self._append_encoded(game_id, keys, 0, [e.actor for e in envelopes],
                                        [e.recorded_at for e in envelopes], [e.event_id for e in envelopes], encoded,
                                        digests, [e.event for e in envelopes], [e.command_id for e in envelopes])
        except WriteOutcomeUnknownError:
            raise  # the events may be recorded: their mark stays
        except BaseException:
            if mark is not None:
                with contextlib.suppress(redis.RedisError):
                    self.redis.delete(self._imported_key(game_id))
            raise

    @_translate_unavailable
    def import_mark(self, game_id: str) -> dict[str, Any] | None:
        """The facts of a game's import (:meth:`import_history`'s ``mark``), or None for a game
        recorded here, or imported before imports were marked."""
        raw = self.redis.get(self._imported_key(game_id))
        return orjson.loads(raw) if raw else None

    def _append_encoded(self, game_id, keys, expected_version, actors, times, ids, encoded, digests, events,
                        command_ids, expected_hash: str | None = None,
                        request: tuple[str, str] | None = None) -> AppendResult:
        """The append itself, once every event is encoded: run the script, read its reply."""
        prev_hash = expected_hash if expected_hash is not None else self._remembered_hash(game_id, expected_version)
        for _attempt in range(2):
            envelopes, args = self._chain(game_id, expected_version, actors, times, prev_hash, ids, encoded,
                                          events, command_ids, request)
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
                seen = reply[1].hex() if len(reply) > 2 else _text(reply[1])  # raw from an index record
                return AppendResult(self.version(game_id), [], request_seen=seen)
            if status == "duplicate":
                try:
                    return AppendResult(int(reply[-1]), self._originals(game_id, ids, digests, reply[1:]), True)
                except DuplicateEventIdError:
                    if request is None:
                        raise
                    # The request's events are recorded with other content: its key was used for
                    # another request (one recorded before requests were kept in the id index).
                    return AppendResult(self.version(game_id), [], request_seen=ANOTHER_REQUEST)
            if status == "mixed":
                raise DuplicateEventIdError(game_id, ids[int(reply[1]) - 1], int(reply[2]),
                                            "the batch mixes new event ids with recorded ones")
            current, head_hash = int(reply[1]), _text(reply[2])
            self._remember(game_id, current, head_hash)
            if status == "conflict" or expected_hash is not None:
                # With expected_hash, a "rechain" means the caller decided on a head the record
                # no longer has: the same version, other events before it.
                raise ConcurrencyError(game_id, expected_version, current)
            prev_hash = head_hash  # "rechain": our remembered head was stale; chain onto the real one
        raise EventStoreError(f"game {game_id!r}: the chain head kept moving at version {expected_version}")

    def _chain(self, game_id, expected_version, actors, times, prev_hash, ids, encoded, events, command_ids,
               request: tuple[str, str] | None):
        """Build the envelopes of a batch chained onto ``prev_hash``, and the script's arguments
        (see ``events.scripts.APPEND``). An envelope with a command id hashes it
        (``events.envelope.HASHED_FIELDS``); one without (an imported record made before command
        ids) hashes the fields it has."""
        chained_onto = prev_hash
        envelopes, entries, records = [], [], []
        runs: list[list] = []  # [first event id, first version, count] of each run of the batch
        firsts: set[str] = set()  # their first ids: a command id begins one run only
        version = expected_version
        run_start = -1
        for j, (event_id, (name, schema_version, payload), event, actor, recorded_at, command_id) in enumerate(
            zip(ids, encoded, events, actors, times, command_ids)
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
            own_hash = _sha256(canonical_json(fields)).hexdigest()
            # A run is the events one command appended, with ids "<command id>#0", "#1", ...: only
            # its first entry keeps the command's fields, and only its first id is indexed.
            if (run_start >= 0 and command_id == command_ids[run_start] and actor == actors[run_start]
                    and recorded_at == times[run_start] and event_id == f"{command_id}#{j - run_start}"):
                entries.append(follower_entry(name, schema_version, payload, j - run_start, own_hash))
                runs[-1][2] += 1
            elif command_id is not None and event_id == f"{command_id}#0" and event_id not in firsts:
                run_start = j
                firsts.add(event_id)
                entries.append(run_entry(name, schema_version, payload, recorded_at, actor, command_id, 0, own_hash))
                runs.append([event_id, version, 1])
            else:
                run_start = -1
                entries.append(run_entry(name, schema_version, payload, recorded_at, actor, command_id, event_id, own_hash))
                records += (event_id, str(version))
            fields["hash"] = own_hash
            envelopes.append(Envelope.from_stored(fields, event))
            prev_hash = own_hash
        # A request named by the command id is recorded in the command's index record.
        merged = (request is not None and len(runs) == 1 and runs[0][2] == len(ids)
                  and request[0] == command_ids[0] and _is_sha256_hex(request[1]))
        for event_id, first, count in runs:
            record = f"{first}+{count}".encode()
            records += (event_id, record + b"=" + bytes.fromhex(request[1]) if merged else record)
        lookups, places = _lookups(ids)
        field, digest = ("", "") if merged or request is None else request
        args: list[Any] = [expected_version, f"{expected_version}:{chained_onto}",
                           f"{version}:{prev_hash}", field, digest, "1" if merged else "", len(ids), len(lookups),
                           *lookups, *places, *entries, *records]
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
            self._wait_for_replicas(game_id)  # answered by events recorded before: they must be held too
        elif status == "ok":
            self._check_confirmed(game_id, waited)
        return reply

    @_translate_unavailable
    def confirm_durable(self, game_id: str) -> None:
        """Return once the game's record is as durable as an append must be before it is
        acknowledged (``durability``: held by that many replicas); at once, with no round trip,
        when appends wait for none.

        A retry answered by events recorded before is acknowledged only under this same wait, since
        the first attempt may have been refused for want of a replica. Raises
        WriteOutcomeUnknownError when the replicas do not confirm in time."""
        if self.durability.waits:
            try:
                self._wait_for_replicas(game_id)
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                raise WriteOutcomeUnknownError(game_id, str(exc)) from exc

    def _wait_for_replicas(self, game_id: str) -> None:
        # A wait measures the writes of its own connection, so it writes something of the game's
        # first: what the replicas confirm then covers every write of the game's node before it.
        key = self._wait_key(game_id)
        _, waited = self._on_slot_node(key, lambda pipe: pipe.set(key, "1"))
        self._check_confirmed(game_id, waited)

    def _check_confirmed(self, game_id: str, waited: Any) -> None:
        if self.durability.confirmed(waited) < self.durability.replicas:
            raise WriteOutcomeUnknownError(game_id, f"{self.durability.command()[0]} confirmed {waited!r} where "
                                                    f"{self.durability.replicas} replica(s) must hold the append")

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
        return list(self.read(game_id, from_version, max(from_version, 1) + limit - 1))

    def read(self, game_id: str, from_version: int = 1, to_version: int | None = None) -> Iterator[Envelope]:
        """Iterate the game's envelopes from ``from_version`` to ``to_version`` (inclusive), in pages.

        Each envelope carries its typed, upcast event. A stored event that cannot be decoded,
        or a gap in the versions, raises CorruptEventError naming the game and version, after
        the good events before it have been yielded.
        """
        start = max(from_version, 1)
        reader = None
        while to_version is None or start <= to_version:
            limit = self.page_size if to_version is None else min(self.page_size, to_version - start + 1)
            if reader is None:
                # The entry before the first gives its prev_hash: fetched with the page.
                before = 1 if start > 1 else 0
                entries = self._fetch_range(game_id, start - before, to_version, limit + before)
                reader, entries = self._reader_at(game_id, start, entries)
            else:
                entries = self._fetch_range(game_id, start, to_version, limit)
            yield from self._iter_decoded(game_id, entries, start, reader)
            if len(entries) < limit:
                return
            start += len(entries)

    @_translate_unavailable
    def _fetch_range(self, game_id: str, start: int, stop: int | None, limit: int) -> list:
        key = self._keys(game_id)[0]
        return self.redis.xrange(key, f"0-{start}", "+" if stop is None else f"0-{stop}", count=limit)

    def _reader_at(self, game_id: str, version: int, entries: list, prev: str | None = None) -> tuple[EntryReader, list]:
        """A reader ready for the entry at ``version``, and ``entries`` from that one on.

        ``entries`` starts with the entry before ``version`` when there is one (its hash is the
        first one's prev_hash), unless ``prev`` gives that hash. When the first entry continues
        a run begun further back, the run's first entry is fetched (one more round trip)."""
        reader = EntryReader(game_id)
        known = False
        if version > 1:
            if entries and _entry_version(entries[0][0]) == version - 1:
                before = entries.pop(0)
                reader.after(before[0], before[1].get(b"e"))
                known = True
            else:
                reader.prev = prev  # None when that entry is missing: the first one then says so
        index = follower_index(entries[0][1].get(b"e")) if entries else None
        if index is not None and (index > 1 or not known):
            first = self._fetch_range(game_id, version - index, version - index, 1)
            if first:
                reader.begin_run(first[0][0], first[0][1].get(b"e"))
        return reader, entries

    def read_at(self, game_id: str, versions: list[int]) -> list[Envelope]:
        """The envelopes at ``versions``, in one round trip, each read with what it needs from before it."""
        pipe = self.redis.pipeline(transaction=False)
        key = self._keys(game_id)[0]
        for version in versions:
            pipe.xrange(key, f"0-{max(version - 1, 1)}", f"0-{version}")
        found = []
        for version, entries in zip(versions, pipe.execute()):
            reader, entries = self._reader_at(game_id, version, entries)
            if not entries or _entry_version(entries[0][0]) != version:
                raise CorruptEventError(game_id, version, "indexed by its event id but missing from the stream")
            found.extend(self._iter_decoded(game_id, entries, version, reader))
        return found

    def _originals(self, game_id: str, ids: list[str], digests: list[str], versions: list) -> list[Envelope]:
        """The recorded envelopes a retried batch's ``ids`` name (at ``versions``), after checking
        that each is the same event (type, schema version, payload) as the batch's."""
        originals = self.read_at(game_id, [int(v) for v in versions])
        for event_id, digest, original in zip(ids, digests, originals):
            if original.event_id != event_id:
                raise CorruptEventError(game_id, original.version, f"indexed as event id {event_id!r}, "
                                                                   f"but records {original.event_id!r}")
            if _content_digest(original.type, original.schema_version, original.payload) != digest:
                raise DuplicateEventIdError(game_id, event_id, original.version, "already recorded with different content")
        return originals

    @_translate_unavailable
    def find_events(self, game_id: str, event_ids: Sequence[str]) -> list[Envelope]:
        """The recorded envelopes of those ``event_ids`` the game has, in the order given.

        Ids that were never recorded are left out, so ``[]`` means none of them is there.
        """
        ids = [i for i in event_ids if i]  # never recorded; and the index's "" field is its head
        if not ids:
            return []
        runs = {event_id: _run_of(event_id) for event_id in ids}
        firsts = sorted({run[0] for run in runs.values() if run is not None})
        records = self.redis.hmget(self._keys(game_id)[1], [*ids, *firsts])
        first_records = dict(zip(firsts, records[len(ids):]))
        wanted = [(event_id, _indexed(record, runs[event_id], first_records)) for event_id, record in zip(ids, records)]
        wanted = [(event_id, version) for event_id, version in wanted if version is not None]
        if not wanted:
            return []
        found = self.read_at(game_id, [version for _id, version in wanted])
        # An id "<x>#<i>" placed by a run's record is that run's only if the entry says so.
        return [envelope for (event_id, _v), envelope in zip(wanted, found) if envelope.event_id == event_id]

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
        first = after_version + 1
        seen = self._heads.get(game_id)
        if first > 1 and seen is not None and seen[0] == after_version:
            reader, entries = self._reader_at(game_id, first, entries, prev=seen[1])
        else:  # the entry before the first, for its hash
            before = self._fetch_range(game_id, after_version, after_version, 1) if first > 1 else []
            reader, entries = self._reader_at(game_id, first, before + entries)
        return list(self._iter_decoded(game_id, entries, first, reader))

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
    def heads(self, game_ids: Sequence[str]) -> list[tuple[int, str]]:
        """The heads of ``game_ids`` (each as :meth:`head` gives it), in their order, in one round
        trip: a pipeline of the heads' reads (on a cluster, one per node, sent to all at once), so
        a page of many games asks the store once whether any of them moved."""
        indexes = [self._keys(game_id)[1] for game_id in game_ids]
        if not indexes:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for index in indexes:
            pipe.hget(index, "")
        return [_head(record) for record in pipe.execute()]

    @_translate_unavailable
    def recorded_request(self, game_id: str, field: str) -> str | None:
        """The digest recorded for a request's field (route and Idempotency-Key), or None: from
        the requests hash, or, for a request named by its command id, from its run's index record."""
        _stream, index, requests = self._keys(game_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(requests, field)
        pipe.hget(index, f"{field}#0")
        value, record = pipe.execute()
        if value is not None:
            return _text(value)
        found = _RUN_DIGEST.match(record or b"")
        return found.group(1).hex() if found else None

    @_translate_unavailable
    def memory(self, game_id: str) -> dict[str, int]:
        """Bytes Redis spends on the game's record, by key (``MEMORY USAGE``, every element
        counted): its stream, its id index, its requests hash."""
        pipe = self.redis.pipeline(transaction=False)
        for key in self._keys(game_id):
            pipe.memory_usage(key, samples=0)
        return {name: used or 0 for name, used in zip(("stream", "id_index", "requests"), pipe.execute())}

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
        first = after_version + 1
        before = 1 if first > 1 else 0  # the entry at after_version: its hash is the next one's prev_hash
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(index, "")
        pipe.xrange(stream, f"0-{first - before}", "+", count=self.page_size + before)
        record, entries = pipe.execute()
        head = _head(record)
        fetched = len(entries)
        reader, entries = self._reader_at(game_id, first, entries)
        envelopes = list(self._iter_decoded(game_id, entries, first, reader))
        if fetched == self.page_size + before:
            envelopes.extend(self.read(game_id, from_version=first + len(entries)))
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
        reader = EntryReader(game_id)
        envelopes: list[Envelope] = []
        error = report = None
        for entry_id, document in self._raw_entries(game_id, head[0]):
            try:
                doc = reader.fields(entry_id, document)
            except StoredFormError as exc:
                doc = {UNREADABLE: f"stream entry {_text(entry_id)} is not an envelope ({exc})"}
            if not isinstance(doc, dict):
                doc = {UNREADABLE: f"stream entry {_text(entry_id)} is not an envelope"}
            problem = checker.check(doc)
            if problem:
                report = checker.failed(problem)
                break
            if decode and error is None:
                try:
                    envelopes.append(self._decoder.parsed(game_id, checker.count, doc))
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
        start = "-"
        while True:
            entries = self._call(self.redis.xrange, key, start, f"0-{stop}" if stop else "+", count=self.page_size)
            for entry_id, fields in entries:
                yield entry_id, fields.get(b"e")
            if len(entries) < self.page_size:
                return
            start = "(" + _text(entries[-1][0])

    @_translate_unavailable
    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    # -- decoding -----------------------------------------------------------------------------

    def _iter_decoded(self, game_id: str, entries: list, first_version: int, reader: EntryReader) -> Iterator[Envelope]:
        version = first_version
        read = reader.fields
        decode = self._decoder.parsed
        envelope = None
        for entry_id, fields in entries:
            try:
                parsed = read(entry_id, fields.get(b"e"))
            except StoredFormError as exc:
                raise CorruptEventError(game_id, version, str(exc)) from None
            envelope = decode(game_id, version, parsed)
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


def _entry_version(entry_id: bytes) -> int | None:
    """The version a stream entry id ``0-<version>`` stands for (None for any other id)."""
    return int(entry_id[2:]) if entry_id[:2] == b"0-" else None


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


def _event_ids(event_ids: Sequence[str] | None, n: int, command_id: str) -> list[str]:
    if event_ids is None:
        # Numbered within the command, as the service numbers them: a command names one append,
        # and the stored form derives such ids instead of keeping them.
        return [f"{command_id}#{i}" for i in range(n)]
    ids = list(event_ids)
    if len(ids) != n:
        raise ValueError(f"{len(ids)} event ids for {n} events")
    if any(not isinstance(i, str) or not i for i in ids):
        raise ValueError("event ids must be non-empty strings")
    if len(set(ids)) != n:
        raise ValueError("event ids in one batch must be distinct")
    return ids


def _lookups(ids: list[str]) -> tuple[list[str], list[Any]]:
    """The ids the append script looks up in the index: the batch's own, then the first id of any
    run an id "<x>#<i>" (i > 0) could belong to; and for each event, the position of that run's
    first id among them (0 for none) and i."""
    lookups = list(ids)
    position = {event_id: k for k, event_id in enumerate(ids, 1)}
    places: list[Any] = []
    for event_id in ids:
        run = _run_of(event_id)
        if run is None:
            places += (0, 0)
            continue
        first, i = run
        if first not in position:
            lookups.append(first)
            position[first] = len(lookups)
        places += (position[first], i)
    return lookups, places


def _run_of(event_id: str) -> tuple[str, int] | None:
    """("<x>#0", i) for an event id "<x>#<i>" with i > 0 written plainly, else None."""
    prefix, sep, number = event_id.rpartition("#")
    if not sep or not number.isascii() or not number.isdigit() or number[0] == "0":
        return None
    return f"{prefix}#0", int(number)


def _indexed(record: bytes | None, run: tuple[str, int] | None, runs: dict) -> int | None:
    """The version the index places an event id at: its own record's, or its run's first
    version plus its number (``runs`` maps a run's first id to that id's record)."""
    if record is not None:
        return int(_RECORD_VERSION.match(record).group())
    if run is not None:
        found = _RUN_RECORD.match(runs.get(run[0]) or b"")
        if found and run[1] < int(found.group(2)):
            return int(found.group(1)) + run[1]
    return None


_RECORD_VERSION = re.compile(rb"\d+")
_RUN_RECORD = re.compile(rb"(\d+)\+(\d+)")
_RUN_DIGEST = re.compile(rb"\d+\+\d+=(.*)\Z", re.S)
_SHA256_HEX = re.compile(r"[0-9a-f]{64}\Z")


def _is_sha256_hex(digest: object) -> bool:
    return isinstance(digest, str) and _SHA256_HEX.match(digest) is not None


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
