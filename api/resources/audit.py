"""Audits: GET /games/{id}/audit replays the whole game in a worker and reports what it found."""

from __future__ import annotations

import marshmallow as ma
from flask.views import MethodView
from flask_smorest import Blueprint

from api.auth import require_scorekeeper
from api.resources.games import catalog_entry
from api.resources.scores import ReadModelQuerySchema, read_model_reply
from workers.audit import AUDIT
from workers.enqueue import enqueue_audit
from workers.jobs import update_audit

blp = Blueprint("audit", __name__, url_prefix="/games", description="Audits of a game's whole record")


class AuditReplySchema(ma.Schema):
    ready = ma.fields.Boolean()
    wanted = ma.fields.Integer()
    version = ma.fields.Integer(allow_none=True)
    audit = ma.fields.Dict(allow_none=True, metadata={
        "description": "chain, irregularities, rulings (penalty due against applied), scores (recomputed against stored)"})


@blp.route("/<game_id>/audit")
class Audit(MethodView):
    @blp.arguments(ReadModelQuerySchema, location="query")
    @blp.response(200, AuditReplySchema)
    @blp.alt_response(202, schema=AuditReplySchema, description="The audit is still running")
    def get(self, query, game_id):
        """The audit as of the game's current version (needs the scorekeeper's token: it shows hands)."""
        require_scorekeeper(catalog_entry(game_id))
        return read_model_reply(game_id, AUDIT, enqueue_audit, update_audit, query, "audit")
