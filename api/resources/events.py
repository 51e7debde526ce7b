"""A game's record: pages of events, and a live stream of them (server-sent events)."""

from __future__ import annotations

import json
import re

from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView

from api.jsonio import Blueprint
from api.services import services
from api.auth import reads_full_record, require_reader
from api.problems import ApiProblem
from api.resources.games import catalog_entry
from api.schemas import EventPageQuerySchema, EventPageSchema
from api.views import game_finished

blp = Blueprint("events", __name__, url_prefix="/games", description="A game's record of events")

#: How long one blocking read waits before the stream sends a keep-alive comment.
STREAM_BLOCK_MS = 15_000


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
    @blp.doc(responses={200: {"description": "text/event-stream of envelopes; each id is the event's version",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
    def get(self, game_id):
        """Follow the game live. Reconnect with Last-Event-ID (or ?from=) to resume without a gap."""
        entry = catalog_entry(game_id)
        require_reader(entry)
        shown = envelope_view(entry, game_id)
        after = _resume_point()
        store = services().store
        # Bounded, so that a keep-alive goes out at least every STREAM_BLOCK_MS and a client that
        # has gone away is noticed and frees its thread.
        block_ms = min(max(_small_int(request.args.get("block_ms")) or STREAM_BLOCK_MS, 100), STREAM_BLOCK_MS)

        def generate():
            nonlocal after
            yield "retry: 2000\n\n"
            while True:
                batch = store.tail(game_id, after, block_ms)
                if not batch:
                    yield ": keep-alive\n\n"
                    continue
                for envelope in batch:
                    after = envelope.version
                    yield f"id: {envelope.version}\nevent: {envelope.type}\ndata: {json.dumps(shown(envelope))}\n\n"

        slots = current_app.extensions["courtcard_streams"]
        if not slots.acquire(blocking=False):
            # Each live stream holds a server thread; past the limit, plays would queue behind
            # watchers, so a watcher is asked to come back instead.
            raise ApiProblem(503, "Too many live streams on this server right now; reconnecting shortly will work.",
                             "too_many_streams", headers={"Retry-After": "5"})
        response = Response(stream_with_context(generate()), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        response.call_on_close(slots.release)
        return response


def envelope_view(entry, game_id: str):
    """How this request sees envelopes: whole, or with payloads withheld (see ``reads_full_record``).

    Withheld envelopes keep their version, type and hashes, so a watcher still learns that the
    game moved and refetches the table's view.
    """
    if reads_full_record(entry, game_finished(game_id)):
        return lambda envelope: envelope.to_dict()
    return lambda envelope: {**envelope.to_dict(), "payload": None, "withheld": True}


def _resume_point() -> int:
    """The last version the client has: Last-Event-ID wins over ?from= (the first version wanted)."""
    last_id = _small_int(request.headers.get("Last-Event-ID"))
    if last_id is not None:
        return last_id
    start = _small_int(request.args.get("from"))
    return max(start - 1, 0) if start is not None else 0


def _small_int(text: str | None) -> int | None:
    """A plain decimal count of at most 15 digits, or None (anything else is ignored, not a 500)."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"[0-9]{1,15}", text) else None
