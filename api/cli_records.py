"""``courtcard`` commands for a game's record: export, import, verify and audit.

``verify`` works offline, on the file alone (a jsonl export, or a text record with its chain, read
back into the jsonl lines it stands for by ``workers.text_record``; its comments are words for
people, not verified, and the lines whose words differ from today's are listed): the hash chain
and its head line, then the referee deciding the game again from the table's actions
(``workers.imports.check_history``), and with ``--key`` the signature of the service that recorded
it, or that imported it (``events.signing``, ``workers.provenance``). The others talk to the
service (``--url`` / ``COURTCARD_URL``).
"""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from api.cli_support import EXIT_REFUSED, EXIT_USAGE, console, err_console, fail, json_option, ready_part, url_option
from api.client import ApiError, Client
from api.terminal import marked, unseen_escaped

if TYPE_CHECKING:  # the record's modules are imported where used: most commands never need them
    from workers.text_record import ReadRecord

FORMATS = ("jsonl", "csv", "csv-detail", "html", "text")
#: A file's extension for each format (a text record is a .txt a phone opens), as the service names it.
EXTENSIONS = {"text": "txt", "csv-detail": "detail.csv"}
AUDIT_WAIT_S = 10


@click.command("export")
@click.argument("game_id")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="jsonl", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default game-<id>.<format>, .txt for text; '-' for standard output).")
@click.option("--session", "of_session", is_flag=True,
              help="GAME_ID is a session's id: save its record, the roster's and its games' in a folder "
                   "(as `courtcard session export`; -o names the folder).")
@url_option
def export_game(game_id, fmt, output, of_session, url) -> None:
    """Download a game's record: jsonl (verifiable history), csv (the running totals, a row per
    hand), csv-detail (each hand's figures, a row per hand and seat), html (printable) or text
    (readable, in the spirit of PGN; imports back). With --session, a session's records."""
    if of_session:
        from api.cli_club import session_export

        return session_export.callback(game_id, output, url)
    client = Client(url)
    try:
        response = client.request("GET", f"/games/{game_id}/export", token=client.token_for(game_id),
                                  params={"format": fmt}, stream=True)
        target = output or Path(f"game-{game_id}.{EXTENSIONS.get(fmt, fmt)}")
        total = int(response.headers.get("Content-Length") or 0) or None
        if str(target) == "-":
            for chunk in response.iter_content(65536):
                sys.stdout.buffer.write(chunk)
            return
        from rich.progress import BarColumn, Progress, TextColumn

        with Progress(TextColumn("{task.description}", markup=False), BarColumn(), TextColumn("{task.completed} bytes"),
                      console=err_console.real, transient=True) as progress:
            task = progress.add_task(unseen_escaped(f"Exporting {game_id}"), total=total)
            with open(target, "wb") as out:
                for chunk in response.iter_content(65536):
                    out.write(chunk)
                    progress.advance(task, len(chunk))
    except ApiError as exc:
        fail(exc)
    console.print(f"Wrote {target} ({fmt}).")


def summary_format(file: Path, data: bytes) -> str | None:
    """"csv" or "html" when ``data`` is such an export (by its name, or what it starts with: the
    csv export's byte-order mark, the page's ``<``); None for anything read as a record."""
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if start in (b"{", b"["):  # a jsonl history, a text record
        return None
    if start == b"<" or file.suffix.lower() in (".html", ".htm"):
        return "html"
    if data.startswith(b"\xef\xbb\xbf") or file.suffix.lower() == ".csv":
        return "csv"
    return None


def refuse_a_summary(file: Path, data: bytes) -> None:
    """A csv or html export summarises a game for people and carries no chain: say so and which
    exports are records (exit 2), rather than report its first line as a broken record."""
    kind = summary_format(file, data)
    if kind is not None:
        err_console.print(marked("{} is a {} export: a summary of the game for people, not a verifiable record. "
                                 "The records are the jsonl and text exports (courtcard export GAME --format jsonl, "
                                 "or --format text).", file, kind))
        sys.exit(EXIT_USAGE)


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(("jsonl", "text")), default=None,
              help="What FILE holds (default: a text record when it starts with its tag pairs, else jsonl).")
