"""The store's keys, by game and namespace; and reading a game's head record.

Keys, hash-tagged by game so that one game's keys share a cluster slot::

    <ns>:{<game>}:events   stream; entry id 0-<version>, one field "e" = the envelope in its
                           stored form (events.compact_form: what cannot be derived, raw bytes and
                           payload values by position; events.stored_form reads every form)
    <ns>:{<game>}:ids      hash; the index of event ids, one record per append (idempotent retries,
                           reading by event id): the first id "<command id>#0" of the events a
                           command appended -> "<version>+<count>", with the digest of the request
                           it answered when the request is named by the command id; any other id
                           -> "<version>"; and the empty field "" -> "<version>:<hash of the last
                           event>" (the chain head; never an event id, since ids are non-empty).
                           Records written before appends were indexed whole hold
                           "<version>:<content digest>" per event, and still count.
    <ns>:{<game>}:ids:<scope>:<n>  hash, one of the game's small index buckets (n is 0 to f):
                           the index record of an append whose command id is "<scope>:<32 hex
                           digits>" (form 3), keyed by the first 12 of its raw bytes -> "<version>+<count>",
                           with "=" and the first 8 bytes of its request's SHA-256 when the request
                           is named by the command id; small enough to stay a listpack
    <ns>:{<game>}:requests hash; request field -> digest of what the request asked, for a request
                           not named by its command id (and every request recorded before), so a
                           retry finds its events and a key reused for another request is refused
    <ns>:{games}:known     set of game ids;  <ns>:{games}:order  stream of game ids, creation order
    <ns>:{incidents}:log   stream of what the service noticed about the store (a head moved back)
    <ns>:{<game>}:wait     a string written only to measure replication, when an append that must
                           reach replicas (events.durability) is answered by events recorded before
    <ns>:{<game>}:imported a game imported from a file: the import's facts (canonical JSON: when,
                           the file's SHA-256, how many events it held, its head line), written
                           once, before its events (so a game read is never without it), never changed

The head shares the id index's hash so that an append reads it with the ids of the batch in one
command: Lua's ``redis.call`` costs several microseconds apiece on the server, the larger part of
an append's time there. A play's append (one event, a random command id) runs four: the head
check, the index record written only if new, the XADD and the new head.
"""

from __future__ import annotations

import re

from events.batch_builder import INDEX_KEY_SIZE, index_bucket
from events.compact_form import raw_command
from events.envelope import GENESIS_HASH


class StoreKeys:
    """The names of a store's keys under its ``namespace``."""

    namespace: str

    def _keys(self, game_id: str) -> tuple[str, str, str]:
        """(stream, index, requests): the keys the append script is given, in its order."""
        check_game_id(game_id)
        prefix = f"{self.namespace}:{{{game_id}}}:"
        return prefix + "events", prefix + "ids", prefix + "requests"

    def _bucket_key(self, game_id: str, bucket: str) -> str:
        """The game's id index bucket ``bucket`` (events.batch_builder.index_bucket)."""
        return f"{self.namespace}:{{{game_id}}}:ids:{bucket}"

    def _bucket_pattern(self, game_id: str) -> str:
        """A SCAN pattern that matches the game's id index buckets, and no other key."""
        return re.sub(r"([*?\[\]\\])", r"\\\1", self._bucket_key(game_id, "")) + "*:*"

    def stream_key(self, game_id: str) -> str:
        """Name of the game's Redis stream (for tools that read it directly, e.g. XREAD on many games)."""
        return self._keys(game_id)[0]

    def games_list_key(self) -> str:
        """Name of the store's list of recorded games (a stream, oldest first), for a reader that
        follows it and checks for new games in a pipeline of its own reads (workers.listing)."""
        return self._game_index_keys()[1]

    def _wait_key(self, game_id: str) -> str:
        return f"{self.namespace}:{{{game_id}}}:wait"

    def _imported_key(self, game_id: str) -> str:
        check_game_id(game_id)
        return f"{self.namespace}:{{{game_id}}}:imported"

    def _game_index_keys(self) -> tuple[str, str]:
        return f"{self.namespace}:{{games}}:known", f"{self.namespace}:{{games}}:order"

    def _incidents_key(self) -> str:
        return f"{self.namespace}:{{incidents}}:log"


def parse_head(record: bytes | str | None) -> tuple[int, str]:
    """(version, hash) from the index's head record "version:hash"; (0, genesis) when there is none."""
    if record is None:
        return 0, GENESIS_HASH
    version, hash_ = text(record).split(":", 1)
    return int(version), hash_


def raw_index_field(command_id: str) -> tuple[bytes, str] | None:
    """(field, bucket) of a command's raw index record, for a command id with a raw form."""
    raw = raw_command(command_id)
    if raw is None:
        return None
    return raw[1][:INDEX_KEY_SIZE], index_bucket(*raw)


def check_game_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not game_id or len(game_id) > 200:
        raise ValueError(f"a game id is a non-empty string of at most 200 characters, not {game_id!r}")
    if "{" in game_id or "}" in game_id:
        raise ValueError(f"a game id may not contain braces (they mark hash tags): {game_id!r}")


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
