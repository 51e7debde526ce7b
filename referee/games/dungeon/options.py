"""Dungeon's options: players, decks, and how the cells and the deck follow from them."""

from __future__ import annotations

from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee.errors import InvalidOption
from referee.fields import ExactBoolean, ExactInteger
from referee.game import loaded_options
from referee.games.dungeon.cards import deck, is_joker, jokers


class OptionsSchema(marshmallow.Schema):
    """Options a Dungeon game is created with; every one is logged in ``GameCreated``.

    ``decks``: 2 or 3 players play one deck, 3 or more two decks combined (a choice for 3);
    left out, it is 1 for 2 or 3 players and 2 for more.
    """

    players = ExactInteger(2, 8, load_default=4)
    decks = ExactInteger(1, 2, load_default=None, allow_none=True)
    # Suicide Queen: a Myrmiddon's target caught lying may discard the whole hand instead of
    # handing the card over.
    suicide_queen = ExactBoolean(load_default=False)
    # Random Cell / Jokers Wild: every cell a random face-down card, the Jokers in the deck.
    jokers_wild = ExactBoolean(load_default=False)
    # Almost Black: discards face down; Pitch Black: passages too, and cheating with accusations.
    # Both play the Jokers Wild rules.
    darkness = fields.String(load_default="none", validate=validate.OneOf(["none", "almost_black", "pitch_black"]))
    # Counter Attack: 0 off, 1 Graverobbers, 2 Myrmiddons, 3 both may be cancelled by a matching creature.
    counter_attack = ExactInteger(0, 3, load_default=0)


def load_options(raw: dict[str, Any] | None) -> dict[str, Any]:
    """Validate and complete options; raises InvalidOption with a readable message."""
    opts = loaded_options(OptionsSchema, raw)
    n = opts["players"]
    if opts["decks"] is None:
        opts["decks"] = 1 if n <= 3 else 2
    if opts["decks"] == 2 and n == 2:
        raise InvalidOption("Two players play one deck (two decks are for 3 or more players).")
    if opts["decks"] == 1 and n > 3:
        raise InvalidOption(f"{n} players play two decks combined (one deck is for 2 or 3 players).")
    if opts["darkness"] != "none":
        opts["jokers_wild"] = True  # Pitch Black and Almost Black play the Jokers Wild rules
    return opts


def face_down_discards(opts: dict[str, Any]) -> bool:
    return bool(opts.get("darkness", "none") != "none")


def face_down_passages(opts: dict[str, Any]) -> bool:
    """Pitch Black: passages are laid face down, and any card may be laid as one (cheating)."""
    return opts.get("darkness") == "pitch_black"


def joker_cells(opts: dict[str, Any]) -> list[str]:
    """The Jokers that are cells, for the first seats; players beyond them draw a face-down cell
    (every player, with Jokers Wild)."""
    return [] if opts.get("jokers_wild") else jokers(opts["decks"])[:opts["players"]]


def shuffled_deck(opts: dict[str, Any]) -> list[str]:
    """The cards shuffled for the deal: the decks without their Jokers (cells, or out of play),
    or with them, with Jokers Wild."""
    return [c for c in deck(opts["decks"]) if opts.get("jokers_wild") or not is_joker(c)]


def counterable(opts: dict[str, Any], creature: int) -> bool:
    """Whether Counter Attack lets a matching creature cancel this ability (11 Graverobber, 12 Myrmiddon)."""
    level = opts.get("counter_attack", 0)
    return level == 3 or (level == 1 and creature == 11) or (level == 2 and creature == 12)
