"""Queen Bees options; every one is logged in ``GameCreated``."""

from __future__ import annotations

from marshmallow import fields

from referee.fields import MAX_POINTS, ExactInteger
from referee.trickgame.rules import TrickOptionsSchema


class OptionsSchema(TrickOptionsSchema):
    """Options a Queen Bees game is created with."""

    players = ExactInteger(4, 4, load_default=4)
    target = ExactInteger(1, MAX_POINTS, load_default=200)
    first_dealer = ExactInteger(0, 3, load_default=0)
    # A renege found out in window B or C scores -10 x bid for the hand (RULINGS.md); off, it is
    # only recorded.
    renege_costs_bid = fields.Boolean(load_default=True)

