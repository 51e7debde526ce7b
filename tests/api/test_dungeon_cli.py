"""Dungeon with the ``courtcard`` command against `courtcard serve`: the golden game's every action
logged one command at a time (the deck order given with the deal), shown, a refusal's exit code,
and the exported record verified (its chain whole, every event decided again); the golden game
again on a blind record; and a player slain while the game goes on, told on the score sheet."""

from __future__ import annotations

import json

from api.cli import EXIT_REFUSED
from api.views import action_payloads
from tests.api.test_cli import live, run  # noqa: F401 (the fixture)
from tests.referee.test_dungeon_golden_games import BLIND_EXPECTED, BLIND_SCRIPT, EXPECTED, SCRIPT
from tests.workers.dungeon_slain import GOING_ON, SEATS, SLAIN_IN_TURN, TO_THE_SLAYING
from referee.registry import get_game


def test_the_golden_dungeon_game_logged_with_the_cli_is_the_golden_record(live, tmp_path):  # noqa: F811
    created = run("new", "dungeon", "--seat", "Ann", "--seat", "Bob", "--record", "known", "--option", "players=2",
                  "--url", live, "--json")
    assert created.exit_code == 0, created.output
    game = json.loads(created.output)["game_id"]
    types = ["GameCreated"]
    for body in action_payloads(get_game("dungeon"), SCRIPT):
        fields = [f"{key}={json.dumps(value)}" for key, value in body.items() if key != "action" and value is not None]
        logged = run("log", game, body["action"], *fields, "--url", live, "--json")
        assert logged.exit_code == 0, (body, logged.output)
        types += [e["type"] for e in json.loads(logged.output)["events"]]
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
    created = run("new", "dungeon", "--seat", "Ann", "--seat", "Bob", "--record", "blind", "--option", "players=2",
                  "--url", live, "--json")
    assert created.exit_code == 0, created.output
    game = json.loads(created.output)["game_id"]
    types = ["GameCreated"]
    for body in action_payloads(get_game("dungeon"), BLIND_SCRIPT):
        fields = [f"{key}={json.dumps(value)}" for key, value in body.items() if key != "action" and value is not None]
        logged = run("log", game, body["action"], *fields, "--url", live, "--json")
        assert logged.exit_code == 0, (body, logged.output)
        types += [e["type"] for e in json.loads(logged.output)["events"]]
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
    created = run("new", "dungeon", *[a for s in SEATS for a in ("--seat", s)], "--option", "players=3",
                  "--record", "known", "--url", live, "--json")
    assert created.exit_code == 0, created.output
    game = json.loads(created.output)["game_id"]
    for body in action_payloads(get_game("dungeon"), TO_THE_SLAYING + GOING_ON):
        fields = [f"{key}={json.dumps(value)}" for key, value in body.items() if key != "action" and value is not None]
        logged = run("log", game, body["action"], *fields, "--url", live)
        assert logged.exit_code == 0, (body, logged.output)
    scores = run("scores", game, "--url", live)
    assert scores.exit_code == 0, scores.output
    assert f"slain by the king of clubs in turn {SLAIN_IN_TURN}" in " ".join(scores.output.split())
    reply = client.get(f"/games/{game}/scores", query_string={"wait": 10}).get_json()
    cat = next(row for row in reply["sheet"]["rows"] if row["name"] == "Cat")
    assert reply["ready"] and (cat["result"], cat["turns"]) == ("slain by the king of clubs", SLAIN_IN_TURN)
