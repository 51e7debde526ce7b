"""The use cases of a table (workers.game_use_cases), called directly as the API, a tool or a job would:
creating and importing a game leave no catalog entry behind when nothing was written, and keep
it when the game may be recorded."""

from __future__ import annotations

import socket

import pytest
import redis

from events.errors import ConcurrencyError, WriteOutcomeUnknownError
from events.store import EventStore
from referee.errors import InputError
from referee.service import RefereeService
from workers.catalog import GameCatalog, hash_token
from workers.exports import history, jsonl_lines
from workers.imports import FileIndex, HashedLines, ImportRejected
from workers.game_use_cases import JobPolicy, GameUseCases

SEATS = ["Ann", "Bob", "Cat", "Dan"]


class RivalFirstStore(EventStore):
    """A store on which another writer records a game under the same id just before this one's
    first write lands: the race a check-then-write loses, played in order on the real server."""

    def append(self, game_id, events, expected_version, *args, **kwargs):
        if expected_version == 0:
            self._rival_writes(game_id)
        return super().append(game_id, events, expected_version, *args, **kwargs)

    def import_history(self, game_id, envelopes, *args, **kwargs):
        self._rival_writes(game_id)
        return super().import_history(game_id, envelopes, *args, **kwargs)

    def _rival_writes(self, game_id: str) -> None:
        rival = RefereeService(EventStore(self.redis))
        rival.create_game(game_id, rival.plan_game("queens-dungeon", {}, SEATS, "blind"), actor="rival")


def tables_on(client: redis.Redis, store: EventStore | None = None) -> GameUseCases:
    store = store or EventStore(client)
    return GameUseCases(client, store, GameCatalog(client), RefereeService(store), JobPolicy(client, inline=True))


def catalog_entries(client: redis.Redis) -> list[bytes]:
    return sorted(client.scan_iter(match="courtcard:{*}:meta"))


def exported_game(client: redis.Redis) -> tuple[str, list[bytes]]:
    """A short game created and played through the use cases, and its jsonl export."""
    tables = tables_on(client)
    created = tables.create_game("queens-dungeon", {"first_dealer": 0}, SEATS, "blind", False, actor="scorekeeper")
    tables.act(created.game_id, "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper")
    envelopes, head = history(tables.store, created.game_id)
    return created.game_id, list(jsonl_lines(envelopes, created.game_id, head))


def test_a_game_the_referee_refuses_leaves_no_catalog_entry(redis_client):
    with pytest.raises(InputError) as refused:
        tables_on(redis_client).create_game("no-such-game", {}, SEATS, "blind", False, actor="scorekeeper")
    assert refused.value.code == "unknown_game"
    assert catalog_entries(redis_client) == []


def test_a_create_whose_first_write_fails_removes_its_catalog_entry(redis_client):
    tables = tables_on(redis_client, RivalFirstStore(redis_client))
    with pytest.raises(ConcurrencyError):
        tables.create_game("queens-dungeon", {}, SEATS, "blind", True, actor="scorekeeper")
    assert catalog_entries(redis_client) == []  # the rival's game is recorded; no token was given for it


def test_a_create_the_store_never_confirmed_keeps_its_catalog_entry(redis_client):
    with socket.socket() as probe:  # a port nothing listens on: the write is sent nowhere, never confirmed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    unreachable = EventStore(redis.Redis(port=port, socket_connect_timeout=0.5))
    tables = GameUseCases(redis_client, unreachable, GameCatalog(redis_client), RefereeService(unreachable),
                    JobPolicy(redis_client, inline=True))
    with pytest.raises(WriteOutcomeUnknownError):
        tables.create_game("queens-dungeon", {}, SEATS, "blind", False, actor="scorekeeper")
    assert len(catalog_entries(redis_client)) == 1  # the game may be recorded: it keeps its token


def test_an_import_whose_write_fails_removes_its_catalog_entry(redis_client):
    game_id, lines = exported_game(redis_client)
    redis_client.flushdb()
    tables = tables_on(redis_client, RivalFirstStore(redis_client))
    with pytest.raises(ConcurrencyError):
        tables.import_game(lines)
    assert catalog_entries(redis_client) == []
    assert [e.actor for e in tables.store.read(game_id)] == ["rival"]  # the rival's record, untouched


def test_a_refused_import_writes_nothing(redis_client):
    _game_id, lines = exported_game(redis_client)
    redis_client.flushdb()
    with pytest.raises(ImportRejected):
        tables_on(redis_client).import_game(lines[:-1])  # the head line is missing
    assert catalog_entries(redis_client) == [] and redis_client.dbsize() == 0


