"""Signed exports: with the service's public key, ``courtcard verify --key`` says the file was recorded
by that service and is unaltered; without one, what verification proves and what it does not."""

from __future__ import annotations

import json
import multiprocessing
import stat
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from api.cli import main
from events.signing import KEY_FILE, load_or_create_signer
from tests.workers.playing import ApiTable
from tests.workers.test_forged_records import rechained


@pytest.fixture
def exported(client, tmp_path) -> Path:
    table = ApiTable(client)
    table.play_hands(1)
    path = tmp_path / "game.jsonl"
    path.write_bytes(client.get(f"/games/{table.game_id}/export", headers=table.headers).data)
    return path


def verify(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["verify", *args])
    return result.exit_code, result.output


def service_key(client) -> str:
    body = client.get("/signing-key").get_json()
    assert body["algorithm"] == "ed25519"
    return body["public_key"]


def test_verify_with_the_service_key_says_recorded_by_this_service_unaltered(client, exported, tmp_path):
    key = service_key(client)
    code, output = verify(str(exported), "--key", key)
    assert code == 0 and "Recorded by this service, unaltered" in output
    key_file = tmp_path / "service.key"
    key_file.write_text(key + "\n")
    code, output = verify(str(exported), "--key", str(key_file), "--json")
    assert code == 0 and json.loads(output)["recorded_by"] == key


def test_verify_without_a_key_says_it_does_not_prove_who_recorded_the_file(client, exported):
    code, output = verify(str(exported))
    assert code == 0 and "does not prove who recorded it" in output and "--key" in output
    code, output = verify(str(exported), "--json")
    body = json.loads(output)
    assert body["ok"] and body["recorded_by"] is None and body["signed_with"] == service_key(client)


def test_a_rehashed_record_still_consistent_is_not_recorded_by_this_service(client, exported, tmp_path):
    records = [orjson.loads(line) for line in exported.read_bytes().splitlines()]
    records[5]["recorded_at"] = "2020-01-01T00:00:00.000000Z"  # consistent, refereed alike, but not what was recorded
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(rechained(records))
    assert verify(str(forged))[0] == 0
    code, output = verify(str(forged), "--key", service_key(client), "--json")
    body = json.loads(output)
    assert code == 1 and body["line"] == len(records) and "does not match this record" in body["reason"]


def test_a_record_signed_by_another_key_is_refused_with_this_service_key(client, exported, tmp_path):
    records = [orjson.loads(line) for line in exported.read_bytes().splitlines()]
    head = records[-1]["head"]
    records[-1]["signature"] = load_or_create_signer(tmp_path / "elsewhere").sign(head["game_id"], head["version"], head["hash"])
    other = tmp_path / "other.jsonl"
    other.write_bytes(b"\n".join(orjson.dumps(r) for r in records))
    code, output = verify(str(other), "--key", service_key(client), "--json")
    assert code == 1 and "signed by another key" in json.loads(output)["reason"]


def test_the_signing_key_is_kept_owner_only_in_the_data_directory_and_reused(client, data_dir):
    key = service_key(client)
    path = data_dir / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_signer(data_dir).public_key == key


def _public_key(directory: str) -> str:
    return load_or_create_signer(directory).public_key


def test_processes_starting_at_once_on_one_data_directory_make_one_key(tmp_path):
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        keys = pool.map(_public_key, [str(tmp_path / "shared")] * 12)
    assert len(set(keys)) == 1
    assert [p.name for p in (tmp_path / "shared").iterdir()] == [KEY_FILE]
