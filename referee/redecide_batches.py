"""Deciding a record's batches again, the game given: each table action's command decided on the
state before its batch must give exactly the recorded events (see :mod:`referee.redecide_record`, which
finds the game of a whole record in the registry and starts from its opening). The undo of an
entry uses it too, to find where the last entry starts (:mod:`referee.undo`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import orjson

from events.envelope import canonical_json
from events.registry import registry
from referee.errors import InputError, RefereeError
from referee.game import Game, GameState

#: Re-deciding draws nothing that counts (the recorded chance goes back in as the command), but
#: ``decide`` wants a source; a fixed one makes a run repeatable.
SEED = 0


class Disagreement(RefereeError):
    """The record and the referee disagree at ``index`` (0-based: the event at version index + 1)."""

    def __init__(self, index: int, kind: str, reason: str) -> None:
        super().__init__(f"event {index + 1} ({kind}): {reason}")
        self.index, self.kind, self.reason = index, kind, reason


def decide_batches(game: Game, state: GameState, events: Sequence[Any], start: int = 0) -> tuple[GameState, list[int]]:
    """Decide ``events[start:]`` again, batch after batch, from ``state`` (the state just before
    ``events[start]``, which must open a batch; it is folded in place): the state they fold into,
    and the index at which each batch starts. Raises :class:`Disagreement` at the first event the
    referee does not make there."""
    rng = random.Random(SEED)
    starts: list[int] = []
    while start < len(events):
        expected = _decide_next(game, state, events, start, rng)
        state = take(game, state, events, start, expected)
        starts.append(start)
        start += len(expected)
    return state, starts


def _decide_next(game: Game, state: GameState, events: Sequence[Any], start: int, rng: random.Random) -> list[Any]:
    """What the referee decides for the batch that starts at ``start``: the command of its first
    table action (a batch may open with rulings its action brings, such as a penalty declined)."""
    for at in range(start, len(events)):
        command = game.command_of(events[at])
        if command is not None:
            break
    else:
        kind = type(events[start]).__name__
        raise Disagreement(start, kind, _unmade(kind))
    try:
        expected = game.decide(state, command, rng)
    except InputError as exc:
        raise Disagreement(at, type(events[at]).__name__, f"the referee refuses this action: {exc.message}") from exc
    except Exception as exc:  # a state no honest record reaches may trip the rules: still a refusal, never a crash
        raise Disagreement(at, type(events[at]).__name__,
                           f"the referee cannot decide this action ({type(exc).__name__}: {exc})") from exc
    if not expected:
        raise Disagreement(at, type(events[at]).__name__, "the referee records nothing for this action")
    if at > start and type(expected[0]) is type(events[at]):
        # The action opens its batch, so what precedes it was made by no action at all.
        kind = type(events[start]).__name__
        raise Disagreement(start, kind, _unmade(kind))
    return expected


def _unmade(kind: str) -> str:
    return f"no table action gives this {kind}: the referee makes one only as a consequence of an action"


def take(game: Game, state: GameState, events: Sequence[Any], start: int, expected: list[Any]) -> GameState:
    """Check that the record holds ``expected`` from ``start``, and fold it in."""
    for offset, decided in enumerate(expected):
        at = start + offset
        decided = as_recorded(decided)
        if at >= len(events):
            raise Disagreement(at, "nothing", f"the record ends where the referee makes {type(decided).__name__}")
        recorded = events[at]
        if recorded != decided:
            raise Disagreement(at, type(recorded).__name__, _why(game, state, recorded, decided))
        try:
            state = game.apply(state, recorded)
        except Exception as exc:  # the game's apply trusts its input; failing means this is no game
            raise Disagreement(at, type(recorded).__name__,
                               f"the referee cannot apply it ({type(exc).__name__}: {exc})") from exc
    return state


def _why(game: Game, state: GameState, recorded: Any, decided: Any) -> str:
    """Why the record differs here: what the game says of the recorded event, if anything (its
    optional ``why_not_made``), then how it differs from the one the referee makes."""
    why_not_made = getattr(game, "why_not_made", None)
    said = why_not_made(state, recorded) if why_not_made is not None else None
    return f"{said}; {difference(recorded, decided)}" if said else difference(recorded, decided)


def as_recorded(event: Any) -> Any:
    """``event`` as a record holds it: encoded, written as JSON and read back (tuples become lists)."""
    name, version, payload = registry.encode(event)
    return registry.decode(name, version, orjson.loads(canonical_json(payload)))


def difference(recorded: Any, decided: Any) -> str:
    """What differs between a recorded event and the one the referee decides, for a person."""
    if type(recorded) is not type(decided):
        return f"the referee makes {type(decided).__name__} here ({_fields(decided)}), not {type(recorded).__name__}"
    differing = [f.name for f in dataclasses.fields(recorded)
                 if f.compare and getattr(recorded, f.name) != getattr(decided, f.name)]
    return "; ".join(f"{name} is {_short(getattr(recorded, name))} where the referee decides {_short(getattr(decided, name))}"
                     for name in differing)


def _fields(event: Any) -> str:
    return ", ".join(f"{f.name} {_short(getattr(event, f.name))}" for f in dataclasses.fields(event) if f.compare)


def _short(value: Any, limit: int = 120) -> str:
    text = canonical_json(value).decode()
    return text if len(text) <= limit else text[:limit - 3] + "..."
