"""The Queens with the ``courtcard`` command against `courtcard serve`: a whole game created, dealt,
played to a win and shown, and an impossible move refused with exit code 1; and an as-dealt game,
each card entered as it turns up, a third copy refused; every action answered in the game's own words."""

from __future__ import annotations

import json

from api.cli import EXIT_REFUSED
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_the_queens import won_game
from workers.record_words import card_words


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
    said = [dealt.output]
    for body in actions:
        fields = [f"{k}={v}" for k, v in body.items() if k != "action"]
        logged = run("log", game, body["action"], *fields, "--url", live)
        assert logged.exit_code == 0, (body, logged.output)
        said.append(logged.output)
    # Each action answered in The Queens' own words: the deal, a move with the space it leaves
    # filled, the last move and the win.
    said = [" ".join(answer.split()) for answer in said]
    assert said[0].startswith("Ann deals the 104 cards: 32 to the key, the rest to the pack. The king of clubs "
                              "turns up from the pack and goes to foundation 1.")
    assert said[1].startswith("Ann moves the ace of clubs from pile s1 to foundation 1. The ace of spades fills the "
                              "space of pile s1 from the pack.")
    assert said[-1].startswith("Ann moves the queen of clubs from the key to foundation 2. Ann wins: all 104 cards home.")
    assert not any("Queens" in answer for answer in said)  # no event read as its type and fields
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
        assert logged.output.startswith(f"Ann sees {card_words(card)} turn up on top of the "), logged.output
    third = run("log", game, "turn", "seat=0", "card=7S", "--url", live)
    assert third.exit_code == EXIT_REFUSED and "both of its copies have been seen" in third.output
    assert run("log", game, "turn", "seat=0", "card=9C", "--url", live).exit_code == 0
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "9C" in shown.output


def test_a_deal_that_can_never_be_won_is_said_lost_by_the_log_that_deals_it(live):
    order, _ = won_game()
    created = run("new", "the-queens", "--seat", "Ann", "--record", "known", "--url", live, "--json")
    game = json.loads(created.output)["game_id"]
    dealt = run("log", game, "deal", "seat=0", f"order={json.dumps(sorted(order))}", "--url", live)
    assert dealt.exit_code == 0, dealt.output
    said = " ".join(dealt.output.split())
    assert ("Lost: The 4 of spades lies above both copies of the 3 of spades in the key: the key can never be played "
            "out.") in said
    shown = run("show", game, "--seat", "0", "--url", live)
    assert "Lost: The 4 of spades lies above both copies" in " ".join(shown.output.split())
