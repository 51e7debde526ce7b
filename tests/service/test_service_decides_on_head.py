"""Decide on the head: a process never refuses, decides or shows anything on a state older (or
newer) than the record, whatever the other processes logged since it last looked."""

from __future__ import annotations

import pytest

from events.errors import ConcurrencyError
from referee.errors import InputError
from referee.service import RefereeService, VersionMismatchError

#: Three legal tricks of clubs in a blind record (seat 1 leads the first: dealer 0's left).
CLUB_TRICKS = [(1, "2C"), (2, "3C"), (3, "4C"), (0, "5C"),
               (0, "6C"), (1, "7C"), (2, "8C"), (3, "9C"),
               (3, "10C"), (0, "JC"), (1, "KC"), (2, "AC")]


def test_legal_plays_logged_through_alternating_processes_are_all_accepted(two_processes, blind_game):
    first, second = two_processes
    game_id = blind_game(service=first)
    second.act(game_id, "deal", {}, actor="scorekeeper")  # the deal right after the call, elsewhere
    for i, (seat, card) in enumerate(CLUB_TRICKS):
        service = two_processes[i % 2]
        result = service.act(game_id, "play", {"seat": seat, "card": card}, actor="scorekeeper")
        assert result.envelopes[0].payload["card"] == card
    assert first.state(game_id)[1].version == second.state(game_id)[1].version == result.version


def test_a_refusal_is_made_on_the_records_head_not_on_a_remembered_state(two_processes, blind_game):
    first, second = two_processes
    game_id = blind_game(service=first)
    first.act(game_id, "deal", {}, actor="scorekeeper")
    second.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper")
    # The first process last saw seat 1 to play; the record says seat 2 is next: a card out of turn
    # is refused naming whose turn the record says it is.
    with pytest.raises(InputError, match=r"it is Seat 2 \(Cat\)'s turn"):
        first.act(game_id, "play", {"seat": 3, "card": "4C"}, actor="scorekeeper")
    first.act(game_id, "play", {"seat": 2, "card": "3C"}, actor="scorekeeper")


def test_a_state_read_from_any_process_is_at_the_records_head(two_processes, blind_game):
    first, second = two_processes
    game_id = blind_game(service=first)
    first.state(game_id)
    logged = second.act(game_id, "deal", {}, actor="scorekeeper")
    game, state = first.state(game_id)
    assert state.version == logged.version and state.phase == "play"


def test_if_match_on_a_version_another_process_moved_past_is_a_conflict(two_processes, blind_game):
    first, second = two_processes
    game_id = blind_game(service=first)
    seen = first.state(game_id)[1].version
    second.act(game_id, "deal", {}, actor="scorekeeper")
    with pytest.raises(VersionMismatchError) as caught:
        first.act(game_id, "play", {"seat": 1, "card": "2C"}, actor="scorekeeper", expected_version=seen)
    assert caught.value.current == seen + 1


def test_an_append_chained_on_a_head_the_record_no_longer_has_is_refused(event_store, blind_game):
    game_id = blind_game()
    version, _hash = event_store.head(game_id)
    with pytest.raises(ConcurrencyError):
        event_store.append(game_id, [next(iter(event_store.read(game_id))).event], version, "x",
                           expected_hash="0" * 64)
    assert event_store.version(game_id) == version


def test_a_new_service_reads_a_game_it_never_saw(event_store, blind_game):
    game_id = blind_game()
    assert RefereeService(event_store).state(game_id)[1].phase == "deal"
