"""The record commands: ``courtcard verify`` offline; export, import and audit against a live server."""

from __future__ import annotations

import json

import orjson
import pytest
from click.testing import CliRunner

from api.cli import main
from api.client import TokenBook
from tests.conftest import serving
from tests.workers.playing import ApiTable


@pytest.fixture
def live(app, client, tmp_path, monkeypatch):
    """The app served over HTTP on a free port; the CLI's token book in a temporary home."""
    monkeypatch.setenv("COURTCARD_HOME", str(tmp_path / "home"))
    with serving(app) as url:
        yield url


@pytest.fixture
def played(client) -> ApiTable:
    table = ApiTable(client)
    table.play_hands(1)
    return table


def test_export_verify_import_and_audit_from_the_command_line(live, played, tmp_path):
    runner = CliRunner()
    TokenBook().put(played.game_id, played.token)
    path = tmp_path / "game.jsonl"
    result = runner.invoke(main, ["export", played.game_id, "--format", "jsonl", "-o", str(path), "--url", live])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["verify", str(path), "--json"])
    assert result.exit_code == 0, result.output
    verified = json.loads(result.output)
    assert verified["ok"] and verified["events"] == played.view()["version"]
    result = runner.invoke(main, ["import", str(path), "--url", live, "--json"])
    assert result.exit_code == 0, result.output
    imported = json.loads(result.output)
    assert TokenBook().get(imported["game_id"]) == imported["token"]
    result = runner.invoke(main, ["audit", imported["game_id"], "--url", live, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["chain"]["ok"]
    html = tmp_path / "game.html"
    assert runner.invoke(main, ["export", played.game_id, "--format", "html", "-o", str(html), "--url", live]).exit_code == 0
    assert "<svg" in html.read_text()


def test_verify_names_the_line_of_an_altered_event_and_exits_1(client, played, tmp_path):
    lines = client.get(f"/games/{played.game_id}/export", headers=played.headers).data.splitlines()
    altered = orjson.loads(lines[4])
    altered["payload"]["seat"] = (altered["payload"].get("seat", 0) + 1) % 4
    lines[4] = orjson.dumps(altered)
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines))
    result = CliRunner().invoke(main, ["verify", str(path), "--json"])
    assert result.exit_code == 1
    body = json.loads(result.output)
    assert (body["ok"], body["line"]) == (False, 5) and "altered" in body["reason"]


def test_the_full_record_of_a_known_game_in_progress_needs_the_token(client, played):
    url = f"/games/{played.game_id}/export"
    assert client.get(url, query_string={"format": "jsonl"}).status_code == 401
    assert client.get(url, query_string={"format": "html"}).status_code == 401
    assert client.get(url, query_string={"format": "csv"}).status_code == 200
    assert client.get(url, query_string={"format": "jsonl"}, headers=played.headers).status_code == 200


def test_verify_refuses_a_file_cut_short(client, played, tmp_path):
    lines = client.get(f"/games/{played.game_id}/export", headers=played.headers).data.splitlines()
    path = tmp_path / "short.jsonl"
    path.write_bytes(b"\n".join(lines[:-3] + lines[-1:]))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "missing" in result.output


def test_text_record_exports_and_imports_from_the_command_line_and_a_forged_one_is_refused_at_its_line(
        live, played, tmp_path, monkeypatch):
    runner = CliRunner()
    TokenBook().put(played.game_id, played.token)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["export", played.game_id, "--format", "text", "--url", live])
    assert result.exit_code == 0, result.output
    path = tmp_path / f"game-{played.game_id}.txt"  # the default name, in the working directory
    text = path.read_text()
    assert text.startswith('[Event "Queen\'s Dungeon, game ') and "% head " in text
    result = runner.invoke(main, ["import", str(path), "--format", "jsonl", "--url", live])
    assert result.exit_code == 2 and "does not hold a jsonl record" in result.output
    result = runner.invoke(main, ["import", str(path), "--format", "text", "--url", live, "--json"])
    assert result.exit_code == 0, result.output
    imported = json.loads(result.output)["game_id"]
    again = runner.invoke(main, ["export", imported, "--format", "text", "-o", "-", "--url", live])
    assert again.output.replace(imported, played.game_id).split("% chain")[0] == text.split("% chain")[0]
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[Options "))
    lines[at] = lines[at].replace('\\"target\\":', '\\"target\\": ')  # the same options, written otherwise
    path.write_text("\n".join(lines))
    result = runner.invoke(main, ["import", str(path), "--url", live])
    assert result.exit_code == 1 and f"Refused at line {at + 1}" in result.output


def test_importing_a_file_imported_before_names_the_same_game_and_gives_no_token(live, played, client, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(client.get(f"/games/{played.game_id}/export", headers=played.headers).data)
    runner = CliRunner()
    first = runner.invoke(main, ["import", str(path), "--url", live, "--json"])
    assert first.exit_code == 0, first.output
    game_id = json.loads(first.output)["game_id"]
    again = runner.invoke(main, ["import", str(path), "--url", live])
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert f"Imported before as game {game_id}" in said and "token (shown once" not in said
    assert TokenBook().get(game_id) == json.loads(first.output)["token"]  # the first import's token kept


def test_export_writes_the_score_sheets_details_as_csv_detail_beside_the_running_totals(live, played, tmp_path,
                                                                                         monkeypatch):
    runner = CliRunner()
    TokenBook().put(played.game_id, played.token)
    monkeypatch.chdir(tmp_path)
    for fmt in ("csv", "csv-detail"):
        result = runner.invoke(main, ["export", played.game_id, "--format", fmt, "--url", live])
        assert result.exit_code == 0, result.output
    totals = (tmp_path / f"game-{played.game_id}.csv").read_text(encoding="utf-8-sig").splitlines()
    details = (tmp_path / f"game-{played.game_id}.detail.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(totals) == 2 and totals[0].startswith("hand,dealer,")  # one finished hand: a row
    assert len(details) == 1 + 4 and details[0] != totals[0]  # a row per seat of that hand
