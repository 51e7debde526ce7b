"""The Queen Bees game object: the ``referee.game.Game`` interface over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import marshmallow

from referee import errors
from referee import events as ev
from referee.games.queen_bees import views
from referee.games.queen_bees.apply import apply_event
from referee.games.queen_bees.commands import ACTION_OF, COMMAND_SCHEMAS
from referee.games.queen_bees.decide import decide as _decide
from referee.games.queen_bees.options import OptionsSchema, load_options
from referee.games.queen_bees.trick_state import TableState


def opening_events(name: str, opts: dict[str, Any], seats: list[str], record: str) -> list[Any]:
    """``GameCreated`` with every option, then the first dealer (the options name it)."""
    if record not in ("known", "blind"):
        raise errors.InvalidOption(f"record must be 'known' or 'blind', not {record!r}.")
    names = [str(s) for s in seats]
    if len(names) != opts["players"]:
        raise errors.InvalidOption(f"{opts['players']} players need {opts['players']} seat names, got {len(names)}.")
    return [ev.GameCreated(name, opts, names, record), ev.DealerChosen(opts["first_dealer"])]


class QueenBees:
    """Queen Bees: 4 players bid tricks; the first Queen played fixes trump; Queens are top trumps."""

    name: ClassVar[str] = "queen-bees"
    title: ClassVar[str] = "Queen Bees"
    options_schema: ClassVar[type[marshmallow.Schema]] = OptionsSchema
    command_schemas: ClassVar[Mapping[str, marshmallow.Schema]] = COMMAND_SCHEMAS

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        return opening_events(self.name, load_options(dict(options)), seats, record)

    def initial_state(self) -> TableState:
        return TableState(self.name)

    def apply(self, state: TableState, event: Any) -> TableState:
        return apply_event(state, event)

    def decide(self, state: TableState, command: Any, rng: Any) -> list[Any]:
        return _decide(state, command, rng)

    def legal_actions(self, state: TableState, seat: int) -> list[Any]:
        return views.legal_actions(state, seat)

    def action_of(self, command: Any) -> str:
        """The action name of a command object (a key of ``command_schemas``)."""
        try:
            return ACTION_OF[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a {self.title} command.") from None

    def to_act(self, state: TableState) -> list[int]:
        return views.to_act(state)

    def public_view(self, state: TableState, seat: int | None = None) -> dict[str, Any]:
        return views.public_view(state, seat)

    def director_view(self, state: TableState) -> dict[str, Any]:
        return views.director_view(state)

    def scores(self, state: TableState) -> dict[str, Any]:
        return views.scores(state)

    def outcome(self, state: TableState) -> dict[str, Any] | None:
        return state.outcome
