"""The Queen Bees game object: the shared trick-game object over Queen Bees' own modules."""

from __future__ import annotations

from typing import ClassVar

from referee.games.queen_bees import views
from referee.games.queen_bees.apply import apply_event
from referee.games.queen_bees.commands import ACTION_OF, COMMAND_SCHEMAS
from referee.games.queen_bees.decide import decide as _decide
from referee.games.queen_bees.options import OptionsSchema
from referee.trickgame.game import TrickGame


class QueenBees(TrickGame):
    """Queen Bees: 4 players bid tricks; the first Queen played fixes trump; Queens are top trumps."""

    name: ClassVar[str] = "queen-bees"
    title: ClassVar[str] = "Queen Bees"
    options_schema = OptionsSchema
    command_schemas = COMMAND_SCHEMAS
    action_names = ACTION_OF
    views = views
    apply_event = staticmethod(apply_event)
    decide_command = staticmethod(_decide)
