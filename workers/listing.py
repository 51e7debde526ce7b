"""The list of games, filtered by game and status and paged, in time that does not grow with the
number of games: a league's million games list as fast as a club's ten.

The index is derived, never the truth. Which games exist, and in what order, is the event store's
to say (its list of recorded games, ``EventStore.games_after``); a game's kind, privacy and status
are its catalog entry's. Before each listing the index catches up with the store's list (usually
nothing to do: one read finding no new game), so a game whose creation was interrupted after its
first event was written is listed all the same, and a private game is never listed to anyone
without its token. A status read with a page that disagrees with the index (a game finished while
its index entry was being moved) is put right then.

Keys, all in the ``{games}`` slot (so each update is one script on a cluster)::

    <ns>:{games}:listed:all                      sorted set: public games, score = listing order
    <ns>:{games}:listed:game:<g>                 ... of one kind of game
    <ns>:{games}:listed:status:<s>               ... with one status
    <ns>:{games}:listed:game:<g>:status:<s>      ... both
    <ns>:{games}:listed:private                  hash: token hash -> "<order> <game id>"
    <ns>:{games}:listed:cursor                   the last entry of the store's list indexed
    <ns>:{games}:listed:order                    the last listing order given
"""

from __future__ import annotations

import dataclasses

import redis

from events.store import EventStore
from workers.catalog import CatalogEntry, GameCatalog, hash_token

#: Games indexed per round trip while catching up.
CATCH_UP_BATCH = 1000


@dataclasses.dataclass(frozen=True)
class ListedPage:
    entries: list[CatalogEntry]
    total: int


class GameListing:
    def __init__(self, client: redis.Redis, store: EventStore, catalog: GameCatalog, namespace: str = "courtcard") -> None:
        self.redis, self.store, self.catalog = client, store, catalog
        self.prefix = f"{namespace}:{{games}}:listed:"
        self._index = client.register_script(_INDEX)
        self._restatus = client.register_script(_RESTATUS)

    def page(self, game: str | None, status: str | None, offset: int, limit: int, token: str | None) -> ListedPage:
        """Games matching the filters, oldest first, from ``offset``; with how many match. A private
        game is there only for the request carrying its token, and counted only for it."""
        self.catch_up()
        key = self._key(game, status)
        public = self.redis.zcard(key)
        private = self._private_match(token, game, status)
        if private is None:
            ids = self._range(key, offset, limit)
            return ListedPage(self._entries(ids, game, status), public)
        order, entry = private
        before = self.redis.zcount(key, "-inf", f"({order}")  # its place among the public games
        if before < offset:
            ids = self._range(key, offset - 1, limit)
        elif before < offset + limit:
            ids = self._range(key, offset, limit - 1)
            ids.insert(before - offset, entry.game_id)
        else:
            ids = self._range(key, offset, limit)
        return ListedPage(self._entries(ids, game, status), public + 1)

    def private_ids(self) -> list[str]:
        """Every private game, in listing order: for the director, who may read them all. (Private
        games are few; their index is one hash.)"""
        self.catch_up()
        found = [_text(value).split(" ", 1) for value in self.redis.hvals(self.prefix + "private")]
        return [game_id for _order, game_id in sorted(found, key=lambda pair: int(pair[0]))]

    def moved(self, entry: CatalogEntry) -> None:
        """The game's status moved to ``entry.status`` (finished): move it in the index too."""
        self._restatus(keys=[self.prefix + "all"], args=[self.prefix, entry.game_id, entry.game, entry.status])

    def catch_up(self) -> None:
        """Index every game the store lists that the index has not seen yet."""
        cursor = _text(self.redis.get(self.prefix + "cursor"))
        while True:
            listed = self.store.games_after(cursor, CATCH_UP_BATCH)
            if not listed:
                return
            pipe = self.redis.pipeline(transaction=False)
            for _entry_id, game_id in listed:
                pipe.hgetall(self.catalog.meta_key(game_id))
            args: list[str] = [self.prefix, listed[-1][0]]
            for (_entry_id, game_id), raw in zip(listed, pipe.execute()):
                if not raw:
                    continue  # a record with no catalog entry (a store shared with other tools): not listed
                entry = self.catalog.entry_from(game_id, raw)
                args += [game_id, entry.game, entry.status, entry.token_hash if entry.private else ""]
            self._index(keys=[self.prefix + "all"], args=args)
            cursor = listed[-1][0]
            if len(listed) < CATCH_UP_BATCH:
                return

    # -- internals ----------------------------------------------------------------------------

    def _key(self, game: str | None, status: str | None) -> str:
        parts = ([f"game:{game}"] if game else []) + ([f"status:{status}"] if status else [])
        return self.prefix + (":".join(parts) or "all")

    def _range(self, key: str, offset: int, limit: int) -> list[str]:
        if limit <= 0:
            return []
        return [_text(game_id) for game_id in self.redis.zrange(key, offset, offset + limit - 1)]

    def _private_match(self, token: str | None, game: str | None, status: str | None):
        if not token:
            return None
        found = self.redis.hget(self.prefix + "private", hash_token(token))
        if found is None:
            return None
        order, game_id = _text(found).split(" ", 1)
        entry = self.catalog.get(game_id, fresh=True)
        if entry is None or not entry.token_matches(token):
            return None
        if (game and entry.game != game) or (status and entry.status != status):
            return None
        return int(order), entry

    def _entries(self, ids: list[str], game: str | None, status: str | None) -> list[CatalogEntry]:
        """The page's entries, read fresh. On a page filtered by status, one whose status moved
        since it was indexed is left out, and put right in the index."""
        pipe = self.redis.pipeline(transaction=False)
        for game_id in ids:
            pipe.hgetall(self.catalog.meta_key(game_id))
        out = []
        for game_id, raw in zip(ids, pipe.execute()):
            if not raw:
                continue
            entry = self.catalog.entry_from(game_id, raw)
            if status and entry.status != status:
                self.moved(entry)
                continue
            out.append(entry)
        return out