@url_option
@json_option
def import_game(file, fmt, url, as_json) -> None:
    """Load a jsonl history or a text record as a new game (the service verifies and replays it first)."""
    from workers.text_record import is_text_record

    client = Client(url)
    data = file.read_bytes()
    refuse_a_summary(file, data)
    text = is_text_record(data)
    if fmt is not None and (fmt == "text") != text:
        err_console.print(f"{file} does not hold a {fmt} record: a text record starts with its tag pairs "
                          "([Game ...]), a jsonl history with a JSON object.")
        sys.exit(EXIT_USAGE)
    media = "text/plain; charset=utf-8" if text else "application/x-ndjson"
    try:
        created = client.request("POST", "/imports", data=data, headers={"Content-Type": media}).json()
    except ApiError as exc:
        line = exc.problem.get("line")
        if line is not None:
            err_console.print(marked("[bold red]Refused at line {}:[/] {}", line, exc.problem.get('reason')))
            sys.exit(EXIT_REFUSED)
        fail(exc)
    if created["token"] is not None:
        client.tokens.put(created["game_id"], created["token"])
    if as_json:
        click.echo(json.dumps(created))
        return
    if created["token"] is None:  # this very file was imported before: the same game, its token shown then
        console.print(marked("Imported before as game [bold]{}[/] (version {}): the same file is the same game. "
                             "Its scorekeeper token was shown to whoever imported it first.",
                             created['game_id'], created['version']))
        return
    console.print(marked("Imported as game [bold]{}[/] (version {}).", created['game_id'], created['version']))
    console.print(f"Scorekeeper token (shown once, saved for this machine): {created['token']}")
    if created.get("words_not_verified") is None and text:
        console.print("The text record came without its chain: its events were made afresh from its moves, and its "
                      "comments and tags in words were not compared with them.")
    _print_reworded(created.get("words_not_verified") or [])


@click.command("verify")
@click.argument("file", type=click.Path(exists=True, path_type=Path))
@click.option("--key", help="The public key of the service that should have recorded FILE (GET /signing-key, "
                            "or `courtcard signing-key`), or a file holding it.")
@json_option
def verify_file(file, key, as_json) -> None:
    """Check an exported record offline, a jsonl file or a text record (told apart by its first
    character): its hash chain, its head, and every event the referee makes decided again from the
    table's actions; with --key, also that the service with that key recorded it, or imported it
    (when, from a file with which hash: never said to be recorded by it). A folder is a saved
    session (`courtcard export SESSION --session`), checked as `courtcard session verify` does."""
    if file.is_dir():
        from api.cli_club import session_verify

        return session_verify.callback(file, as_json)
    from workers.imports import ImportRejected, check_history
    from workers.record_words import result_words
    from workers.text_record import is_text_record

    refuse_a_summary(file, file.read_bytes())
    record = None  # a text record read back: its lines stand for the jsonl ones, refusals name its own
    try:
        with console.status(marked("Verifying {}", file)):
            data = file.read_bytes()
            if is_text_record(data):
                record = _chained_text(data)
            checked = check_history(record.lines if record is not None else io.BytesIO(data))
        if key is not None:
            checked.check_signed_by(_key_text(key))
    except ImportRejected as exc:
        exc = record.in_text(exc) if record is not None else exc
        if as_json:
            click.echo(json.dumps({"ok": False, "line": exc.line, "reason": exc.reason}))
        else:
            where = f"line {exc.line}" if exc.line is not None else str(file)
            err_console.print(marked("[bold red]Does not verify[/] ({}): {}", where, exc.reason))
        sys.exit(EXIT_REFUSED)
    version, head_hash = checked.head
    outcome = checked.replay.game.outcome(checked.replay.state)
    claimed = (checked.signature or {}).get("public_key") if isinstance(checked.signature, dict) else None
    reworded = record.reworded if record is not None else []
    imported = checked.imported
    original = checked.original_signature()
    if as_json:
        click.echo(json.dumps({"ok": True, "format": "jsonl" if record is None else "text", "game_id": checked.game_id,
                               "game": checked.game_name, "events": version,
                               "head_hash": head_hash, "outcome": outcome,
                               "recorded_by": _key_text(key) if key and imported is None else None,
                               "imported_by": _key_text(key) if key and imported is not None else None,
                               "imported": imported, "signed_with": claimed,
                               "original_signature": dataclasses.asdict(original) if original else None,
                               "words_not_verified": reworded}))
        return
    kind = "the text record of game" if record is not None else "game"
    console.print(marked("[bold green]Verified[/]: {} {} ({}), {} events, chain head {}.", kind, checked.game_id,
                         checked.replay.game.title, version, head_hash))
    names = list(checked.replay.envelopes[0].payload["seats"])
    console.print("The record is whole and consistent, and every ruling, total and score was decided again from the "
                  "table's actions. " + (f"The game is over: {result_words(outcome, names)}." if outcome
                                         else "The game is still in progress."), highlight=False)
    if key is not None and imported is not None:
        # An import vouches for what the service knows: when, which file, that it decides again.
        console.print(marked("[bold green]{}[/]: signed by key {}" + ("; its events are unaltered, not all of its "
                             "words (below)." if reworded else "."), imported_words(imported), _key_text(key)))
        console.print(original_words(imported, original, _key_text(key)), highlight=False)
    elif key is not None and reworded:
        console.print(marked("[bold green]Recorded by this service[/]: signed by key {}; its events are "
                             "unaltered, not all of its words (below).", _key_text(key)))
    elif key is not None:
        console.print(marked("[bold green]Recorded by this service, unaltered[/]: signed by key {}.", _key_text(key)))
    else:
        said = f" The file says it was signed with key {claimed}." if claimed else " The file is not signed."
        if claimed and imported is not None:
            said += " It says that service imported it, not that it recorded it."
        console.print("This does not prove who recorded it (anyone can write a consistent record)." + said
                      + " To check, give that service's public key: --key KEY.")
    _print_reworded(reworded)


