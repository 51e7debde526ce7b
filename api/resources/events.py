"""A game's record: pages of events, and a live stream of them (server-sent events)."""

from __future__ import annotations

import threading

from flask import Response, current_app
from flask.views import MethodView

from api.jsonio import Blueprint
from api.services import services
from api.auth import reads_full_record, require_reader
from api.live import LiveHub, envelope_shown, sse_frame
from api.problems import ApiProblem
from api.resources.games import catalog_entry
from api.schemas import (
    EVENT_STREAM_RESPONSE, EventPageQuerySchema, EventPageSchema, EventStreamHeadersSchema, EventStreamQuerySchema,
)
from api.views import game_finished

blp = Blueprint("events", __name__, url_prefix="/games", description="A game's record of events")

#: How long a stream waits for an event before it sends a keep-alive comment.
STREAM_BLOCK_MS = 15_000
#: Events a watcher behind its game's feed reads from the record at a time.
CATCH_UP_PAGE = 200


@blp.route("/<game_id>/events")
class EventPage(MethodView):
    @blp.arguments(EventPageQuerySchema, location="query")
    @blp.response(200, EventPageSchema)
    def get(self, query, game_id):
        """Events from a version on, in pages; ``next`` is the from= of the following page."""
        entry = catalog_entry(game_id)
        require_reader(entry)
        shown = envelope_view(entry, game_id)
        store = services().store
        page = store.read_page(game_id, from_version=query["from_version"], limit=query["limit"])
        version = store.version(game_id)
        last = page[-1].version if page else query["from_version"] - 1
        return {"game_id": game_id, "version": version, "events": [shown(e) for e in page],
                "next": last + 1 if last < version else None}


def is_stream_path(path: str) -> bool:
    """Is this the path of a live event stream (which stays open for as long as it is watched)?"""
    return path.startswith("/games/") and path.endswith("/events/stream")


@blp.route("/<game_id>/events/stream")
class EventStream(MethodView):
    @blp.arguments(EventStreamQuerySchema, location="query")
    @blp.arguments(EventStreamHeadersSchema, location="headers")
    @blp.doc(responses={200: EVENT_STREAM_RESPONSE})
    @blp.alt_response(503, response="DEFAULT_ERROR", description="too many live streams or games followed on this "
                      "process (too_many_streams): reconnect after Retry-After")
    def get(self, query, headers, game_id):
        """Follow the game live. Reconnect with Last-Event-ID (or ?from=) to resume without a gap."""
        hub = live_hub()
        with hub.store_reads:
            entry = catalog_entry(game_id)
            require_reader(entry)
            withheld = withholds_payloads(entry, game_id)
        slots = current_app.extensions["courtcard_streams"]
        if not slots.acquire(blocking=False):
            # Each live stream holds a server thread; past the limit, plays would wait for one,
            # so a watcher is asked to come back instead.
            raise ApiProblem(503, "Too many live streams on this server right now; reconnecting shortly will work.",
                             "too_many_streams", headers={"Retry-After": "5"})
        try:
            with hub.store_reads:
                feed = hub.join(game_id)
        except BaseException:  # TooManyGames (a 503), or the store is away
            slots.release()
            raise
        # The last version the client has: Last-Event-ID wins over ?from= (the first version wanted).
        last_id = headers.get("last_event_id")
        after = int(last_id) if last_id is not None else query.get("from_version", 1) - 1
        store = services().store
        # A keep-alive goes out at least every block_ms, so that a client that has gone away is
        # noticed (sending to it fails) and frees its thread and slot.
        keep_alive_s = query.get("block_ms", STREAM_BLOCK_MS) / 1000

        def generate():
            nonlocal after
            yield b"retry: 2000\n\n"
            while not feed.closed:
                caught_up = feed.frames_after(after, withheld, keep_alive_s)
                if caught_up is None:  # older than the feed holds: from the record
                    with hub.store_reads:
                        page = store.read_page(game_id, after + 1, CATCH_UP_PAGE)
                    if not page:
                        return  # the record lacks what the feed read after it: the client reconnects
                    after = page[-1].version
                    yield b"".join(sse_frame(envelope, withheld) for envelope in page)
                    continue
                after, frames = caught_up
                yield frames or b": keep-alive\n\n"

        def closed():  # the stream ended, or its client went away
            hub.leave(feed)
            slots.release()

        response = Response(generate(), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        response.call_on_close(closed)
        return response


def live_hub() -> LiveHub:
    """This process's live feeds (made on the first stream, in the process that serves it)."""
    with _hub_lock:
        hub = current_app.extensions.get("courtcard_live")
        if hub is None:
            hub = current_app.extensions["courtcard_live"] = LiveHub(services().store)
        return hub


_hub_lock = threading.Lock()


def withholds_payloads(entry, game_id: str) -> bool:
    """Are event payloads withheld from this request (see ``reads_full_record``)?"""
    return not reads_full_record(entry, game_finished(game_id))


def envelope_view(entry, game_id: str):
    """How this request sees envelopes: whole, or with payloads withheld (see ``envelope_shown``)."""
    withheld = withholds_payloads(entry, game_id)
    return lambda envelope: envelope_shown(envelope, withheld)
