"""Score sheets: GET /games/{id}/scores, kept by the workers, built in the request when none can."""

from __future__ import annotations

import marshmallow as ma
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import validate

from api.services import jobs_async, services
from api.auth import require_reader
from api.problems import ApiProblem
from api.resources.games import catalog_entry
from workers.enqueue import enqueue_scores
from workers.jobs import update_scores
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES, sheet_in_words
from workers.waiting import current_model

blp = Blueprint("scores", __name__, url_prefix="/games", description="Score sheets kept from the record")


def wanted_version(head: int, asked: int | None) -> int:
    """The version a read request waits for: the one asked, which the log must already hold (a
    document cannot reflect events not yet logged), or the game's current version."""
    if asked is None:
        return head
    if asked > head:
        raise ApiProblem(422, f"The game is at version {head}: there is no version {asked} to wait for.",
                         "version_ahead", current_version=head)
    return asked


class ReadModelQuerySchema(ma.Schema):
    version = ma.fields.Integer(validate=validate.Range(min=1),
                                metadata={"description": "the version wanted (default: the game's current version)"})
    wait = ma.fields.Float(load_default=2.0, validate=validate.Range(0, 10),
                           metadata={"description": "seconds to wait for the document to reach that version"})


class ScoreSheetReplySchema(ma.Schema):
    ready = ma.fields.Boolean(metadata={"description": "true when the sheet reflects the version wanted"})
    wanted = ma.fields.Integer()
    version = ma.fields.Integer(allow_none=True, metadata={"description": "the event version the sheet reflects"})
    sheet = ma.fields.Dict(allow_none=True)


@blp.route("/<game_id>/scores")
class Scores(MethodView):
    @blp.arguments(ReadModelQuerySchema, location="query")
    @blp.response(200, ScoreSheetReplySchema)
    @blp.alt_response(202, schema=ScoreSheetReplySchema, description="The sheet has not reached that version yet")
    def get(self, query, game_id):
        """The score sheet per hand and seat, with the version it reflects (202 while it catches up)."""
        require_reader(catalog_entry(game_id))
        body, status = read_model_reply(game_id, SCORES, enqueue_scores, update_scores, query, "sheet")
        if body["sheet"] is not None:  # the stored sheet keeps facts: how a player left is said now
            store = services().store
            body["sheet"] = sheet_in_words(body["sheet"], lambda versions: store.read_at(game_id, versions))
        return body, status


def read_model_reply(game_id: str, name: str, enqueue, update, query: dict, field: str) -> tuple[dict, int]:
    """A read model at the version asked (default: the game's current one): 200 once it is there.

    A live worker that takes the job promptly brings it there, waited for up to ``query["wait"]``
    seconds (202 if it has not finished by then); with no live worker, or none taking the job,
    ``update`` builds it in this request (workers.waiting)."""
    svc = services()
    wanted = wanted_version(svc.store.version(game_id), query.get("version"))
    stored = current_model(ReadModels(svc.redis), game_id, name, wanted, query["wait"],
                           workers_alive=jobs_async,
                           enqueue=lambda: enqueue(svc.queue, game_id, wanted),
                           build_here=lambda: update(svc.redis, game_id, wanted))
    ready = stored is not None and stored[0] >= wanted
    body = {"ready": ready, "wanted": wanted, "version": stored[0] if stored else None,
            field: stored[1] if stored else None}
    return body, 200 if ready else 202