def imported_words(imported: dict) -> str:
    """What the signature of an imported game says, in a sentence (never "recorded by")."""
    at = imported.get("imported_at")
    when = f" at {at}" if at else ""
    if imported.get("file_sha256") is None:
        return (f"Imported by this service{when}, before imports were marked (from which file is not known); "
                "re-decided correctly")
    return f"Imported by this service{when} from a file with hash {imported['file_sha256']}; re-decided correctly"


def original_words(imported: dict, original, key: str) -> str:
    """What is known of who recorded an imported game before: the signature its file carried."""
    events = imported.get("events")
    after = (f"Its first {events} events came from that file; any after them were logged at this service. "
             if isinstance(events, int) else "")
    if imported.get("file_sha256") is None:
        return after + "Who recorded it first is not known."
    if imported.get("original") is None:
        return after + "The file was a text record without its chain: its events were made by this service from its moves."
    if original is None:
        return after + "The file imported was not signed: who recorded it first is not known."
    if not original.valid:
        return after + f"The file imported carried a signature by key {original.public_key} that does not hold: {original.reason}."
    if original.public_key == key and not original.imported:
        return after + "The file imported was signed by this same key: this service recorded those events first, unaltered."
    said = "as imported by its signer" if original.imported else "as recorded by its signer"
    return after + (f"The file imported was signed by key {original.public_key} ({said}); that says who recorded it "
                    "first only to whoever knows that key is theirs.")


def _print_reworded(reworded: list[dict]) -> None:
    """The lines of a text record whose words for people differ from today's. Its words are a reading
    aid, not part of what is verified: an earlier release worded them otherwise, or someone changed
    them; either way the facts above are the record's, and these words are not."""
    if not reworded:
        return
    console.print(marked("[bold yellow]{} line(s) read otherwise than the record's words today[/] (comments "
                         "and tags in words are a reading aid, not part of what is verified: an earlier release may "
                         "have worded them otherwise, or someone changed them; trust the moves, not these words):",
                         len(reworded)))
    for line in reworded:
        console.print(f"  line {line['line']}: says {line['says']!r}; today's words: {line['today']!r}",
                      highlight=False)


