"""Leagues: a series of sessions with its own scoring rule, and its standings."""

from __future__ import annotations

import marshmallow as ma
from flask import Response, current_app
from flask.views import MethodView
from marshmallow import validate

from api.auth import require_owner
from api.jsonio import Blueprint
from api.services import services
from referee.club.leagues import MAX_NAME, RULES
from referee.fields import ExactInteger
from workers.leagues import LeagueNotFound, Leagues
from workers.standings_pages import league_csv, league_html

blp = Blueprint("leagues", __name__, url_prefix="/leagues",
                description="Leagues: series of sessions, their scoring rule and their standings")


class NewLeagueSchema(ma.Schema):
    name = ma.fields.String(required=True, validate=validate.Length(1, MAX_NAME), metadata={"example": "Winter league"})
    rule = ma.fields.String(load_default="sum", validate=validate.OneOf(RULES), metadata={
        "description": "sum: every session's match points; best: the best N sessions (N in 'best')"})
    best = ExactInteger(0, 1000, load_default=0, metadata={"description": "with rule 'best': the sessions that count"})
    # Bounds a body well inside the request size limit, so that an over-long list is refused as
    # invalid (422 naming the field) rather than as too large.
    sessions = ma.fields.List(ma.fields.String(validate=validate.Length(1, 64)), load_default=list,
                              validate=validate.Length(0, 200), metadata={"description": "session ids, in order"})


class NewLeagueAnswerSchema(ma.Schema):
    league_id = ma.fields.String()
    token = ma.fields.String(metadata={"description": "the league's director token, shown only this once"})


class AddSessionSchema(ma.Schema):
    session_id = ma.fields.String(required=True, validate=validate.Length(1, 200))


class LeagueStandingsQuerySchema(ma.Schema):
    format = ma.fields.String(load_default="json", validate=validate.OneOf(["json", "html", "csv"]))


def leagues() -> Leagues:
    """The league's use cases, made once per process beside the club's."""
    made = current_app.extensions.get("courtcard_leagues")
    if made is None:
        club = services().club
        made = current_app.extensions["courtcard_leagues"] = Leagues(club.redis, club)
    return made


def require_league_director(league_id: str) -> str:
    """The league's director token, or the director's key. Returns who it is."""
    who = require_owner(leagues().tokens, league_id, f"league {league_id}", LeagueNotFound(league_id))
    return "league-director" if who == "owner" else who


@blp.route("")
class LeagueList(MethodView):
    @blp.arguments(NewLeagueSchema)
    @blp.response(201, NewLeagueAnswerSchema)
    def post(self, body):
        """Start a league with its scoring rule and its first sessions. The reply holds the league's
        director token (to add sessions later): it is shown only this once."""
        league_id, token = leagues().create(body["name"], body["rule"], body["best"], body["sessions"],
                                            actor="director")
        return {"league_id": league_id, "token": token}, 201, {"Location": f"/leagues/{league_id}"}


@blp.route("/<string(maxlength=200):league_id>")
class LeagueResource(MethodView):
    @blp.response(200)
    def get(self, league_id):
        """The league: its name, scoring rule and sessions in order."""
        league, version = leagues().league(league_id)
        return {"league_id": league_id, **league.to_json(), "version": version}


@blp.route("/<string(maxlength=200):league_id>/sessions")
class LeagueSessions(MethodView):
    @blp.arguments(AddSessionSchema)
    @blp.response(201)
    def post(self, body, league_id):
        """Add a session to the league, after those already in it (the league's director token)."""
        actor = require_league_director(league_id)
        league = leagues().add_session(league_id, body["session_id"], actor=actor)
        return {"league_id": league_id, **league.to_json()}, 201


@blp.route("/<string(maxlength=200):league_id>/standings")
class LeagueStandingsResource(MethodView):
    @blp.arguments(LeagueStandingsQuerySchema, location="query")
    @blp.response(200)
    def get(self, query, league_id):
        """The league's standings by its rule, each line with its sessions and rating: JSON, or
        ``?format=html`` (a page to print or publish) or ``?format=csv``. Needs no token."""
        if query["format"] == "json":
            return leagues().standings_json(league_id)
        standings, names, ordinals = leagues().standings(league_id)
        if query["format"] == "html":
            return Response(league_html(standings, names, ordinals), mimetype="text/html")
        return Response(league_csv(standings, names, ordinals), mimetype="text/csv")
