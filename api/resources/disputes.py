"""Disputes: a claim of a renege is logged through the referee at once (202 and a dispute id); a
ruling of the game's own (Dungeon: an accusation, a look after a denial) is one already, logged as
a game action. A worker explains either from the log, and GET shows it in words a table can read
aloud; GET on the game's disputes lists them, one line each. Both are workers' read models kept by
the record's head, asked for the same way (``workers.waiting.current_model``: a request waits a
moment for a live worker, and makes it itself when none takes the job): 202 while the one asked for
is still being made."""

from __future__ import annotations

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from api.auth import require_full_record, require_reader, require_scorekeeper
from api.jsonio import Blueprint
from api.problems import ApiProblem
from api.resources.games import catalog_entry
from api.services import jobs_async, services
from api.views import game_finished
from referee.fields import HandField, SeatField, TrickField
from referee.registry import get_game
from referee.service import GameNotFoundError
from workers.disputes import DISPUTES, dispute_model, is_dispute
from workers.enqueue import enqueue_dispute, enqueue_disputes
from workers.jobs import update_dispute, update_disputes
from workers.readmodels import ReadModels
from workers.waiting import current_model

blp = Blueprint("disputes", __name__, url_prefix="/games",
                description="Disputes: claimed reneges and the games' own rulings, explained")

#: Seconds a request waits for a live worker to bring the list, or an explanation, to the record's head.
WAIT_S = 2.0


class DisputeSchema(ma.Schema):
    seat = SeatField(required=True, metadata={"description": "the claimant's seat"})
    accused = SeatField(required=True)
    trick = TrickField(required=True)
    hand = HandField(metadata={"description": "default: the current hand"})
    shown = ma.fields.String(metadata={"description": "a card of the accused's shown at the table"})


class DisputeHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    idempotency_key = ma.fields.String(data_key="Idempotency-Key", validate=validate.Length(1, 200))


class DisputeFiledSchema(ma.Schema):
    game_id = ma.fields.String()
    dispute = ma.fields.Integer(metadata={"description": "the dispute's id: the version of its claim event"})
    version = ma.fields.Integer()
    location = ma.fields.String()


class DisputeReplySchema(ma.Schema):
    ready = ma.fields.Boolean(metadata={"description": "true when the explanation reflects the record's last version; "
                                                       "false (202): the last one made, or none yet"})
    dispute = ma.fields.Integer()
    ruling = ma.fields.Dict(allow_none=True, metadata={
        "description": "kind, status, ruling, summary, evidence_events (versions), read_aloud; a claim also its "
                       "window and penalty, a game's own ruling its finding and consequence"})


class DisputeListQuerySchema(ma.Schema):
    kind = ma.fields.String(validate=validate.Length(1, 40), metadata={
        "description": "only the disputes of this kind (claim, accusation, look, cave_in, joker_save)"})


class DisputeLineSchema(ma.Schema):
    dispute = ma.fields.Integer(metadata={"description": "the dispute's id: the version of its claim or ruling"})
    kind = ma.fields.String(metadata={"description": "claim, or the game's own: accusation, look, cave_in, joker_save"})
    status = ma.fields.String()
    summary = ma.fields.String(metadata={"description": "one line of what the table saw"})


class DisputeListSchema(ma.Schema):
    ready = ma.fields.Boolean(metadata={"description": "true when the list reflects the record's last version"})
    game_id = ma.fields.String()
    version = ma.fields.Integer(allow_none=True, metadata={"description": "the event version the list reflects"})
    disputes = ma.fields.List(ma.fields.Nested(DisputeLineSchema), allow_none=True, metadata={
        "description": "none while no list has been made yet"})


@blp.route("/<game_id>/disputes")
class Disputes(MethodView):
    @blp.arguments(DisputeListQuerySchema, location="query")
    @blp.response(200, DisputeListSchema)
    @blp.alt_response(202, schema=DisputeListSchema, description="The list is being made for the record's head")
    def get(self, query, game_id):
        """Every dispute of the game, claims and the game's own rulings, one line each.

        Each line says only what the table saw (no hand, no face-down card), so a reader of the
        game may list them; the explanation of one needs what its events need. The list is a
        worker's read model, made again only when the record has grown (202 while a worker is
        still making it; with none to take the job, the request makes it)."""
        require_reader(catalog_entry(game_id))
        svc = services()
        head = svc.store.version(game_id)
        if head == 0:  # created, its record not yet written (or never): no game to read, as GET /games/{id}
            raise GameNotFoundError(game_id)
        stored = current_model(ReadModels(svc.redis), game_id, DISPUTES, head, WAIT_S, workers_alive=jobs_async,
                               enqueue=lambda: enqueue_disputes(svc.queue, game_id, head),
                               build_here=lambda: update_disputes(svc.redis, game_id, head))
        ready = stored is not None and stored[0] >= head
        version, doc = stored or (None, None)
        listed = None if doc is None else [d for d in doc["disputes"] if query.get("kind") in (None, d["kind"])]
        body = {"ready": ready, "game_id": game_id, "version": version, "disputes": listed}
        return body, 200 if ready else 202

    @blp.arguments(DisputeHeadersSchema, location="headers")
    @blp.arguments(DisputeSchema)
    @blp.response(202, DisputeFiledSchema)
    def post(self, headers, body, game_id):
        """File a claim: the referee rules on the table as it is now; the explanation follows."""
        # The director may file one too: the record says who did.
        actor = require_scorekeeper(catalog_entry(game_id), director=True)
        filed = services().tables.file_dispute(game_id, body, actor=actor,
                                               idempotency_key=headers.get("idempotency_key"))
        n, result = filed.dispute, filed.result
        location = f"/games/{game_id}/disputes/{n}"
        return {"game_id": game_id, "dispute": n, "version": result.version, "location": location}, 202, {"Location": location}


@blp.route("/<game_id>/disputes/<int:n>")
class Dispute(MethodView):
    @blp.response(200, DisputeReplySchema)
    @blp.alt_response(202, schema=DisputeReplySchema, description="The ruling is being explained")
    def get(self, game_id, n):
        """The ruling and the events that prove or fail to prove it: a claim's window and penalty,
        an accusation's passages as laid, a look's hand as shown.

        The explanation cites what the table has not seen (the deal, a hand shown to one player, a
        face-down passage), so while the game is on it needs the scorekeeper's token wherever the
        events do."""
        entry = catalog_entry(game_id)
        require_reader(entry)
        require_full_record(entry, game_finished(game_id))
        svc = services()
        head = svc.store.version(game_id)
        models = ReadModels(svc.redis)
        stored = models.get(game_id, dispute_model(n)) if 1 <= n <= head else None
        if stored is None:
            logged = svc.store.read_page(game_id, from_version=n, limit=1) if 1 <= n <= head else []
            if not logged or not is_dispute(get_game(entry.game), logged[0]):
                raise ApiProblem(404, f"Game {game_id} has no dispute {n}: event {n} is neither a claim nor a "
                                 "ruling.", "no_such_dispute")
        if stored is None or stored[0] < head:
            stored = current_model(models, game_id, dispute_model(n), head, WAIT_S, workers_alive=jobs_async,
                                   enqueue=lambda: enqueue_dispute(svc.queue, game_id, n, head),
                                   build_here=lambda: update_dispute(svc.redis, game_id, n, head)) or stored
        # Ready only once the explanation reflects the record's head, as the listing: a worker still
        # at it after the wait leaves the last one made (an undo since may have changed the ruling).
        ready = stored is not None and stored[0] >= head
        return {"ready": ready, "dispute": n, "ruling": stored[1] if stored else None}, 200 if ready else 202
