"""Imports: POST /imports loads an exported ``jsonl`` history, or a text record, as a new game, or
refuses it whole.

An import is read as a stream (api.uploads) and decided for seconds, so a process reads only a few
at once (``COURTCARD_IMPORTS``), beside the requests of the tables, not among them: the route
passes outside the gate (api.gate) that admits table requests, so an upload never holds one of
their places, and one more than the process takes is a 503 with Retry-After at once."""

from __future__ import annotations

import contextlib

import marshmallow as ma
from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.problems import ApiProblem, ProblemSchema
from api.uploads import Upload, lines_of, text_lines
from api.services import services
from events.errors import ConcurrencyError
from workers.imports import ImportRejected
from workers.text_record import is_text_record, read_text

IMPORTS_PATH = "/imports"
blp = Blueprint("imports", __name__, url_prefix=IMPORTS_PATH, description="Importing exported histories")

#: What a 503 ``imports_busy`` asks to wait before sending the file again.
RETRY_AFTER_S = 5


class ImportProblemSchema(ProblemSchema):
    """A refused import: the problem, with the file's line and the reason."""

    line = ma.fields.Integer(allow_none=True, metadata={"description": "the file's line (1-based) at fault, if one is"})
    reason = ma.fields.String()


class ImportedSchema(ma.Schema):
    game_id = ma.fields.String()
    original_game_id = ma.fields.String()
    game = ma.fields.String()
    version = ma.fields.Integer()
    token = ma.fields.String(allow_none=True, metadata={
        "description": "The new game's scorekeeper token, shown only this once (null when the file was imported before)"})
    words_not_verified = ma.fields.List(ma.fields.Dict(), allow_none=True, metadata={
        "description": "a text record's lines whose words for people differ from today's (line, says, today): "
                       "imported all the same, in today's words; empty for a jsonl file; null for a text record "
                       "without its chain, whose words were not compared (its events are made afresh from its moves)"})


@blp.route("")
class Imports(MethodView):
    @blp.doc(requestBody={"content": {"text/plain": {"schema": {"type": "string"}}},
                          "description": "a jsonl export (GET /games/{id}/export?format=jsonl), or a text record "
                                         "(format=text: it starts with its tag pairs)"})
    @blp.response(201, ImportedSchema, description="Imported as a new game (its token shown this once)")
    @blp.alt_response(200, schema=ImportedSchema, description=(
        "This very file (the same SHA-256) was imported before: the game it made then, with no token "
        "(the scorekeeper's was shown once, to whoever imported it first); nothing was written"))
    @blp.alt_response(422, schema=ImportProblemSchema, content_type="application/problem+json",
                      description="The file does not verify, or the referee decides otherwise; nothing was written")
    @blp.alt_response(503, schema=ProblemSchema, content_type="application/problem+json",
                      description="This process is reading as many imports as it takes at once (imports_busy); "
                                  "send the file again after Retry-After seconds")
    def post(self):
        """Verify the chain, decide every event of the referee's again, then write it as a new game.

        A text record is read by deciding its moves again; with its chain attached, the events made
        must hash as the chain says and the tags and moves must be what they give; the comments
        are words for people, not verified (a record worded by an earlier release imports).

        The game keeps its original id when it follows the id rule of POST /games and this server
        has no game by that id; else it gets a new one. The same file imported again answers 200
        with the game it made the first time. The game's exports say it was imported (when, from a
        file with which SHA-256), never that this service recorded it. A refusal (422) names the
        line and the reason, and nothing is written."""
        with import_slot():
            return _import()


@contextlib.contextmanager
def import_slot():
    """One of the few imports a process reads at once (``COURTCARD_IMPORTS``), or a 503 at once:
    an upload is read and decided for seconds, and waiting for a slot would hold a thread more."""
    slots = current_app.extensions["courtcard_imports"]
    if not slots.acquire(blocking=False):
        raise ApiProblem(503, "This server is reading as many imports as it takes at once; send the file again in a "
                              "few seconds. Nothing was written.", "imports_busy",
                         headers={"Retry-After": str(RETRY_AFTER_S)})
    try:
        yield
    finally:
        slots.release()


def _import():
    request.max_content_length = current_app.config["MAX_IMPORT_LENGTH"]  # a history is longer than an action
    upload = Upload(current_app.config["MAX_IMPORT_LINES"])
    record = None  # a text record read back, whose lines stand for the jsonl ones
    try:
        opening, rest = upload.opening()
        if is_text_record(opening):
            record = read_text(text_lines(opening, rest))
            imported = services().tables.import_game(record.lines, upload.hexdigest, chained=record.chained)
        else:
            imported = services().tables.import_game(lines_of(opening, rest), upload.hexdigest)
    except ImportRejected as exc:
        upload.drain()  # a file over a limit is refused as such, whatever its first lines
        exc = record.in_text(exc) if record is not None else exc
        raise ApiProblem(422, f"The history cannot be imported: {exc}", "import_rejected",
                         line=exc.line, reason=exc.reason) from exc
    except ConcurrencyError as exc:
        raise ApiProblem(409, "A game was recorded under this id meanwhile; import again.",
                         "version_conflict") from exc
    body = {"game_id": imported.game_id, "original_game_id": imported.original_game_id, "game": imported.game,
            "version": imported.version, "token": imported.token,
            "words_not_verified": record.reworded if record is not None else []}
    if imported.duplicate:
        return body, 200, {"Content-Location": f"/games/{imported.game_id}"}
    return body, 201, {"Location": f"/games/{imported.game_id}"}
