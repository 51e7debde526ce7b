"""A game's stream entries read in order, with no Redis: the chain checked as they come and each
event decoded to its typed envelope (``events.stored_form`` reads an entry, ``events.chain``
checks it, ``events.envelope_decoder`` types it). The store fetches the entries; this reads them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from events.chain import UNREADABLE, ChainChecker, VerificationReport
from events.envelope import Envelope
from events.envelope_decoder import EnvelopeDecoder
from events.errors import CorruptEventError
from events.stored_form import EntryReader, StoredFormError


@dataclasses.dataclass(frozen=True)
class VerifiedRecord:
    """A game's record read once, its chain checked and its events decoded in the same pass.

    ``head`` is (version, hash) as the game's head records it; ``report`` the chain's
    verification, the same as :meth:`events.store.EventStore.verify` gives; ``envelopes`` the
    typed envelopes of the events before the first bad version (every event when the chain
    verifies), cut short by ``error``, the first of those events that cannot be decoded (None when
    all could).
    """

    head: tuple[int, str]
    report: VerificationReport
    envelopes: list[Envelope]
    error: CorruptEventError | None = None


def walk_chain(game_id: str, head: tuple[int, str], entries: Iterable[tuple[Any, Any]],
               decoder: EnvelopeDecoder | None) -> VerifiedRecord:
    """Check ``entries`` ((entry id, stored value), from version 1) against the chain rules and
    ``head``; decode each event that verifies when a ``decoder`` is given."""
    checker = ChainChecker()
    reader = EntryReader(game_id)
    envelopes: list[Envelope] = []
    error = report = None
    for entry_id, document in entries:
        try:
            doc = reader.fields(entry_id, document)
        except StoredFormError as exc:
            doc = {UNREADABLE: f"stream entry {_text(entry_id)} is not an envelope ({exc})"}
        if not isinstance(doc, dict):
            doc = {UNREADABLE: f"stream entry {_text(entry_id)} is not an envelope"}
        problem = checker.check(doc)
        if problem:
            report = checker.failed(problem)
            break
        if decoder is not None and error is None:
            try:
                envelopes.append(decoder.parsed(game_id, checker.count, doc))
            except CorruptEventError as exc:
                error = exc  # the chain is still checked to its end; decoding stops here
    if report is None:
        report = checker.against_head(head)
    trusted = report.trusted_version
    del envelopes[trusted:]  # a bad head hash condemns the last event after it was decoded
    if error is not None and error.version > trusted:
        error = None
    return VerifiedRecord(head, report, envelopes, error)


def decoded(game_id: str, entries: Sequence[Any], first_version: int, reader: EntryReader,
            decoder: EnvelopeDecoder) -> Iterator[Envelope]:
    """The typed envelopes of stream ``entries`` (``[entry id, [field, value, ...]]`` each, as the
    server sends them; from ``first_version`` on, ``reader`` ready for the first);
    CorruptEventError at the first that cannot be read, after the ones before it."""

    def careful(entry_id: Any, value: Any, version: int) -> Envelope:
        try:
            parsed = reader.fields(entry_id, value)
        except StoredFormError as exc:
            raise CorruptEventError(game_id, version, str(exc)) from None
        return decoder.parsed(game_id, version, parsed)

    return reader.envelopes(entries, first_version, decoder, careful)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
