"""The game object of the plain trick games: the ``referee.game.Game`` interface over a game's
modules. Each game subclasses it naming its package, which holds the modules every plain trick
game has: ``options`` (``OptionsSchema``), ``commands`` (``COMMAND_SCHEMAS``, ``ACTION_OF``),
``apply`` (``apply_event``), ``decide`` (``decide``) and ``views``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar

import marshmallow

from referee import errors
from referee import events as ev
from referee.trickgame.state import TableState


class TrickGame:
    """A plain trick game: subclasses name their modules; everything else is shared."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_schema: ClassVar[type[marshmallow.Schema]]
    command_schemas: ClassVar[Mapping[str, marshmallow.Schema]]
    action_names: ClassVar[Mapping[type, str]]
    views: ClassVar[ModuleType]
    apply_event: ClassVar[Callable[[TableState, Any], TableState]]
    decide_command: ClassVar[Callable[[TableState, Any, Any], list[Any]]]

    def __init_subclass__(cls, package: str, **kwargs: Any) -> None:
        """Bind a game to the modules of its ``package`` (``class QueenBees(TrickGame, package=__package__)``)."""
        super().__init_subclass__(**kwargs)

        def part(module: str) -> ModuleType:
            return importlib.import_module(f"{package}.{module}")

        commands = part("commands")
        cls.options_schema = part("options").OptionsSchema
        cls.command_schemas = commands.COMMAND_SCHEMAS
        cls.action_names = commands.ACTION_OF
        cls.views = part("views")
        cls.apply_event = staticmethod(part("apply").apply_event)
        cls.decide_command = staticmethod(part("decide").decide)

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        """``GameCreated`` with every option, then the first dealer (the options name it)."""
        try:
            opts = self.options_schema().load(dict(options))
        except marshmallow.ValidationError as exc:
            raise errors.InvalidOption(f"Invalid options: {exc.messages}") from exc
        if record not in ("known", "blind"):
            raise errors.InvalidOption(f"record must be 'known' or 'blind', not {record!r}.")
        names = [str(s) for s in seats]
        if len(names) != opts["players"]:
            raise errors.InvalidOption(f"{opts['players']} players need {opts['players']} seat names, got {len(names)}.")
        return [ev.GameCreated(self.name, opts, names, record), ev.DealerChosen(opts["first_dealer"])]

    def initial_state(self) -> TableState:
        return TableState(self.name)

    def apply(self, state: TableState, event: Any) -> TableState:
        return type(self).apply_event(state, event)

    def decide(self, state: TableState, command: Any, rng: Any) -> list[Any]:
        return type(self).decide_command(state, command, rng)

    def legal_actions(self, state: TableState, seat: int) -> list[Any]:
        return self.views.legal_actions(state, seat)

    def action_of(self, command: Any) -> str:
        """The action name of a command object (a key of ``command_schemas``)."""
        try:
            return self.action_names[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a {self.title} command.") from None

    def to_act(self, state: TableState) -> list[int]:
        return self.views.to_act(state)

    def public_view(self, state: TableState, seat: int | None = None) -> dict[str, Any]:
        return self.views.public_view(state, seat)

    def director_view(self, state: TableState) -> dict[str, Any]:
        return self.views.director_view(state)

    def scores(self, state: TableState) -> dict[str, Any]:
        return self.views.scores(state)

    def score_mark(self, state: TableState) -> tuple:
        return len(state.history), tuple(state.totals)

    def outcome(self, state: TableState) -> dict[str, Any] | None:
        return state.outcome
