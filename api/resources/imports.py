"""Imports: POST /imports loads an exported ``jsonl`` history as a new game, or refuses it whole."""

from __future__ import annotations

import marshmallow as ma
from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.services import services
from api.jsonio import request_lines
from api.auth import new_token
from api.problems import ApiProblem, ProblemSchema
from api.resources.games import follows_id_rule
from api.services import jobs_async
from events.errors import ConcurrencyError
from referee.service import new_game_id
from workers.hooks import after_append
from workers.imports import ImportRejected, check_history, write_history

blp = Blueprint("imports", __name__, url_prefix="/imports", description="Importing exported histories")


class ImportProblemSchema(ProblemSchema):
    """A refused import: the problem, with the file's line and the reason."""

    line = ma.fields.Integer(allow_none=True, metadata={"description": "the file's line (1-based) at fault, if one is"})
    reason = ma.fields.String()


class ImportedSchema(ma.Schema):
    game_id = ma.fields.String()
    original_game_id = ma.fields.String()
    game = ma.fields.String()
    version = ma.fields.Integer()
    token = ma.fields.String(metadata={"description": "The new game's scorekeeper token, shown only this once"})


@blp.route("")
class Imports(MethodView):
    @blp.doc(requestBody={"content": {"text/plain": {"schema": {"type": "string"}}},
                          "description": "a jsonl export (GET /games/{id}/export?format=jsonl)"})
    @blp.response(201, ImportedSchema)
    @blp.alt_response(422, schema=ImportProblemSchema, content_type="application/problem+json",
                      description="The file does not verify, or the referee decides otherwise; nothing was written")
    def post(self):
        """Verify the chain, decide every event of the referee's again, then write it as a new game.

        The game keeps its original id when it follows the id rule of POST /games and this server
        has no game by that id; else it gets a new one. A refusal (422)
        names the line and the reason, and nothing is written."""
        request.max_content_length = current_app.config["MAX_IMPORT_LENGTH"]  # a history is longer than an action
        try:
            checked = check_history(request_lines(current_app.config["MAX_IMPORT_LINES"]))
        except ImportRejected as exc:
            raise ApiProblem(422, f"The history cannot be imported: {exc}", "import_rejected",
                             line=exc.line, reason=exc.reason) from exc
        svc = services()
        game_id = checked.game_id
        if not follows_id_rule(game_id) or svc.catalog.get(game_id) is not None or svc.store.exists(game_id):
            game_id = new_game_id()
        token = new_token()
        svc.catalog.register(game_id, checked.game_name, checked.record, False, token)
        try:
            version = write_history(svc.store, game_id, checked)
        except ConcurrencyError as exc:
            raise ApiProblem(409, f"Game {game_id} was created meanwhile; import again.", "version_conflict") from exc
        if checked.replay.game.outcome(checked.replay.state) is not None:
            svc.catalog.set_status(game_id, "finished")
        after_append(svc.redis, game_id, version, checked.envelopes, is_async=jobs_async())
        return {"game_id": game_id, "original_game_id": checked.game_id, "game": checked.game_name,
                "version": version, "token": token}, 201, {"Location": f"/games/{game_id}"}
