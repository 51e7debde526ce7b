"""An uploaded file (``POST /imports``) read as a stream: in chunks, hashed and counted as it comes.

A history is up to 16 MiB. Read whole, then split, then parsed, it was held three times over, and
four anonymous uploads grew an API process by more than 100 MB; read in chunks, a ``jsonl`` file is
parsed line by line as it arrives and only its events are kept. Its SHA-256 (the file as sent)
names it, so that the same file imported twice is one game (``workers.imports.FileIndex``).

The limits: the route's byte limit (413 ``request_too_large``, at once for a longer Content-Length,
else when the body reaches it, as :func:`api.jsonio.request_body` says) and a line limit (413
``too_many_lines``: a file of millions of one-byte lines took gigabytes to refuse), counted on each
chunk's raw bytes before its lines are parsed. A file refused for what its first lines hold is read
to its end first (:meth:`Upload.drain`), so one over a limit is refused as such.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from api.problems import ApiProblem

CHUNK_BYTES = 64 * 1024


class Upload:
    """The request's body, read once. :meth:`chunks` gives it as it arrives, :meth:`lines` as
    lines; :meth:`hexdigest` is the SHA-256 of what was read, the whole file once it has been."""

    def __init__(self, max_lines: int) -> None:
        self.max_bytes = request.max_content_length
        self.max_lines = max_lines
        self._stream = request.stream  # refuses a Content-Length over the limit at once (413)
        self._hash = hashlib.sha256()
        self._size = self._newlines = 0
        self._ends_line = True
        self._read = self._chunks()

    def _chunks(self) -> Iterator[bytes]:
        while True:
            chunk = self._stream.read(CHUNK_BYTES)
            if not chunk:
                return
            self._size += len(chunk)
            # Werkzeug stops a chunked body at the limit without a word: one that fills it is refused.
            if self.max_bytes is not None and self._size >= self.max_bytes and request.content_length is None:
                raise RequestEntityTooLarge()
            self._newlines += chunk.count(b"\n")
            self._ends_line = chunk.endswith(b"\n")
            if self._newlines + (0 if self._ends_line else 1) > self.max_lines:
                raise ApiProblem(413, f"The body has more than {self.max_lines:,} lines; at most {self.max_lines:,} "
                                      "are read here. Nothing was written.", "too_many_lines",
                                 max_lines=self.max_lines)
            self._hash.update(chunk)
            yield chunk

    def chunks(self) -> Iterator[bytes]:
        """The body's chunks not read yet, as they arrive (the limits checked on each)."""
        return self._read

    def opening(self) -> tuple[bytes, Iterator[bytes]]:
        """The body's first bytes that are not blank (with the blank ones before them), and all of
        it from there: what is needed to tell a text record from a jsonl file."""
        seen = []
        for chunk in self._read:
            seen.append(chunk)
            if chunk.strip():
                break
        return b"".join(seen), self._read

    def drain(self) -> None:
        """Read the rest without keeping it, so an upload over a limit is refused as such (413)
        rather than for what its first lines held."""
        for _chunk in self._read:
            pass

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def lines_of(opening: bytes, chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines of a body given as its opening bytes and its other chunks (``\n`` or ``\r\n``
    ends a line); only the lines of the chunk being read are held."""
    pending = bytearray(opening)
    for chunk in itertools.chain((b"",), chunks):
        pending += chunk
        end = pending.rfind(b"\n")
        if end < 0:
            continue
        complete = bytes(pending[:end])
        del pending[: end + 1]
        for line in complete.split(b"\n"):
            yield line.removesuffix(b"\r")
    if pending:
        yield bytes(pending).removesuffix(b"\r")



def text_lines(opening: bytes, chunks: Iterable[bytes]) -> list[str]:
    """A text record's lines, decoded one by one as they arrive (never the whole text at once
    beside them). A line that is not UTF-8 is a 422 ``import_rejected`` naming it, once the body
    is read to its end (so that one over a limit is refused as such)."""
    lines, refused = [], None
    for number, line in enumerate(lines_of(opening, chunks), 1):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError as exc:
            reason = f"a text record is UTF-8 ({exc.reason} at byte {exc.start + 1} of the line)"
            refused = refused or ApiProblem(422, f"The history cannot be imported: line {number}: {reason}",
                                            "import_rejected", line=number, reason=reason)
    if refused is not None:
        raise refused
    return lines
