"""``courtcard verify`` on a text record exported by `courtcard serve`: told apart from a jsonl
file by its first character, verified the same way (the chain, each move's events hashed as it
lists them, every event decided again, the signature with --key), and a forged one refused at its
line."""

from __future__ import annotations

import json

import pytest

from api.cli import EXIT_REFUSED, EXIT_USAGE
from events.signing import load_or_create_signer
from tests.api.test_cli import live, run  # noqa: F401 (the fixture)
from tests.api.test_dungeon_cli import log_all, new_dungeon
from tests.workers.dungeon_slain import GOING_ON, SEATS, TO_THE_SLAYING


@pytest.fixture
def exported(live, tmp_path):  # noqa: F811
    """A Dungeon game in which Cat is slain, exported from `courtcard serve` as a text record and
    as a jsonl file."""
    game = new_dungeon(live, SEATS, "known")
    log_all(live, game, TO_THE_SLAYING + GOING_ON)
    paths = {"text": tmp_path / "game.txt", "jsonl": tmp_path / "game.jsonl"}
    for fmt, path in paths.items():
        result = run("export", game, "--format", fmt, "-o", path, "--url", live)
        assert result.exit_code == 0, result.output
    return game, paths


def verified(path, *options) -> dict:
    result = run("verify", path, "--json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def refused(path, *options) -> tuple[int | None, str]:
    """The line and reason of a record that does not verify (exit code 1)."""
    result = run("verify", path, "--json", *options)
    assert result.exit_code == EXIT_REFUSED, result.output
    body = json.loads(result.output)
    assert body["ok"] is False
    return body["line"], body["reason"]


def forged(path, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` in the text record at ``path``; the 1-based line changed."""
    lines = path.read_text().split("\n")
    at = next(i for i, line in enumerate(lines) if old in line)
    lines[at] = lines[at].replace(old, new, 1)
    path.write_text("\n".join(lines))
    return at + 1


def test_a_text_record_verifies_as_its_jsonl_export_does(live, exported):  # noqa: F811
    game, paths = exported
    text, jsonl = verified(paths["text"]), verified(paths["jsonl"])
    assert (text["format"], jsonl["format"]) == ("text", "jsonl")
    assert text["game_id"] == game and text["events"] == jsonl["events"] == 27
    assert text["head_hash"] == jsonl["head_hash"] and text["signed_with"] == jsonl["signed_with"]
    key = run("signing-key", "--url", live).output.strip()
    assert verified(paths["text"], "--key", key)["recorded_by"] == key
    said = run("verify", paths["text"], "--key", key)
    assert said.exit_code == 0 and f"Verified: the text record of game {game} (Dungeon), 27 events" in said.output
    assert "Recorded by this service, unaltered" in said.output


def test_a_text_record_with_an_altered_move_is_refused_at_its_line(exported):
    _game, paths = exported
    line = forged(paths["text"], 'Bob end_turn ["8D"]', 'Bob end_turn ["5S"]')  # Bob held the 5 too
    at, reason = refused(paths["text"])
    assert at == line and "the moves and the chain disagree at event 27" in reason and "altered" in reason
    said = run("verify", paths["text"])
    assert said.exit_code == EXIT_REFUSED and f"Does not verify (line {line})" in said.output


def test_a_text_record_whose_comment_says_another_slaying_verifies_and_names_the_comment_as_not_verified(exported):
    _game, paths = exported
    line = forged(paths["text"], "{Cat is slain by the king of clubs", "{Cat is slain by the king of spades")
    body = verified(paths["text"])
    assert body["events"] == 27  # the moves and the chain are the record's
    [reworded] = body["words_not_verified"]
    assert reworded["line"] == line and "the king of spades" in reworded["says"] and "the king of clubs" in reworded["today"]
    said = run("verify", paths["text"])
    assert said.exit_code == 0 and "Verified" in said.output
    assert "not part of what is verified" in said.output and f"line {line}: says 'Cat is slain by the king of spades" in said.output


def test_a_text_record_in_todays_words_lists_none_not_verified(exported):
    _game, paths = exported
    assert verified(paths["text"])["words_not_verified"] == []
    assert "not part of what is verified" not in run("verify", paths["text"]).output


def test_a_text_record_without_its_chain_or_signed_by_another_key_does_not_verify(exported, tmp_path):
    _game, paths = exported
    bare = tmp_path / "bare.txt"
    bare.write_text("\n".join(line for line in paths["text"].read_text().split("\n") if not line.startswith("%")))
    at, reason = refused(bare)
    assert at is None and "has no chain" in reason
    other = load_or_create_signer(tmp_path / "another-service").public_key
    at, reason = refused(paths["text"], "--key", other)
    assert "signed by another key" in reason
    assert paths["text"].read_text().split("\n")[at - 1].startswith("% head ")  # named at the head


def test_the_result_tag_says_who_won_and_a_record_claiming_another_result_does_not_verify(exported):
    """The Result tag's reason is words; who won (or "*", still in progress) is a fact of the record."""
    _game, paths = exported
    assert '[Result "*"]' in paths["text"].read_text()
    line = forged(paths["text"], '[Result "*"]', '[Result "Bob wins (escaped)"]')
    at, reason = refused(paths["text"])
    assert at == line and "Bob wins" in reason


def test_the_event_tag_names_its_game_and_a_record_naming_another_does_not_verify(exported):
    game, paths = exported
    line = forged(paths["text"], f", game {game}\"]", ", game AAAAAAAAAAAA\"]")
    at, reason = refused(paths["text"])
    assert at == line and "AAAAAAAAAAAA" in reason
    reworded = paths["text"].parent / "retitled.txt"
    reworded.write_text(paths["text"].read_text().replace(", game AAAAAAAAAAAA\"]", f", game {game}\"]")
                        .replace('[Event "Dungeon, game', '[Event "The escape game, game'))
    assert [r["line"] for r in verified(reworded)["words_not_verified"]] == [line]  # the title is words


def test_a_signed_record_with_words_changed_is_not_called_unaltered(live, exported):  # noqa: F811
    _game, paths = exported
    forged(paths["text"], "{Cat is slain by the king of clubs", "{Cat is slain by the king of spades")
    key = run("signing-key", "--url", live).output.strip()
    said = run("verify", paths["text"], "--key", key)
    text = " ".join(said.output.split())  # as said, whatever the terminal's width
    assert said.exit_code == 0 and "Recorded by this service" in text
    assert "Recorded by this service, unaltered" not in text and "its events are unaltered, not all of its words" in text
    assert "The game is still in progress." in text


def test_verify_prints_the_players_names_as_written_never_as_terminal_markup(tmp_path):
    """A name is the table's to choose: "[/]" or "[bold]" in one is printed as it is."""
    from tests.referee.test_dungeon_golden_games import SCRIPT, golden_log
    from tests.workers.test_text_record import envelopes_of, text_of

    path = tmp_path / "game.txt"
    path.write_text(text_of(envelopes_of(golden_log(None, SCRIPT, "known", ("[/]", "Bob [bold]x[/]")))))
    said = run("verify", path)
    assert said.exit_code == 0, said.output
    assert "The game is over: [/] wins (last alive)." in " ".join(said.output.split())


@pytest.mark.parametrize("fmt", ["csv", "html"])
def test_a_csv_or_html_export_is_said_to_be_a_summary_not_a_record_and_exits_2(live, exported, tmp_path, fmt):  # noqa: F811
    game, _ = exported
    path = tmp_path / f"game.{fmt}"
    assert run("export", game, "--format", fmt, "-o", path, "--url", live).exit_code == 0
    for command in ("verify", "import"):
        result = run(command, path, *(("--url", live) if command == "import" else ()))
        assert result.exit_code == EXIT_USAGE, result.output
        text = " ".join(result.output.split())
        assert f"is a {fmt} export: a summary of the game for people, not a verifiable record" in text
        assert "The records are the jsonl and text exports" in text
