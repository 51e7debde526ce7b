"""The director's key: one key that lets the tournament director read every game and file disputes.

A table's scorekeeper holds that game's token; the director, watching twenty tables from the desk
(``/director``), holds none of them. The director's key, made on first use in the service's data
directory (``<data>/director-key``, owner-only, beside the key that signs exports), stands in for
any game's token where reading or disputing is concerned: the director view, a private game, the
full record of a known game in progress, ``GET /director/tables``, filing a dispute (recorded as
the director's). It never logs a table action: that stays with the table's own token.

Whoever can read the data directory (the person who runs ``courtcard serve``) can read the key:
``cat data/director-key``. Delete the file and restart the service to change it.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
from pathlib import Path

from flask import current_app

from events.server import default_data_dir, write_private

KEY_FILE = "director-key"

_made = threading.Lock()


def load_or_create_director_key(data_dir: str | os.PathLike) -> str:
    """The director's key kept in ``data_dir``, made there first if there is none (owner-only).

    Processes starting together agree on one key: a new key is written whole to a file of its own,
    then linked into place, which fails when another process linked its key first."""
    directory = Path(data_dir)
    path = directory / KEY_FILE
    if not path.exists():
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        candidate = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        write_private(candidate, secrets.token_urlsafe(32) + "\n", exclusive=True)
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass
        finally:
            candidate.unlink(missing_ok=True)
    path.chmod(0o600)  # a copy restored with looser rights is made private again
    return path.read_text().strip()


def director_key() -> str:
    """This service's director key, loaded (or made) once per process."""
    extensions = current_app.extensions
    with _made:
        if "courtcard_director_key" not in extensions:
            data = current_app.config.get("COURTCARD_DATA") or default_data_dir()
            extensions["courtcard_director_key"] = load_or_create_director_key(data)
        return extensions["courtcard_director_key"]


def is_director_key(token: str | None) -> bool:
    """Constant-time check of a presented bearer token against the director's key."""
    return bool(token) and hmac.compare_digest(token.encode(), director_key().encode())
