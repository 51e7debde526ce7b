"""Every event a table action makes carries the action's command id, so an audit reads which
events one action made: the route and Idempotency-Key, or a key the service made for it."""

from __future__ import annotations

from referee.service import RefereeService
from tests.service.conftest import SEATS


def test_an_actions_events_carry_its_route_and_key_as_their_command_id(event_store, blind_game):
    game_id = blind_game()
    result = RefereeService(event_store).act(game_id, "deal", {}, actor="scorekeeper", idempotency_key="k-7")
    assert {e.command_id for e in result.envelopes} == {"action:k-7"}
    assert {e.command_id for e in event_store.read(game_id, from_version=result.envelopes[0].version)} == {"action:k-7"}


def test_an_action_without_a_key_gets_one_command_id_for_all_its_events(event_store, blind_game):
    service = RefereeService(event_store)
    game_id = blind_game(service=service)
    dealt = service.act(game_id, "deal", {}, actor="scorekeeper").envelopes
    assert len({e.command_id for e in dealt}) == 1 and dealt[0].command_id.startswith("action:")
    logged = [e.command_id for e in event_store.read(game_id)]
    assert len(set(logged)) == 3  # the creation, the trump call, the deal: three commands


def test_a_new_games_opening_events_share_its_creation_command_id(event_store):
    service = RefereeService(event_store)
    opening = service.plan_game("queens-dungeon", {}, SEATS, "known")
    created = service.create_game("t1", opening, actor="scorekeeper").envelopes
    assert len({e.command_id for e in created}) == 1 and created[0].command_id.startswith("create:")
