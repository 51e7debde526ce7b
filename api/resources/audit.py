"""Audits: GET /games/{id}/audit replays the whole game in a worker and reports what it found."""

from __future__ import annotations

import marshmallow as ma
from flask.views import MethodView
from flask_smorest import Blueprint

from api.app import jobs_async, services
from api.auth import require_scorekeeper
from api.resources.games import catalog_entry
from api.resources.scores import ReadModelQuerySchema, wanted_version
from workers.audit import AUDIT
from workers.jobs import enqueue_audit
from workers.readmodels import ReadModels
from workers.waiting import wait_for

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
        svc = services()
        wanted = wanted_version(svc.store.version(game_id), query.get("version"))
        stored = wait_for(ReadModels(svc.redis), game_id, AUDIT, wanted, query["wait"],
                          lambda: enqueue_audit(svc.redis, game_id, wanted, is_async=jobs_async()))
        ready = stored is not None and stored[0] >= wanted
        body = {"ready": ready, "wanted": wanted, "version": stored[0] if stored else None,
                "audit": stored[1] if stored else None}
        return body, 200 if ready else 202
