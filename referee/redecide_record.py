"""Re-deciding a record: every event the referee makes must be what it makes again.

A record is a run of batches: the opening ``start`` made, then for each table action the events
``decide`` made for it. The table's actions are in the record as the events that carry them (a
card played, a claim, the deal and its hands), which each game names with ``command_of`` (see
``referee.trickgame.table_actions``). So a record can be decided again from the start: at each
batch, take the first table action from where the batch starts, give its command to ``decide`` on
the state before the batch, and require the recorded events from there to be exactly the ones ``decide``
returns. Anything else is refused, naming the event: a total, a ruling, a winner or a score that
the table's actions do not give, an event the referee never made, a batch cut short, or a table
action the referee would refuse.

Chance is recorded, never drawn again: the deal's hands and a cut's card are in their events and
go back in as the command, and a deal's salt is a commitment, not a decision (it takes no part in
comparing deals). A blind deal's command is the deal without cards; a known deal recorded without
hands would be shuffled again, and so refused.

    >>> import random
    >>> from referee.registry import get_game
    >>> from referee.replay import replay
    >>> from referee.games.queens_dungeon import commands as cmd
    >>> from referee.games.queens_dungeon import events as qd_ev
    >>> qd = get_game("queens-dungeon")
    >>> log = qd.start({"players": 4, "first_dealer": 0}, ["A", "B", "C", "D"], "blind", random.Random(1))
    >>> log += qd.decide(replay(log), cmd.CallTrump(0, "H"), random.Random(1))
    >>> redecide(log).version
    3
    >>> redecide(log + [qd_ev.TotalSet(1, 1, "renege", 0, -500, 1, 1)])
    Traceback (most recent call last):
    ...
    referee.redecide_batches.Disagreement: event 4 (TotalSet): no table action gives this TotalSet: the referee makes one only as a consequence of an action
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee import events as ev
from referee.redecide_batches import SEED, Disagreement, decide_batches, take
from referee.errors import RefereeError, UnknownGame
from referee.game import Game, GameState
from referee.registry import game_of_record


def redecide(events: Sequence[Any], game: Game[Any] | None = None) -> GameState:
    """Decide ``events`` (a whole record, typed, in order) again; the state they fold into.
    ``game`` is the game as served (by default the registry's game its ``GameCreated`` names; a
    test passes a game it never registers).

    Raises :class:`Disagreement` at the first event the referee does not make there.
    """
    if not events:
        raise Disagreement(0, "nothing", "the record is empty")
    game, expected = _opening(events, game)
    state = take(game, game.initial_state(), events, 0, expected)
    return decide_batches(game, state, events, len(expected))[0]


def _opening(events: Sequence[Any], game: Game[Any] | None) -> tuple[Game[Any], list[Any]]:
    first = events[0]
    kind = type(first).__name__
    try:
        game = game or game_of_record(first)
    except UnknownGame as exc:
        raise Disagreement(0, kind, f"the referee cannot set up this game: {exc}") from exc
    except RefereeError as exc:
        raise Disagreement(0, kind, str(exc)) from exc
    try:
        return game, game.start(first.options, list(first.seats), first.record, random.Random(SEED))
    except Exception as exc:  # an unknown game, or settings its start refuses however it does
        raise Disagreement(0, kind, f"the referee cannot set up this game: {exc}") from exc
