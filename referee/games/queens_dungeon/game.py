"""The Queen's Dungeon game object: the ``referee.game.Game`` interface over the modules of this
package (options, commands, state, rules, apply, decide, scoring, views)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import marshmallow

from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import views
from referee.games.queens_dungeon.apply import apply_event
from referee.games.queens_dungeon.commands import ACTION_OF, COMMAND_SCHEMAS, command_of
from referee.games.queens_dungeon.decide import decide as _decide
from referee.games.queens_dungeon.options import OptionsSchema, load_options
from referee.games.queens_dungeon.state import QDState


class QueensDungeon:
    """Queen's Dungeon: 2 to 8 players, Queens high, blind trump, dealer's quota, the dungeon."""

    name: ClassVar[str] = "queens-dungeon"
    title: ClassVar[str] = "Queen's Dungeon"
    options_schema: ClassVar[type[marshmallow.Schema]] = OptionsSchema
    command_schemas: ClassVar[Mapping[str, marshmallow.Schema]] = COMMAND_SCHEMAS

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        """Opening events: ``GameCreated`` with every option, then the first dealer if an option
        fixes it (otherwise the players cut)."""
        opts = load_options(dict(options))
        if record not in ("known", "blind"):
            raise errors.InvalidOption(f"record must be 'known' or 'blind', not {record!r}.")
        names = [str(s) for s in seats]
        if len(names) != opts["players"]:
            raise errors.InvalidOption(f"{opts['players']} players need {opts['players']} seat names, got {len(names)}.")
        out: list[Any] = [ev.GameCreated(self.name, opts, names, record)]
        if opts["first_dealer"] is not None:
            out.append(ev.DealerChosen(opts["first_dealer"]))
        return out

    def initial_state(self) -> QDState:
        return QDState()

    def apply(self, state: QDState, event: Any) -> QDState:
        return apply_event(state, event)

    def decide(self, state: QDState, command: Any, rng: Any) -> list[Any]:
        return _decide(state, command, rng)

    def legal_actions(self, state: QDState, seat: int) -> list[Any]:
        return views.legal_actions(state, seat)

    def action_of(self, command: Any) -> str:
        """The action name of a command object (a key of ``command_schemas``)."""
        try:
            return ACTION_OF[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a Queen's Dungeon command.") from None

    def command_of(self, event: Any) -> Any:
        return command_of(event)

    def to_act(self, state: QDState) -> list[int]:
        return views.to_act(state)

    def public_view(self, state: QDState, seat: int | None = None) -> dict[str, Any]:
        return views.public_view(state, seat)

    def director_view(self, state: QDState) -> dict[str, Any]:
        return views.director_view(state)

    def scores(self, state: QDState) -> dict[str, Any]:
        return views.scores(state)

    def score_mark(self, state: QDState) -> tuple:
        return len(state.history), tuple(state.totals)

    def outcome(self, state: QDState) -> dict[str, Any] | None:
        return state.outcome
