"""The ``courtcard`` command against a live server: create, log, show, demo, and meaningful exit codes."""

from __future__ import annotations

import json
import re

import pytest
import requests
from click.testing import CliRunner

from api.cli import EXIT_CONFLICT, EXIT_NOT_FOUND, EXIT_REFUSED, EXIT_UNAVAILABLE, main
from referee.service import new_game_id


@pytest.fixture
def live(api_hosts, redis_client, tmp_path, monkeypatch):
    """`courtcard serve` as shipped (two API processes behind one port) on an emptied database."""
    monkeypatch.setenv("COURTCARD_HOME", str(tmp_path / "home"))  # the token book of this test alone
    return api_hosts[0].url


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def new_game(live, *extra):
    result = run("new", "queens-dungeon", "--seat", "Ann", "--seat", "Bob", "--seat", "Cat", "--seat", "Dan",
                 "--record", "known", "--option", "first_dealer=0", "--url", live, "--json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_new_log_and_show_log_a_game_with_the_saved_token(live):
    created = new_game(live)
    game = created["game_id"]
    logged = run("log", game, "call_trump", "seat=0", "suit=H", "--url", live, "--json")
    assert logged.exit_code == 0, logged.output
    assert [e["type"] for e in json.loads(logged.output)["events"]] == ["TrumpCalled"]
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "Queen's Dungeon" in shown.output and "Score sheet" in shown.output
    as_json = json.loads(run("show", game, "--url", live, "--json").output)
    assert as_json["view"]["hand"]["trump"] == "H"


def test_legal_plays_logged_one_command_at_a_time_are_all_accepted_by_courtcard_serve(live):
    # Each command opens its own connections, so the two API processes of `courtcard serve` share them.
    result = run("new", "queens-dungeon", "--seat", "Ann", "--seat", "Bob", "--seat", "Cat", "--seat", "Dan",
                 "--option", "first_dealer=0", "--url", live, "--json")
    game = json.loads(result.output)["game_id"]
    assert run("log", game, "call_trump", "seat=0", "suit=H", "--url", live).exit_code == 0
    dealt = run("log", game, "deal", "--url", live)
    assert dealt.exit_code == 0 and dealt.output.splitlines()[0] == "Ann deals hand 1.", dealt.output
    tricks = [(1, "2C"), (2, "3C"), (3, "4C"), (0, "5C"), (0, "6C"), (1, "7C"), (2, "8C"), (3, "9C"),
              (3, "10C"), (0, "JC"), (1, "KC"), (2, "AC")]
    said = []
    for seat, card in tricks:
        logged = run("log", game, "play", f"seat={seat}", f"card={card}", "--url", live)
        assert logged.exit_code == 0, (seat, card, logged.output)
        said.append(logged.output.splitlines()[0])
    # Each answer is a sentence, with names: the play, and the trick when it is complete.
    assert said[0] == "Bob plays the 2 of clubs."
    assert said[3] == "Ann plays the 5 of clubs. Trick 1 to Ann."
    assert said[11] == "Cat plays the ace of clubs. Trick 3 to Cat."


def test_a_refused_action_exits_1_and_says_what_is_legal(live):
    game = new_game(live)["game_id"]
    result = run("log", game, "call_trump", "seat=2", "suit=H", "--url", live)
    assert result.exit_code == EXIT_REFUSED
    assert "Error:" in result.output


def test_a_stale_version_exits_3(live):
    game = new_game(live)["game_id"]
    assert run("log", game, "call_trump", "seat=0", "suit=H", "--url", live, "--if-match", 1).exit_code == EXIT_CONFLICT


def test_an_unknown_game_exits_5_and_an_unreachable_service_exits_4(live):
    assert run("show", "nosuchgame", "--url", live).exit_code == EXIT_NOT_FOUND
    assert run("show", "nosuchgame", "--url", "http://127.0.0.1:9").exit_code == EXIT_UNAVAILABLE


def test_demo_plays_a_whole_game_and_prints_the_score_sheet(live):
    result = run("demo", "--option", "target=100", "--seed", 5, "--url", live)
    assert result.exit_code == 0, result.output
    assert "finished at version" in result.output and "Score sheet" in result.output and "Total" in result.output
    last = result.output.strip().splitlines()[-1]
    assert re.search(r"(Ann|Bob|Cat|Dan)( and (Ann|Bob|Cat|Dan))* wins? \(target\)\.$", last), last


def test_demo_plays_the_patience_with_its_one_player_to_its_end(live):
    result = run("demo", "--game", "the-queens", "--seed", 3, "--url", live)
    assert result.exit_code == 0, result.output
    assert re.search(r"finished at version \d+\. (Ann wins \(won\)|The game is over \((stuck|given up)\), with no\s+winner)\.",
                     result.output), result.output


def test_demo_plays_dungeon_through_the_scorekeepers_actions_that_are_nobodys_turn(live):
    result = run("demo", "--game", "dungeon", "--players", 3, "--seed", 2, "--url", live)
    assert result.exit_code == 0, result.output
    assert re.search(r"finished at version \d+\. (Ann|Bob|Cat) wins \((escape|last alive|last_alive)\)\.", result.output), result.output
    # Its score sheet, as `courtcard scores` prints it: each player's standing.
    assert "Standing" in result.output and all(name in result.output for name in ("Ann", "Bob", "Cat")), result.output
    assert "escaped" in result.output or "slain" in result.output or "last alive" in result.output, result.output


def test_a_demo_table_plays_and_never_undoes_an_entry(live):
    """The undo is the scorekeeper's for a mis-tap; a random table has none to take back."""
    result = run("demo", "--game", "dungeon", "--players", 2, "--seed", 4, "--url", live)
    assert result.exit_code == 0, result.output
    finished = re.search(r"Game (\w+) finished at version (\d+)", result.output)
    game_id, version = finished.group(1), int(finished.group(2))
    record = requests.get(f"{live}/games/{game_id}/export", params={"format": "jsonl"}, timeout=30)
    types = [json.loads(line).get("type") for line in record.text.splitlines() if line.strip()][:-1]  # before its head line
    # The whole game is there (how long it runs depends on the deal, which the referee draws),
    # and not one of its entries was taken back.
    assert len(types) == version and types[0] == "GameCreated", types
    assert "EntryUndone" not in types


def test_game_ids_are_letters_and_digits_so_the_command_line_never_reads_one_as_an_option():
    ids = {new_game_id() for _ in range(2000)}
    assert len(ids) == 2000
    assert all(game_id.isascii() and game_id.isalnum() and len(game_id) == 12 for game_id in ids)


def test_a_refusal_names_the_players_who_may_act_never_their_seat_numbers(live):
    game = new_game(live)["game_id"]  # Ann deals: she calls trump
    result = run("log", game, "call_trump", "seat=Cat", "suit=H", "--url", live)
    assert result.exit_code == EXIT_REFUSED, result.output
    last = result.output.strip().splitlines()[-1]
    assert last == "Legal: Ann", result.output
