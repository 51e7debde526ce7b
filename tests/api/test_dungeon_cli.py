"""Dungeon with the ``courtcard`` command against `courtcard serve`: the golden game's every action
logged one command at a time (the deck order given with the deal), shown, a refusal's exit code,
and the exported record verified (its chain whole, every event decided again); the golden game
again on a blind record; and a player slain while the game goes on, told on the score sheet."""

from __future__ import annotations

import json

from api.cli import EXIT_REFUSED, EXIT_USAGE
from api.views import action_payloads
from tests.api.test_cli import live, run  # noqa: F401 (the fixture)
from tests.referee.test_dungeon_golden_games import BLIND_EXPECTED, BLIND_SCRIPT, EXPECTED, SCRIPT
from tests.workers.dungeon_slain import GOING_ON, SEATS, SLAIN_IN_TURN, TO_THE_SLAYING
from referee.registry import get_game


def log_all(live: str, game: str, commands: list, *options: str) -> list[str]:
    """Log ``commands`` one `courtcard log` at a time; what each answered."""
    said = []
    for body in action_payloads(get_game("dungeon"), commands):
        fields = [f"{key}={json.dumps(value)}" for key, value in body.items() if key != "action" and value is not None]
        logged = run("log", game, body["action"], *fields, "--url", live, *options)
        assert logged.exit_code == 0, (body, logged.output)
        said.append(logged.output)
    return said


def new_dungeon(live: str, seats: list[str], record: str) -> str:
    created = run("new", "dungeon", *[a for s in seats for a in ("--seat", s)], "--option", f"players={len(seats)}",
                  "--record", record, "--url", live, "--json")
    assert created.exit_code == 0, created.output
    return json.loads(created.output)["game_id"]


def test_the_golden_dungeon_game_logged_with_the_cli_is_the_golden_record(live, tmp_path):  # noqa: F811
    game = new_dungeon(live, ["Ann", "Bob"], "known")
    types = ["GameCreated"] + [e["type"] for out in log_all(live, game, SCRIPT, "--json") for e in json.loads(out)["events"]]
    assert types == [type(e).__name__ for e in EXPECTED]
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "Dungeon" in shown.output and "Ann wins (last alive)." in shown.output
    refused = run("log", game, "draw", "seat=1", "--url", live)
    assert refused.exit_code == EXIT_REFUSED and "The game is over" in refused.output
    record = tmp_path / "dungeon.jsonl"
    assert run("export", game, "-o", record, "--url", live).exit_code == 0
    verified = run("verify", record)
    assert verified.exit_code == 0, verified.output


def test_the_golden_blind_dungeon_game_logged_with_the_cli_is_the_golden_record(live, tmp_path):  # noqa: F811
    """The blind record: no deck order, the cards named as the table saw them, Ann's look at Bob's
    hand entered as she saw it (``shown=[...]``); the record verifies once the game is over."""
    game = new_dungeon(live, ["Ann", "Bob"], "blind")
    types = ["GameCreated"] + [e["type"] for out in log_all(live, game, BLIND_SCRIPT, "--json")
                               for e in json.loads(out)["events"]]
    assert types == [type(e).__name__ for e in BLIND_EXPECTED]
    shown = run("show", game, "--url", live)
    assert shown.exit_code == 0 and "Ann wins (last alive)." in shown.output
    record = tmp_path / "dungeon-blind.jsonl"
    assert run("export", game, "-o", record, "--url", live).exit_code == 0
    verified = run("verify", record)
    assert verified.exit_code == 0, verified.output


def test_a_player_slain_is_told_on_the_served_sheet_and_by_courtcard_scores(live, client):  # noqa: F811
    """Three players; Cat is slain in turn 7 and the game goes on: the sheet `courtcard serve`'s
    workers keep says how and in which turn she left, and `courtcard scores` prints it."""
    game = new_dungeon(live, SEATS, "known")
    log_all(live, game, TO_THE_SLAYING + GOING_ON)
    scores = run("scores", game, "--url", live)
    assert scores.exit_code == 0, scores.output
    assert f"slain by the king of clubs in turn {SLAIN_IN_TURN}" in " ".join(scores.output.split())
    reply = client.get(f"/games/{game}/scores", query_string={"wait": 10}).get_json()
    cat = next(row for row in reply["sheet"]["rows"] if row["name"] == "Cat")
    assert reply["ready"] and (cat["result"], cat["turns"]) == ("slain by the king of clubs", SLAIN_IN_TURN)


def test_courtcard_log_answers_each_dungeon_action_in_its_own_words(live):  # noqa: F811
    game = new_dungeon(live, ["Ann", "Bob"], "known")
    said = " ".join(" ".join(log_all(live, game, SCRIPT)).split())
    for sentence in ["Ann plays the 10 of hearts on their cell.", "Bob sends the jack of spades against Ann.",
                     "Ann defeats the jack of spades with the 8 and 3 of hearts.",
                     "Ann plays the 9 of hearts on their 10 of hearts.", "Bob caves in Ann's 9 of hearts with the 9 of diamonds.",
                     "Bob retreats from the king of spades, giving up their 10 of spades.",
                     "Ann sends the king of clubs against Bob, in the cell.",
                     "Bob is slain by the king of clubs and is out of the game. Ann wins the game (last alive)."]:
        assert sentence in said, sentence
    assert "Dungeon" not in said  # no event read as its type and fields (DungeonCardDrawn ...)


def test_courtcard_log_never_names_a_card_nobody_saw_in_a_blind_dungeon_game(live):  # noqa: F811
    game = new_dungeon(live, ["Ann", "Bob"], "blind")
    said = log_all(live, game, BLIND_SCRIPT)
    assert said[3].startswith("Ann draws a card.")  # the first turn's draw
    assert "Ann draws 2 cards for the ace of hearts" in " ".join(" ".join(said).split())
    assert not any("?" in answer for answer in said)


def test_the_seats_named_are_the_players_and_a_count_the_game_does_not_allow_names_the_counts_it_does(live):  # noqa: F811
    created = run("new", "dungeon", "--seat", "Ann", "--seat", "Bob", "--seat", "Cat", "--url", live, "--json")
    assert created.exit_code == 0, created.output
    shown = json.loads(run("show", json.loads(created.output)["game_id"], "--url", live, "--json").output)
    assert shown["view"]["seats"] == ["Ann", "Bob", "Cat"]
    one = run("new", "dungeon", "--seat", "Ann", "--url", live)
    assert one.exit_code == EXIT_USAGE and "Dungeon is played by 2 to 8 players; 1 seat name(s) given" in one.output
    bees = run("new", "queen-bees", "--seat", "Ann", "--seat", "Bob", "--seat", "Cat", "--url", live)
    assert bees.exit_code == EXIT_USAGE and "Queen Bees is played by 4 players; 3 seat name(s) given" in bees.output