def _text(value) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


# KEYS[1]: <prefix>all. ARGV: prefix, the store list's last entry id, then per game: id, kind,
# status, token hash if private (else ""). A game indexed before keeps its place.
_INDEX = r"""#!lua
local prefix = ARGV[1]
for i = 3, #ARGV, 4 do
  local id, game, status, private = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  if private ~= '' then
    if redis.call('HEXISTS', prefix .. 'private', private) == 0 then
      local order = redis.call('INCR', prefix .. 'order')
      redis.call('HSET', prefix .. 'private', private, order .. ' ' .. id)
    end
  elseif not redis.call('ZSCORE', KEYS[1], id) then
    local order = redis.call('INCR', prefix .. 'order')
    redis.call('ZADD', KEYS[1], order, id)
    redis.call('ZADD', prefix .. 'game:' .. game, order, id)
    redis.call('ZADD', prefix .. 'status:' .. status, order, id)
    redis.call('ZADD', prefix .. 'game:' .. game .. ':status:' .. status, order, id)
  end
end
redis.call('SET', prefix .. 'cursor', ARGV[2])
return 1
"""

# KEYS[1]: <prefix>all. ARGV: prefix, game id, kind, new status. Moves an indexed public game from
# its old status's sets to the new one's, at the same place.
_RESTATUS = r"""#!lua
local prefix, id, game, status = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local order = redis.call('ZSCORE', KEYS[1], id)
if not order then return 0 end
for _, old in ipairs({'in_progress', 'finished'}) do
  if old ~= status then
    redis.call('ZREM', prefix .. 'status:' .. old, id)
    redis.call('ZREM', prefix .. 'game:' .. game .. ':status:' .. old, id)
  end
end
redis.call('ZADD', prefix .. 'status:' .. status, order, id)
redis.call('ZADD', prefix .. 'game:' .. game .. ':status:' .. status, order, id)
return 1
"""
