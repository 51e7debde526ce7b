"""Sessions: a club night or a tournament, its rounds and tables, standings and the director's rulings."""

from __future__ import annotations

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from marshmallow import validate

from api.auth import require_owner
from api.jsonio import Blueprint
from api.resources.signing import record_signer
from api.services import services
from referee.club.roster import ROSTER_STREAM
from referee.club.sessions import ADJUSTED, APPEAL, MAX_TABLES, SessionState
from referee.fields import ExactInteger
from referee.game_index import DEFAULT_GAME
from workers.club import SessionNotFound
from workers.exports import history, jsonl_lines

blp = Blueprint("sessions", __name__, url_prefix="/sessions",
                description="Sessions (club nights, tournaments): rounds, tables, standings and rulings")


#: A session's path: its id is 1 to 64 characters (as a game's, ``workers.game_use_cases.GAME_ID_RULE``), so
#: that the OpenAPI document says what an id may be; one no session has is a 404 naming it.
SESSION = "/<string(minlength=1, maxlength=64):session_id>"


class NewSessionSchema(ma.Schema):
    name = ma.fields.String(required=True, validate=validate.Length(1, 80), metadata={"example": "Friday club night"})
    date = ma.fields.String(load_default=None, validate=validate.Regexp(r"^\d{4}-\d{2}-\d{2}$"),
                            metadata={"description": "YYYY-MM-DD (today, UTC, by default)"})
    game = ma.fields.String(required=True, metadata={"example": DEFAULT_GAME})
    options = ma.fields.Dict(load_default=dict)
    record = ma.fields.String(load_default="blind", validate=validate.OneOf(["known", "blind"]))
    tables = ExactInteger(1, MAX_TABLES, required=True)
    table_names = ma.fields.List(ma.fields.String(validate=validate.Length(0, 40)), load_default=list)
    players = ma.fields.List(ma.fields.String(validate=validate.Length(1, 80)), required=True,
                             validate=validate.Length(1, 1000),
                             metadata={"description": "player ids, names or aliases; 'guest:<name>' for a guest"})
    correction_minutes = ma.fields.Float(load_default=30, validate=validate.Range(0, 7 * 24 * 60),
                                         metadata={"description": "the correction period after publication"})


class RoundSchema(ma.Schema):
    seating = ma.fields.List(ma.fields.List(ma.fields.String()), load_default=None, metadata={
        "description": "the players of table 1, 2, ... (ids, names or aliases); leave out to let Courtcard draw"})
    seed = ExactInteger(0, 2**53 - 1, load_default=None, metadata={"description": "the draw's seed (random if left out)"})


class AdjustmentSchema(ma.Schema):
    game_id = ma.fields.String(required=True)
    places = ma.fields.List(ExactInteger(1, 8), required=True, metadata={"description": "one place a seat, 1 = first"})
    totals = ma.fields.List(ExactInteger(-10**6, 10**6), load_default=None)
    reason = ma.fields.String(required=True, validate=validate.Length(1, 400))
    kind = ma.fields.String(load_default=ADJUSTED, validate=validate.OneOf([ADJUSTED, APPEAL]),
                            metadata={"description": "adjusted: a director's adjusted score; appeal: a ruling on appeal"})


class AppealSchema(ma.Schema):
    game_id = ma.fields.String(required=True)
    by = ma.fields.String(required=True, validate=validate.Length(1, 80), metadata={"description": "who appeals"})
    grounds = ma.fields.String(required=True, validate=validate.Length(1, 400))


class StandingsQuerySchema(ma.Schema):
    format = ma.fields.String(load_default="json", validate=validate.OneOf(["json", "html", "csv"]))


def require_session_director(session_id: str, game_id: str | None = None) -> str:
    """The session's director token, or the director's key; for an appeal, also the scorekeeper's
    token of the game appealed (the players at that table). Returns who it is."""
    club = services().club
    club.session(session_id)  # an unknown session is a 404 naming it, whatever the token

    def table_scorekeeper(token: str) -> str | None:
        if game_id is None:
            return None
        catalog = services().catalog
        for game in (catalog.get(game_id), catalog.get(game_id, fresh=True)):  # refused only as stored
            if game is not None and game.token_matches(token):
                return "scorekeeper"
        return None

    who = require_owner(club.tokens, session_id, f"session {session_id}", SessionNotFound(session_id),
                        also=table_scorekeeper)
    return "session-director" if who == "owner" else who


def session_json(session_id: str, state: SessionState) -> dict:
    s = state.opened
    roster = services().club.roster()
    return {
        "session_id": session_id, "name": s.name, "date": s.date, "game": s.game, "options": s.options,
        "record": s.record, "seats": s.seats,
        "tables": [{"number": n, "name": state.table_name(n)} for n in range(1, s.tables + 1)],
        "players": [{"player_id": p, "name": roster.name_of(p)} for p in s.players],
        "rounds": [{"round": r.number, "method": r.method, "seed": r.seed,
                    "tables": [{"number": n, "name": state.table_name(n), "players": players,
                                "names": [roster.name_of(p) for p in players], "game_id": r.games.get(n)}
                               for n, players in enumerate(r.tables, 1)]} for r in state.rounds],
        "correction_minutes": s.correction_seconds / 60, "published_at": state.published_at,
        "correction_closes_at": state.closes_at(), "version": state.version,
    }


