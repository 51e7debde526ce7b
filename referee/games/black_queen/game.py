"""The Black Queen game object: the shared trick-game object over this package's modules."""

from __future__ import annotations

from typing import ClassVar

from referee.games.black_queen import views
from referee.games.black_queen.apply import apply_event
from referee.games.black_queen.commands import ACTION_OF, COMMAND_SCHEMAS
from referee.games.black_queen.decide import decide as _decide
from referee.games.black_queen.options import OptionsSchema
from referee.trickgame.game import TrickGame


class BlackQueen(TrickGame):
    """Black Queen: 6 players, an auction in card points, trump and two called cards whose holders
    are the declarer's hidden partners."""

    name: ClassVar[str] = "black-queen"
    title: ClassVar[str] = "Black Queen"
    options_schema = OptionsSchema
    command_schemas = COMMAND_SCHEMAS
    action_names = ACTION_OF
    views = views
    apply_event = staticmethod(apply_event)
    decide_command = staticmethod(_decide)
