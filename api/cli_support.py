"""What every ``courtcard`` command shares: its consoles, exit codes, options and field parsing.

Exit codes: 0 done; 1 refused (the referee or the server said no); 2 bad usage; 3 conflict (someone
logged first); 4 the service or its store is unreachable; 5 no such game.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console

from api.client import ApiError

console = Console()
err_console = Console(stderr=True)

EXIT_REFUSED, EXIT_USAGE, EXIT_CONFLICT, EXIT_UNAVAILABLE, EXIT_NOT_FOUND = 1, 2, 3, 4, 5


def fail(exc: ApiError) -> None:
    err_console.print(f"[bold red]Error:[/] {exc}")
    legal = exc.problem.get("legal")
    if legal:
        err_console.print("Legal: " + ", ".join(map(str, legal)))
    code = {0: EXIT_UNAVAILABLE, 503: EXIT_UNAVAILABLE, 409: EXIT_CONFLICT, 404: EXIT_NOT_FOUND}.get(exc.status, EXIT_REFUSED)
    sys.exit(code)


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