def test_an_import_under_an_id_with_another_games_entry_takes_a_new_id_and_leaves_that_token(redis_client):
    game_id, lines = exported_game(redis_client)
    redis_client.flushdb()
    catalog = GameCatalog(redis_client)
    catalog.register(game_id, "queens-dungeon", "blind", False, "the first game's token")  # created, not yet written
    imported = tables_on(redis_client).import_game(lines)
    assert imported.game_id != game_id and imported.original_game_id == game_id
    assert catalog.get(game_id, fresh=True).token_matches("the first game's token")
    assert catalog.get(imported.game_id).token_matches(imported.token)


def test_a_catalog_entry_is_written_once_so_a_token_is_never_replaced(redis_client):
    catalog = GameCatalog(redis_client)
    assert catalog.register("g1", "queens-dungeon", "blind", False, "first") is not None
    assert catalog.register("g1", "queens-dungeon", "known", True, "second") is None
    entry = catalog.get("g1", fresh=True)
    assert entry.token_matches("first") and not entry.token_matches("second") and entry.record == "blind"


def test_a_token_that_matched_is_let_in_again_without_hashing_it_again(redis_client, monkeypatch):
    # A device sends its token with every request: its digest is made once per remembered entry.
    catalog = GameCatalog(redis_client)
    catalog.register("g1", "queens-dungeon", "blind", False, "the token")
    digests = []
    monkeypatch.setattr("workers.catalog.hash_token", lambda token: digests.append(token) or hash_token(token))
    entry = catalog.get("g1", fresh=True)
    assert entry.token_matches("the token") and entry.token_matches("the token") and entry.token_matches("the token")
    assert digests == ["the token"]
    # Any other token is still checked against the stored hash, and refused.
    assert not entry.token_matches("the token!") and not entry.token_matches("the toke")
    assert digests == ["the token", "the token!", "the toke"]
    # An entry read again from the store remembers no token: the stored hash decides.
    redis_client.hset("courtcard:{g1}:meta", "token_hash", hash_token("a new token"))
    fresh = catalog.get("g1", fresh=True)
    assert not fresh.token_matches("the token") and fresh.token_matches("a new token")


def test_catalog_entries_stored_before_the_catalog_moved_still_let_their_token_in(redis_client):
    # The hash as stored by every earlier version: same key, same fields.
    redis_client.hset("courtcard:{old1}:meta", mapping={
        "game": "black-queen", "record": "known", "private": "1", "status": "finished",
        "created_at": "1760000000.5", "token_hash": hash_token("an old token")})
    entry = GameCatalog(redis_client).get("old1")
    assert (entry.game, entry.record, entry.private, entry.status) == ("black-queen", "known", True, "finished")
    assert entry.token_matches("an old token")


def test_an_action_that_ends_the_game_marks_it_finished_in_the_catalog(redis_client):
    tables = tables_on(redis_client)
    created = tables.create_game("queens-dungeon", {"first_dealer": 0}, SEATS, "blind", False, actor="scorekeeper")
    tables.act(created.game_id, "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper")
    assert tables.catalog.get(created.game_id, fresh=True).status == "in_progress"
    result = tables.act(created.game_id, "end_game", {}, actor="scorekeeper")
    assert result.finished and tables.catalog.get(created.game_id, fresh=True).status == "finished"


def test_a_file_imported_twice_is_one_game_and_a_claim_left_by_an_import_that_wrote_nothing_is_taken_over(redis_client):
    _game_id, lines = exported_game(redis_client)
    redis_client.flushdb()
    digest = HashedLines(lines)
    list(digest)
    FileIndex(redis_client).claim(digest.hexdigest(), "ghost")  # an import that died before its catalog entry
    tables = tables_on(redis_client)
    first = tables.import_game(lines)
    assert not first.duplicate and first.token is not None
    again = tables.import_game(lines)
    assert again.duplicate and again.game_id == first.game_id and again.token is None
    assert FileIndex(redis_client).game_of(digest.hexdigest()) == first.game_id


def _worker_lookups(client: redis.Redis) -> int:
    """How often the server was asked for the registered workers (RQ's ``rq:workers`` set)."""
    return client.info("commandstats").get("cmdstat_smembers", {}).get("calls", 0)


def test_the_bookkeeping_after_a_scored_hand_asks_once_who_is_alive_and_still_queues_both_jobs(redis_client):
    from rq import Worker

    from workers.queues import QUEUE_NAMES, queues

    store = EventStore(redis_client)
    tables = GameUseCases(redis_client, store, GameCatalog(redis_client), RefereeService(store),
                          JobPolicy(redis_client, inline=False))
    told = []
    tables.result_moved = lambda game_id, version: told.append((game_id, version))
    worker = Worker(queues(redis_client), connection=redis_client)
    worker.register_birth()  # this process: alive
    try:
        before = _worker_lookups(redis_client)
        tables.after_append("g1", 7, finished=False, scores_changed=True)
        assert _worker_lookups(redis_client) - before == 1
    finally:
        worker.register_death()
    assert told == [("g1", 7)]
    assert [job.id for job in queues(redis_client)[QUEUE_NAMES.index("courtcard-high")].jobs] == ["scores_7_g1"]
