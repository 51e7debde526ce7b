"""The club's roster: players who persist from one game and one night to the next."""

from __future__ import annotations

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from api.auth import require_director
from api.jsonio import Blueprint
from api.services import services
from referee.club.roster import ROSTER_STREAM

blp = Blueprint("players", __name__, url_prefix="/players", description="The club's roster of players")


class NewPlayerSchema(ma.Schema):
    name = ma.fields.String(required=True, validate=validate.Length(1, 40), metadata={"example": "Ann Lee"})
    member_number = ma.fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 40))
    aliases = ma.fields.List(ma.fields.String(validate=validate.Length(1, 40)), load_default=list,
                             validate=validate.Length(0, 20))


class PlayerSchema(ma.Schema):
    player_id = ma.fields.String()
    name = ma.fields.String()
    member_number = ma.fields.String(allow_none=True)
    aliases = ma.fields.List(ma.fields.String())
    merged_into = ma.fields.String(allow_none=True, metadata={"description": "the player this entry was merged into"})


class PlayerPageSchema(PlayerSchema):
    names = ma.fields.List(ma.fields.String(), metadata={
        "description": "every name the player goes by: theirs, their aliases, and those of entries merged into them"})
    disputes = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "each claim by or against the player in a session game: game, session, round, table, "
                       "hand, trick, role (claimant or accused), claimant, accused, verdict"})
    games = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "each session game the player sat in: session, round, table, game id, seat, place, total"})
    ratings = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "the player's rating in each game (OpenSkill: mu, sigma, ordinal), with its history game by game"})


class PlayerListSchema(ma.Schema):
    players = ma.fields.List(ma.fields.Nested(PlayerSchema))


class MergeSchema(ma.Schema):
    kept = ma.fields.String(required=True, metadata={"description": "the player id that stays"})
    merged = ma.fields.String(required=True, metadata={"description": "the player id that counts as `kept` from now on"})
    reason = ma.fields.String(load_default="the same person", validate=validate.Length(0, 200))


@blp.route("")
class Players(MethodView):
    @blp.response(200, PlayerListSchema)
    def get(self):
        """The roster: every player not merged into another, in the order they joined."""
        return {"players": [p.to_json() for p in services().club.roster().active()]}

    @blp.arguments(NewPlayerSchema)
    @blp.response(201, PlayerSchema)
    def post(self, body):
        """Add a player to the roster (a name, an optional member number and aliases)."""
        player = services().club.add_player(body["name"], body["member_number"], body["aliases"], actor="club")
        return player.to_json(), 201, {"Location": f"/players/{player.player_id}"}


@blp.route("/merges")
class Merges(MethodView):
    @blp.arguments(MergeSchema)
    @blp.response(201, PlayerSchema)
    def post(self, body):
        """Merge two entries that are one person: needs the director's key. Nothing is rewritten:
        the merged id counts as the kept one in every session, before and after."""
        require_director()
        roster = services().club.merge_players(body["kept"], body["merged"], body["reason"], actor="director")
        return roster.players[body["kept"]].to_json(), 201


@blp.route("/export")
class RosterExport(MethodView):
    @blp.doc(responses={200: {"description": "the roster's record", "content": {"application/x-ndjson": {}}}})
    def get(self):
        """The roster's record as jsonl, as a game's is (every event, then its signed head line)."""
        from api.resources.sessions import stream_export

        return stream_export(ROSTER_STREAM, "roster.jsonl")


@blp.route("/<string(minlength=1, maxlength=64):player_id>")
class PlayerPage(MethodView):
    @blp.response(200, PlayerPageSchema)
    def get(self, player_id):
        """A player's entry and names, the session games they played with their places, their
        ratings with their history, and the claims by or against them (never a hand, never a private game)."""
        return services().club.player_page(player_id)
