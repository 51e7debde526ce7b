"""The list of games (workers.listing): filtered, paged, private games shown only to their token,
and always the record's games, on a single server and on a cluster."""

from __future__ import annotations

import pytest

from events.store import EventStore
from referee.events import GameCreated
from workers.catalog import GameCatalog, new_token
from workers.listing import GameListing


@pytest.fixture
def store_backend(every_backend):
    return every_backend


@pytest.fixture
def tables(redis_client):
    store = EventStore(redis_client)
    catalog = GameCatalog(redis_client)
    listing = GameListing(redis_client, store, catalog)

    def record(game_id: str, game: str = "queen-bees", private: bool = False, written: bool = True) -> str:
        token = new_token()
        catalog.register(game_id, game, "known", private, token)
        if written:
            store.append(game_id, [GameCreated(game, {}, ["A", "B", "C", "D"], "known")], 0, "scorekeeper")
        return token

    return record, catalog, listing


def ids(page) -> list[str]:
    return [entry.game_id for entry in page.entries]


def test_games_are_listed_oldest_first_filtered_and_paged_with_the_total_that_match(tables):
    record, catalog, listing = tables
    for i, game in enumerate(["queen-bees", "black-queen", "queen-bees", "queens-dungeon", "queen-bees"]):
        record(f"g{i}", game)
    catalog.set_status("g2", "finished")
    listing.moved(catalog.get("g2", fresh=True))

    assert ids(listing.page(None, None, 0, 50, None)) == ["g0", "g1", "g2", "g3", "g4"]
    page = listing.page(None, None, 1, 2, None)
    assert (ids(page), page.total) == (["g1", "g2"], 5)
    page = listing.page("queen-bees", None, 0, 50, None)
    assert (ids(page), page.total) == (["g0", "g2", "g4"], 3)
    assert ids(listing.page(None, "finished", 0, 50, None)) == ["g2"]
    page = listing.page("queen-bees", "in_progress", 0, 50, None)
    assert (ids(page), page.total) == (["g0", "g4"], 2)
    assert listing.page("no-such-game", None, 0, 50, None).total == 0


def test_a_private_game_is_listed_and_counted_only_for_its_token_at_its_place(tables):
    record, _catalog, listing = tables
    record("g0")
    record("g1")
    token = record("secret", private=True)
    record("g3")
    other = record("other", private=True)

    assert ids(listing.page(None, None, 0, 50, None)) == ["g0", "g1", "g3"]
    assert listing.page(None, None, 0, 50, None).total == 3
    page = listing.page(None, None, 0, 50, token)
    assert (ids(page), page.total) == (["g0", "g1", "secret", "g3"], 4)
    assert ids(listing.page(None, None, 0, 50, other)) == ["g0", "g1", "g3", "other"]
    # Pages that end before it, hold it, and start after it.
    assert ids(listing.page(None, None, 0, 2, token)) == ["g0", "g1"]
    assert ids(listing.page(None, None, 1, 2, token)) == ["g1", "secret"]
    assert ids(listing.page(None, None, 3, 2, token)) == ["g3"]
    assert [ids(listing.page(None, None, i, 1, token)) for i in range(5)] == [["g0"], ["g1"], ["secret"], ["g3"], []]
    assert ids(listing.page(None, None, 0, 50, "not-a-token")) == ["g0", "g1", "g3"]
    assert listing.page("black-queen", None, 0, 50, token).total == 0


def test_only_recorded_games_are_listed_however_their_creation_ended(tables):
    record, _catalog, listing = tables
    record("g0")
    record("never-written", written=False)  # an entry whose first write failed: it names no game
    assert ids(listing.page(None, None, 0, 50, None)) == ["g0"]
    # A game written while another process had already listed: the next listing has it.
    record("g1")
    assert ids(listing.page(None, None, 0, 50, None)) == ["g0", "g1"]


def test_a_finished_game_the_index_still_has_in_progress_is_put_right_when_it_is_read(tables):
    record, catalog, listing = tables
    record("g0")
    record("g1")
    listing.catch_up()
    catalog.set_status("g0", "finished")  # as if the process stopped before moving it in the index
    assert ids(listing.page(None, "in_progress", 0, 50, None)) == ["g1"]
    assert ids(listing.page(None, "finished", 0, 50, None)) == ["g0"]
    assert listing.page(None, "in_progress", 0, 50, None).total == 1


def test_the_directors_listing_has_public_and_private_games_with_the_status_in_listing_order(tables):
    record, catalog, listing = tables
    for game_id in ("g0", "s1", "g2", "s3", "g4"):
        record(game_id, private=game_id.startswith("s"))
    catalog.set_status("s3", "finished")
    catalog.set_status("g2", "finished")
    listing.moved(catalog.get("g2", fresh=True))

    page = listing.with_private("in_progress", 50)
    assert (ids(page), page.total) == (["g0", "s1", "g4"], 3)
    page = listing.with_private("in_progress", 2)
    assert (ids(page), page.total) == (["g0", "s1"], 3)  # the total counts the games past the limit
    page = listing.with_private("finished", 50)
    assert (ids(page), page.total) == (["g2", "s3"], 2)
    # A game recorded since (through any process) is in the next listing.
    record("s5", private=True)
    assert ids(listing.with_private("in_progress", 50)) == ["g0", "s1", "g4", "s5"]
