"""``courtcard player`` and ``courtcard session``: the club's roster, its sessions, their rounds,
standings and the director's rulings, through the running service.

A session's director token (shown once, by ``session new``) and each table's scorekeeper token
(``session seat``) are kept in this machine's token book, as ``new`` keeps a game's; ``--token``
(or ``COURTCARD_TOKEN``) gives another, such as the director's key for ``player merge``.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from api.cli_support import console, fail, json_option, url_option
from api.client import ApiError, Client
from api.terminal import marked

token_option = click.option("--token", envvar="COURTCARD_TOKEN", default=None,
                            help="The token to send (default: the one this machine was given).")
standings_format_option = click.option("--format", "form", type=click.Choice(["text", "html", "csv"]), default="text",
                                       show_default=True)


def _call(client: Client, method: str, path: str, token: str | None = None, **kwargs) -> dict:
    try:
        return client.request(method, path, token=token, **kwargs).json()
    except ApiError as exc:
        fail(exc)


def _start_keeping_its_token(client: Client, path: str, body: dict, id_key: str, said: str, as_json: bool) -> None:
    """Start a session or a league (POST ``body`` to ``path``) and keep its director token, shown
    once, in this machine's token book; ``said`` is what the start is called, the id in its place."""
    created = _call(client, "POST", path, json=body)
    client.tokens.put(created[id_key], created["token"])
    _out(as_json, created, marked(f"{said} Its director token is kept on this machine.", created[id_key]))


def _echo_document(client: Client, path: str, form: str, nl: bool = True) -> None:
    """The standings at ``path`` in a document ``form`` (html, csv), as the service made them."""
    try:
        click.echo(client.request("GET", path, params={"format": form}).text, nl=nl)
    except ApiError as exc:
        fail(exc)


def _out(as_json: bool, body: dict, *lines) -> None:
    if as_json:
        click.echo(json.dumps(body))
    else:
        for line in lines:
            console.print(line, highlight=False)


@click.group("player")
def player_group() -> None:
    """The club's roster: add, list, show and merge players."""


@player_group.command("add")
@click.argument("name")
@click.option("--member", help="The player's member number.")
@click.option("--alias", "aliases", multiple=True, help="Another name the player is known by (repeat).")
@url_option
@json_option
def player_add(name, member, aliases, url, as_json) -> None:
    """Add a player to the roster."""
    body = _call(Client(url), "POST", "/players", json={"name": name, "member_number": member, "aliases": list(aliases)})
    _out(as_json, body, marked("Player [bold]{}[/] added: {}", body["name"], body["player_id"]))


@player_group.command("list")
@url_option
@json_option
def player_list(url, as_json) -> None:
    """Every player on the roster, in the order they joined."""
    body = _call(Client(url), "GET", "/players")
    _out(as_json, body, *(marked("{}  {}{}", p["player_id"], p["name"],
                                 f"  (member {p['member_number']})" if p["member_number"] else "")
                          for p in body["players"]))


@player_group.command("show")
@click.argument("player")
@url_option
@json_option
def player_show(player, url, as_json) -> None:
    """A player's entry and names, the session games they played with their places, their rating
    game by game, and the claims by or against them: the facts of their page (/player/ID)."""
    body = _call(Client(url), "GET", f"/players/{player}")
    lines = [marked("[bold]{}[/]  {}", body["name"], body["player_id"])]
    if len(body["names"]) > 1:
        lines.append(marked("Also known as: {}", ", ".join(body["names"][1:])))
    lines += [marked("{} round {} table {}: game {}, {}", g["session"], g["round"], g["table"], g["game_id"],
                     f"place {g['place']}" if g["finished"] else "in progress") for g in body["games"]]
    for rating in body["ratings"]:
        lines.append(marked("Rating in {}: {} after {} games ({})", rating["game"], f"{rating['ordinal']:.1f}",
                            rating["games"], ", ".join(f"{h['game_id']} {h['ordinal']:.1f}" for h in rating["history"])))
    lines += [marked("Dispute: {} claimed against {}, hand {} trick {}, game {}: {}", d["claimant"], d["accused"],
                     d["hand"], d["trick"], d["game_id"], d["verdict"] or "not ruled yet") for d in body["disputes"]]
    _out(as_json, body, *lines)


@player_group.command("merge")
@click.argument("kept")
@click.argument("merged")
@click.option("--reason", default="the same person", show_default=True)
@token_option
@url_option
@json_option
def player_merge(kept, merged, reason, token, url, as_json) -> None:
    """Merge MERGED into KEPT (one person): needs the director's key (--token)."""
    body = _call(Client(url), "POST", "/players/merges", token=token,
                 json={"kept": kept, "merged": merged, "reason": reason})
    _out(as_json, body, marked("{} now counts as [bold]{}[/] ({}).", merged, body["name"], kept))