@blp.route("")
class Sessions(MethodView):
    @blp.arguments(NewSessionSchema)
    @blp.response(201, ma.Schema.from_dict({"session_id": ma.fields.String(), "token": ma.fields.String()}))
    def post(self, body):
        """Open a session. The reply holds the session's director token: it is shown only this once."""
        session_id, token = services().club.open_session(
            body["name"], body["date"], body["game"], body["options"], body["record"], body["tables"],
            body["table_names"], body["players"], round(body["correction_minutes"] * 60), actor="director")
        return {"session_id": session_id, "token": token}, 201, {"Location": f"/sessions/{session_id}"}


@blp.route(SESSION)
class SessionResource(MethodView):
    @blp.response(200)
    def get(self, session_id):
        """The session: its tables by number, its players, each round's seating and games."""
        return session_json(session_id, services().club.session(session_id))


@blp.route(SESSION + "/rounds")
class Rounds(MethodView):
    @blp.arguments(RoundSchema)
    @blp.response(201)
    def post(self, body, session_id):
        """Seat the next round, as given or drawn by Courtcard (the seed is logged), and create each
        table's game. The reply holds each game's scorekeeper token, shown only this once."""
        actor = require_session_director(session_id)
        seated, tables = services().club.seat_round(session_id, body["seating"], body["seed"], actor=actor)
        roster = services().club.roster()
        return {"round": seated.round, "method": seated.method, "seed": seated.seed,
                "tables": [{"number": t.table, "players": t.players, "names": [roster.name_of(p) for p in t.players],
                            "game_id": t.game_id, "token": t.token} for t in tables]}, 201


@blp.route(SESSION + "/publish")
class Publish(MethodView):
    @blp.response(201)
    def post(self, session_id):
        """Publish the results: the correction period starts now, by the record's clock."""
        actor = require_session_director(session_id)
        state = services().club.publish(session_id, actor=actor)
        return {"published_at": state.published_at, "correction_closes_at": state.closes_at()}, 201


@blp.route(SESSION + "/adjustments")
class Adjustments(MethodView):
    @blp.arguments(AdjustmentSchema)
    @blp.response(201)
    def post(self, body, session_id):
        """The director adjusts a game's result (with a reason) or rules on an appeal; the game's
        own record is unchanged, and standings show it "as ruled"."""
        actor = require_session_director(session_id)
        state = services().club.adjust(session_id, body["game_id"], body["places"], body["totals"], body["reason"],
                                       body["kind"], actor=actor)
        return {"version": state.version}, 201


@blp.route(SESSION + "/appeals")
class Appeals(MethodView):
    @blp.arguments(AppealSchema)
    @blp.response(201)
    def post(self, body, session_id):
        """Lodge an appeal against a game's result, within the correction period (refused after
        it, with the time it closed). The session's director token, the director's key or the
        scorekeeper's token of the game appealed."""
        actor = require_session_director(session_id, body["game_id"])
        state = services().club.appeal(session_id, body["game_id"], body["by"], body["grounds"], actor=actor)
        return {"version": state.version, "correction_closes_at": state.closes_at()}, 201


@blp.route(SESSION + "/export")
class SessionExport(MethodView):
    @blp.doc(responses={200: {"description": "the session's record", "content": {"application/x-ndjson": {}}}})
    def get(self, session_id):
        """The session's record as jsonl, as a game's is (every event, then its signed head line);
        `courtcard session export` saves it with the roster's and each game's, and
        `courtcard session verify` checks them all offline."""
        return stream_export(session_id, f"session-{session_id}.jsonl")


def stream_export(stream: str, filename: str) -> Response:
    club = services().club
    if stream != ROSTER_STREAM:
        club.session(stream)  # an unknown session is a 404 naming it
    envelopes, head = history(club.store, stream)
    lines = jsonl_lines(envelopes, stream, head, record_signer())
    return Response(b"".join(lines), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', "ETag": f'"{head[0]}"'})


@blp.route(SESSION + "/standings")
class Standings(MethodView):
    @blp.arguments(StandingsQuerySchema, location="query")
    @blp.response(200)
    def get(self, query, session_id):
        """The session's standings, as played and as ruled, each line with the games behind it:
        JSON, or ``?format=html`` (a page to print or publish) or ``?format=csv``. Needs no token."""
        club = services().club
        if query["format"] == "html":
            return Response(club.standings_page(session_id, "html"), mimetype="text/html")
        if query["format"] == "csv":
            return Response(club.standings_page(session_id, "csv"), mimetype="text/csv",
                            headers={"Content-Disposition": f'attachment; filename="standings-{session_id}.csv"'})
        return club.standings(session_id)
