"""Signed records: which service recorded an exported file, and that nothing changed since.

The hash chain proves a file whole and consistent, not who wrote it: it has no secret, so anyone
can rehash an invented game. A service therefore signs each export with its own Ed25519 key. The
signature covers the game id, the version and the head hash (which covers every event through
the chain), so it holds for exactly one record of one game. Whoever has the service's public key
(``GET /signing-key``) checks a file offline with ``courtcard verify FILE --key KEY``.

A signature states one of two things, and covers which one. Without ``imported`` it says "recorded
by this service" (:data:`PURPOSE`). A game the service imported is signed with the import's facts
(``imported``: when, the SHA-256 of the file, how many of its events, the file's own head line and
signature) under another purpose (:data:`IMPORTED_PURPOSE`), so the signature of an imported game
can never be read as "recorded by this service", by this release or by one before it.

The key is made on first use in the service's data directory (``signing-key.pem``, owner-only),
once for every process that shares the directory: each writes a candidate to a private temporary
file and links it into place, which only the first link does, and then all of them read that one.

    >>> import tempfile
    >>> signer = load_or_create_signer(tempfile.mkdtemp())
    >>> signature = signer.sign("g1", 3, "ab" * 32)
    >>> check_signature(signature, signer.public_key, "g1", 3, "ab" * 32)
    >>> check_signature(signature, signer.public_key, "g1", 4, "ab" * 32)
    Traceback (most recent call last):
    ...
    events.signing.SignatureError: the signature does not match this record (game g1, version 4, head abababababab...): it was altered, or signed by another key
"""

from __future__ import annotations

import base64
import binascii
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from events.envelope import canonical_json
from events.errors import EventStoreError

KEY_FILE = "signing-key.pem"
ALGORITHM = "ed25519"
#: Names what a signature is for, so that it can never be taken for a signature over anything else.
PURPOSE = "courtcard record head"
#: ... and that of a game the service imported: it vouches for the import's facts, not the events'.
IMPORTED_PURPOSE = "courtcard imported record head"
#: Key of a signature's import statement (its value: ``imported_at``, ``file_sha256``, ...).
IMPORTED = "imported"


class SignatureError(EventStoreError, ValueError):
    """A record's signature is missing, malformed, or not by the key it was checked against."""


def head_message(game_id: str, version: int, head_hash: str, imported: Mapping[str, Any] | None = None) -> bytes:
    """The bytes a record's signature covers: canonical JSON of its head and the purpose, with the
    import's facts for a game the service imported."""
    if imported is None:
        return canonical_json({"purpose": PURPOSE, "game_id": game_id, "version": version, "hash": head_hash})
    return canonical_json({"purpose": IMPORTED_PURPOSE, "game_id": game_id, "version": version, "hash": head_hash,
                           IMPORTED: dict(imported)})


def _text(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


class RecordSigner:
    """A service's signing key."""

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key
        raw = private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        #: The public key as base64 of its 32 raw bytes: what ``--key`` takes.
        self.public_key = _text(raw)

    def sign(self, game_id: str, version: int, head_hash: str,
             imported: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The signature of a record at its head, as the export's head line carries it; for a game
        this service imported, ``imported`` holds the import's facts, signed and carried along."""
        value = self._key.sign(head_message(game_id, version, head_hash, imported))
        signature: dict[str, Any] = {"algorithm": ALGORITHM, "public_key": self.public_key, "value": _text(value)}
        if imported is not None:
            signature[IMPORTED] = dict(imported)
        return signature


def load_or_create_signer(data_dir: str | os.PathLike[str]) -> RecordSigner:
    """The signing key kept in ``data_dir``, made there first if there is none (owner-only)."""
    directory = Path(data_dir)
    path = directory / KEY_FILE
    if not path.exists():
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        _create(path)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)  # a copy restored with looser rights is made private again
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise SignatureError(f"{path} does not hold an Ed25519 private key")
    return RecordSigner(key)


def _create(path: Path) -> None:
    """Write a new key to ``path`` unless another process got there first (then keep theirs)."""
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    candidate = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(candidate, path)  # atomic, and refused when the key exists: one key, always whole
        except FileExistsError:
            pass
    finally:
        candidate.unlink(missing_ok=True)


def parse_public_key(text: str) -> Ed25519PublicKey:
    """A public key from its base64 text; SignatureError if it is not one."""
    try:
        return Ed25519PublicKey.from_public_bytes(base64.b64decode(text.strip(), validate=True))
    except (binascii.Error, ValueError, TypeError) as exc:
        raise SignatureError(f"{text!r} is not an Ed25519 public key (base64 of 32 bytes)") from exc


def check_signature(signature: Any, public_key: str, game_id: str, version: int, head_hash: str) -> None:
    """Check that ``signature`` (from an export's head line) is ``public_key``'s over this record's
    head, and over its import statement when it carries one (:func:`imported_by`); SignatureError
    saying why not."""
    key = parse_public_key(public_key)
    if not isinstance(signature, Mapping) or signature.get("algorithm") != ALGORITHM:
        raise SignatureError("the file carries no Ed25519 signature")
    imported = signature.get(IMPORTED)
    if imported is not None and not isinstance(imported, Mapping):
        raise SignatureError("the signature's import statement is not an object")
    try:
        value = base64.b64decode(str(signature.get("value", "")), validate=True)
        key.verify(value, head_message(game_id, version, head_hash, imported))
    except (binascii.Error, InvalidSignature) as exc:
        raise SignatureError(f"the signature does not match this record (game {game_id}, version {version}, head "
                             f"{head_hash[:12]}...): it was altered, or signed by another key") from exc


def imported_by(signature: Any) -> Mapping[str, Any] | None:
    """The import statement a signature carries (the service imported the game), or None (the
    service recorded it). Worth only what the signature is: check that first."""
    imported = signature.get(IMPORTED) if isinstance(signature, Mapping) else None
    return imported if isinstance(imported, Mapping) else None
