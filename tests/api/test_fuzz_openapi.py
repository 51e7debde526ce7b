"""A fuzz pass over the OpenAPI document: no input, however odd, gets a 5xx or breaks the schema."""

from __future__ import annotations

import json

import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from api.app import create_app

#: Refusing a request the schema allows is right here (the referee refuses impossible actions, a
#: token protects writes); what must never happen is a 5xx or a reply that breaks the schema.
NOT_CHECKED = [positive_data_acceptance, ignored_auth]
#: The pass is cut into this many tests, each fuzzing every fourth operation and mode, so that
#: parallel test runs share it out instead of waiting on one long test.
SHARDS = 4


@pytest.fixture
def fuzz_target(redis_client, redis_url):
    """The app with one real game, so fuzzed actions reach the referee and not only a 404."""
    app = create_app({"REDIS_URL": redis_url, "TESTING": True})
    created = app.test_client().post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"],
                                                     "record": "known"}).get_json()
    return app, created["game_id"], created["token"]


@pytest.mark.parametrize("shard", range(SHARDS))
def test_fuzzed_requests_get_no_server_error_and_match_the_schema(fuzz_target, shard):
    app, game_id, token = fuzz_target
    schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
    # A negative case may be longer than a route reads (a string past every limit): refused with
    # the documented 413 before it is parsed, as rightly as with a 422.
    rejection = schema.config.checks.negative_data_rejection
    rejection.expected_statuses = [*rejection.expected_statuses, "413"]
    operations = [result.ok() for result in schema.get_all_operations()]
    # The live stream never ends by design: its declaration is checked by the last test below.
    fuzzed = [op for op in operations if not op.path.endswith("/events/stream")]
    assert len(fuzzed) >= 8

    # Negative cases break the schema on purpose (a string for a seat, a missing field, an odd
    # header): each must be refused with a 4xx problem, never a 500.
    strategies = [(operation, operation.as_strategy(GenerationMode.POSITIVE)) for operation in fuzzed]
    strategies += [(operation, operation.as_strategy(GenerationMode.NEGATIVE)) for operation in fuzzed
                   if _takes_input(operation)]
    for operation, strategy in strategies[shard::SHARDS]:

        @given(case=strategy)
        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def fuzz(case):
            if "game_id" in (case.path_parameters or {}) and len(repr(case.body)) % 2:
                # Half the cases aim at the real game with its token, so the referee meets the fuzz too.
                case.path_parameters["game_id"] = game_id
                case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
            case.call_and_validate(excluded_checks=NOT_CHECKED)

        fuzz()


def _takes_input(operation) -> bool:
    """Has the operation anything a negative case could break (a parameter or a body)?"""
    return any(len(inputs) for inputs in (operation.path_parameters, operation.query, operation.headers, operation.body))


def test_the_live_stream_declares_what_it_reads_and_refuses_what_the_declaration_refuses(client, new_game):
    """The fuzz pass cannot follow a stream that never ends, so its declaration is checked here: the
    parameters it reads are the ones declared, a value outside them is a 422 naming it (never
    ignored), and what it answers is the declared text/event-stream of framed envelopes."""
    import requests

    game_id, _token, _headers = new_game(record="blind")
    operation = client.get("/openapi.json").get_json()["paths"]["/games/{game_id}/events/stream"]["get"]
    assert {p["name"] for p in operation["parameters"]} == {"from", "block_ms", "Last-Event-ID"}
    assert list(operation["responses"]["200"]["content"]) == ["text/event-stream"]
    url = f"{client.urls[0]}/games/{game_id}/events/stream"
    for params, headers, name in [({"from": "abc"}, {}, "from"), ({"from": 0}, {}, "from"),
                                  ({"block_ms": "soon"}, {}, "block_ms"), ({"block_ms": 10**9}, {}, "block_ms"),
                                  ({}, {"Last-Event-ID": "v3"}, "Last-Event-ID")]:
        with requests.get(url, params=params, headers=headers, stream=True, timeout=10) as response:
            assert response.status_code == 422, (params, headers, response.status_code)
            problem = response.json()
            assert response.headers["Content-Type"] == "application/problem+json" and name in problem["detail"], problem
    with requests.get(url, params={"from": 1, "block_ms": 100}, headers={"Last-Event-ID": "0"}, stream=True,
                      timeout=10) as response:
        assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/event-stream")
        lines = response.iter_lines(decode_unicode=True)
        assert next(lines) == "retry: 2000" and next(lines) == ""
        assert next(lines) == "id: 1" and next(lines) == "event: GameCreated"
        data = next(lines)
        assert data.startswith("data: ") and json.loads(data[6:])["version"] == 1
