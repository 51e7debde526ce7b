"""``courtcard player`` and ``courtcard session`` against `courtcard serve` as shipped."""

from __future__ import annotations

import json

from api.cli import EXIT_NOT_FOUND, EXIT_REFUSED
from tests.api.club_helpers import NAMES
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)


def cli_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_roster_and_session_commands_seat_a_round_and_show_table_numbers(live):  # noqa: F811
    for name in NAMES[:8]:
        assert run("player", "add", name, "--url", live).exit_code == 0
    listed = run("player", "list", "--url", live)
    assert listed.exit_code == 0 and all(name in listed.output for name in NAMES[:8])
    created = cli_json("session", "new", "Friday night", "--game", "queens-dungeon", "--tables", "2",
                       *(a for name in NAMES[:8] for a in ("--player", name)), "--table-name", "Window", "--url", live)
    session_id = created["session_id"]
    seated = cli_json("session", "seat", session_id, "--seed", "11", "--url", live)
    assert seated["method"] == "drawn" and seated["seed"] == 11 and len(seated["tables"]) == 2
    shown = run("session", "show", session_id, "--url", live)
    assert shown.exit_code == 0 and "Round 1 (drawn, seed 11)" in shown.output and "Table 1 (Window)" in shown.output
    # Each table of a round just seated is said with its players' names, not their roster ids.
    second = run("session", "seat", session_id, "--url", live)
    ids = {p["player_id"] for p in cli_json("player", "list", "--url", live)["players"]}
    assert second.exit_code == 0 and "Round 2 seated" in second.output, second.output
    assert sum(name in second.output for name in NAMES[:8]) == 8 and not any(i in second.output for i in ids)
    game = seated["tables"][0]["game_id"]
    table = run("show", game, "--url", live)
    assert "Table 1 (Window), round 1 of session " + session_id in table.output
    # The table's token was kept: the scorekeeper logs on at once.
    assert run("log", game, "end_game", "--url", live).exit_code == 0
    standings = run("session", "standings", session_id, "--url", live)
    assert standings.exit_code == 0 and "As ruled" in standings.output
    sheet = run("session", "standings", session_id, "--format", "csv", "--url", live).output
    assert sheet.lstrip("\ufeff").startswith("standings,rank,player_id,player")


def test_session_commands_say_what_was_wrong(live):  # noqa: F811
    assert run("player", "add", "Ann", "--url", live).exit_code == 0
    refused = run("session", "new", "Night", "--game", "queens-dungeon", "--tables", "1", "--player", "Anne",
                  "--url", live)
    assert refused.exit_code == EXIT_REFUSED and "Did you mean 'Ann'" in refused.output
    missing = run("session", "show", "nosuchsession", "--url", live)
    assert missing.exit_code == EXIT_NOT_FOUND and "nosuchsession" in missing.output


def test_session_export_and_verify_check_the_session_with_its_games_and_roster(live, tmp_path):  # noqa: F811
    for name in NAMES[:4]:
        assert run("player", "add", name, "--url", live).exit_code == 0
    session_id = cli_json("session", "new", "Night", "--game", "queens-dungeon", "--tables", "1",
                          *(a for name in NAMES[:4] for a in ("--player", name)), "--url", live)["session_id"]
    game = cli_json("session", "seat", session_id, "--url", live)["tables"][0]["game_id"]
    assert run("log", game, "end_game", "--url", live).exit_code == 0
    folder = tmp_path / "night"
    assert run("session", "export", session_id, "-o", folder, "--url", live).exit_code == 0
    verified = cli_json("session", "verify", folder)
    assert verified["ok"] and verified["games"] == [game] and verified["finished"] == 1 and verified["rounds"] == 1
    # A round that is not what its seed draws does not verify.
    path = folder / f"session-{session_id}.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    record["payload"]["tables"][0].reverse()
    path.write_text("\n".join([lines[0], json.dumps(record), *lines[2:]]) + "\n")
    refused = run("session", "verify", folder)
    assert refused.exit_code == EXIT_REFUSED and "the chain does not verify" in refused.output


def rechained(lines):
    """The lines of an export with each hash made again (as a forger would), the signature left out."""
    from events.envelope import GENESIS_HASH, envelope_hash

    items, prev = [json.loads(line) for line in lines], GENESIS_HASH
    for item in items[:-1]:
        item["prev_hash"] = prev
        item["hash"] = prev = envelope_hash(item)
    items[-1] = {"head": {**items[-1]["head"], "hash": prev}}
    return [json.dumps(item) for item in items]


def test_session_verify_draws_each_round_again_from_its_seed(live, tmp_path):  # noqa: F811
    for name in NAMES[:8]:
        assert run("player", "add", name, "--url", live).exit_code == 0
    session_id = cli_json("session", "new", "Night", "--game", "queens-dungeon", "--tables", "2",
                          *(a for name in NAMES[:8] for a in ("--player", name)), "--url", live)["session_id"]
    cli_json("session", "seat", session_id, "--seed", "5", "--url", live)
    folder = tmp_path / "night"
    assert run("session", "export", session_id, "-o", folder, "--url", live).exit_code == 0
    path = folder / f"session-{session_id}.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    a, b = record["payload"]["tables"]
    a[0], b[0] = b[0], a[0]  # two players swapped between tables: not what seed 5 draws
    path.write_text("\n".join(rechained([lines[0], json.dumps(record), *lines[2:]])) + "\n")
    refused = run("session", "verify", folder, "--json")
    assert refused.exit_code == EXIT_REFUSED
    assert json.loads(refused.output)["problems"] == ["round 1 is not the seating its seed 5 draws"]


def test_session_exported_and_verified_by_courtcard_export_and_verify(live, tmp_path):  # noqa: F811
    for name in NAMES[:4]:
        assert run("player", "add", name, "--url", live).exit_code == 0
    session_id = cli_json("session", "new", "Night", "--game", "queens-dungeon", "--tables", "1",
                          *(a for name in NAMES[:4] for a in ("--player", name)), "--url", live)["session_id"]
    game = cli_json("session", "seat", session_id, "--url", live)["tables"][0]["game_id"]
    folder = tmp_path / "night"
    assert run("export", session_id, "--session", "-o", folder, "--url", live).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted([f"session-{session_id}.jsonl", "roster.jsonl",
                                                                f"game-{game}.jsonl"])
    verified = run("verify", folder)
    assert verified.exit_code == 0 and f"Verified: session {session_id}, 1 round, 1 games" in verified.output
