"""What every ``courtcard`` command shares: its consoles, exit codes, options and field parsing.

Exit codes: 0 done; 1 refused (the referee or the server said no); 2 bad usage; 3 conflict (someone
logged first); 4 the service or its store is unreachable; 5 no such game.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from api.client import ApiError, Client, TokenBook
from api.terminal import LazyConsole, marked

#: The command's consoles print text, never markup or a control character (see api.terminal).
console = LazyConsole()
err_console = LazyConsole(stderr=True)

EXIT_REFUSED, EXIT_USAGE, EXIT_CONFLICT, EXIT_UNAVAILABLE, EXIT_NOT_FOUND = 1, 2, 3, 4, 5


def fail(exc: ApiError, hint: str = "", names: list[str] | None = None) -> None:
    """Say what the service refused, in the command line's words, and exit with its code. With the
    game's ``names``, a seat the problem lists as legal is said as its player's name."""
    err_console.print(marked("[bold red]Error:[/] {}", problem_text(exc)))
    legal = exc.problem.get("legal")
    if legal:
        said = [names[v] if names and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(names)
                else str(v) for v in legal]
        err_console.print("Legal: " + ", ".join(said))
    if hint:
        err_console.print(hint.strip())
    code = {0: EXIT_UNAVAILABLE, 503: EXIT_UNAVAILABLE, 409: EXIT_CONFLICT, 404: EXIT_NOT_FOUND}.get(exc.status, EXIT_REFUSED)
    sys.exit(code)


def table_of(client: Client, game_id: str) -> dict[str, Any]:
    """The game as the table sees it (its kind, its players' names, who acts), or the command fails."""
    try:
        return client.game(game_id)
    except ApiError as exc:
        fail(exc)


def ready_part(reply: dict[str, Any], key: str, waiting: str) -> Any:
    """``reply[key]`` of a read model the workers keep (a score sheet, an audit) once it is up to
    date; otherwise say ``waiting`` and exit."""
    part = reply.get(key)
    if not reply.get("ready") or part is None:
        err_console.print(waiting)
        sys.exit(EXIT_USAGE)
    return part


def problem_text(exc: ApiError) -> str:
    """The problem's detail, except where it speaks HTTP (headers) to a person at a command line:
    then what to do here instead."""
    code = exc.problem.get("code")
    where = ("Run the command on the machine that created the game (its token is kept there, in "
             f"{TokenBook().path}), or set COURTCARD_TOKEN to the token `courtcard new` printed.")
    if code == "token_required":
        # The service's detail tells an HTTP client which header to send; a person needs the token.
        return f"{str(exc).split(': send')[0].rstrip('.')}. {where}"
    if code == "token_rejected":
        return f"{exc} {where}"
    if code == "outcome_unknown":
        key = exc.problem.get("idempotency_key")
        again = f"Run the same command again with --key {key}" if key else "Run the same command again with the same --key"
        return ("The game record did not confirm the action in time, so it may or may not have been logged. "
                f"{again}: that settles it, and it is never logged twice.")
    return str(exc).replace("Idempotency-Key", "--key")  # the header is the command's --key


def parse_fields(pairs: tuple[str, ...]) -> dict[str, Any]:
    """``seat=1 card=QS hands='[[...]]'`` -> a JSON body: numbers and JSON values keep their type."""
    fields: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{pair!r} is not key=value", param_hint="FIELDS")
        try:
            fields[key] = json.loads(value)
        except json.JSONDecodeError:
            fields[key] = value
    return fields


url_option = click.option("--url", envvar="COURTCARD_URL", default=None, help="The service (default http://127.0.0.1:8000).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
