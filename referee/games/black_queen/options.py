"""Black Queen options; every one is logged in ``GameCreated``."""

from __future__ import annotations

from marshmallow import fields, validate

from referee.trickgame.rules import TrickOptionsSchema


class OptionsSchema(TrickOptionsSchema):
    """Options a Black Queen game is created with."""

    players = fields.Integer(load_default=6, validate=validate.Equal(6))
    # The game lasts this many hands (thrown-in deals do not count); 0: until the scorekeeper ends it.
    hands = fields.Integer(load_default=12, validate=validate.Range(min=0))
    first_dealer = fields.Integer(load_default=0, validate=validate.Range(0, 5))
    # "Variable shares": the declarer has one share plus one per called card held, each other holder
    # one per called card held; each share wins or loses the bid.
    variable_shares = fields.Boolean(load_default=False)
    # A renege established in window B or C by the declarer's team defeats the contract; by a
    # defender, it makes it. Off: the ruling is recorded and the contract is played out as it stands.
    renege_decides_contract = fields.Boolean(load_default=True)

