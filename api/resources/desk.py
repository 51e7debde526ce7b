"""The director's desk: every game in progress on one page, polled cheaply.

``GET /director/tables`` sums up each game in progress (public and private: it needs the director's
key, ``api.director``): its table, whose turn, the hand, and what may need the director, in words.
Its ETag is a digest of the body, so a desk polling with ``If-None-Match`` is answered 304 with no
body until a table logs something: twenty tables polled every two seconds cost the server twenty
cached views per poll and the network nearly nothing.
"""

from __future__ import annotations

import hashlib
from typing import Any

import marshmallow as ma
from flask import Response, current_app, request
from flask.views import MethodView

from api.auth import require_director
from api.jsonio import Blueprint
from api.services import services
from referee.service import GameUnreadableError
from workers.catalog import CatalogEntry
from workers.claims import KIND_WORDS

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


class DeskSchema(ma.Schema):
    tables = ma.fields.List(ma.fields.Nested(DeskTableSchema))
    in_progress = ma.fields.Integer(metadata={"description": f"games in progress (the desk shows the first {MAX_TABLES})"})


@blp.route("/tables")
class DeskTables(MethodView):
    @blp.response(200, DeskSchema)
    @blp.alt_response(304, description="Nothing changed since the ETag sent in If-None-Match")
    def get(self):
        """Every game in progress, oldest first, with whose turn it is and what may need the director.

        Needs the director's key. Send the last ETag in ``If-None-Match``: 304 until a table logs."""
        require_director()
        listing = services().listing
        public = listing.page(None, "in_progress", 0, MAX_TABLES, None)
        # Read fresh: a remembered entry's status may lag (workers.catalog).
        private = [e for e in (services().catalog.get(g, fresh=True) for g in listing.private_ids())
                   if e is not None and e.status == "in_progress"]
        entries = sorted(public.entries + private, key=lambda e: e.created_at)[:MAX_TABLES]
        body = {"tables": [table_summary(e) for e in entries], "in_progress": public.total + len(private)}
        text = current_app.json.dumps(body)
        etag = f'"{hashlib.sha256(text.encode()).hexdigest()[:32]}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if etag in request.headers.get("If-None-Match", ""):
            return Response(status=304, headers=headers)
        return Response(text, 200, headers, mimetype="application/json")


def table_summary(entry: CatalogEntry) -> dict[str, Any]:
    """One game as the desk lists it."""
    out: dict[str, Any] = {"game_id": entry.game_id, "game": entry.game, "title": entry.game, "record": entry.record,
                           "private": entry.private, "version": 0, "seats": [], "phase": None, "hand": None,
                           "trick": None, "to_act": [], "attention": [], "disputes": []}
    try:
        # All read under the lock: the view shares lists with the cached state, which the next
        # action updates in place.
        with services().referee.locked_state(entry.game_id) as (game, state):
            view = game.director_view(state)
            names = list(view.get("seats") or [])
            name = lambda seat: names[seat] if 0 <= seat < len(names) else f"Seat {seat}"  # noqa: E731
            hand = view.get("hand") if isinstance(view.get("hand"), dict) else {}
            out.update(title=game.title, version=state.version, seats=names, phase=view.get("phase"),
                       hand=hand.get("no"), trick=hand.get("trick_no"), to_act=[name(s) for s in game.to_act(state)],
                       attention=_attention(game, state, hand, name, len(names)), disputes=_disputes(view.get("rulings") or [], name))
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
    return out + [f"{name(irr['seat'])}'s {irr['card']} in trick {irr['trick']} {KIND_WORDS.get(irr['kind'], 'broke a rule')}: "
                  "nobody has claimed it yet" for irr in irregular if irr["status"] == "open"]


def _corrections(game, state, seat: int) -> list[str]:
    """The corrections ``seat`` may give now (the referee's legal actions, by name)."""
    return [name for name in (game.action_of(c) for c in game.legal_actions(state, seat)) if name in CORRECTIONS]


def _disputes(rulings: list[dict[str, Any]], name) -> list[dict[str, Any]]:
    """Each claim with the verdict the referee gave on it (logged in the same append, just after)."""
    verdicts = {r["version"]: r.get("verdict") for r in rulings if r.get("type") == "ruling"}
    return [{"dispute": r["version"], "hand": r["hand"], "trick": r["trick"], "claimant": name(r["claimant"]),
             "accused": name(r["accused"]), "verdict": verdicts.get(r["version"] + 1)}
            for r in rulings if r.get("type") == "claim"]
