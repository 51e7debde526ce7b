"""A process's live feed of a game (api.live): the record's events after the head it started at, in
version order; a watcher behind what it keeps reads the record; a feed that cannot read closes."""

from __future__ import annotations

import time

import pytest

from api import live
from api.live import GameFeed, LiveHub, TooManyGames, sse_frame
from events.store import EventStore
from referee.service import RefereeService
from tests.api.test_live_and_outage import own_server  # noqa: F401 - a fixture
from tests.service.conftest import SEATS
from tests.service.test_service_decides_on_head import CLUB_TRICKS


def _blind_game(store: EventStore, game_id: str = "live1") -> RefereeService:
    service = RefereeService(store)
    service.create_game(game_id, service.plan_game("queens-dungeon", {"first_dealer": 0}, SEATS, "blind"),
                        actor="scorekeeper")
    service.act(game_id, "call_trump", {"seat": 0, "suit": "H"}, actor="scorekeeper")
    service.act(game_id, "deal", {}, actor="scorekeeper")
    return service


def _frames_until(feed: GameFeed, after: int, end: int, withheld: bool) -> bytes:
    received = b""
    deadline = time.monotonic() + 10
    while after < end and time.monotonic() < deadline:
        after, frames = feed.frames_after(after, withheld, 1.0)
        received += frames
    return received


def test_a_feed_relays_exactly_the_records_events_after_the_head_it_started_at(event_store):
    service = _blind_game(event_store)
    hub = LiveHub(event_store)
    feed = hub.join("live1")
    try:
        head = event_store.version("live1")
        assert feed.last == head
        for seat, card in CLUB_TRICKS:
            service.act("live1", "play", {"seat": seat, "card": card}, actor="scorekeeper")
        end = event_store.version("live1")
        recorded = list(event_store.read("live1", head + 1))
        for withheld in (False, True):
            assert _frames_until(feed, head, end, withheld) == b"".join(sse_frame(e, withheld) for e in recorded)
    finally:
        hub.leave(feed)


def test_a_watcher_behind_what_the_feed_keeps_is_sent_to_the_record(event_store, monkeypatch):
    monkeypatch.setattr(live, "WINDOW", 2)
    service = _blind_game(event_store)
    for seat, card in CLUB_TRICKS[:4]:
        service.act("live1", "play", {"seat": seat, "card": card}, actor="scorekeeper")
    envelopes = list(event_store.read("live1"))
    feed = GameFeed("live1", 0)
    feed.extend(envelopes)  # more than twice the window: it keeps the last two
    assert feed.first == len(envelopes) - 1
    assert feed.frames_after(0, False, 0) is None
    assert feed.frames_after(len(envelopes) - 3, False, 0) is None
    assert feed.frames_after(len(envelopes) - 2, True, 0) == (
        len(envelopes), b"".join(sse_frame(e, True) for e in envelopes[-2:]))


def test_a_feed_whose_store_is_away_closes_and_the_next_watcher_gets_a_new_one(own_server):  # noqa: F811
    store = EventStore(own_server.client())
    _blind_game(store)
    hub = LiveHub(store)
    feed = hub.join("live1")
    own_server.stop()
    with feed.changed:
        assert feed.changed.wait_for(lambda: feed.closed, 15)
    hub.leave(feed)
    own_server.restart()  # on the port it had
    again = hub.join("live1")
    try:
        assert again is not feed and not again.closed and again.last == store.version("live1")
    finally:
        hub.leave(again)


def test_a_process_following_its_most_games_asks_the_watcher_of_another_to_come_back(event_store):
    _blind_game(event_store, "live1")
    _blind_game(event_store, "live2")
    hub = LiveHub(event_store, max_games=1)
    feed = hub.join("live1")
    try:
        assert hub.join("live1") is feed  # another watcher of a followed game is welcome
        hub.leave(feed)
        with pytest.raises(TooManyGames) as refused:
            hub.join("live2")
        assert (refused.value.status, refused.value.code, refused.value.headers) == (
            503, "too_many_streams", {"Retry-After": "5"})
    finally:
        hub.leave(feed)
