"""Exports of a game's record: the verifiable history (JSON lines) and the score sheet (CSV).

``jsonl``: one envelope per line (:meth:`Envelope.to_dict`, canonical JSON: sorted keys, no
spaces, UTF-8), in version order, then one head line (``{"head": {"game_id", "version", "hash"},
"signature": {...}}``) so that a truncated file cannot pass for a whole one, signed by the service
that exported it (``events.signing``). ``courtcard verify FILE`` checks it offline. The printable
record is :mod:`workers.html_record`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from events.chain import head_record
from events.envelope import Envelope, canonical_json
from events.signing import RecordSigner
from events.store import EventStore
from workers.scoresheet import row_columns

FORMATS = {"jsonl": "application/x-ndjson", "csv": "text/csv", "html": "text/html"}


def history(store: EventStore, game_id: str) -> tuple[list[Envelope], tuple[int, str]]:
    """The game's envelopes up to its head, and the head (version, hash) they were read at."""
    head = store.head(game_id)
    return list(store.read(game_id, to_version=head[0])), head


def jsonl_lines(envelopes: Iterable[Envelope], game_id: str, head: tuple[int, str],
                signer: RecordSigner | None = None) -> Iterator[bytes]:
    """The ``jsonl`` export, line by line (each ends with a newline); ``signer`` signs its head."""
    for envelope in envelopes:
        yield canonical_json(envelope.to_dict()) + b"\n"
    signature = signer.sign(game_id, *head) if signer is not None else None
    yield canonical_json(head_record(game_id, head[0], head[1], signature)) + b"\n"


def score_csv(sheet: dict) -> str:
    """The score sheet as CSV: one row per finished hand and seat, a header row first."""
    rows = sheet.get("rows", [])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=row_columns(rows) or ["hand"], lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})
    return out.getvalue()
