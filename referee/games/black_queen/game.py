"""The Black Queen game object: the shared trick-game object over this package's modules."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.black_queen import commands
from referee.trickgame.game import TrickGame


class BlackQueen(TrickGame, package=__package__):
    """Black Queen: 6 players, an auction in card points, trump and two called cards whose holders
    are the declarer's hidden partners."""

    name: ClassVar[str] = "black-queen"
    title: ClassVar[str] = "Black Queen"

    def command_of(self, event: Any) -> Any:
        return commands.command_of(event)