def _chained_text(data: bytes) -> ReadRecord:
    """A text record read back with its chain (each move's events hashed as the chain lists them,
    the tags, moves and chain what they give; its words may differ from today's); raises
    ImportRejected naming the text's line. One without its chain cannot be verified: its events
    would be made afresh."""
    from workers.imports import ImportRejected
    from workers.text_record import read_text

    try:
        record = read_text(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ImportRejected(None, f"a text record is UTF-8 ({exc.reason} at byte {exc.start})") from exc
    if not record.chained:
        raise ImportRejected(None, "the text record has no chain (its % lines): its moves are legal, but nothing "
                                   "ties them to a recorded game; export it with its chain to verify it")
    return record


def _key_text(key: str) -> str:
    """A public key given on the command line: the key itself, or a file holding it."""
    path = Path(key)
    return path.read_text().strip() if path.is_file() else key.strip()


@click.command("signing-key")
@url_option
def signing_key(url) -> None:
    """Print the public key the service signs its exported records with (for verify --key)."""
    try:
        body = Client(url).request("GET", "/signing-key").json()
    except ApiError as exc:
        fail(exc)
    click.echo(body["public_key"])


@click.command("audit")
@click.argument("game_id")
@url_option
@json_option
def audit_game(game_id, url, as_json) -> None:
    """Audit a game: chain, irregularities, claims ruled again, score sheet recomputed."""
    client = Client(url)
    try:
        with console.status(marked("Auditing {}", game_id)):
            body = client.request("GET", f"/games/{game_id}/audit", token=client.token_for(game_id),
                                  params={"wait": AUDIT_WAIT_S}).json()
    except ApiError as exc:
        fail(exc)
    report = ready_part(body, "audit", "The audit is still running; try again in a moment.")
    if as_json:
        click.echo(json.dumps(report))
    else:
        render_audit(report)
    if not report["ok"]:
        sys.exit(EXIT_REFUSED)


def render_audit(report: dict) -> None:
    """Print an audit report as text and tables."""
    chain = report["chain"]
    if chain["ok"]:
        console.print(marked("Chain: [green]verified[/] ({} events).", chain['events_checked']))
    else:
        console.print(marked("Chain: [bold red]broken at version {}[/]: {}. Replayed the {} events before it.",
                             chain['first_bad_version'], chain['reason'], report['replayed_to']))
    if report.get("replay_error"):
        console.print(marked("[bold red]Replay failed[/]: {}", report['replay_error']['reason']))
    from rich.table import Table

    # An empty table would print its headers over nothing: one plain sentence says it instead.
    if report["irregularities"]:
        table = Table(title="Irregularities")
        for column in ("event", "hand", "trick", "seat", "card", "kind", "window", "ruled"):
            table.add_column(column)
        for irr in report["irregularities"]:
            table.add_row(*(str(irr.get(k)) for k in ("version", "hand", "trick", "seat", "card", "kind", "window", "ruled")))
        console.print(table)
    else:
        console.print("Irregularities: none.")
    if report["rulings"]:
        table = Table(title="Rulings: penalty applied against penalty due")
        for column in ("claim", "ruling", "verdict", "window", "applied", "due", "same"):
            table.add_column(column)
        for r in report["rulings"]:
            ruling = r.get("ruling") or {}
            applied = ", ".join(f"{e['type']} (v{e['version']})" for e in r["applied"]) or "none"
            due = "n/a" if r["due"] is None else ", ".join(e["type"] for e in r["due"]) or "none"
            table.add_row(str(r["claim_version"]), str(r["ruling_version"]), str(ruling.get("verdict")),
                          str(ruling.get("window")), applied, due, str(r["matches"]))
        console.print(table)
    else:
        console.print("Rulings: none.")
    scores = report.get("scores") or {}
    console.print(f"Score sheet: {scores.get('note', 'not checked')}.")
    console.print(marked("[bold green]Audit passed.[/]") if report["ok"] else marked("[bold red]Audit found problems.[/]"))


#: The commands of this module, added to ``courtcard`` by :mod:`api.cli`.
RECORD_COMMANDS = (export_game, import_game, verify_file, signing_key, audit_game)
