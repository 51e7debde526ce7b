"""The ``courtcard`` command line: serving, workers, and a table's commands (its exit codes and
shared options are in :mod:`api.cli_support`, actions as typed in :mod:`api.cli_actions`, the
record's commands in :mod:`api.cli_records`, the reading ones in :mod:`api.cli_queries` and
:mod:`api.cli_disputes`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from api.cli_actions import GameCommands, LogCommand, card_hint, game_kind_option, prepare_action, prepare_options, seat_number
from api.cli_table import lost_line
from api.cli_club import CLUB_COMMANDS
from api.cli_league import LEAGUE_COMMANDS
from api.cli_disputes import dispute_command
from api.cli_queries import QUERY_COMMANDS
from api.cli_records import RECORD_COMMANDS
from api.cli_support import (  # noqa: F401 - the exit codes are the command's interface, named here too
    EXIT_CONFLICT, EXIT_NOT_FOUND, EXIT_REFUSED, EXIT_UNAVAILABLE, EXIT_USAGE, console, fail, json_option,
    parse_fields, table_of, url_option,
)
from api.client import ApiError, Client
from api.gate import DEFAULT_CONCURRENCY, DEFAULT_STREAM_LIMIT
from api.terminal import marked
from events.defaults import DEFAULT_MAXMEMORY

@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="courtcard")
def main() -> None:
    """Courtcard: the referee and verifiable record of card games played at a real table."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=1, show_default=True, type=click.IntRange(0), help="RQ workers to run beside the API.")
@click.option("--processes", default=2, show_default=True, type=click.IntRange(1), help="API server processes.")
@click.option("--concurrency", default=DEFAULT_CONCURRENCY, show_default=True, type=click.IntRange(1), envvar="COURTCARD_CONCURRENCY",
              help="Requests each API process works on at once; the rest wait their turn, first come first served.")
@click.option("--streams", default=DEFAULT_STREAM_LIMIT, show_default=True, type=click.IntRange(0), envvar="COURTCARD_STREAM_LIMIT",
              help="Live event streams each API process serves at once; past it a watcher is told to retry.")
@click.option("--data-dir", envvar="COURTCARD_DATA", default=None, help="Embedded Redis data directory (default ./data).")
@click.option("--appendfsync", type=click.Choice(["everysec", "always"]), default="everysec", show_default=True,
              help="Embedded Redis: fsync the append-only file on every write (an acknowledged action is on disk), "
                   "or every second (a power cut may lose the last second).")
@click.option("--maxmemory", envvar="COURTCARD_MAXMEMORY", default=DEFAULT_MAXMEMORY, show_default=True,
              help="Embedded Redis: memory limit (e.g. 512mb, 2gb); when full it refuses writes (507), never evicts.")
@click.option("--cluster", is_flag=True,
              help="Without REDIS_URL: keep the record on a local Valkey Cluster (3 primaries, each with a replica, "
                   "in <data-dir>/cluster), RQ's queues on the embedded server; to try Courtcard on a cluster.")
