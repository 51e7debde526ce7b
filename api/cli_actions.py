"""A table action as a person types it on the command line, made into the action the API takes.

Seats may be named (``seat=Bob``) as well as numbered; a seat name, an action name or a field
name that is not the game's is refused before anything is sent, with the nearest ones offered
("did you mean"), and so is a card no game can read. What each game's actions, fields and options
are comes from the games' registered commands (``Game.command_schemas``): ``courtcard log --help``
reads them, and ``log`` and ``new`` check what is typed against the service's catalog, which is
made from them (``GET /games/catalog``), so they never drift from what the referee takes and a
command at the table loads no rules.
"""

from __future__ import annotations

import difflib
from typing import Any

import click

# The referee's modules (every game's rules) are imported where they are used, not here: every
# ``courtcard`` command imports this module, and most (serve, worker, export) never need them.

#: Fields whose value is a card, or a list of cards, in some game (a refused one gets a suggestion).
CARD_FIELDS = frozenset({"card", "take", "ask", "shown", "cards", "discards", "called"})


def did_you_mean(word: str, choices: list[str], n: int = 3, cutoff: float = 0.6) -> str:
    """`` Did you mean 'play'?`` for the choices nearest ``word`` (case aside); "" when none is near."""
    by_key = {c.lower(): c for c in choices}
    near = difflib.get_close_matches(word.lower(), list(by_key), n=n, cutoff=cutoff)
    if not near:
        return ""
    quoted = [f"'{by_key[key]}'" for key in near]
    said = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" Did you mean {said}?"


def action_fields(game: str, action: str) -> dict[str, Any]:
    """The marshmallow fields of one of ``game``'s actions, by name."""
    from referee.registry import get_game

    schema = get_game(game).command_schemas[action]
    return (schema() if isinstance(schema, type) else schema).fields


