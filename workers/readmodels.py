"""Read models: documents derived from a game's event log, stored beside it, only ever moving forward.

Each read model is a Redis hash ``courtcard:{<game>}:<name>`` with two fields: ``version`` (the
event version the document reflects) and ``doc`` (the document as JSON). Keys are hash-tagged by
game, like the event store's, so a game's record and its read models share a cluster slot.

A write carries the version it reflects, and a script refuses it unless that version is newer
than the stored one. A slow job that finishes after a faster one, or a job run twice, can
therefore never put an older (or the same) document back: the later state always wins.
"""

from __future__ import annotations

from typing import Any

import orjson
import redis

# Refuses a write that does not move the model forward. Returns {1, new} when written, else
# {0, stored version}.
_PUT_IF_NEWER = """
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local offered = tonumber(ARGV[1])
if stored >= offered then
  return {0, stored}
end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'doc', ARGV[2])
return {1, offered}
"""


class ReadModels:
    """Forward-only storage of the documents workers derive from games' logs."""

    def __init__(self, client: redis.Redis, namespace: str = "courtcard") -> None:
        self.redis = client
        self.namespace = namespace
        self._put = client.register_script(_PUT_IF_NEWER)

    def key(self, game_id: str, name: str) -> str:
        """``courtcard:{<game>}:<name>``, e.g. ``courtcard:{g1}:scores`` or ``courtcard:{g1}:dispute:17``."""
        if "{" in game_id or "}" in game_id:
            raise ValueError(f"a game id may not contain braces: {game_id!r}")
        return f"{self.namespace}:{{{game_id}}}:{name}"

    def put(self, game_id: str, name: str, version: int, doc: Any) -> bool:
        """Store ``doc`` as reflecting ``version`` if that is newer than what is stored.

        Returns True when written, False when an equal or newer document was already there.
        """
        written, _stored = self._put(keys=[self.key(game_id, name)], args=[int(version), orjson.dumps(doc)])
        return bool(written)

    def version(self, game_id: str, name: str) -> int | None:
        """The version the stored document reflects, or None if there is none."""
        value = self.redis.hget(self.key(game_id, name), "version")
        return int(value) if value is not None else None

    def get(self, game_id: str, name: str) -> tuple[int, Any] | None:
        """``(version, document)`` or None if nothing is stored."""
        version, doc = self.redis.hmget(self.key(game_id, name), ["version", "doc"])
        if version is None or doc is None:
            return None
        return int(version), orjson.loads(doc)
