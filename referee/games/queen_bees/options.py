"""Queen Bees options; every one is logged in ``GameCreated``."""

from __future__ import annotations

from marshmallow import fields, validate

from referee.trickgame.rules import TrickOptionsSchema


class OptionsSchema(TrickOptionsSchema):
    """Options a Queen Bees game is created with."""

    players = fields.Integer(load_default=4, validate=validate.Equal(4))
    target = fields.Integer(load_default=200, validate=validate.Range(min=1))
    first_dealer = fields.Integer(load_default=0, validate=validate.Range(0, 3))
    # A renege found out in window B or C scores -10 x bid for the hand (RULINGS.md); off, it is
    # only recorded.
    renege_costs_bid = fields.Boolean(load_default=True)