def serve(host, port, workers, processes, concurrency, streams, data_dir, appendfsync, maxmemory, cluster) -> None:
    """Run the API (and RQ workers), on the embedded Redis unless REDIS_URL is set.

    A worker or the embedded store that dies is started again (with a back-off, logged), and so is
    an API process; Ctrl-C or SIGTERM stops everything.
    """
    from api.director import KEY_FILE, load_or_create_director_key
    from api.server import serve_api
    from api.supervisor import Supervisor
    from events.cluster import LocalCluster
    from events.server import EmbeddedServer, EmbeddedServerError, default_data_dir, parse_memory, queue_url
    from events.signing import load_or_create_signer

    try:
        parse_memory(maxmemory)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--maxmemory") from None
    _log_to_stderr("courtcard.serve")
    _refuse_a_port_in_use(host, port)
    embedded = None
    url = os.environ.get("REDIS_URL")
    if not url:
        embedded = EmbeddedServer(data_dir or default_data_dir(), appendfsync=appendfsync, maxmemory=maxmemory)
        url = embedded.start()
        console.print(f"Embedded Redis-compatible server (Valkey) on {embedded.url.split('@')[-1]}, data in {embedded.data_dir}")
    local_cluster = None
    if cluster and embedded is not None:
        local_cluster = LocalCluster(embedded.data_dir / "cluster", appendfsync=appendfsync, maxmemory=maxmemory)
        os.environ["COURTCARD_QUEUE_URL"], url = url, local_cluster.start()
        console.print(f"Local Valkey Cluster of {len(local_cluster.nodes)} nodes on {url.split('@')[-1]}, "
                      f"data in {local_cluster.data_dir}; RQ's queues on the embedded server")
    try:
        queue_url(url)
    except EmbeddedServerError as exc:
        raise click.UsageError(str(exc)) from None
    # Every API process keeps the key that signs exports in the same data directory.
    data = Path(data_dir or default_data_dir()).resolve()
    os.environ["COURTCARD_DATA"] = str(data)
    console.print(f"Exports are signed with the key {load_or_create_signer(data).public_key} (GET /signing-key)")
    # Made now, not on the first request that carries a token, so the director can read it at once.
    load_or_create_director_key(data)
    console.print(f"The director's key (the desk at http://{host}:{port}/director) is in {data / KEY_FILE}",
                  soft_wrap=True)  # one line, so the path is copied whole
    # A node of the local cluster that dies is started again as the embedded server is.
    supervisor = Supervisor(workers, dict(os.environ, REDIS_URL=url), embedded,
                            local_cluster.nodes if local_cluster is not None else ())
    supervisor.start()
    console.print(f"Courtcard API on http://{host}:{port}  (docs: http://{host}:{port}/docs), {workers} worker(s)")
    try:
        serve_api(host, port, processes, concurrency, streams, url)
    finally:
        supervisor.stop()


