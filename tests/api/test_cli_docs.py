"""Every ``courtcard`` command line in the README's and the docs' code blocks runs as written: its
command and options parse against the command line (click's own parser, nothing sent), and a
``log`` names an action of a game and that action's fields. Words in capitals (GAME, DEALER,
CARD) stand for what the reader fills in, as the README says."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import click

from api.cli import main
from api.cli_actions import action_fields
from referee.registry import game_names, get_game
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def code_lines(text: str) -> list[str]:
    """The lines of a markdown file's code blocks: indented by four spaces, or fenced."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif fenced or line.startswith("    "):
            lines.append(line.strip())
    return lines


def courtcard_commands(line: str) -> list[list[str]]:
    """Each ``courtcard`` command of a shell line (``a && b``, ``a | b``), without the program."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError:  # not shell (a diagram, an unclosed quote in prose)
        return []
    commands, current = [], []
    for word in [*words, "&&"]:
        if word in ("&&", "||", "|", ";"):
            if current and Path(current[0]).name == "courtcard":
                commands.append(current[1:])
            current = []
        else:
            current.append(word)
    return commands


def documented_commands() -> list[tuple[Path, str, list[str]]]:
    return [(doc, line, args) for doc in DOCS for line in code_lines(doc.read_text()) for args in courtcard_commands(line)]


def check_parses(args: list[str], game: str | None) -> str | None:
    """Parse ``courtcard ARGS`` as click would before running it; a ``log`` is checked against the
    game's actions (``game``, else any game's). Returns the game a ``new`` creates."""
    name, *rest = args
    command = main.get_command(click.Context(main), name)
    assert command is not None, f"courtcard has no command {name!r}"
    sub = command.make_context(name, rest)
    if name == "new":
        return sub.params["game"]
    if name == "log":
        action, fields = sub.params["action"], [f.partition("=")[0] for f in sub.params["fields"]]
        games = [game] if game else [g for g in game_names() if action in get_game(g).command_schemas]
        assert games and action in get_game(games[0]).command_schemas, f"no game has the action {action!r}"
        assert any(set(fields) <= set(action_fields(g, action)) for g in games), f"{action} has no field in {fields}"
    return game


def test_every_courtcard_command_in_the_readme_and_the_docs_parses_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the files commands read (verify game.jsonl) exist, empty, here
    found = documented_commands()
    assert len(found) > 20 and sum(args[0] == "log" for _, _, args in found) >= 4, found  # the README's logging example alone has more
    game, doc_before = None, None
    for doc, line, args in found:
        game = None if doc != doc_before else game  # a `new` names the game of the logs after it
        doc_before = doc
        for word in args:
            if re.fullmatch(r"[\w.-]+\.(jsonl|txt|csv|html)", word):
                (tmp_path / word).touch()
        try:
            game = check_parses(args, game)
        except (click.ClickException, click.exceptions.Exit, AssertionError) as exc:
            raise AssertionError(f"{doc.relative_to(ROOT)}: {line}\n  does not run as written: {exc}") from None


def test_the_readmes_quick_start_activates_the_virtualenv_its_courtcard_commands_need():
    readme = (ROOT / "README.md").read_text()
    quick_start = readme[readme.index("## Quick start"):readme.index("## Logging a game")]
    assert "source .venv/bin/activate" in quick_start, quick_start


def test_the_readmes_logging_example_runs_against_a_served_game_whatever_the_cut_says(live):  # noqa: F811
    """The README's example, run in order against `courtcard serve`: GAME, DEALER, PLAYER and CARD
    are filled in from what the commands before it printed, as the README tells the reader to."""
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index("## Logging a game"):readme.index("`courtcard log` answers in sentences")]
    lines = [args for line in code_lines(block) for args in courtcard_commands(line)]
    new = next(args for args in lines if args[0] == "new")
    created = run(*new, "--url", live, "--json")
    assert created.exit_code == 0, created.output
    filled = {"GAME": json.loads(created.output)["game_id"]}
    logged = 0
    for args in lines[lines.index(new) + 1:]:
        if args[0] not in ("log", "legal"):
            break  # the example's logging part: the reading commands follow
        result = run(*[re.sub(r"\b(GAME|DEALER|PLAYER|CARD)\b", lambda m: filled[m.group(1)], a) for a in args],
                     "--url", live)
        assert result.exit_code == 0, (args, result.output)
        text = " ".join(result.output.split())
        if args[0] == "legal":
            # "To act: Cat. Cat may: call_trump suit=..." or "Bob may: play card: 2C 3C ..."
            who = re.search(r"To act: (\w+)\.", text).group(1)
            filled["DEALER"] = filled["PLAYER"] = who
            if card := re.search(rf"{who} may: play card: (\S+)", text):
                filled["CARD"] = card.group(1)
        if args[:3] == ["log", "GAME", "cut"]:
            # "(Bob, Cat, Dan too)": every player cuts, again where the cut ties.
            while (body := json.loads(run("show", filled["GAME"], "--url", live, "--json").output))["view"]["phase"] == "cut":
                seat = body["to_act"][0]
                assert run("log", filled["GAME"], "cut", f"seat={seat}", "--url", live).exit_code == 0
        logged += args[0] == "log"
    assert logged >= 4 and "CARD" in filled
    shown = json.loads(run("show", filled["GAME"], "--url", live, "--json").output)
    assert shown["view"]["phase"] == "play" and shown["version"] > 6, shown
