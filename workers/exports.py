"""Exports of a game's record: the verifiable history (JSON lines) and the score sheet (CSV).

``csv``: the running totals, one row per finished hand and one column per side
(:func:`workers.scoresheet.totals_grid`); ``csv-detail``: the details, one row per hand and seat,
the columns in :func:`workers.scoresheet.row_columns`' order. Both: UTF-8 with a byte-order mark (so
a spreadsheet reads names like "Zoë" right; Python reads it with ``encoding="utf-8-sig"``), one
value per cell, and no text that a spreadsheet would run as a formula: a cell of text starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return is written after a ``'``.

``jsonl``: one envelope per line (:meth:`Envelope.to_dict`, canonical JSON: sorted keys, no
spaces, UTF-8), in version order, then one head line (``{"head": {"game_id", "version", "hash"},
"signature": {...}}``) so that a truncated file cannot pass for a whole one, signed by the service
that exported it (``events.signing``): as recorded by it, or, for a game it imported, with the facts
of the import (``workers.provenance``). ``courtcard verify FILE`` checks it offline. The printable
record is :mod:`workers.html_record`, the text record :mod:`workers.text_record`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from events.chain import head_record
from events.envelope import Envelope, canonical_json
from events.signing import RecordSigner
from events.store import EventStore
from workers.scoresheet import row_columns, totals_grid

FORMATS = {"jsonl": "application/x-ndjson", "csv": "text/csv", "csv-detail": "text/csv", "html": "text/html",
           "text": "text/plain"}
#: Each format's file name ending.
EXTENSIONS = {"text": "txt", "csv-detail": "detail.csv"}
#: The formats a browser shows in place (Content-Disposition inline) unless a download is asked for.
READ_IN_PLACE = frozenset({"html", "text"})
BOM = "\ufeff"
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def history(store: EventStore, game_id: str) -> tuple[list[Envelope], tuple[int, str]]:
    """The game's envelopes up to its head, and the head (version, hash) they were read at."""
    head = store.head(game_id)
    return list(store.read(game_id, to_version=head[0])), head


def jsonl_lines(envelopes: Iterable[Envelope], game_id: str, head: tuple[int, str],
                signer: RecordSigner | None = None, imported: Mapping[str, Any] | None = None) -> Iterator[bytes]:
    """The ``jsonl`` export, line by line (each ends with a newline); ``signer`` signs its head, and
    the facts of its import for a game the service imported (``workers.provenance.statement``)."""
    for envelope in envelopes:
        yield canonical_json(envelope.to_dict()) + b"\n"
    signature = signer.sign(game_id, *head, imported) if signer is not None else None
    yield canonical_json(head_record(game_id, head[0], head[1], signature)) + b"\n"


def score_csv(sheet: dict) -> str:
    """The score sheet as CSV: the header (hand, dealer, the sides' names), then each finished
    hand's running totals; a game without hands has one row per player."""
    return _csv(*totals_grid(sheet))


def detail_csv(sheet: dict) -> str:
    """The score sheet's details as CSV, a header row first: one row per finished hand and seat,
    or per player in a game without hands."""
    rows = sheet.get("rows", [])
    columns = row_columns(rows, sheet.get("game")) or list(totals_grid(sheet)[0])
    return _csv(columns, [[row.get(c) for c in columns] for row in rows])


def _csv(header: list[str], rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")  # RFC 4180's line ends
    writer.writerow([cell(c) for c in header])
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return out.getvalue()


def cell(value: object) -> str:
    """One CSV cell: numbers as they are, true/false, empty for nothing, and text that cannot start a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text
