"""The Queens' options; every one is logged in ``GameCreated``.

Two of them choose a rule, so a record says which rule it was refereed under:

* ``new_pack``: how the counted Queens pay for the new pack when the pack is exhausted.
  ``queens_with_three`` (new games): each counted Queen comes into the new pack with three more
  cards, the others nearest the talon's bottom. ``talon_bottom``: the talon's bottom three cards
  for each Queen counted, and no more. A record made before the option existed has no
  ``new_pack`` in its ``GameCreated`` and was refereed under ``talon_bottom``: it is read so
  (``rules_of``), never as a new game's default.
* ``key_payment``: when a Queen on the key's top is paid for (she and the 13 cards under her go
  to the bottom of the pack): ``deal``, only while the cards are laid out, or ``always``,
  whenever she comes to the top, in play too.
"""

from __future__ import annotations

from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee.fields import ExactInteger

NEW_PACK_RULES = ("queens_with_three", "talon_bottom")
#: The new-pack rule of a record whose ``GameCreated`` names none (made before the option existed).
NEW_PACK_UNRECORDED = "talon_bottom"
KEY_PAYMENTS = ("deal", "always")
#: The options that choose a rule, added after the first release: a record without them keeps
#: the rules it was refereed under.
RULE_OPTIONS = ("new_pack", "key_payment")


class OptionsSchema(marshmallow.Schema):
    """Options a game of The Queens is created with."""

    players = ExactInteger(1, 1, load_default=1)
    # The 104 cards in the order they are dealt (top of the pack first), so that a deal can be
    # played again, or by every player of a competition; none: the referee shuffles at the deal.
    order = fields.List(fields.String(), load_default=None, allow_none=True,
                        validate=marshmallow.validate.Length(max=104))
    new_pack = fields.String(load_default=NEW_PACK_RULES[0], validate=validate.OneOf(NEW_PACK_RULES))
    key_payment = fields.String(load_default=KEY_PAYMENTS[0], validate=validate.OneOf(KEY_PAYMENTS))


def rules_of(options: dict[str, Any]) -> tuple[str, str]:
    """The (new-pack rule, key payment) a record's options say it is played under; a record that
    names no new-pack rule is an earlier release's, refereed under ``talon_bottom``."""
    return options.get("new_pack", NEW_PACK_UNRECORDED), options.get("key_payment", KEY_PAYMENTS[0])
