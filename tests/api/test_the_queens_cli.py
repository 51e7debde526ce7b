"""The Queens with the ``courtcard`` command against `courtcard serve`: a whole game created, dealt,
played to a win and shown, and an impossible move refused with exit code 1."""

from __future__ import annotations

import json

from api.cli import EXIT_REFUSED
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_the_queens import won_game


def test_a_whole_game_of_the_queens_through_the_cli(live):
    order, actions = won_game()
    created = run("new", "the-queens", "--seat", "Ann", "--record", "known", "--url", live, "--json")
    assert created.exit_code == 0, created.output
    game = json.loads(created.output)["game_id"]
    # The order is given at the deal (a JSON list as the field's value).
    dealt = run("log", game, "deal", "seat=0", f"order={json.dumps(order)}", "--url", live)
    assert dealt.exit_code == 0, dealt.output
    refused = run("log", game, "move", "seat=0", "card=9S", "source=key", "target=s1", "--url", live)
    assert refused.exit_code == EXIT_REFUSED and "9S" in refused.output and "key" in refused.output
    for body in actions:
        fields = [f"{k}={v}" for k, v in body.items() if k != "action"]
        logged = run("log", game, body["action"], *fields, "--url", live)
        assert logged.exit_code == 0, (body, logged.output)
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "The Queens" in shown.output and "won" in shown.output
