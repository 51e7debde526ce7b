"""Forged records: a file changed and rehashed, as anyone can, is refused by both ``courtcard
verify`` and ``POST /imports``, naming the line, because the referee decides every event of its
own again from the table's actions; honest records of every game still verify and import."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from api.cli import main
from events.envelope import GENESIS_HASH, envelope_hash
from tests.workers.playing import ApiTable

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"


@pytest.fixture
def finished(client) -> list[dict]:
    """The exported record of a finished Queen's Dungeon game, as parsed lines (the head last)."""
    table = ApiTable(client, options={"target": 150})
    assert table.play_hands(30)["outcome"] is not None
    response = client.get(f"/games/{table.game_id}/export", query_string={"format": "jsonl"})
    assert response.status_code == 200
    return [orjson.loads(line) for line in response.data.splitlines()]


def rechained(records: list[dict]) -> bytes:
    """The file a forger writes: versions renumbered, every hash and the head recomputed."""
    prev, version = GENESIS_HASH, 0
    out = []
    for item in records:
        if "head" in item:
            item = {**item, "head": {**item["head"], "version": version, "hash": prev}}  # its signature kept
        else:
            version += 1
            item = {**item, "version": version, "prev_hash": prev}
            item["hash"] = prev = envelope_hash(item)
        out.append(orjson.dumps(item))
    return b"\n".join(out) + b"\n"


def refusals(client, tmp_path: Path, data: bytes) -> tuple[dict, dict]:
    """What ``POST /imports`` and ``courtcard verify --json`` answer for one file."""
    response = client.post("/imports", data=data)
    assert response.status_code == 422, response.get_json()
    path = tmp_path / "forged.jsonl"
    path.write_bytes(data)
    result = CliRunner().invoke(main, ["verify", str(path), "--json"])
    assert result.exit_code == 1, result.output
    return response.get_json(), json.loads(result.output)


def assert_refused_at(client, tmp_path, data: bytes, line: int, *words: str) -> None:
    problem, verified = refusals(client, tmp_path, data)
    assert problem["line"] == verified["line"] == line, (problem, verified)
    for word in words:
        assert word in problem["reason"] and word in verified["reason"], (problem["reason"], verified["reason"])


def test_game_ended_naming_the_wrong_winner_is_refused_at_its_line(client, finished, tmp_path):
    ended = finished[-2]
    assert ended["type"] == "GameEnded" and ended["payload"]["reason"] == "target"
    loser = min(range(4), key=lambda s: ended["payload"]["totals"][s])
    ended["payload"] = {**ended["payload"], "winners": [loser], "totals": [500 if s == loser else 0 for s in range(4)]}
    assert_refused_at(client, tmp_path, rechained(finished), len(finished) - 1, "GameEnded", "winners", "totals")


def test_inserted_setting_of_minus_500_with_no_renege_is_refused_at_its_line(client, finished, tmp_path):
    at = next(i for i, item in enumerate(finished) if item["type"] == "TrickWon") + 1
    setting = {**finished[at - 1], "event_id": "forged-setting", "type": "TotalSet", "schema_version": 1,
               "payload": {"seat": 1, "unit": 1, "reason": "renege", "before": 0, "after": -500, "hand": 1, "trick": 1}}
    forged = [*finished[:at], setting, *finished[at:]]
    assert_refused_at(client, tmp_path, rechained(forged), at + 1, "TotalSet")


def test_duplicate_event_id_is_refused_at_its_line(client, finished, tmp_path):
    finished[4]["event_id"] = finished[3]["event_id"]
    assert_refused_at(client, tmp_path, rechained(finished), 5, "already used")


def test_empty_event_id_is_refused_at_its_line(client, finished, tmp_path):
    finished[2]["event_id"] = ""
    assert_refused_at(client, tmp_path, rechained(finished), 3, "event id")


def golden_export(path: Path) -> bytes:
    """A golden record written as an export (its events as recorded, HandDealt at schema version 1)."""
    data = json.loads(path.read_text())
    records = [{"event_id": f"e{i}", "game_id": "golden", "version": i, "type": e["type"],
                "schema_version": e["version"], "payload": e["payload"], "recorded_at": "2026-01-01T00:00:00.000000Z",
                "actor": "scorekeeper"} for i, e in enumerate(data["events"], 1)]
    return rechained([*records, {"head": {"game_id": "golden"}}])


@pytest.mark.parametrize("path", sorted(GOLDEN_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_honest_record_of_every_game_verifies_and_imports(client, tmp_path, path):
    data = golden_export(path)
    file = tmp_path / "golden.jsonl"
    file.write_bytes(data)
    result = CliRunner().invoke(main, ["verify", str(file), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == json.loads(path.read_text())["game"]
    response = client.post("/imports", data=data)
    assert response.status_code == 201, response.get_json()


def test_record_that_set_one_card_twice_is_refused_saying_the_card_was_already_ruled(client, tmp_path):
    """A record made before one card was one offence: window B closed on a card that reneged and
    missed a Challenge Queen, and the card was ruled and set once for each rule. Today's referee
    rules it once, and says so at the second ruling's line."""
    hands = ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2D", "QH AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC KC",
             "3H QD 3D 4D 5D 6D 7D 8D 9D 10D JD KD AD", "4H 5H 6H 7H 8H 9H 10H JH KH AC QC QS 2H"]
    table = ApiTable(client, options={"challenge": True, "challenge_threshold": 0})
    table.start_hand({seat: hand.split() for seat, hand in enumerate(hands)}, trump="S")
    table.act("announce_challenge", seat=1)
    table.play("QH", "3D", "QC", "2S")
    table.act("claim_renege", seat=3, accused=2, trick=1)
    table.act("change_trump", seat=0, suit="H")
    table.play("3S")  # seat 2 declined the penalty: window B closes, the card is set once
    records = [orjson.loads(line) for line in
               client.get(f"/games/{table.game_id}/export", query_string={"format": "jsonl"},
                          headers=table.headers).data.splitlines()]
    at = next(i for i, item in enumerate(records) if item["type"] == "TotalSet") + 1
    ruled, setting = records[at - 2], records[at - 1]
    again = [{**ruled, "event_id": "second-ruling",
              "payload": {**ruled["payload"], "kind": "renege",
                          "evidence": {"card": "3D", "trick": 1, "suit": "H", "held": ["3H"], "penalty_declined": True}}},
             {**setting, "event_id": "second-setting", "payload": {**setting["payload"], "before": -100, "after": -200}}]
    stored = rechained([*records[:at], *again, *records[at:]])
    assert_refused_at(client, tmp_path, stored, at + 1, "RenegeRuled", "3D in trick 1 of hand 1 was already ruled",
                      "one card is one offence")
