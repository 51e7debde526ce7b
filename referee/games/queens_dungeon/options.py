"""Queen's Dungeon options: player count, variants, target, detection mode; and the table layout
(deck, hand size, quota) each player count implies."""

from __future__ import annotations

from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee.cards import DECK52, parse_card
from referee.errors import InvalidOption, UnknownCard
from referee.fields import MAX_POINTS, MAX_SEAT, ExactInteger
from referee.game import loaded_options
from referee.trickgame.state import Layout

# Players -> (cards removed from the deck, dealer's quota). Removed 2s go clubs, diamonds,
# hearts, spades (``docs/rules/queens-dungeon.md``). Two players deal three hands (the dummy's
# is the third).
_LAYOUT = {
    2: (["2C"], 7),
    3: (["2C"], 7),
    4: ([], 5),
    5: (["2C", "2D"], 4),
    6: (["2C", "2D", "2H", "2S"], 3),
    7: (["2C", "2D", "2H"], 2),
    8: (["2C", "2D", "2H", "2S"], 2),
}


class OptionsSchema(marshmallow.Schema):
    """Options a Queen's Dungeon game is created with; every one is logged in ``GameCreated``."""

    players = ExactInteger(2, 8, load_default=4)
    target = ExactInteger(1, MAX_POINTS, load_default=500)
    detection = fields.String(load_default="announced", validate=validate.OneOf(["announced", "on_claim"]))
    four_hands = fields.Boolean(load_default=False)  # 3 players: four hands dealt, dealer may exchange
    partners = fields.Boolean(load_default=False)  # 4 players, opposite seats
    challenge = fields.Boolean(load_default=False)  # the Queen's Challenge
    challenge_threshold = ExactInteger(0, MAX_POINTS, load_default=400)
    removed_cards = fields.List(fields.String(), load_default=None, allow_none=True)
    first_dealer = ExactInteger(0, MAX_SEAT, load_default=None, allow_none=True)  # skip the cut
    renege_penalty = ExactInteger(0, MAX_POINTS, load_default=25)  # window B's voluntary penalty


def load_options(raw: dict[str, Any] | None) -> dict[str, Any]:
    """Validate and complete options; raises InvalidOption with a readable message."""
    opts = loaded_options(OptionsSchema, raw)
    n = opts["players"]
    if opts["four_hands"] and n != 3:
        raise InvalidOption("The four-hands variant is for 3 players.")
    if opts["partners"] and n != 4:
        raise InvalidOption("Partners is for 4 players.")
    removed = opts["removed_cards"]
    if removed is None:
        removed = [] if opts["four_hands"] else list(_LAYOUT[n][0])
    else:
        try:
            removed = [parse_card(c) for c in removed]
        except UnknownCard as exc:
            raise InvalidOption(f"removed_cards: {exc.message}") from exc
        want = 0 if opts["four_hands"] else len(_LAYOUT[n][0])
        if len(set(removed)) != want:
            raise InvalidOption(f"A {n}-player game removes {want} card(s), not {len(set(removed))}.")
    opts["removed_cards"] = removed
    first = opts["first_dealer"]
    if first is not None and not 0 <= first < n:
        raise InvalidOption(f"first_dealer must be a player seat 0..{n - 1}.")
    return opts


def layout_of(opts: dict[str, Any]) -> Layout:
    """The table layout for loaded options."""
    n = opts["players"]
    seats = 3 if n == 2 else n
    removed = tuple(opts["removed_cards"])
    if opts["four_hands"]:
        return Layout(players=3, seats=3, dummy=None, hands_dealt=4, hand_size=13, removed=removed, quota=5)
    return Layout(players=n, seats=seats, dummy=2 if n == 2 else None, hands_dealt=seats,
                  hand_size=(len(DECK52) - len(removed)) // seats, removed=removed, quota=_LAYOUT[n][1],
                  partners=opts["partners"])
