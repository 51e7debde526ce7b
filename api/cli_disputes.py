"""``courtcard dispute``: open a dispute (a claim of a renege, ruled by the referee at once), read
a dispute's ruling explained (a claim, or a ruling of the game's own: a Dungeon accusation, a look),
or list a game's disputes."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable

import click

from api.cli_actions import card_hint, refuse_unreadable_cards, seat_number
from api.cli_support import EXIT_USAGE, console, err_console, fail, json_option, ready_part, table_of, url_option
from api.client import ApiError, Client
from api.terminal import marked

#: Seconds to wait for a worker to explain a ruling (or list the disputes) before saying it is still being made.
EXPLAIN_WAIT_S = 10


@click.command("dispute")
@click.argument("game_id")
@click.argument("dispute", required=False, type=int)
@click.option("--by", "claimant", help="Open a dispute: the seat claiming (its number or its player's name).")
@click.option("--accused", help="... the seat it accuses.")
@click.option("--trick", type=int, help="... the trick of the card in question.")
@click.option("--hand", type=int, help="... its hand (default: the hand in play).")
@click.option("--shown", help="... a card of the accused's shown at the table.")
@click.option("--key", help="Idempotency key: opening the same dispute again with it opens nothing twice.")
@url_option
@json_option
def dispute_command(game_id, dispute, claimant, accused, trick, hand, shown, key, url, as_json) -> None:
    """Open a dispute, read one, or list a game's disputes.

    \b
    courtcard dispute GAME --by Ann --accused Bob --trick 3   open one: the referee rules at once
    courtcard dispute GAME 45                                 read dispute 45: the ruling, its evidence
    courtcard dispute GAME                                    every dispute of the game, one line each

    A dispute is a claim opened here, or a ruling of the game's own (Dungeon: an accusation, a look
    after a denial), read and listed the same way.
    """
    client = Client(url)
    table = table_of(client, game_id)
    names = table["view"].get("seats") or []
    opening = claimant is not None or accused is not None or trick is not None
    if opening:
        if dispute is not None:
            raise click.UsageError("Give a dispute's number to read it, or --by, --accused and --trick to open one: not both.")
        missing = [o for o, v in (("--by", claimant), ("--accused", accused), ("--trick", trick)) if v is None]
        if missing:
            raise click.UsageError(f"Opening a dispute needs {', '.join(missing)} too.")
        claim = {"seat": seat_number(claimant, names, "--by"), "accused": seat_number(accused, names, "--accused"),
                 "trick": trick, **({"hand": hand} if hand is not None else {}), **({"shown": shown} if shown else {})}
        refuse_unreadable_cards(claim)
        try:
            dispute = client.file_dispute(game_id, claim, key)["dispute"]
        except ApiError as exc:
            fail(exc, card_hint(claim), names)
        if not as_json:
            console.print(f"Dispute {dispute} opened (the claim is event {dispute}); the referee has ruled.")
    if dispute is None:
        _list_disputes(client, game_id, as_json)
        return
    reply = _when_ready(lambda: client.dispute(game_id, dispute))
    if as_json:
        click.echo(json.dumps(reply))
        return
    if not reply.get("ready"):
        err_console.print(f"Dispute {dispute} is logged and ruled; its explanation is still being written. "
                          f"Run `courtcard dispute {game_id} {dispute}` again in a moment.")
        sys.exit(EXIT_USAGE)
    render_dispute(reply["ruling"])


def _when_ready(read: Callable[[], dict]) -> dict:
    """The reply of ``read`` once a worker has made what it reads (``ready``), or the last one after
    a while: an explanation or a list is a worker's read model."""
    deadline = time.monotonic() + EXPLAIN_WAIT_S
    while True:
        try:
            reply = read()
        except ApiError as exc:
            fail(exc)
        if reply.get("ready") or time.monotonic() > deadline:
            return reply
        time.sleep(0.2)


def render_dispute(doc: dict) -> None:
    """A dispute as the table hears it: what was claimed, the ruling, its evidence event by event, the penalty."""
    console.print(marked("[bold]Dispute {}[/] ({})", doc['dispute'], doc['status'].replace('_', ' ')))
    # The explanation read aloud, a sentence a line: the claim, the ruling, each event of evidence, the penalty.
    for sentence in re.split(r"(?<=\.) (?=[A-Z])", doc["read_aloud"]):
        console.print(sentence, highlight=False)


def _list_disputes(client: Client, game_id: str, as_json: bool) -> None:
    """Every dispute of the game (its id is its claim's or ruling's event), with one line of what the table saw."""
    listed = ready_part(_when_ready(lambda: client.disputes(game_id)), "disputes",
                        f"The list of game {game_id}'s disputes is still being made. "
                        f"Run `courtcard dispute {game_id}` again in a moment.")
    if as_json:
        click.echo(json.dumps(listed))
        return
    if not listed:
        console.print(f"Game {game_id} has no disputes.")
        return
    for line in listed:
        console.print(f"Dispute {line['dispute']}: {line['summary']}", highlight=False)
