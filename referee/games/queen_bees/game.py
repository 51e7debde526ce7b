"""The Queen Bees game object: the shared trick-game object over Queen Bees' own modules."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.queen_bees import commands
from referee.trickgame.game import TrickGame


class QueenBees(TrickGame, package=__package__):
    """Queen Bees: 4 players bid tricks; the first Queen played fixes trump; Queens are top trumps."""

    name: ClassVar[str] = "queen-bees"
    title: ClassVar[str] = "Queen Bees"

    def command_of(self, event: Any) -> Any:
        return commands.command_of(event)