@click.group("session")
def session_group() -> None:
    """Sessions (a club night, a tournament): open, seat rounds, show, standings, rulings."""


@session_group.command("new")
@click.argument("name")
@click.option("--game", required=True, help="The game played at every table.")
@click.option("--tables", required=True, type=click.IntRange(1), help="How many tables (numbered from 1).")
@click.option("--player", "players", multiple=True, required=True, help="A player present: id or name (repeat).")
@click.option("--option", "options", multiple=True, help="A game option, key=value (repeat).")
@click.option("--table-name", "table_names", multiple=True, help="Table 1's name, then table 2's ... (repeat).")
@click.option("--record", type=click.Choice(["known", "blind"]), default="blind", show_default=True)
@click.option("--date", help="YYYY-MM-DD (default today).")
@click.option("--correction-minutes", type=float, default=30, show_default=True,
              help="The correction period after the results are published.")
@url_option
@json_option
def session_new(name, game, tables, players, options, table_names, record, date, correction_minutes, url,
                as_json) -> None:
    """Open a session; its director token is kept on this machine."""
    from api.cli_support import parse_fields

    client = Client(url)
    body = {"name": name, "game": game, "tables": tables, "players": list(players), "options": parse_fields(options),
            "table_names": list(table_names), "record": record, "correction_minutes": correction_minutes,
            **({"date": date} if date else {})}
    _start_keeping_its_token(client, "/sessions", body, "session_id", "Session [bold]{}[/] opened.", as_json)


@session_group.command("seat")
@click.argument("session_id")
@click.option("--table", "tables", multiple=True,
              help="Table 1's players, comma-separated, then table 2's ... (leave out: Courtcard draws them).")
@click.option("--seed", type=int, help="The draw's seed (default: a random one, logged).")
@token_option
@url_option
@json_option
def session_seat(session_id, tables, seed, token, url, as_json) -> None:
    """Seat the next round and create each table's game (their tokens are kept on this machine)."""
    client = Client(url)
    body = {"seating": [[p.strip() for p in t.split(",")] for t in tables]} if tables else {}
    if seed is not None:
        body["seed"] = seed
    seated = _call(client, "POST", f"/sessions/{session_id}/rounds", token=token or client.token_for(session_id),
                   json=body)
    for table in seated["tables"]:
        client.tokens.put(table["game_id"], table["token"])
    how = f"drawn by Courtcard, seed {seated['seed']}" if seated["method"] == "drawn" else "as given"
    _out(as_json, seated, marked("Round {} seated ({}):", seated["round"], how),
         *(marked("Table {}: game {}  {}", t["number"], t["game_id"], ", ".join(t["names"])) for t in seated["tables"]))


@session_group.command("show")
@click.argument("session_id")
@url_option
@json_option
def session_show(session_id, url, as_json) -> None:
    """The session: its tables by number, each round's seating and games."""
    body = _call(Client(url), "GET", f"/sessions/{session_id}")
    lines = [marked("[bold]{}[/]  {}  {}  ({} tables)", body["name"], body["date"], body["game"], len(body["tables"]))]
    for rnd in body["rounds"]:
        lines.append(marked("Round {} ({}{})", rnd["round"], rnd["method"],
                            f", seed {rnd['seed']}" if rnd["seed"] is not None else ""))
        lines += [marked("  Table {}{}: game {}  {}", t["number"], f" ({t['name']})" if t["name"] else "",
                         t["game_id"], ", ".join(t["names"])) for t in rnd["tables"]]
    if body["published_at"]:
        lines.append(marked("Results published at {}; corrections until {}.", body["published_at"],
                            body["correction_closes_at"]))
    _out(as_json, body, *lines)


@session_group.command("standings")
@click.argument("session_id")
@standings_format_option
@url_option
@json_option
def session_standings(session_id, form, url, as_json) -> None:
    """The session's standings, as ruled (and as played where a ruling changed them)."""
    client = Client(url)
    if form != "text":
        return _echo_document(client, f"/sessions/{session_id}/standings", form, nl=False)
    body = _call(client, "GET", f"/sessions/{session_id}/standings")
    lines = [marked("[bold]{}[/]  {}", body["name"], body["date"])]
    for which in ("as_ruled", "as_played") if body["adjustments"] else ("as_ruled",):
        lines.append(marked("[bold]{}[/]", which.replace("_", " ").capitalize()))
        lines += [marked("{:>3}  {}  {} MP  {} first{}  total {}{}", line["rank"], line["name"], line["match_points"],
                         line["firsts"], "" if line["firsts"] == 1 else "s",
                         "-" if line["total"] is None else line["total"],
                         f"  ({line['tie_break']})" if line["tie_break"] else "")
                  for line in body[which]]
    lines += [marked("Ruling on game {} ({}): {}", a["game_id"], a["kind"], a["reason"]) for a in body["adjustments"]]
    _out(as_json, body, *lines)


