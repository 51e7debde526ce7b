"""Queen Bees options; every one is logged in ``GameCreated``."""

from __future__ import annotations

from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee.errors import InvalidOption


class OptionsSchema(marshmallow.Schema):
    """Options a Queen Bees game is created with."""

    players = fields.Integer(load_default=4, validate=validate.Equal(4))
    target = fields.Integer(load_default=200, validate=validate.Range(min=1))
    detection = fields.String(load_default="announced", validate=validate.OneOf(["announced", "on_claim"]))
    first_dealer = fields.Integer(load_default=0, validate=validate.Range(0, 3))
    # A renege found out in window B or C scores -10 x bid for the hand (RULINGS.md); off, it is
    # only recorded.
    renege_costs_bid = fields.Boolean(load_default=True)


def load_options(raw: dict[str, Any] | None) -> dict[str, Any]:
    """Validate and complete options; raises InvalidOption with a readable message."""
    try:
        return OptionsSchema().load(dict(raw or {}))
    except marshmallow.ValidationError as exc:
        raise InvalidOption(f"Invalid options: {exc.messages}") from exc
