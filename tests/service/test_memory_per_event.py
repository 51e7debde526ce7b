"""Redis keeps the record in memory: a game logged action by action costs at most 350 bytes an event
(stream, id index and request records together), half of what the record first took."""

from __future__ import annotations

from referee.service import RefereeService, new_game_id
from tests.service.random_table import log_random_game


def test_a_game_logged_action_by_action_costs_at_most_350_bytes_an_event(event_store):
    game_id = new_game_id()
    log_random_game(RefereeService(event_store), game_id, events=400)
    used = event_store.memory(game_id)
    per_event = sum(used.values()) / event_store.version(game_id)
    assert per_event <= 350, used
