"""The Queens with the ``courtcard`` command against `courtcard serve`: a whole game created, dealt,
played to a win and shown, and an impossible move refused with exit code 1; and an as-dealt game,
each card entered as it turns up, a third copy refused."""

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


def test_an_as_dealt_game_of_the_queens_through_the_cli(live):
    created = run("new", "the-queens", "--seat", "Ann", "--record", "blind", "--url", live, "--json")
    assert created.exit_code == 0, created.output
    game = json.loads(created.output)["game_id"]
    assert run("log", game, "deal", "seat=0", "--url", live).exit_code == 0
    for card in ["9S", "AC", "KH", "2C", "QD", "7S", "7S", "3H", "JC"]:  # the key's top, then the shutter
        logged = run("log", game, "seen", "seat=0", f"card={card}", "--url", live)
        assert logged.exit_code == 0, (card, logged.output)
    third = run("log", game, "turn", "seat=0", "card=7S", "--url", live)
    assert third.exit_code == EXIT_REFUSED and "both of its copies have been seen" in third.output
    assert run("log", game, "turn", "seat=0", "card=9C", "--url", live).exit_code == 0
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "9C" in shown.output
