"""Imports: POST /imports loads an exported ``jsonl`` history, or a text record, as a new game, or
refuses it whole."""

from __future__ import annotations

import marshmallow as ma
from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.jsonio import request_lines
from api.problems import ApiProblem, ProblemSchema
from api.services import services
from events.errors import ConcurrencyError
from workers.imports import ImportRejected
from workers.text_record import is_text_record, read_text

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
    words_not_verified = ma.fields.List(ma.fields.Dict(), allow_none=True, metadata={
        "description": "a text record's lines whose words for people differ from today's (line, says, today): "
                       "imported all the same, in today's words; empty for a jsonl file; null for a text record "
                       "without its chain, whose words were not compared (its events are made afresh from its moves)"})


@blp.route("")
class Imports(MethodView):
    @blp.doc(requestBody={"content": {"text/plain": {"schema": {"type": "string"}}},
                          "description": "a jsonl export (GET /games/{id}/export?format=jsonl), or a text record "
                                         "(format=text: it starts with its tag pairs)"})
    @blp.response(201, ImportedSchema)
    @blp.alt_response(422, schema=ImportProblemSchema, content_type="application/problem+json",
                      description="The file does not verify, or the referee decides otherwise; nothing was written")
    def post(self):
        """Verify the chain, decide every event of the referee's again, then write it as a new game.

        A text record is read by deciding its moves again; with its chain attached, the events made
        must hash as the chain says and the tags and moves must be what they give; the comments
        are words for people, not verified (a record worded by an earlier release imports).

        The game keeps its original id when it follows the id rule of POST /games and this server
        has no game by that id; else it gets a new one. A refusal (422)
        names the line and the reason, and nothing is written."""
        request.max_content_length = current_app.config["MAX_IMPORT_LENGTH"]  # a history is longer than an action
        lines = request_lines(current_app.config["MAX_IMPORT_LINES"])
        record = None  # a text record read back, whose lines stand for the jsonl ones
        try:
            body = b"\n".join(lines)
            if is_text_record(body):
                record = read_text(body.decode("utf-8"))
                lines = record.lines
            imported = services().tables.import_game(lines)
        except UnicodeDecodeError as exc:
            raise ApiProblem(422, f"The history cannot be imported: a text record is UTF-8 ({exc.reason} at byte "
                                  f"{exc.start})", "import_rejected", line=None, reason="not UTF-8") from exc
        except ImportRejected as exc:
            exc = record.in_text(exc) if record is not None else exc
            raise ApiProblem(422, f"The history cannot be imported: {exc}", "import_rejected",
                             line=exc.line, reason=exc.reason) from exc
        except ConcurrencyError as exc:
            raise ApiProblem(409, "A game was recorded under this id meanwhile; import again.",
                             "version_conflict") from exc
        return {"game_id": imported.game_id, "original_game_id": imported.original_game_id, "game": imported.game,
                "version": imported.version, "token": imported.token,
                "words_not_verified": record.reworded if record is not None else []}, 201, {"Location": f"/games/{imported.game_id}"}
