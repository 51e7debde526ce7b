"""Folding a game's envelopes through its referee, for the jobs that need more than the end state.

The audit wants the director's view at the close of every hand (the game drops a hand's unclaimed
irregularities when the next one starts) and the state just before each claim (to ask the referee
again what the claim deserved). Both come from one pass over the log.

Hand boundaries are found without knowing the game: events that belong to a hand carry its number
in a ``hand`` payload field (every trick-taking game in ``referee`` does), so the director's view is
taken just before the first event of a new hand, and once more at the end.

The loop is the referee's own fold (``referee.replay.replay``); what the jobs keep is its visitor.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from events.envelope import Envelope
from referee.errors import RefereeError
from referee.events import GameCreated
from referee.game import Game, GameState
from referee.registry import get_game
from referee.replay import FoldError, FoldVisitor, replay
from workers.errors import WorkersError


class ReplayError(WorkersError):
    """The referee could not fold an event: ``version`` is where, ``reason`` why."""

    def __init__(self, version: int, reason: str) -> None:
        super().__init__(f"event {version}: {reason}")
        self.version, self.reason = version, reason


@dataclasses.dataclass
class Replay:
    """A game folded from its log: the end state, and what was kept on the way."""

    game: Game
    state: GameState
    envelopes: list[Envelope]
    hand_views: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    before: dict[int, GameState] = dataclasses.field(default_factory=dict)  # version -> state just before it


def game_of(first: Envelope) -> Game:
    """The game a log belongs to, named by its first event (always ``GameCreated``)."""
    if not isinstance(first.event, GameCreated):
        raise ReplayError(first.version, f"a game's record starts with GameCreated, not {first.type}")
    try:
        return get_game(first.event.game)
    except RefereeError as exc:
        raise ReplayError(first.version, str(exc)) from exc


class _Keeper(FoldVisitor):
    """Keeps, while the referee folds, the director's view at each hand's close and chosen states."""

    def __init__(self, game: Game, envelopes: list[Envelope], hand_views: bool,
                 keep_before: Callable[[Envelope], bool] | None) -> None:
        self.game, self.envelopes, self.hand_views, self.keep_before = game, envelopes, hand_views, keep_before
        self.views: list[dict[str, Any]] = []
        self.before: dict[int, GameState] = {}
        self.hand: int | None = None

    def visit_event(self, index: int, event: Any, state: GameState) -> None:
        envelope = self.envelopes[index]
        if self.hand_views:
            number = envelope.payload.get("hand")
            if isinstance(number, int) and number != self.hand:
                if self.hand is not None:
                    self.views.append(self.game.director_view(state))
                self.hand = number
        if self.keep_before is not None and self.keep_before(envelope):
            self.before[envelope.version] = copy.deepcopy(state)

    def end_game(self, state: GameState) -> None:
        if self.hand_views and self.hand is not None:
            self.views.append(self.game.director_view(state))


def fold(
    envelopes: Iterable[Envelope],
    hand_views: bool = False,
    keep_before: Callable[[Envelope], bool] | None = None,
) -> Replay:
    """Fold typed envelopes (in version order) through their game.

    ``hand_views`` keeps the director's view at the close of each hand; ``keep_before(envelope)``
    says which events to keep a copy of the state before. Raises ReplayError when the log is
    empty, does not start with ``GameCreated`` or the game cannot apply an event.
    """
    envelopes = list(envelopes)
    if not envelopes:
        raise ReplayError(1, "the record is empty")
    game = game_of(envelopes[0])
    keeper = _Keeper(game, envelopes, hand_views, keep_before)
    try:
        state = replay([envelope.event for envelope in envelopes], game, visitor=keeper)
    except FoldError as exc:
        failed = envelopes[exc.index]
        cause = exc.cause
        raise ReplayError(failed.version, f"the referee cannot apply {failed.type}: {type(cause).__name__}: {cause}") from exc
    return Replay(game, state, envelopes, keeper.views, keeper.before)
