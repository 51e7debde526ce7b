"""Reading a game's record from its stream: pages, events by version or id, the tail, the head,
and the whole record verified (the entries read in order by ``events.record_walk``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import redis

from events.batch_builder import indexed, run_of
from events.chain import VerificationReport
from events.envelope import Envelope
from events.envelope_decoder import EnvelopeDecoder
from events.errors import CorruptEventError
from events.record_walk import VerifiedRecord, decoded, walk_chain
from events.redis_failures import translate_unavailable
from events.store_keys import StoreKeys, parse_head, raw_index_field, text
from events.stored_form import EntryReader, follower_index, stored_value

#: A stream's entries as the server sends them: ``[entry id, [field, value, ...]]`` each.
Entries = list[Any]


class StoreReads(StoreKeys):
    """The store's reads (:class:`events.store.EventStore` adds the writes)."""

    redis: Any
    page_size: int
    _decoder: EnvelopeDecoder
    _heads: dict[str, tuple[int, str]]
    _tail_slice_ms: int
    _sent: Any = None  # a client on the same connections whose XRANGE replies are as sent (see _xrange)

    def _remember(self, game_id: str, version: int, hash_: str) -> None:
        raise NotImplementedError

    @translate_unavailable
    def version(self, game_id: str) -> int:
        """The game's current version: the number of events recorded (0 if there is no such game)."""
        return self.head(game_id)[0]

    def exists(self, game_id: str) -> bool:
        """True if the game has at least one event."""
        return self.version(game_id) > 0

    @translate_unavailable
    def head(self, game_id: str) -> tuple[int, str]:
        """(version, hash of the last event) as the game's head records it; (0, genesis) if none."""
        return parse_head(self.redis.hget(self._keys(game_id)[1], ""))

    @translate_unavailable
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
        return [parse_head(record) for record in pipe.execute()]

    @translate_unavailable
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
            # One entry more than the page says whether there is another page, without a round
            # trip that finds nothing after a record of a whole number of pages.
            if reader is None:
                # The entry before the first gives its prev_hash: fetched with the page.
                before = 1 if start > 1 else 0
                entries = self._fetch_range(game_id, start - before, to_version, limit + before + 1)
                reader, entries = self._reader_at(game_id, start, entries)
            else:
                entries = self._fetch_range(game_id, start, to_version, limit + 1)
            more = len(entries) > limit
            del entries[limit:]
            yield from decoded(game_id, entries, start, reader, self._decoder)
            self._note_head(game_id, start + len(entries) - 1, reader)
            if not more:
                return
            start += len(entries)

    @translate_unavailable
    def _fetch_range(self, game_id: str, start: int, stop: int | None, limit: int) -> Entries:
        key = self._keys(game_id)[0]
        return self._xrange(key, f"0-{start}", "+" if stop is None else f"0-{stop}", limit)

    def _xrange(self, key: str, start: str, stop: str, count: int) -> Entries:
        """XRANGE's reply as the server sends it. redis-py would make a dict of each entry's
        fields, which costs a replay about as much as reading the entry; a client sharing the
        store's connections (and so its retries and timeouts) with that step left out reads it.
        A cluster client keeps its own reply, given in the same shape."""
        sent = self._sent
        if sent is None:
            if isinstance(self.redis, redis.Redis):
                sent = redis.Redis(connection_pool=self.redis.connection_pool)
                sent.set_response_callback("XRANGE", _unparsed)
            else:
                sent = False
            self._sent = sent
        if sent is False:
            return as_sent(self.redis.xrange(key, start, stop, count=count))
        reply: Entries = sent.xrange(key, start, stop, count=count)
        return reply

    def _reader_at(self, game_id: str, version: int, entries: Entries, prev: str | None = None) -> tuple[EntryReader, Entries]:
        """A reader ready for the entry at ``version``, and ``entries`` from that one on.

        ``entries`` starts with the entry before ``version`` when there is one (its hash is the
        first one's prev_hash), unless ``prev`` gives that hash. When the first entry continues
        a run begun further back, the run's first entry is fetched (one more round trip)."""
        reader = EntryReader(game_id)
        known = False
        if version > 1:
            if entries and entry_version(entries[0][0]) == version - 1:
                before = entries.pop(0)
                reader.after(before[0], stored_value(before[1]))
                known = True
            else:
                reader.prev = prev  # None when that entry is missing: the first one then says so
        index = follower_index(stored_value(entries[0][1])) if entries else None
        if index is not None and (index > 1 or not known):
            first = self._fetch_range(game_id, version - index, version - index, 1)
            if first:
                reader.begin_run(first[0][0], stored_value(first[0][1]))
        return reader, entries

    def read_at(self, game_id: str, versions: list[int]) -> list[Envelope]:
        """The envelopes at ``versions``, in one round trip, each read with what it needs from before it."""
        pipe = self.redis.pipeline(transaction=False)
        key = self._keys(game_id)[0]
        for version in versions:
            pipe.xrange(key, f"0-{max(version - 1, 1)}", f"0-{version}")
        found: list[Envelope] = []
        for version, entries in zip(versions, pipe.execute()):
            reader, entries = self._reader_at(game_id, version, as_sent(entries))
            if not entries or entry_version(entries[0][0]) != version:
                raise CorruptEventError(game_id, version, "indexed by its event id but missing from the stream")
            found.extend(self._iter_decoded(game_id, entries, version, reader))
        return found

    @translate_unavailable
    def find_events(self, game_id: str, event_ids: Sequence[str]) -> list[Envelope]:
        """The recorded envelopes of those ``event_ids`` the game has, in the order given.

        Ids that were never recorded are left out, so ``[]`` means none of them is there.
        """
        ids = [i for i in event_ids if i]  # never recorded; and the index's "" field is its head
        if not ids:
            return []
        runs = {event_id: run_of(event_id) for event_id in ids}
        firsts = sorted({run[0] for run in runs.values() if run is not None})
        # A run whose command id has a raw form may be indexed in a bucket, by those raw bytes.
        maybe_raw = {first: raw_index_field(first[:-2]) for first in {*firsts, *(i for i in ids if i.endswith("#0"))}}
        raw = {first: found for first, found in maybe_raw.items() if found is not None}
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(self._keys(game_id)[1], [*ids, *firsts])
        for field, bucket in raw.values():
            pipe.hget(self._bucket_key(game_id, bucket), field)
        records, *raw_records = pipe.execute()
        raw_records = dict(zip(raw, raw_records))
        first_records = {first: record or raw_records.get(first) for first, record in zip(firsts, records[len(ids):])}
        records = [record or raw_records.get(event_id) for event_id, record in zip(ids, records)]
        placed = [(event_id, indexed(record, runs[event_id], first_records)) for event_id, record in zip(ids, records)]
        wanted = [(event_id, version) for event_id, version in placed if version is not None]
        if not wanted:
            return []
        found = self.read_at(game_id, [version for _id, version in wanted])
        # An id "<x>#<i>" placed by a run's record is that run's only if the entry says so.
        return [envelope for (event_id, _v), envelope in zip(wanted, found) if envelope.event_id == event_id]

    @translate_unavailable
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
        entries = as_sent(reply[0][1] if isinstance(reply, list) else next(iter(reply.values()))[0])
        first = after_version + 1
        seen = self._heads.get(game_id)
        if first > 1 and seen is not None and seen[0] == after_version:
            reader, entries = self._reader_at(game_id, first, entries, prev=seen[1])
        else:  # the entry before the first, for its hash
            before = self._fetch_range(game_id, after_version, after_version, 1) if first > 1 else []
            reader, entries = self._reader_at(game_id, first, before + entries)
        return list(self._iter_decoded(game_id, entries, first, reader))

    @translate_unavailable
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
        entries = as_sent(entries)
        head = parse_head(record)
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
        record = walk_chain(game_id, head, self._raw_entries(game_id, head[0]), self._decoder if decode else None)
        if record.report.ok and decode:
            self._remember(game_id, *head)
        return record

    def _raw_entries(self, game_id: str, stop: int) -> Iterator[tuple[Any, Any]]:
        """(stream entry id, stored document or None) up to version ``stop`` (all if 0), in pages."""
        key = self._keys(game_id)[0]
        start = "-"
        while True:
            entries = self._call(self._xrange, key, start, f"0-{stop}" if stop else "+", self.page_size)
            for entry_id, fields in entries:
                yield entry_id, stored_value(fields)
            if len(entries) < self.page_size:
                return
            start = "(" + text(entries[-1][0])

    @translate_unavailable
    def _call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    def _iter_decoded(self, game_id: str, entries: Entries, first_version: int, reader: EntryReader) -> Iterator[Envelope]:
        yield from decoded(game_id, entries, first_version, reader, self._decoder)
        self._note_head(game_id, first_version + len(entries) - 1, reader)

    def _note_head(self, game_id: str, version: int, reader: EntryReader) -> None:
        """Remember ``version`` (just read, its hash the ``reader``'s last) as the game's head if
        it is past the one known: it lets the next append skip a round trip."""
        if version > self._heads.get(game_id, (0, ""))[0] and type(reader.prev) is str:
            self._remember(game_id, version, reader.prev)


def tail_slice_ms(client: redis.Redis) -> int:
    """Longest blocking read that stays well inside the client's socket timeout (at most 1 s)."""
    try:
        timeout = client.connection_pool.connection_kwargs.get("socket_timeout", 5)
    except AttributeError:
        timeout = 5
    return 1000 if timeout is None else max(10, min(1000, int(timeout * 500)))


def _unparsed(reply: Any, **_options: Any) -> Any:
    return reply


def as_sent(entries: list[tuple[Any, dict[bytes, Any]]]) -> Entries:
    """Stream entries as redis-py parses them (``(entry id, {field: value})``) in the shape the
    server sent them (``[entry id, [field, value, ...]]``), which is what the store reads."""
    return [[entry_id, [item for pair in fields.items() for item in pair]] for entry_id, fields in entries]


def entry_version(entry_id: bytes) -> int | None:
    """The version a stream entry id ``0-<version>`` stands for (None for any other id)."""
    return int(entry_id[2:]) if entry_id[:2] == b"0-" else None
