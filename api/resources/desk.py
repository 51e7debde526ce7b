"""The director's desk: every game in progress on one page, polled cheaply.

``GET /director/tables`` sums up each game in progress (public and private: it needs the director's
key, ``api.director``): its table, whose turn, the hand, and what may need the director, in words.
Beside them, the finished games that still need the director: one a player disagrees with (the
usual moment is just after the last hand), and a session's table with a hand not yet confirmed.
Which finished games those may be is kept as candidates by ``workers.listing``; each is shown only
once its own record says so, and dropped from the candidates once its record says it is settled.

A poll costs the same few round trips to the store however many tables there are: the list of
games in progress, then every listed game's head (its version and last hash) in one batched read.
The ETag is a digest of those heads, as the store gives them, never of what a process remembers
(two API processes answer the same desk), so a desk polling with ``If-None-Match`` is answered
304 with no body until a table logs something. A 200 sums up again only the tables whose head
moved: each summary is kept with the head it was made at.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import marshmallow as ma
from flask import Response, current_app, request
from flask.views import MethodView

from api.auth import require_director
from api.jsonio import Blueprint
from api.services import services
from referee.confirmations import confirmation_status, what
from referee.seat_names import Names
from referee.service import GameUnreadableError
from referee.trickgame.words import IRREGULAR_WORDS
from workers.catalog import CatalogEntry

blp = Blueprint("director", __name__, url_prefix="/director", description="The director's desk")

#: The desk shows at most this many games in progress (oldest first), and says how many there are.
MAX_TABLES = 100
#: The actions that correct a card the rules forbid: while one is open, the table has a decision to make.
CORRECTIONS = {"take_back": "may take back", "accept_penalty": "may accept the penalty for"}


class DeskTableSchema(ma.Schema):
    game_id = ma.fields.String()
    game = ma.fields.String()
    title = ma.fields.String()
    record = ma.fields.String()
    private = ma.fields.Boolean()
    finished = ma.fields.Boolean(metadata={"description": "the game is over: listed while it still needs the director"})
    version = ma.fields.Integer()
    seats = ma.fields.List(ma.fields.String())
    phase = ma.fields.String(allow_none=True)
    hand = ma.fields.Integer(allow_none=True, metadata={"description": "the hand in play (trick games)"})
    trick = ma.fields.Integer(allow_none=True)
    to_act = ma.fields.List(ma.fields.String(), metadata={"description": "the names of the seats to act"})
    attention = ma.fields.List(ma.fields.String(), metadata={
        "description": "what may need the director, in words: open corrections, irregular cards nobody "
                       "has claimed, a game the referee cannot read"})
    disputes = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "each claim of the game: dispute (its id), hand, trick, claimant, accused, verdict"})
    table = ma.fields.Dict(allow_none=True, metadata={
        "description": "a session's game: session_id, round, number and name of its table; null otherwise"})
    flags = ma.fields.List(ma.fields.String(), metadata={
        "description": "short flags for the desk: \"unconfirmed\" (a scored hand no player confirmed yet), "
                       "\"disagreement\" (a player disagrees with a hand's score: the director is called)"})
    confirmations = ma.fields.Dict(metadata={
        "description": "what the players confirmed: confirmed, unconfirmed_hands, disagreements "
                       "(each hand, seat, name, note, version)"})


class DeskSchema(ma.Schema):
    tables = ma.fields.List(ma.fields.Nested(DeskTableSchema))
    in_progress = ma.fields.Integer(metadata={"description": f"games in progress (the desk shows the first {MAX_TABLES})"})


@blp.route("/tables")
class DeskTables(MethodView):
    @blp.response(200, DeskSchema)
    @blp.alt_response(304, description="Nothing changed since the ETag sent in If-None-Match")
    def get(self):
        """Every game in progress, oldest first, with whose turn it is and what may need the director;
        then the finished games a player disagrees with, or a session's table not yet confirmed.

        Needs the director's key. Send the last ETag in ``If-None-Match``: 304 until a table logs."""
        require_director()
        # The oldest MAX_TABLES in progress, public and private, each entry read fresh (a remembered
        # one's status may lag, workers.catalog), and how many are in progress.
        # Beside them, the finished games that may still need the director: candidates only, each
        # shown once its record, read at its head, says so (``still_needs_director``).
        listed, finished = services().listing.for_desk("in_progress", MAX_TABLES)
        entries, in_progress = listed.entries + finished, listed.total
        heads = services().store.heads([entry.game_id for entry in entries])
        etag = desk_etag(in_progress, entries, heads)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if etag in request.headers.get("If-None-Match", ""):
            return Response(status=304, headers=headers)
        summaries = current_app.extensions.setdefault("courtcard_desk_summaries", Summaries())
        made = summaries.at_heads(entries, heads)
        shown = made[:len(listed.entries)]
        for table in made[len(listed.entries):]:
            if still_needs_director(table):
                shown.append(table)
            elif table["version"]:
                services().listing.settled(table["game_id"], table["version"])
        body = {"tables": by_session_and_number(shown), "in_progress": in_progress}
        return Response(current_app.json.dumps(body), 200, headers, mimetype="application/json")


def still_needs_director(table: dict[str, Any]) -> bool:
    """A finished game needs the director while a player disagrees with a score, and a session's
    table while a hand it scored is not confirmed; one the referee cannot read, always."""
    status = table["confirmations"]
    if status is None:
        return True
    return bool(status["disagreements"] or (table["table"] is not None and status["unconfirmed_hands"]))


