"""Exports: GET /games/{id}/export?format=jsonl|csv|csv-detail|html|text, built from the record at one version."""

from __future__ import annotations

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import validate

from api.services import services
from api.auth import require_full_record, require_reader
from api.views import game_finished
from api.resources.games import catalog_entry
from api.resources.signing import record_signer
from workers.exports import EXTENSIONS, FORMATS, READ_IN_PLACE, detail_csv, history, jsonl_lines, score_csv
from workers.envelope_replay import fold
from workers.html_record import render_html
from workers.provenance import statement
from workers.scoresheet import build_sheet, sheet_in_words
from workers.text_record import write_text

blp = Blueprint("exports", __name__, url_prefix="/games", description="Exports of a game's record")


class ExportQuerySchema(ma.Schema):
    format = ma.fields.String(load_default="jsonl", validate=validate.OneOf(sorted(FORMATS)), metadata={
        "description": "jsonl: every event with its hashes and a head line; csv: the score sheet's running totals "
                       "(one row per finished hand: its number, dealer and each side's total; the header alone "
                       "names the players before the first hand ends); csv-detail: its details (one row per hand "
                       "and seat: tricks, points, settings...); html: the "
                       "printable record; text: the text record (tag pairs, moves, rulings as comments, the chain)"})
    download = ma.fields.Boolean(load_default=False, metadata={
        "description": "html and text open in the browser; download=1 asks to save them as a file instead"})


@blp.route("/<game_id>/export")
class Export(MethodView):
    @blp.arguments(ExportQuerySchema, location="query")
    @blp.doc(responses={200: {"description": "the file", "content": {t: {"schema": {"type": "string"}} for t in FORMATS.values()}}})
    def get(self, query, game_id):
        """The game's record (jsonl verifies offline with `courtcard verify FILE`, and its head line
        carries this service's signature: `GET /signing-key`; the text record imports back).

        The signature says the service recorded the game, or, for a game it imported, when it
        imported it and the SHA-256 of the file (with the file's own head line and signature).

        The jsonl, html and text records hold every payload, so for a known record in progress (hands
        the table has not seen) they need the scorekeeper's token, as the events do."""
        entry = catalog_entry(game_id)
        require_reader(entry)
        fmt = query["format"]
        if fmt not in ("csv", "csv-detail"):
            require_full_record(entry, game_finished(game_id))
        envelopes, head = history(services().store, game_id)
        extension = EXTENSIONS.get(fmt, fmt)
        shown = "inline" if fmt in READ_IN_PLACE and not query["download"] else "attachment"
        headers = {"Content-Disposition": f'{shown}; filename="game-{game_id}.{extension}"', "ETag": f'"{head[0]}"'}
        if fmt in ("jsonl", "text"):
            # Signed as recorded here, or with the facts of its import: never recorded, if imported.
            imported = statement(services().store, services().catalog, game_id, envelopes[0])
        if fmt == "jsonl":
            signed = jsonl_lines(envelopes, game_id, head, record_signer(), imported)
            return Response(b"".join(signed), mimetype=FORMATS[fmt], headers=headers)
        if fmt == "text":
            signature = record_signer().sign(game_id, *head, imported)
            return Response(write_text(envelopes, head, signature), mimetype=FORMATS[fmt], headers=headers)
        replay = fold(envelopes)
        sheet = sheet_in_words(build_sheet(game_id, replay.game, replay.state, envelopes), lambda versions: [envelopes[v - 1] for v in versions])
        if fmt in ("csv", "csv-detail"):
            written = score_csv(sheet) if fmt == "csv" else detail_csv(sheet)
            return Response(written, mimetype=FORMATS[fmt], headers=headers)
        # A game may draw its table (The Queens: the tableau); the record shows it as it ends.
        draw = getattr(replay.game, "picture_html", None)
        picture = draw(replay.state) if draw is not None else None
        view = replay.game.public_view(replay.state)
        return Response(render_html(_titled(replay.game.title, game_id), envelopes, sheet, head, picture, view),
                        mimetype=FORMATS[fmt], headers=headers)


def _titled(title: str, game_id: str) -> str:
    """The printable record's title: a session's game says its table, round and session (which
    the session's record holds, the game's own record being every game's)."""
    table = services().club.table_of(game_id)
    if table is None:
        return title
    name = f" ({table['name']})" if table["name"] else ""
    return f"{title}, table {table['number']}{name}, round {table['round']} of session {table['session_id']}"
