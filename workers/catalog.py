"""The game catalog: what a server must know about a table's game that is not a fact of play.

The scorekeeper's token (made here, shown once, stored only as a hash), whether the game is
private, and a status kept for listing. None of it belongs in the event record: a token hash in an
export would let anyone holding an old token claim an imported game, and the status is derived
from the events anyway. It lives beside the use cases that make games (:mod:`workers.game_use_cases`),
not in ``events/``, which knows records and nothing of games, tables or who keeps their score.

Key: ``<ns>:{<game>}:meta`` (a hash, hash-tagged with the game's stream; fields ``game``,
``record``, ``private``, ``status``, ``created_at``, ``token_hash``). Which games exist, and in
what order, is the event store's to say: the listing (:mod:`workers.listing`) lists only those, so
an entry whose game was never recorded is never listed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field

import redis


@dataclass(frozen=True)
class CatalogEntry:
    game_id: str
    game: str
    record: str
    private: bool
    status: str
    created_at: float
    token_hash: str
    # The token last found to match this entry's hash (see token_matches): a process's own memory,
    # never stored, compared or shown.
    _matched: bytes = field(default=b"", init=False, compare=False, repr=False)

    def token_matches(self, token: str | None) -> bool:
        """Constant-time check of a presented scorekeeper token against the stored hash.

        A table's device sends the same token with every request: once it matched this entry, the
        same token is let in by a constant-time compare with it, without hashing it again. An
        entry read again from the store (``GameCatalog.get(fresh=True)``) starts with no token
        remembered, so the check is always against the stored hash it holds."""
        if not token:
            return False
        presented = token.encode()
        if hmac.compare_digest(self._matched, presented):
            return True
        if not hmac.compare_digest(self.token_hash, hash_token(token)):
            return False
        object.__setattr__(self, "_matched", presented)  # frozen for its fields; one reference swapped
        return True


def new_token() -> str:
    """A scorekeeper's token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    # Tokens are 256-bit random strings, so a plain SHA-256 is enough: there is nothing to brute-force.
    return hashlib.sha256(token.encode()).hexdigest()


class GameCatalog:
    """Registers games with their token hash and lists them, filtered and paged."""

    #: Entries kept in memory: token, privacy, game and record never change once registered, so
    #: every write after the first skips a round trip to Redis.
    CACHE_SIZE = 4096

    def __init__(self, client: redis.Redis, namespace: str = "courtcard") -> None:
        self.redis = client
        self.ns = namespace
        self._cache: dict[str, CatalogEntry] = {}
        self._register = client.register_script(_REGISTER)

    def meta_key(self, game_id: str) -> str:
        return f"{self.ns}:{{{game_id}}}:meta"

    def register(self, game_id: str, game: str, record: str, private: bool, token: str) -> CatalogEntry | None:
        """Enter a new game with its token's hash; None, and nothing written, when ``game_id``
        already has an entry (another game's token is never replaced)."""
        fields = {
            "game": game,
            "record": record,
            "private": "1" if private else "0",
            "status": "in_progress",
            "created_at": repr(time.time()),
            "token_hash": hash_token(token),
        }
        args = [item for pair in fields.items() for item in pair]
        if not self._register(keys=[self.meta_key(game_id)], args=args):
            return None
        return self.entry_from(game_id, fields)

    def get(self, game_id: str, fresh: bool = False) -> CatalogEntry | None:
        """The game's entry, possibly from memory: its ``status`` may lag (``list`` reads it fresh).

        A remembered entry is good for letting a token in; before one refuses a token, ask for a
        ``fresh`` entry, read from the store.
        """
        if fresh:
            self._cache.pop(game_id, None)
        entry = self._cache.get(game_id)
        if entry is None:
            raw = self.redis.hgetall(self.meta_key(game_id))
            if not raw:
                return None
            entry = self.entry_from(game_id, raw)
            if len(self._cache) >= self.CACHE_SIZE:
                self._cache.pop(next(iter(self._cache)))
            self._cache[game_id] = entry
        return entry

    def forget(self, game_id: str) -> None:
        """Remove the entry of a game whose first events were never written (it names no game)."""
        self.redis.delete(self.meta_key(game_id))
        self._cache.pop(game_id, None)

    def set_status(self, game_id: str, status: str) -> None:
        self.redis.hset(self.meta_key(game_id), "status", status)

    @staticmethod
    def entry_from(game_id: str, raw: dict) -> CatalogEntry:
        """The entry stored as ``raw`` (the meta hash's fields)."""
        raw = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v) for k, v in raw.items()}
        return CatalogEntry(
            game_id=game_id,
            game=raw["game"],
            record=raw["record"],
            private=raw["private"] == "1",
            status=raw["status"],
            created_at=float(raw["created_at"]),
            token_hash=raw["token_hash"],
        )


# KEYS: 1 = the entry. ARGV: its fields and values. Writes the entry only if there is none, so two
# imports of one file racing for its id never share (or swap) a token.
_REGISTER = r"""#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
"""