def seat_number(value: Any, names: list[str], what: str = "seat") -> int:
    """A seat as typed: its number (``1``) or its player's name (``Bob``, any case)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if text.isdigit():
        return int(text)
    for seat, name in enumerate(names):
        if name.lower() == text.lower():
            return seat
    from api.terminal import unseen_escaped  # click prints this as it is: a name's control characters escaped

    players = f" ({', '.join(names)})" if names else ""
    raise click.BadParameter(unseen_escaped(f"'{text}' is not one of this game's players{players}."
                                            f"{did_you_mean(text, names)}"), param_hint=what)


class GameCommands:
    """A game's title, actions and each action's fields as the service's catalog gives them
    (``GET /games/catalog``: JSON Schema), so that ``courtcard log`` checks what is typed without
    loading the rules (about a second of imports at every action)."""

    def __init__(self, entry: dict[str, Any]) -> None:
        self.title = entry["title"]
        self.schemas: dict[str, dict[str, Any]] = entry["actions_schema"]

    def fields(self, action: str) -> dict[str, dict[str, Any]]:
        return self.schemas[action].get("properties") or {}

    def is_seat(self, action: str, key: str) -> bool:
        """A field that names a seat: one of the view's seat words, a whole number (The Queens'
        ``target`` is a place, written as text)."""
        from api.cli_table import SEAT_KEYS

        kind = self.fields(action)[key].get("type")
        return key in SEAT_KEYS and (kind == "integer" or isinstance(kind, list) and "integer" in kind)

    def is_boolean(self, action: str, key: str) -> bool:
        """A yes-or-no field (a confirmation's ``agree``)."""
        kind = self.fields(action)[key].get("type")
        return kind == "boolean" or isinstance(kind, list) and "boolean" in kind


#: How a yes-or-no field may be typed on the command line (``agree=no``); JSON's true and false too.
YES_NO = {"yes": True, "y": True, "no": False, "n": False}


def yes_or_no(key: str, value: str) -> bool:
    """``agree=no`` -> False; any other word is refused, naming the field (click.UsageError)."""
    try:
        return YES_NO[value.strip().lower()]
    except KeyError:
        raise click.UsageError(f"{key}={value} is not a yes or no: write {key}=yes or {key}=no.") from None


def prepare_action(commands: GameCommands, names: list[str], action: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The API's action body for ``action`` with ``fields`` as typed: the action and each field
    checked against the game's commands, seat names made seat numbers. Raises click.UsageError."""
    schemas = commands.schemas
    if action not in schemas:
        raise click.UsageError(f"{commands.title} has no action '{action}'.{did_you_mean(action, list(schemas))} "
                               f"Its actions: {', '.join(sorted(schemas))} (courtcard log --help).")
    known = commands.fields(action)
    body: dict[str, Any] = {"action": action}
    for key, value in fields.items():
        if key not in known:
            listed = ", ".join(known) or "none"
            raise click.UsageError(f"'{action}' has no field '{key}'.{did_you_mean(key, list(known))} "
                                   f"Its fields: {listed}.")
        body[key] = seat_number(value, names, key) if commands.is_seat(action, key) and isinstance(value, str) \
            else yes_or_no(key, value) if commands.is_boolean(action, key) and isinstance(value, str) else value
    refuse_unreadable_cards(body)
    return body


#: Card fields checked before sending: in these every value is a card (``ask`` may name a rank).
CHECKED_CARD_FIELDS = CARD_FIELDS - {"ask"}


def refuse_unreadable_cards(fields: dict[str, Any]) -> None:
    """A value of a card field that no game reads as a card (``card=QX``) is a typo: refused here,
    before anything is sent, with the nearest cards. Raises click.UsageError (exit 2)."""
    from referee.cards import DECK52, parse_card
    from referee.errors import UnknownCard

    for key, value in fields.items():
        if key not in CHECKED_CARD_FIELDS:
            continue
        for card in value if isinstance(value, list) else [value]:
            # A Joker (JK1, declared JK1=9H), a copy of a second pack (7H#2) and a face-down card (?)
            # are Dungeon's and The Queens' ways of writing a card.
            text = str(card).split("=")[-1].split("#")[0]
            if text == "?" or text.upper().startswith("JK"):
                continue
            try:
                parse_card(text)
            except UnknownCard:
                near = did_you_mean(text.upper(), list(DECK52), 4, 0.5)
                raise click.UsageError(f"{key}={card} is not a card: write the rank (2-10, J, Q, K, A) then the "
                                       f"suit (C, D, H, S), like QS or 10D.{near}") from None


def game_kind(game: str, known: list[str] | None = None) -> str:
    """A game's kind as typed (``queens-dungeon``), checked against the games this referee knows
    (``known``: as the service's catalog lists them)."""
    if known is None:
        from referee.registry import game_names

        known = game_names()
    if game not in known:
        raise click.UsageError(f"'{game}' is no game of Courtcard ({', '.join(known)}).{did_you_mean(game, known)}")
    return game


def game_kind_option(_ctx, _param, value: str | None) -> str | None:
    """A click callback for an option naming a game's kind (``--game``)."""
    return None if value is None else game_kind(value)


#: Options that name a seat (the first dealer): a player's name is taken there too.
SEAT_OPTIONS = frozenset({"first_dealer"})


def prepare_options(catalog: list[dict[str, Any]], game: str, names: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """A new game's options as typed, checked against the game's options in the service's catalog
    (a typo gets the nearest), a seat option given by name made its seat number, and the players
    counted from the seats named when the options leave them out. Raises click.UsageError."""
    entry = next((g for g in catalog if g["name"] == game_kind(game, [g["name"] for g in catalog])))
    known = entry["options_schema"].get("properties") or {}
    for key in options:
        if key not in known:
            raise click.UsageError(f"{entry['title']} has no option '{key}'.{did_you_mean(key, list(known))} "
                                   f"Its options: {', '.join(known)}.")
    prepared = {k: seat_number(v, names, k) if k in SEAT_OPTIONS and isinstance(v, str) else v for k, v in options.items()}
    if "players" in known and "players" not in prepared:
        prepared["players"] = players_of(entry["title"], known["players"], len(names))
    return prepared


def players_of(title: str, field: dict[str, Any], named: int) -> int:
    """The seats named are the players, in a game that allows that many (its ``players`` option's
    range, in JSON Schema); any other count is refused naming the counts the game allows. Raises
    click.UsageError."""
    low, high = field.get("minimum", named), field.get("maximum", named)
    if not low <= named <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise click.UsageError(f"{title} is played by {allowed} players; {named} seat name(s) given (--seat, one "
                               "for each player).")
    return named


def card_hint(fields: dict[str, Any]) -> str:
    """For a refused action: the cards nearest any card field's value that is not a card as written
    (``QX`` -> 'QS', 'QC', ...), so a typo is answered with what was meant."""
    from referee.cards import DECK52

    hints = []
    for key, value in fields.items():
        if key not in CARD_FIELDS:
            continue
        for card in value if isinstance(value, list) else [value]:
            text = str(card).split("=")[-1].split("#")[0].upper()
            if text not in DECK52 and not text.startswith("JK") and (near := did_you_mean(text, list(DECK52), 4, 0.5)):
                hints.append(f"{key}={card}:{near}")
    return " ".join(hints)


def actions_help() -> list[tuple[str, list[tuple[str, str]]]]:
    """Each game's actions and their fields (required ones plain, optional ones in brackets), for
    ``courtcard log --help``."""
    from referee.registry import game_names, get_game

    out = []
    for name in game_names():
        game = get_game(name)
        rows = []
        for action in sorted(game.command_schemas):
            fields = action_fields(name, action)
            rows.append((action, " ".join(f"{k}=" if f.required else f"[{k}=]" for k, f in fields.items()) or "(no fields)"))
        out.append((f"{game.title} ({name})", rows))
    return out


class LogCommand(click.Command):
    """``courtcard log``, whose help ends with every game's actions and their fields."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        for title, rows in actions_help():
            with formatter.section(title):
                formatter.write_dl(rows)