def by_session_and_number(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A session's tables together, by round and number, in the order the sessions' first games
    were made; games outside a session after them, oldest first."""
    first = {}
    for t in tables:
        if t["table"] is not None:
            first.setdefault(t["table"]["session_id"], len(first))
    return sorted(tables, key=lambda t: (0, first[t["table"]["session_id"]], t["table"]["round"], t["table"]["number"])
                  if t["table"] is not None else (1,))


def desk_etag(in_progress: int, entries: list[CatalogEntry], heads: list[tuple[int, str]]) -> str:
    """The desk's ETag: a digest of the games it lists and each one's head. A summary depends on
    nothing else that can change (a game's kind, record and privacy are set when it is made)."""
    listed = [in_progress, [[entry.game_id, version, hash_] for entry, (version, hash_) in zip(entries, heads)]]
    return f'"{hashlib.sha256(json.dumps(listed).encode()).hexdigest()[:32]}"'


class Summaries:
    """Each listed table's summary as this process last made it, with the head it was made at: a
    table whose head has not moved is not read again.

    Kept for the tables of the last desk made only, so it never outgrows ``MAX_TABLES``. Two
    requests making the desk at once may each replace it: either is right, being keyed by head."""

    def __init__(self) -> None:
        self._made: dict[str, tuple[tuple[int, str], dict[str, Any]]] = {}

    def at_heads(self, entries: list[CatalogEntry], heads: list[tuple[int, str]]) -> list[dict[str, Any]]:
        made, kept, out = self._made, {}, []
        for entry, head in zip(entries, heads):
            found = made.get(entry.game_id)
            if found is None or found[0] != head:
                found = (head, table_summary(entry))
            # Kept only when made at the head read (version 0: a game the referee cannot read). One
            # made at a later head (the table logged since its head was read) is shown, and made
            # again next time, under an ETag that names that head.
            if found[1]["version"] in (head[0], 0):
                kept[entry.game_id] = found
            out.append(found[1])
        self._made = kept
        return out


def table_summary(entry: CatalogEntry) -> dict[str, Any]:
    """One game as the desk lists it."""
    out: dict[str, Any] = {"game_id": entry.game_id, "game": entry.game, "title": entry.game, "record": entry.record,
                           "private": entry.private, "finished": entry.status == "finished", "version": 0, "seats": [], "phase": None, "hand": None,
                           "trick": None, "to_act": [], "attention": [], "disputes": [], "flags": [],
                           "confirmations": None, "table": services().club.table_of(entry.game_id)}
    try:
        # All read under the lock: the view shares lists with the cached state, which the next
        # action updates in place.
        with services().referee.locked_state(entry.game_id) as (game, state):
            view = game.director_view(state)
            names = list(view.get("seats") or [])
            name = Names(names)
            hand = view.get("hand") if isinstance(view.get("hand"), dict) else {}
            out.update(title=game.title, version=state.version, seats=names, phase=view.get("phase"),
                       hand=hand.get("no"), trick=hand.get("trick_no"), to_act=[name(s) for s in game.to_act(state)],
                       attention=_attention(game, state, hand, name, len(names)), disputes=_disputes(view.get("rulings") or [], name))
            status = confirmation_status(game, state)
            out.update(confirmations=status, flags=_flags(status))
            out["attention"] += [f"{d['name']} disagrees with the score of {what(d['hand'])}"
                                 + (f": {d['note']}" if d["note"] else "") for d in status["disagreements"]]
    except GameUnreadableError as exc:
        out["attention"] = [str(exc)]
    return out


def _attention(game, state, hand: dict[str, Any], name, seats: int) -> list[str]:
    """What may need the director, in words: a correction the table has yet to decide, and an
    irregular card the referee keeps silent about until someone claims (detection on claim)."""
    irregular = hand.get("irregularities") or []
    # The card a correction is for: the seat's unsettled irregular card (proven or not).
    unsettled = {irr["seat"]: f"{irr['card']} in trick {irr['trick']}"
                 for irr in irregular + (hand.get("unproven_claims") or []) if irr["status"] in ("open", "found_b")}
    out = [f"{name(seat)} {CORRECTIONS[action]} {unsettled.get(seat, 'the last card')}"
           for seat in range(seats) for action in _corrections(game, state, seat)]
    return out + [f"{name(irr['seat'])}'s {irr['card']} in trick {irr['trick']} {IRREGULAR_WORDS.get(irr['kind'], 'broke a rule')}: "
                  "nobody has claimed it yet" for irr in irregular if irr["status"] == "open"]


def _flags(status: dict[str, Any]) -> list[str]:
    """The desk's flags from what the players confirmed (``referee.confirmations``)."""
    return (["disagreement"] if status["disagreements"] else []) + (["unconfirmed"] if status["unconfirmed_hands"] else [])


def _corrections(game, state, seat: int) -> list[str]:
    """The corrections ``seat`` may give now (the referee's legal actions, by name)."""
    return [name for name in (game.action_of(c) for c in game.legal_actions(state, seat)) if name in CORRECTIONS]


def _disputes(rulings: list[dict[str, Any]], name) -> list[dict[str, Any]]:
    """Each claim with the verdict the referee gave on it (logged in the same append, just after)."""
    verdicts = {r["version"]: r.get("verdict") for r in rulings if r.get("type") == "ruling"}
    return [{"dispute": r["version"], "hand": r["hand"], "trick": r["trick"], "claimant": name(r["claimant"]),
             "accused": name(r["accused"]), "verdict": verdicts.get(r["version"] + 1)}
            for r in rulings if r.get("type") == "claim"]
