"""How a game came to this service: recorded here, or imported (when, from which file).

An export's signature says one or the other (``events.signing``): a service vouches for the events
it recorded itself, and for no more than the facts of an import for a game it was given as a file,
since anyone can write a consistent, correctly refereed file of a game never played. The facts of
an import are its mark (:func:`import_mark`), written with the game (``EventStore.import_history``):

- ``imported_at``: the service's clock when it imported the file;
- ``file_sha256``: the SHA-256 of the file as uploaded, so that whoever holds it can match it;
- ``events``: how many events the file held (the game's events after them were recorded here);
- ``original``: the file's own head line, with the signature it carried if any (so a reader with
  its signer's key checks it offline), or None for a text record without its chain, whose events
  were made here from its moves.

Games imported before imports were marked have no mark. They are told apart by what the store
does know (:func:`statement`): the catalog lists every game at the service's time of its creation
or import, and a game recorded here has its first event recorded by the same request, seconds
later at most; an imported one keeps its first event's original time (a text record without its
chain: the actor ``import``). For those, the statement says imported, and that from which file is
not known.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Mapping
from typing import Any

from events.envelope import Envelope
from events.store import EventStore
from workers.catalog import GameCatalog

#: The actor of the events of a text record imported without its chain (made here from its moves).
IMPORT_ACTOR = "import"
#: A game recorded here has its first event recorded within this long after it was listed (the same
#: request: the catalog entry, then the append), by the same process's clock.
RECORDED_WITHIN_S = 30.0
#: ... and never before it, but for this much clock step between the two readings.
CLOCK_STEP_S = 1.0


def utc_text(seconds: float) -> str:
    """A time as the record writes one: ISO 8601, UTC, microseconds (``2026-11-27T18:00:00.000000Z``)."""
    whole = int(seconds)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + f".{int((seconds - whole) * 1e6):06d}Z"


def import_mark(file_sha256: str, events: int, original: Mapping[str, Any] | None) -> dict[str, Any]:
    """The facts of an import made now (see the module's docstring)."""
    return {"imported_at": utc_text(time.time()), "file_sha256": file_sha256, "events": events,
            "original": dict(original) if original is not None else None}


def statement(store: EventStore, catalog: GameCatalog, game_id: str, first: Envelope) -> dict[str, Any] | None:
    """What this service may sign about how game ``game_id`` (whose first event is ``first``) came
    to it: None when it recorded it, else the import's facts (for an import made before imports
    were marked, those known: when it was listed, and None for the file, its events and its
    original head)."""
    mark = store.import_mark(game_id)
    if mark is not None:
        return mark
    entry = catalog.get(game_id)
    listed = entry.created_at if entry is not None else None
    if first.actor != IMPORT_ACTOR and listed is not None and _recorded_when_listed(first.recorded_at, listed):
        return None
    return {"imported_at": utc_text(listed) if listed is not None else None, "file_sha256": None, "events": None,
            "original": None}


def _recorded_when_listed(recorded_at: str, listed: float) -> bool:
    try:
        recorded = float(calendar.timegm(time.strptime(recorded_at[:19], "%Y-%m-%dT%H:%M:%S")))
        recorded += float("0" + recorded_at[19:].rstrip("Z")) if recorded_at[19:20] == "." else 0.0
    except (ValueError, OverflowError):
        return False
    return -CLOCK_STEP_S <= recorded - listed <= RECORDED_WITHIN_S
