"""The list of games, filtered by game and status and paged, in time that does not grow with the
number of games: a league's million games list as fast as a club's ten.

The index is derived, never the truth. Which games exist, and in what order, is the event store's
to say (its list of recorded games, ``EventStore.games_after``); a game's kind, privacy and status
are its catalog entry's. Each listing checks whether the index has caught up with the store's list
(the list's newest entry against the index's cursor), in the round trip that reads the index, and
catches up first when it has not; so a game created through any process is listed at once, a game
whose creation was interrupted after its first event was written is listed all the same, and a
private game is never listed to anyone without its token. Nothing is listed from a process's
memory: a listing is two round trips when no game is new (the index, then the page's catalog
entries, which live in each game's own slot). A status read with a page that disagrees with the
index (a game finished while its index entry was being moved) is put right then.

Keys, all in the ``{games}`` slot (so each update is one script on a cluster)::

    <ns>:{games}:listed:all                      sorted set: public games, score = listing order
    <ns>:{games}:listed:game:<g>                 ... of one kind of game
    <ns>:{games}:listed:status:<s>               ... with one status
    <ns>:{games}:listed:game:<g>:status:<s>      ... both
    <ns>:{games}:listed:private                  hash: token hash -> "<order> <game id>"
    <ns>:{games}:listed:cursor                   the last entry of the store's list indexed
    <ns>:{games}:listed:order                    the last listing order given
    <ns>:{games}:listed:settle                   sorted set: finished games that may need the director,
                                                 score = when first seen finished
    <ns>:{games}:listed:settle:version           hash: game id -> the latest version seen finished

The finished games that may need the director (a disagreement, hands not confirmed) are only
candidates: the desk checks each against its record before showing it, and drops one the record
shows settled, unless the game logged since the version it checked (:meth:`GameListing.settled`).
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
        self._watch = client.register_script(_WATCH)
        self._settled = client.register_script(_SETTLED)

    def page(self, game: str | None, status: str | None, offset: int, limit: int, token: str | None) -> ListedPage:
        """Games matching the filters, oldest first, from ``offset``; with how many match. A private
        game is there only for the request carrying its token, and counted only for it."""
        _check_limit(limit)
        key = self._key(game, status)
        token_hash = hash_token(token) if token else None
        # With a token, one public game more is read, the one before the page: the token's game,
        # if it comes earlier, pushes that one onto the page.
        start = max(offset - 1, 0) if token_hash else offset

        def reads(pipe) -> None:
            pipe.zcard(key)
            pipe.zrange(key, start, offset + limit - 1, withscores=True)
            if token_hash:
                pipe.hget(self.prefix + "private", token_hash)

        public, window, *found = self._caught_up(reads)
        window = [(_text(game_id), score) for game_id, score in window]
        mine = _private(found[0]) if found else None
        ids = [game_id for game_id, _score in window]
        entries = self._entries(ids + ([mine[1]] if mine else []))
        entry = entries.get(mine[1]) if mine else None
        if entry is None or not entry.token_matches(token) or not _filtered_in(entry, game, status):
            return ListedPage(self._with_status(ids[offset - start:], entries, status), public)
        order = mine[0]
        # Each game's place in the list of the public games and the token's game. The token's game's
        # place, counted among the games read, is exact when it falls on the page; when the games
        # read all come after it, it may be counted too low, but it is before the page either way.
        placed = [(start + k + (order < score), game_id) for k, (game_id, score) in enumerate(window)]
        placed.append((start + sum(score < order for _game_id, score in window), entry.game_id))
        ids = [game_id for place, game_id in sorted(placed) if offset <= place < offset + limit]
        return ListedPage(self._with_status(ids, entries, status), public + 1)

    def with_private(self, status: str, limit: int) -> ListedPage:
        """The oldest ``limit`` games with ``status``, public and private, with how many have it: for
        the director, who may read them all. (Private games are few; their index is one hash.)"""
        return self.for_desk(status, limit, with_candidates=False)[0]

    def for_desk(self, status: str, limit: int, with_candidates: bool = True) -> tuple[ListedPage, list[CatalogEntry]]:
        """:meth:`with_private`, and the oldest ``limit`` finished games that may need the director
        (:meth:`may_need_director`), still finished, read in the same round trips. (One an undo put
        back in play is listed in progress.)"""
        _check_limit(limit)
        key = self._key(None, status)

        def reads(pipe) -> None:
            pipe.zcard(key)
            pipe.zrange(key, 0, limit - 1, withscores=True)
            pipe.hvals(self.prefix + "private")
            if with_candidates:
                pipe.zrange(self.prefix + "settle", 0, limit - 1)

        public, window, private, *candidates = self._caught_up(reads)
        private = [_private(value) for value in private]
        ids = [game_id for _order, game_id in sorted([(score, _text(game_id)) for game_id, score in window] + private)]
        settle = [_text(game_id) for game_id in (candidates[0] if candidates else [])]
        entries = self._entries(ids + [game_id for game_id in settle if game_id not in ids])
        listed = self._with_status(ids, entries, status)
        finished = [entries[g] for g in settle if g in entries and entries[g].status == "finished" and g not in ids]
        return ListedPage(listed[:limit], public + sum(entry.private for entry in listed)), finished

    def moved(self, entry: CatalogEntry) -> None:
        """The game's status moved to ``entry.status`` (finished): move it in the index too."""
        self._restatus(keys=[self.prefix + "all"], args=[self.prefix, entry.game_id, entry.game, entry.status])

    def may_need_director(self, game_id: str, version: int, at: float) -> None:
        """A finished game logged up to ``version``: a candidate for the desk until it is checked."""
        self._watch(keys=[self.prefix + "settle"], args=[self.prefix, game_id, version, at])

    def settled(self, game_id: str, version: int) -> None:
        """The record at ``version`` shows the game needs no director: drop it, unless it logged since."""
        self._settled(keys=[self.prefix + "settle"], args=[self.prefix, game_id, version])

    def catch_up(self) -> None:
        """Index every game the store lists that the index has not seen yet."""
        self._catch_up_from(_text(self.redis.get(self.prefix + "cursor")))

    # -- internals ----------------------------------------------------------------------------

    def _caught_up(self, reads) -> list:
        """The replies of the index reads ``reads(pipe)`` queues, sent in one round trip with the
        check for games the index has not seen (the store's newest listed game against the index's
        cursor). When there are some, the index catches up and they are read again."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrevrange(self.store.games_list_key(), count=1)
        pipe.get(self.prefix + "cursor")
        reads(pipe)
        newest, cursor, *replies = pipe.execute()
        if not newest or _text(newest[0][0]) == _text(cursor):
            return replies
        self._catch_up_from(_text(cursor))
        pipe = self.redis.pipeline(transaction=False)
        reads(pipe)
        return pipe.execute()

    def _catch_up_from(self, cursor: str | None) -> None:
        while True:
            listed = self.store.games_after(cursor, CATCH_UP_BATCH)
            if not listed:
                return
            args: list[str] = [self.prefix, listed[-1][0]]
            entries = self._entries([game_id for _entry_id, game_id in listed])
            for entry in (entries.get(game_id) for _entry_id, game_id in listed):
                if entry is None:
                    continue  # a record with no catalog entry (a store shared with other tools): not listed
                args += [entry.game_id, entry.game, entry.status, entry.token_hash if entry.private else ""]
            self._index(keys=[self.prefix + "all"], args=args)
            cursor = listed[-1][0]
            if len(listed) < CATCH_UP_BATCH:
                return

    def _key(self, game: str | None, status: str | None) -> str:
        parts = ([f"game:{game}"] if game else []) + ([f"status:{status}"] if status else [])
        return self.prefix + (":".join(parts) or "all")

    def _entries(self, ids: list[str]) -> dict[str, CatalogEntry]:
        """The catalog entries of ``ids`` that have one, read fresh, in one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        for game_id in ids:
            pipe.hgetall(self.catalog.meta_key(game_id))
        return {game_id: self.catalog.entry_from(game_id, raw) for game_id, raw in zip(ids, pipe.execute()) if raw}

    def _with_status(self, ids: list[str], entries: dict[str, CatalogEntry], status: str | None) -> list[CatalogEntry]:
        """The entries of ``ids`` in their order, with ``status`` if given. A public game whose
        status moved since it was indexed is put right in the index (a private game's index entry
        has no status)."""
        out = []
        for entry in (entries[game_id] for game_id in ids if game_id in entries):
            if status and entry.status != status:
                if not entry.private:
                    self.moved(entry)
                continue
            out.append(entry)
        return out