def _log_to_stderr(name: str) -> None:
    import logging  # here: the commands that only talk HTTP never log

    logger = logging.getLogger(name)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("[%(asctime)s] %(levelname)s courtcard: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


def _refuse_a_port_in_use(host: str, port: int) -> None:
    """Granian listens with SO_REUSEPORT, so a second server on a taken port would start and share
    the requests with the first. Binding once without it fails when anyone listens there."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a closed server's TIME_WAIT is no owner
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise click.UsageError(f"{host}:{port} is in use ({exc.strerror}): is another courtcard serve "
                                   f"running there? Stop it, or choose another --port.") from None


@main.command()
@click.option("--burst", is_flag=True, help="Quit when the queues are empty.")
def worker(burst) -> None:
    """Run one RQ worker on Courtcard's queues (COURTCARD_QUEUE_URL, else REDIS_URL, else the embedded server)."""
    from events.server import EmbeddedServerError, connect, queue_url, redis_from_url
    from workers.worker import make_worker

    store_url = os.environ.get("REDIS_URL")
    try:
        queues_at = queue_url(store_url) if store_url else None
    except EmbeddedServerError as exc:
        raise click.UsageError(str(exc)) from None
    client = redis_from_url(queues_at) if queues_at and queues_at != store_url else connect()[0]
    make_worker(client).work(burst=burst, with_scheduler=True)


@main.command()
@click.argument("game")
@click.option("--seat", "seats", multiple=True, required=True, help="A seat's name, clockwise from seat 0 (repeat).")
@click.option("--option", "options", multiple=True,
              help="A game option, key=value (repeat); first_dealer takes a player's name too.")
@click.option("--record", type=click.Choice(["blind", "known"]), default="blind", show_default=True)
@click.option("--private", is_flag=True, help="Reads need the token too.")
@url_option
@json_option
def new(game, seats, options, record, private, url, as_json) -> None:
    """Create a game; print its id and the scorekeeper's token (kept in ~/.courtcard/tokens.json)."""
    client = Client(url)
    try:
        catalog = client.catalog()
    except ApiError as exc:
        fail(exc)
    prepared = prepare_options(catalog, game, list(seats), parse_fields(options))
    try:
        created = client.create_game(game, list(seats), prepared, record, private)
    except ApiError as exc:
        fail(exc)
    if as_json:
        click.echo(json.dumps({k: created[k] for k in ("game_id", "version", "token")}))
    else:
        console.print(marked("Game [bold]{}[/] created (version {}).", created['game_id'], created['version']))
        console.print(f"Scorekeeper token (shown once, saved for this machine): {created['token']}")


@main.command(cls=LogCommand)
@click.argument("game_id")
@click.argument("action")
@click.argument("fields", nargs=-1)
@click.option("--if-match", type=int, help="Only if the game is still at this version.")
@click.option("--key", help="Idempotency key: a retry with the same key logs nothing twice.")
@url_option
@json_option
def log(game_id, action, fields, if_match, key, url, as_json) -> None:
    """Log one table action, such as `courtcard log GAME play seat=Bob card=QS`.

    A seat is its number (from 0, clockwise) or its player's name. The actions of each game and
    their fields are listed below ([field=]: may be left out)."""
    client = Client(url)
    table = table_of(client, game_id)
    names = table["view"].get("seats") or []
    try:
        commands = GameCommands(next(g for g in client.catalog() if g["name"] == table["game"]))
    except ApiError as exc:
        fail(exc)
    body = prepare_action(commands, names, action, parse_fields(fields))
    try:
        result = client.act(game_id, body, if_match, key, words=not as_json)
    except ApiError as exc:
        fail(exc, card_hint(body), names)
    if as_json:
        click.echo(json.dumps(result))
        return
    console.print(result.get("said") or "Nothing new was logged.", highlight=False)
    console.print(marked("[dim]Game {} is at version {}.[/]", game_id, result['version']))
    lost = lost_after(client, game_id, body)
    if lost:
        console.print(lost_line(lost))


def lost_after(client: Client, game_id: str, body: dict) -> str | None:
    """Why the game is lost, when the acting seat's own view says so (a patience's does, once its
    key can never be played out); None otherwise, or when that view cannot be read."""
    if not isinstance(body.get("seat"), int):
        return None
    try:
        return client.game(game_id, seat=body["seat"])["view"].get("lost")
    except ApiError:
        return None


@main.command()
@click.argument("game_id")
@click.option("--director", is_flag=True, help="Everything the referee knows (needs the token).")
@click.option("--seat", help="What one seat may see: its number or its player's name (needs the token).")
@url_option
@json_option
def show(game_id, director, seat, url, as_json) -> None:
    """Show the table as text: the players, the cut, the hand and its tricks, the rulings, the
    score sheet (Dungeon: each player's dungeon; The Queens: the tableau)."""
    from api.render import render_game

    client = Client(url)
    body = table = table_of(client, game_id)
    if director or seat is not None:
        number = None if seat is None else seat_number(seat, table["view"].get("seats") or [], "--seat")
        try:
            body = client.game(game_id, "director" if director else "table", number)
        except ApiError as exc:
            fail(exc)
    if as_json:
        click.echo(json.dumps(body))
    else:
        render_game(console, body)


class DefaultGame:
    """The default of ``--game``: the index's default game (``referee.game_index``), read when a
    command runs or shows its help (click calls a default, and shows it as text), so that starting
    the command line reads nothing of the referee."""

    def __call__(self) -> str:
        from referee.game_index import DEFAULT_GAME

        return DEFAULT_GAME

    __str__ = __call__


@main.command()
@click.option("--game", "game_name", default=DefaultGame(), show_default=True, callback=game_kind_option)
@click.option("--players", default=None, type=click.IntRange(1, 8),
              help="Seats at the table (default: the game's own default, 4 where it has none).")
@click.option("--option", "options", multiple=True, help="A game option, key=value (repeat).")
@click.option("--seed", type=int, help="Seed the random choices (the deal is the referee's own).")
@click.option("--max-actions", default=20_000, show_default=True, type=int)
@url_option
def demo(game_name, players, options, seed, max_actions, url) -> None:
    """Play a whole random game through the running service and print the score sheet."""
    from api.cli_table import Names
    from api.demo import play_demo
    from api.render import outcome_sentence, render_scores, render_sheet

    client = Client(url)
    try:
        game_id, body = play_demo(client, game_name, players, parse_fields(options), seed, max_actions, console.real)
        reply = client.scores(game_id)
    except ApiError as exc:
        fail(exc)
    # The score sheet as `courtcard scores` prints it (Dungeon's: each player's standing); the
    # table's own totals if no worker brought it up to date in time.
    if reply.get("ready") and reply.get("sheet"):
        render_sheet(console, reply["sheet"], Names(body["view"].get("seats") or []))
    else:
        render_scores(console, body)
    console.print(f"Game {game_id} {'finished' if body['outcome'] else 'stopped'} at version {body['version']}. "
                  f"{outcome_sentence(body) or 'It did not end within --max-actions.'}")


# The record commands (export, import, verify, signing-key, audit) and those that read a table
# (scores, legal, list) and its disputes live in their own modules.
for _command in (*RECORD_COMMANDS, *QUERY_COMMANDS, dispute_command, *CLUB_COMMANDS, *LEAGUE_COMMANDS):
    main.add_command(_command)
