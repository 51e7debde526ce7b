"""Black Queen options; every one is logged in ``GameCreated``."""

from __future__ import annotations

from marshmallow import fields

from referee.fields import MAX_HAND, ExactInteger
from referee.trickgame.rules import TrickOptionsSchema


class OptionsSchema(TrickOptionsSchema):
    """Options a Black Queen game is created with."""

    players = ExactInteger(6, 6, load_default=6)
    # The game lasts this many hands (thrown-in deals do not count); 0: until the scorekeeper ends it.
    hands = ExactInteger(0, MAX_HAND, load_default=12)
    first_dealer = ExactInteger(0, 5, load_default=0)
    # "Variable shares": the declarer has one share plus one per called card held, each other holder
    # one per called card held; each share wins or loses the bid.
    variable_shares = fields.Boolean(load_default=False)
    # A renege established in window B or C by the declarer's team defeats the contract; by a
    # defender, it makes it. Off: the ruling is recorded and the contract is played out as it stands.
    renege_decides_contract = fields.Boolean(load_default=True)