def _filtered_in(entry: CatalogEntry, game: str | None, status: str | None) -> bool:
    return (not game or entry.game == game) and (not status or entry.status == status)


def _check_limit(limit: int) -> None:
    if limit < 1:  # a range to -1 would be the whole list
        raise ValueError(f"a page holds at least one game, not {limit}")


def _private(value) -> tuple[int, str] | None:
    """(listing order, game id) of a private game's index entry, or None."""
    if value is None:
        return None
    order, game_id = _text(value).split(" ", 1)
    return int(order), game_id


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

# KEYS[1]: <prefix>settle. ARGV: prefix, game id, version, time. Keeps the first time, the latest version.
_WATCH = r"""#!lua
redis.call('ZADD', KEYS[1], 'NX', ARGV[4], ARGV[2])
local seen = tonumber(redis.call('HGET', KEYS[1] .. ':version', ARGV[2]) or '0')
if tonumber(ARGV[3]) > seen then redis.call('HSET', KEYS[1] .. ':version', ARGV[2], ARGV[3]) end
return 1
"""

# KEYS[1]: <prefix>settle. ARGV: prefix, game id, the version checked. A game that logged after the
# version checked stays a candidate.
_SETTLED = r"""#!lua
local seen = tonumber(redis.call('HGET', KEYS[1] .. ':version', ARGV[2]) or '0')
if seen > tonumber(ARGV[3]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('HDEL', KEYS[1] .. ':version', ARGV[2])
return 1
"""
