"""A session's standings as a read model, kept by the workers like score sheets.

The standings depend on the session's record, the roster's (names, merges) and each of the
session's games. The stored document (``courtcard-club:{<session>}:standings``, a read model of
``workers.readmodels``) carries the heads of all of them as it read them before it was made. It is
served only when those heads are the record's heads now, read in two batched round trips (the
session and the roster, then the games the document names: while the session's head has not
moved, its games are the same). Otherwise it is made again from the record, and stored; a worker
makes it ahead of the reader when a session game's score moves or a session event is recorded.

The document's version is the sum of the heads' versions: every stream only grows (an undo is an
entry too), so a later record always gives a larger sum, and the forward-only write never puts an
older document back. Whether the results are final is a matter of the clock, not of the record: it
is worked out again each time the document is served.
"""

from __future__ import annotations

from typing import Any

from referee.club import roster as ro
from referee.club.sessions import is_past
from workers.readmodels import ReadModels

STANDINGS = "standings"


def heads(club: Any, session_id: str, game_ids: list[str]) -> dict[str, Any]:
    """The record's heads that a session's standings read: ``session``, ``roster`` and ``games``
    (each ``[version, hash]``, the games in ``game_ids``'s order)."""
    session, roster = club.store.heads([session_id, ro.ROSTER_STREAM])
    games = club.tables.store.heads(game_ids) if game_ids else []
    return {"session": list(session), "roster": list(roster), "games": [[g, *h] for g, h in zip(game_ids, games)]}


def standings(club: Any, session_id: str, now: str) -> dict[str, Any]:
    """The session's standings: the stored document when the record has not moved since it was
    made, else made now (and stored). Never one made from an older record."""
    models = ReadModels(club.redis, namespace=club.store.namespace)
    stored = models.get(session_id, STANDINGS)
    if stored is not None:
        doc = stored[1]
        if heads(club, session_id, [g for g, *_ in doc["heads"]["games"]]) == doc["heads"]:
            return served(doc, now)
    return served(refresh(club, session_id, models), now)


def refresh(club: Any, session_id: str, models: ReadModels | None = None) -> dict[str, Any]:
    """Make the session's standings from the record and store them (forward-only)."""
    models = models or ReadModels(club.redis, namespace=club.store.namespace)
    state = club.session(session_id)
    game_ids = [game_id for rnd in state.rounds for _table, game_id in sorted(rnd.games.items())]
    # Read before the standings are made: a document made from a later record than its heads say
    # is made again on the next read, never served as current when it is not.
    read = heads(club, session_id, game_ids)
    doc = {**club.made_standings(session_id), "heads": read}
    version = read["session"][0] + read["roster"][0] + sum(v for _g, v, _h in read["games"])
    models.put(session_id, STANDINGS, version, doc)
    return doc


def served(doc: dict[str, Any], now: str) -> dict[str, Any]:
    """The document as the reader gets it: without its heads, final by the clock at ``now``."""
    out = {k: v for k, v in doc.items() if k != "heads"}
    out["final"] = is_past(doc["correction_closes_at"], now)
    return out
