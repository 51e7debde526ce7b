"""The Queens' options; every one is logged in ``GameCreated``."""

from __future__ import annotations

import marshmallow
from marshmallow import fields

from referee.fields import ExactInteger


class OptionsSchema(marshmallow.Schema):
    """Options a game of The Queens is created with."""

    players = ExactInteger(1, 1, load_default=1)
    # The 104 cards in the order they are dealt (top of the pack first), so that a deal can be
    # played again, or by every player of a competition; none: the referee shuffles at the deal.
    order = fields.List(fields.String(), load_default=None, allow_none=True,
                        validate=marshmallow.validate.Length(max=104))
