"""``courtcard league``: a series of sessions with its own scoring rule, and its standings,
through the running service. A league's director token (shown once, by ``league new``) is kept in
this machine's token book, as ``session new`` keeps a session's."""

from __future__ import annotations

import click

from api.cli_club import (
    _call, _echo_document, _out, _start_keeping_its_token, standings_format_option, token_option,
)
from api.cli_support import json_option, url_option
from api.client import Client
from api.terminal import marked


@click.group("league")
def league_group() -> None:
    """Leagues (a season of club nights): start one, add sessions, standings."""


@league_group.command("new")
@click.argument("name")
@click.option("--session", "sessions", multiple=True, help="A session id, in order (repeat).")
@click.option("--best", type=click.IntRange(1, 1000),
              help="Count each player's best N sessions (default: every session's match points).")
@url_option
@json_option
def league_new(name, sessions, best, url, as_json) -> None:
    """Start a league; its director token is kept on this machine."""
    client = Client(url)
    body = {"name": name, "sessions": list(sessions), "rule": "best" if best else "sum", "best": best or 0}
    _start_keeping_its_token(client, "/leagues", body, "league_id", "League [bold]{}[/] started.", as_json)


@league_group.command("add")
@click.argument("league_id")
@click.argument("session_id")
@token_option
@url_option
@json_option
def league_add(league_id, session_id, token, url, as_json) -> None:
    """Add a session to the league, after those already in it."""
    client = Client(url)
    body = _call(client, "POST", f"/leagues/{league_id}/sessions", token=token or client.token_for(league_id),
                 json={"session_id": session_id})
    _out(as_json, body, marked("Session {} added to {}: {} sessions.", session_id, body["name"], len(body["sessions"])))


@league_group.command("standings")
@click.argument("league_id")
@standings_format_option
@url_option
@json_option
def league_standings(league_id, form, url, as_json) -> None:
    """The league's standings by its rule, each player's rating beside them."""
    client = Client(url)
    if form != "text":
        return _echo_document(client, f"/leagues/{league_id}/standings", form)
    body = _call(client, "GET", f"/leagues/{league_id}/standings")
    league = body["league"]
    lines = [marked("[bold]{}[/]  ({}; {} sessions)", league["name"], league["rule_words"], len(league["sessions"]))]
    lines += [marked("{:>3}  {}  {} points  {} nights, {} won  rating {}{}", x["rank"], x["name"], x["points"],
                     x["nights"], x["nights_won"], "-" if x["rating"] is None else f"{x['rating']:.1f}",
                     f"  ({x['tie_break']})" if x["tie_break"] else "") for x in body["lines"]]
    _out(as_json, body, *lines)


LEAGUE_COMMANDS = (league_group,)
