"""``courtcard show`` against `courtcard serve`: the table as text with the players' names, for
every game: the cut, the tricks, the rulings (trick games), each dungeon (Dungeon), the tableau
(The Queens)."""

from __future__ import annotations

import json
import re

from api.cli_table import Names
from api.views import action_payloads
from referee.registry import get_game
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_the_queens import won_game
from tests.referee.test_dungeon_golden_games import SCRIPT


def said(result) -> str:
    """A command's output with its line wrapping undone (the console wraps at 80 columns)."""
    return " ".join(result.output.split())


def created(live, game, *seats, record="known", options=()):
    result = run("new", game, *[a for s in seats for a in ("--seat", s)], "--record", record,
                 *[a for o in options for a in ("--option", o)], "--url", live, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["game_id"]


def log(live, game, *fields):
    result = run("log", game, *fields, "--url", live)
    assert result.exit_code == 0, (fields, result.output)
    return said(result)


def renege_game(live) -> str:
    """A blind Queen's Dungeon hand: Cat throws 4C on Bob's AS lead, then plays 3S in trick 2,
    which proves the renege; every seat given by name."""
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", record="blind", options=["first_dealer=0"])
    log(live, game, "call_trump", "seat=Ann", "suit=H")
    log(live, game, "deal")
    for seat, card in [("Bob", "AS"), ("Cat", "4C"), ("Dan", "5S"), ("Ann", "6S"), ("Bob", "7S")]:
        log(live, game, "play", f"seat={seat}", f"card={card}")
    return game


def test_show_writes_tricks_and_rulings_as_sentences_with_the_players_names(live):  # noqa: F811
    game = renege_game(live)
    proved = log(live, game, "play", "seat=Cat", "card=3S")
    assert proved.startswith("Cat plays the 3 of spades. Cat reneged in trick 1 of hand 1: spades were led, and Cat "
                             "played the 4 of clubs though able to follow. It was found out after the next trick was "
                             "led. Cat loses 100 points for the renege in trick 1 of hand 1: the total goes from 0 to "
                             "-100, and the hand's gains are forfeited."), proved
    assert "window" not in proved.lower()  # the window's letter is the record's and the director's
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0, shown.output
    text = said(shown)
    assert "Players: Ann, Bob, Cat, Dan. To act: Dan. Phase: play; dealer: Ann." in text
    assert "Hand 1, dealt by Ann; trump hearts (not broken); quota 5 tricks." in text
    assert "Trick 1: Bob AS, Cat 4C, Dan 5S, Ann 6S; won by Bob." in text
    assert "Trick 2: Bob 7S, Cat 3S; Dan to play." in text
    assert "Tricks won: Ann 0, Bob 1, Cat 0, Dan 0." in text
    assert "Cat's total was set from 0 to -100 (renege, trick 1)." in text
    assert ("Event 12: Cat reneged in trick 1 of hand 1: spades were led, and Cat played the 4 of clubs though able "
            "to follow. It was found out after the next trick was led.") in text
    director = said(run("show", game, "--director", "--url", live))
    assert ("Event 6: Cat played 4C in trick 1, an irregular card (did not follow suit; proved by 3S in trick 2); "
            "ruled, window C now.") in director


def test_show_writes_the_cut_for_the_first_deal_by_name(live):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan")
    # Cards typed as drawn at the table, all different ranks: no tie to cut again.
    for seat, card in (("Ann", "3H"), ("Bob", "KD"), ("Cat", "6H"), ("Dan", "9C")):
        log(live, game, "cut", f"seat={seat}", f"card={card}")
    text = said(run("show", game, "--url", live))
    cut = re.search(r"The cut for the first deal: ([^.]*)\.", text)
    assert cut, text
    assert all(re.search(rf"\b{name} (10|[2-9JQKA])[CDHS]\b", cut.group(1)) for name in ("Ann", "Bob", "Cat", "Dan")), cut.group(1)
    assert re.search(r"dealer: (Ann|Bob|Cat|Dan)\.", text), text


def test_show_names_the_bidders_of_queen_bees_and_black_queen(live):  # noqa: F811
    bees = created(live, "queen-bees", "Ann", "Bob", "Cat", "Dan")
    log(live, bees, "deal")
    first = json.loads(run("show", bees, "--url", live, "--json").output)["to_act"][0]
    log(live, bees, "bid", f"seat={first}", "bid=3")
    text = said(run("show", bees, "--url", live))
    assert "Hand 1, dealt by Ann." in text and "Cards left: Ann 13, Bob 13, Cat 13, Dan 13." in text
    assert re.search(r"Bids .*\b" + ["Ann", "Bob", "Cat", "Dan"][first] + r" 3\b", text), text

    queen = created(live, "black-queen", "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    log(live, queen, "deal")
    first = json.loads(run("show", queen, "--url", live, "--json").output)["to_act"][0]
    name = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][first]
    log(live, queen, "bid", f"seat={name}", "bid=100")
    text = said(run("show", queen, "--url", live))
    assert f"Auction {name} 100" in text and f"High bidder {name}" in text, text


def test_show_draws_each_players_dungeon_as_text(live):  # noqa: F811
    game = created(live, "dungeon", "Ann", "Bob", options=["players=2"])
    names = ["Ann", "Bob"]
    for body in action_payloads(get_game("dungeon"), SCRIPT[:6]):  # the deal, the contest, Ann's first passage
        fields = [f"{k}={names[v] if k == 'seat' else json.dumps(v)}" for k, v in body.items()
                  if k != "action" and v is not None]
        log(live, game, body["action"], *fields)
    text = said(run("show", game, "--url", live))
    assert "Phase: turn. Turn 2: Bob's." in text, text
    assert re.search(r"Ann \(alive\): cell \S+; dungeon: 10H on cell; \d+ cards in hand; has left the cell\.", text), text
    assert re.search(r"Bob \(alive\): cell \S+; dungeon: no passage yet; \d+ cards in hand\.", text), text
    assert re.search(r"Pile: \d+ cards\. Discards: \d+", text), text


def test_show_lays_out_the_tableau_of_the_queens(live):  # noqa: F811
    order, _actions = won_game()
    game = created(live, "the-queens", "Ann")
    log(live, game, "deal", "seat=Ann", f"order={json.dumps(order)}")
    view = json.loads(run("show", game, "--url", live, "--json").output)["view"]
    text = said(run("show", game, "--url", live))
    assert f"{view['home']} of 104 cards home." in text
    assert f"Key: {view['key']['count']} cards, {view['key']['top']} on top." in text
    for name, pile in view["shutter"].items():
        assert f"Shutter {name}: {' '.join(pile) or 'none'}." in text
    assert f"Talon: {view['talon']['count']} cards" in text and f"Pack: {view['pack']['count']} cards" in text


def test_every_seat_in_a_view_fact_is_written_as_its_players_name():
    names = Names(["Ann", "Bob", "Cat"])
    assert names.fact("high_bidder", 2) == "Cat"
    assert names.fact("tricks_won", [3, 0, 1]) == "Ann 3, Bob 0, Cat 1"
    assert names.fact("auction", [{"seat": 2, "bid": 110}, {"seat": 0, "bid": None}]) == "Cat 110, Ann -"
    assert names.fact("holders", {"QS": 2, "AH": 0}) == "QS Cat, AH Ann"
    assert names.fact("window", {"kind": "defence", "attacker": 0, "defender": 1}) == \
        "kind defence, attacker Ann, defender Bob"
    assert names.fact("removed", ["2C", "3C", "4C"]) == "2C 3C 4C"  # cards, not one by seat


def test_show_and_log_print_a_players_name_as_text_never_as_terminal_codes_or_markup(live, tmp_path):  # noqa: F811
    """A record of an earlier release may hold names a new game refuses (ESC, a bidi override,
    rich's markup): the command line shows each as text, escaped, and the terminal obeys none."""
    import random

    from events.chain import head_record
    from events.envelope import canonical_json
    from tests.workers.test_text_record import envelopes_of

    seats = ["Ann", "\x1b[2JBob", "[bold red]Cat[/]", "Dan\u202e"]
    opening = get_game("queens-dungeon").start({"players": 4, "first_dealer": 2}, seats, "known", random.Random(1))
    envelopes = envelopes_of(opening, "OlderRelease1")
    path = tmp_path / "older.jsonl"
    path.write_bytes(b"\n".join([*(canonical_json(e.to_dict()) for e in envelopes),
                                 canonical_json(head_record("OlderRelease1", envelopes[-1].version, envelopes[-1].hash))]))
    imported = run("import", path, "--url", live, "--json")
    assert imported.exit_code == 0, imported.output
    game = json.loads(imported.output)["game_id"]
    logged = run("log", game, "call_trump", "seat=2", "suit=H", "--url", live)
    shown = run("show", game, "--url", live)
    for result in (logged, shown):
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\u202e" not in result.output, result.output
    assert "[bold red]Cat[/] calls hearts trump" in said(logged)
    assert r"Players: Ann, \u001b[2JBob, [bold red]Cat[/], Dan\u202e." in said(shown)


def demo_game(live, game, *options) -> str:
    result = run("demo", "--game", game, "--seed", 1, *options, "--url", live)
    assert result.exit_code == 0, result.output
    return re.search(r"Playing game (\w+)", result.output).group(1)


def test_show_says_every_games_facts_in_plain_words_never_a_field_name(live):  # noqa: F811
    for game in ("queens-dungeon", "queen-bees", "black-queen", "dungeon", "the-queens"):
        shown = run("show", demo_game(live, game, "--max-actions", 15), "--url", live)
        assert shown.exit_code == 0, shown.output
        # No "hand.exchanged", "trump_by", nor a JSON object such as {"seat": "Ann", ...}.
        assert not re.search(r"\b[a-z]+[._][a-z]+", shown.output) and "{" not in shown.output, (game, shown.output)


def test_an_audit_with_nothing_to_list_says_so_in_a_sentence_not_an_empty_table(live):  # noqa: F811
    audit = run("audit", demo_game(live, "queens-dungeon", "--max-actions", 10), "--url", live)
    assert audit.exit_code == 0, audit.output
    assert "Irregularities: none." in audit.output and "Rulings: none." in audit.output
    assert "┃" not in audit.output and "verdict" not in audit.output  # no table headers over nothing


def test_legal_on_a_finished_game_says_it_is_over_and_who_won(live):  # noqa: F811
    game = demo_game(live, "queens-dungeon", "--option", "target=100")
    legal = run("legal", game, "--url", live)
    assert legal.exit_code == 0, legal.output
    assert re.match(r"The game is over: (Ann|Bob|Cat|Dan)( and (Ann|Bob|Cat|Dan))* wins? \(a total reached the target\)\.", said(legal)), legal.output
    assert "Nobody's turn" not in legal.output and "may do nothing" not in legal.output
