"""Signed exports: with the service's public key, ``courtcard verify --key`` says the file was recorded
by that service and is unaltered, or, for a game it imported, when it imported which file (never
that it recorded it); without one, what verification proves and what it does not."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import stat
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from api.cli import main
from events.signing import KEY_FILE, load_or_create_signer
from events.store import EventStore
from tests.workers.playing import ApiTable
from tests.workers.test_forged_records import rechained
from workers.catalog import GameCatalog
from workers.imports import check_history


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


def imported_export(client, data: bytes, tmp_path: Path) -> tuple[Path, str]:
    """``data`` imported through POST /imports (no token needed), then exported: the file and its game."""
    response = client.post("/imports", data=data, content_type="application/x-ndjson")
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["game_id"]
    path = tmp_path / f"imported-{game_id}.jsonl"
    path.write_bytes(client.get(f"/games/{game_id}/export", headers={
        "Authorization": f"Bearer {response.get_json()['token']}"}).data)
    return path, game_id


def test_a_history_this_service_never_recorded_is_signed_as_imported_never_as_recorded(client, exported, tmp_path):
    """Anyone may import a consistent history they wrote: the service says when it imported which
    file, and that it decides again, not that it recorded it."""
    records = [orjson.loads(line) for line in exported.read_bytes().splitlines()]
    for record in records[:-1]:
        record["actor"], record["recorded_at"] = "referee-of-the-league", "2099-01-01T00:00:00.000000Z"
    del records[-1]["signature"]
    forged = rechained(records)
    path, _game_id = imported_export(client, forged, tmp_path)
    file_sha256 = hashlib.sha256(forged).hexdigest()
    code, output = verify(str(path), "--key", service_key(client))
    said = " ".join(output.split())
    assert code == 0 and "Recorded by this service" not in said
    assert f"from a file with hash {file_sha256}; re-decided correctly" in said and "Imported by this service at 20" in said
    assert "The file imported was not signed" in said
    code, output = verify(str(path), "--key", service_key(client), "--json")
    body = json.loads(output)
    assert code == 0 and body["recorded_by"] is None and body["imported_by"] == service_key(client)
    assert body["imported"]["file_sha256"] == file_sha256 and body["imported"]["events"] == len(records) - 1
    assert not body["imported"]["imported_at"].startswith("2099")  # the service's clock, not the file's


def test_an_imported_games_signature_cannot_be_passed_off_as_recorded(client, exported, tmp_path):
    path, _game_id = imported_export(client, exported.read_bytes(), tmp_path)
    records = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    del records[-1]["signature"]["imported"]  # the statement dropped: the signature no longer holds
    stripped = tmp_path / "stripped.jsonl"
    stripped.write_bytes(b"\n".join(orjson.dumps(r) for r in records))
    code, output = verify(str(stripped), "--key", service_key(client), "--json")
    assert code == 1 and "does not match this record" in json.loads(output)["reason"]


def test_an_imported_files_own_signature_is_kept_and_checked_against_its_events(client, exported, tmp_path):
    # The file is this service's own export: imported again (under a new id, since the game is
    # here), its signature still holds over its events as they were recorded under the first id.
    path, game_id = imported_export(client, exported.read_bytes(), tmp_path)
    assert game_id != json.loads(exported.read_bytes().splitlines()[0])["game_id"]
    code, output = verify(str(path), "--key", service_key(client), "--json")
    original = json.loads(output)["original_signature"]
    assert code == 0 and original == {"public_key": service_key(client), "valid": True, "reason": "", "imported": False}
    said = " ".join(verify(str(path), "--key", service_key(client))[1].split())
    assert "signed by this same key: this service recorded those events first, unaltered" in said


def test_a_game_imported_before_imports_were_marked_is_not_signed_as_recorded(client, exported, redis_client, tmp_path):
    """An earlier release wrote an import without its mark: the store still tells it from a game
    recorded here (its first event was recorded long before the game was listed)."""
    records = [orjson.loads(line) for line in exported.read_bytes().splitlines()]
    for record in records[:-1]:  # a history recorded elsewhere, long before this service listed it
        record["recorded_at"] = "2020-01-01T00:00:00.000000Z"
    del records[-1]["signature"]
    checked = check_history(rechained(records).splitlines())
    game_id = "earlierimport1"
    GameCatalog(redis_client).register(game_id, checked.game_name, checked.record, False, "old token")
    EventStore(redis_client).import_history(game_id, checked.envelopes)  # as earlier releases wrote imports
    path = tmp_path / "earlier.jsonl"
    path.write_bytes(client.get(f"/games/{game_id}/export", headers={"Authorization": "Bearer old token"}).data)
    said = " ".join(verify(str(path), "--key", service_key(client))[1].split())
    assert "Recorded by this service" not in said
    assert "before imports were marked (from which file is not known); re-decided correctly" in said
