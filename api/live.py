"""Live event streams: each API process reads each watched game's stream once, for all its watchers.

A watcher (``GET /games/{id}/events/stream``) holds a server thread while it is open, since a WSGI
response is produced by a thread. What it must not hold is a Redis connection and a read of its
own: with a thousand watchers that is a thousand connections, more than a process's client pool
has, and a thousand decodes of every event. So a process follows a watched game with one reader
thread (one blocking read of the game's stream at a time, :meth:`EventStore.tail`), which keeps
the game's latest events as ready server-sent-event frames, each made once in both views (whole,
and with the payload withheld), and wakes the game's watchers.

Nothing is shown that the record does not hold: a feed starts at the game's head as the store
records it, and only appends what its reader read from the stream after that, in version order.
A watcher that is behind what a feed holds (resuming from an old Last-Event-ID, or too slow) reads
the events it lacks from the store, as a page of the record, before it joins the feed. When a
reader cannot read (the store is away, an event cannot be decoded), its feed is closed: the
game's streams end and their clients reconnect with Last-Event-ID, as after any cut.

One reader per game (rather than one read of every watched game's stream at once) because on a
Redis Cluster the games' streams live in different slots, which one command may not span.
"""

from __future__ import annotations

import json
import logging
import threading
import time

from api.problems import ApiProblem
from events.envelope import Envelope
from events.store import EventStore

log = logging.getLogger("courtcard.live")

#: How long one read of a game's stream blocks; a feed nobody watches is dropped between reads.
READ_MS = 1000
#: A feed outlives its last watcher this long, so that a page reconnecting finds it still there.
LINGER_S = 10.0
#: Events a feed keeps for its watchers; one further behind reads from the store.
WINDOW = 256
#: Games a process follows at once: each reader holds one of the process's store connections
#: while it waits (redis-py 8's pool holds 100 by default), and plays must always find one free.
MAX_GAMES = 64
#: Watchers reading the store at once in a process (to start, or to catch up): a crowd that
#: reconnects together (after a restart) takes turns instead of every store connection.
STORE_READS = 4
#: How long a reader waits after reading events before it wakes their watchers (see _read).
FANOUT_DELAY_S = 0.004


def envelope_shown(envelope: Envelope, withheld: bool) -> dict:
    """An envelope as a reader sees it: whole, or with its payload withheld (version, type and
    hashes kept, so a watcher still learns that the game moved)."""
    shown = envelope.to_dict()
    if withheld:
        shown.update(payload=None, withheld=True)
    return shown


def sse_frame(envelope: Envelope, withheld: bool) -> bytes:
    """One server-sent event: the id is the event's version (what Last-Event-ID resumes from)."""
    data = json.dumps(envelope_shown(envelope, withheld))
    return f"id: {envelope.version}\nevent: {envelope.type}\ndata: {data}\n\n".encode()


class TooManyGames(ApiProblem):
    """This process already follows MAX_GAMES games: the watcher is asked to come back."""

    def __init__(self) -> None:
        super().__init__(503, "This server follows too many games live right now; reconnecting shortly will work.",
                         "too_many_streams", headers={"Retry-After": "5"})


class GameFeed:
    """The latest events of one game as this process read them from its stream, ready to send."""

    def __init__(self, game_id: str, head: int) -> None:
        self.game_id = game_id
        self.first = head + 1  # the version of frames[0]
        self.frames: list[tuple[bytes, bytes]] = []  # (whole, withheld) frames, version order
        self.watchers = 0
        self.idle_since = time.monotonic()
        self.closed = False
        self.changed = threading.Condition()

    @property
    def last(self) -> int:
        """The last version read (the head the feed started at, before any event came)."""
        return self.first + len(self.frames) - 1

    def extend(self, envelopes: list[Envelope]) -> None:
        """Add what the reader read after ``last``, and wake the watchers."""
        frames = [(sse_frame(e, False), sse_frame(e, True)) for e in envelopes]
        with self.changed:
            self.frames.extend(frames)
            if len(self.frames) > 2 * WINDOW:
                dropped = len(self.frames) - WINDOW
                del self.frames[:dropped]
                self.first += dropped
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def frames_after(self, after: int, withheld: bool, wait_s: float) -> tuple[int, bytes] | None:
        """(last version, frames) of the events after ``after``, waiting up to ``wait_s`` for one;
        (after, b"") when none came or the feed closed meanwhile; None when the feed no longer
        holds the event after ``after`` (it comes from the store)."""
        with self.changed:
            if after + 1 < self.first:
                return None
            if not self.changed.wait_for(lambda: self.last > after or self.closed, wait_s) or self.closed:
                return after, b""
            if after + 1 < self.first:  # trimmed while this watcher waited
                return None
            view = 1 if withheld else 0
            return self.last, b"".join(frame[view] for frame in self.frames[after + 1 - self.first:])


class LiveHub:
    """The feeds of one API process, each filled by a reader thread of its own."""

    def __init__(self, store: EventStore, max_games: int = MAX_GAMES) -> None:
        self.store = store
        self.max_games = max_games
        self._feeds: dict[str, GameFeed] = {}
        self._lock = threading.Lock()
        #: Held by a watcher while it reads the store itself (see STORE_READS).
        self.store_reads = threading.BoundedSemaphore(STORE_READS)

    def join(self, game_id: str) -> GameFeed:
        """The game's feed, counted as watched until :meth:`leave`; raises TooManyGames."""
        # The head is read outside the lock (a round trip), and only when no feed is there.
        head = None if game_id in self._feeds else self.store.version(game_id)
        with self._lock:
            feed = self._feeds.get(game_id)
            if feed is None:
                if len(self._feeds) >= self.max_games:
                    raise TooManyGames()
                feed = self._feeds[game_id] = GameFeed(game_id, self.store.version(game_id) if head is None else head)
                threading.Thread(target=self._read, args=(feed,), name=f"live {game_id}", daemon=True).start()
            feed.watchers += 1
            return feed

    def leave(self, feed: GameFeed) -> None:
        with self._lock:
            feed.watchers -= 1
            feed.idle_since = time.monotonic()

    def _read(self, feed: GameFeed) -> None:
        """Follow one game's stream until nobody has watched it for LINGER_S, or it cannot be read."""
        try:
            while not self._retired(feed):
                batch = self.store.tail(feed.game_id, feed.last, READ_MS)
                if batch:
                    # The play that appended this event is most likely still writing its reply,
                    # in this process or the other: waking a crowd of watcher threads now would
                    # make it wait for the interpreter behind them. A few milliseconds' pause
                    # lets it finish first, and what else arrived meanwhile joins the next read.
                    time.sleep(FANOUT_DELAY_S)
                    feed.extend(batch)
        except Exception as exc:  # noqa: BLE001 - whatever stops the reader, its watchers must learn it
            log.warning("live streams of game %s closed: %s", feed.game_id, exc)
            with self._lock:
                del self._feeds[feed.game_id]
        feed.close()

    def _retired(self, feed: GameFeed) -> bool:
        """Drop the feed if nobody has watched it for LINGER_S (in one step with the check, so a
        watcher never joins a feed that is being dropped)."""
        with self._lock:
            if feed.watchers or time.monotonic() - feed.idle_since < LINGER_S:
                return False
            del self._feeds[feed.game_id]
            return True