@session_group.command("publish")
@click.argument("session_id")
@token_option
@url_option
def session_publish(session_id, token, url) -> None:
    """Publish the results: the correction period starts."""
    client = Client(url)
    body = _call(client, "POST", f"/sessions/{session_id}/publish", token=token or client.token_for(session_id))
    console.print(marked("Results published at {}; corrections until {}.", body["published_at"],
                         body["correction_closes_at"]))


@session_group.command("adjust")
@click.argument("session_id")
@click.argument("game_id")
@click.option("--places", required=True, help="One place a seat, comma-separated (1 = first).")
@click.option("--totals", help="One total a seat, comma-separated.")
@click.option("--reason", required=True)
@click.option("--appeal", is_flag=True, help="A ruling on appeal (else an adjusted score).")
@token_option
@url_option
def session_adjust(session_id, game_id, places, totals, reason, appeal, token, url) -> None:
    """Adjust a game's result (the game's own record is unchanged)."""
    client = Client(url)
    try:
        body = {"game_id": game_id, "places": [int(p) for p in places.split(",")], "reason": reason,
                "kind": "appeal" if appeal else "adjusted",
                **({"totals": [int(t) for t in totals.split(",")]} if totals else {})}
    except ValueError:
        raise click.BadParameter("places and totals are whole numbers, comma-separated") from None
    _call(client, "POST", f"/sessions/{session_id}/adjustments", token=token or client.token_for(session_id), json=body)
    console.print(marked("Game {}'s result adjusted: {}.", game_id, reason))


@session_group.command("appeal")
@click.argument("session_id")
@click.argument("game_id")
@click.option("--by", required=True, help="Who appeals.")
@click.option("--grounds", required=True)
@token_option
@url_option
def session_appeal(session_id, game_id, by, grounds, token, url) -> None:
    """Lodge an appeal against a game's result, within the correction period."""
    client = Client(url)
    token = token or client.token_for(session_id) or client.token_for(game_id)
    _call(client, "POST", f"/sessions/{session_id}/appeals", token=token,
          json={"game_id": game_id, "by": by, "grounds": grounds})
    console.print(marked("Appeal against game {} lodged by {}.", game_id, by))


CLUB_COMMANDS = (player_group, session_group)


@session_group.command("export")
@click.argument("session_id")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder to write (default: ./session-<id>).")
@url_option
def session_export(session_id, output, url) -> None:
    """Save the session's record with the roster's and each of its games' (jsonl, verifiable)."""
    client = Client(url)
    folder = output or Path(f"session-{session_id}")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        files = {f"session-{session_id}.jsonl": client.request("GET", f"/sessions/{session_id}/export").content,
                 "roster.jsonl": client.request("GET", "/players/export").content}
        session = client.request("GET", f"/sessions/{session_id}").json()
        for game_id in (t["game_id"] for r in session["rounds"] for t in r["tables"]):
            files[f"game-{game_id}.jsonl"] = client.request("GET", f"/games/{game_id}/export",
                                                           token=client.token_for(game_id)).content
    except ApiError as exc:
        fail(exc)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    console.print(marked("Session {} saved in {}: {} files.", session_id, str(folder), len(files)))


@session_group.command("verify")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@json_option
def session_verify(folder, as_json) -> None:
    """Check a saved session offline: every chain, every game decided again, every drawn round
    drawn again from its seed."""
    import sys

    from api.cli_support import EXIT_REFUSED
    from workers.club_records import verify_session

    sessions = sorted(folder.glob("session-*.jsonl"))
    if len(sessions) != 1 or not (folder / "roster.jsonl").exists():
        raise click.UsageError(f"{folder} holds no saved session (one session-<id>.jsonl and roster.jsonl).")
    games = {p.name[len("game-"):-len(".jsonl")]: p.read_bytes().splitlines() for p in folder.glob("game-*.jsonl")}
    check = verify_session(sessions[0].read_bytes().splitlines(), (folder / "roster.jsonl").read_bytes().splitlines(),
                           games)
    if as_json:
        click.echo(json.dumps({"ok": check.ok, "session_id": check.session_id, "rounds": check.rounds,
                               "games": check.games, "finished": check.finished, "problems": check.problems}))
    elif check.ok:
        console.print(marked("[bold green]Verified[/]: session {}, {} round{}, {} games ({} finished), every drawn "
                             "round drawn again from its seed.", check.session_id, check.rounds,
                             "" if check.rounds == 1 else "s", len(check.games),
                             check.finished))
    else:
        for problem in check.problems:
            console.print(marked("[bold red]Does not verify[/]: {}", problem))
    if not check.ok:
        sys.exit(EXIT_REFUSED)
