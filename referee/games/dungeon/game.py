"""The Dungeon game object: the ``referee.game.Game`` interface over the modules of this package
(options, commands, state, setup, plays, answers, apply, views)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import marshmallow

from referee.game import Game, TableNames
from referee.games.dungeon import words
from referee.games.dungeon import events as dungeon_ev
from referee.cards import card_words
from referee.words import Names, game_words
from referee import errors
from referee import events as shared
from referee.games.dungeon import disputes, drawing, views
from referee.games.dungeon.apply import apply_event
from referee.games.dungeon.commands import ACTION_OF, COMMAND_SCHEMAS, command_of
from referee.games.dungeon.decide import decide as _decide
from referee.games.dungeon.options import OptionsSchema, load_options
from referee.games.dungeon.state import DungeonState
from referee.closed_sets import is_record


class Dungeon(Game[DungeonState]):
    """Dungeon: 2 to 8 players dig out of their cells while sending creatures and cave-ins."""

    name: str = "dungeon"
    title: str = "Dungeon"
    options_schema: type[marshmallow.Schema] = OptionsSchema
    command_schemas: Mapping[str, marshmallow.Schema] = COMMAND_SCHEMAS
    #: Scored as a whole, not hand by hand: the players confirm the game once (``referee.confirmations``).
    played_in_hands: bool = False
    #: A player row's own columns, after the standing every game without hands shares (docs/records.md).
    score_columns: tuple[str, ...] = ("passages", "lowest")

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        """``GameCreated`` with every option; the deal follows as the table's first action."""
        opts = load_options(dict(options))
        if not is_record(record):
            raise errors.InvalidOption("Dungeon keeps a known record (the referee deals, so it knows every hand) or a "
                                       f"blind one (only what the table saw), not {record!r}.")
        names = [str(s) for s in seats]
        if len(names) != opts["players"]:
            raise errors.InvalidOption(f"{opts['players']} players need {opts['players']} seat names, got {len(names)}.")
        return [shared.GameCreated(self.name, opts, names, record)]

    #: A blind record also logs what one player alone saw (a hand shown to a Myrmiddon's asker):
    #: its payloads are withheld while the game is on, as a known record's are.
    blind_record_has_secrets: bool = True

    #: The referee's rulings a table may dispute (an accusation, a look after a denial, ...).
    dispute_events: tuple[type, ...] = disputes.DISPUTE_EVENTS

    #: What a printable record lists among its rulings: an accusation, a look, a denial and its acceptance.
    ruling_events: tuple[type, ...] = (dungeon_ev.DungeonAccused, dungeon_ev.DungeonHandLookedAt,
                                                 dungeon_ev.DungeonCardDenied, dungeon_ev.DungeonDenialAccepted)
    #: Table actions whose event also carries the referee's verdict or what it led to (an accusation
    #: upheld or not, a look that finds a lie, a defence that defeats the creature, a retreat that
    #: slays, a cave-in that fails): a text record's comment says it.
    verdict_events: tuple[type, ...] = (dungeon_ev.DungeonAccused, dungeon_ev.DungeonHandLookedAt,
                                                  dungeon_ev.DungeonCreatureDefeated, dungeon_ev.DungeonPlayerSlain,
                                                  dungeon_ev.DungeonCaveInFailed)

    def departure(self, kind: type, payload: Mapping[str, Any]) -> str | None:
        """A player slain: by which creature."""
        return f"slain by {card_words(payload.get('creature'))}" if kind is dungeon_ev.DungeonPlayerSlain else None

    def explain_rulings(self, events: Sequence[Any], game: Any) -> dict[int, dict[str, Any]]:
        return disputes.explain_rulings(events, game)

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        return game_words(kind, payload, names, words.WORDS)

    #: The printable record draws each player's dungeon (``drawing.py``).
    record_style: str = drawing.RECORD_STYLE
    record_kept_whole: tuple[str, ...] = drawing.RECORD_KEPT_WHOLE

    def record_html(self, view: dict[str, Any]) -> str:
        return drawing.record_html(view)

    def table_lines(self, view: dict[str, Any], names: TableNames) -> tuple[list[str], set[str]]:
        return drawing.table_lines(view, names)

    def initial_state(self) -> DungeonState:
        return DungeonState()

    def apply(self, state: DungeonState, event: Any) -> DungeonState:
        return apply_event(state, event)

    def decide(self, state: DungeonState, command: Any, rng: Any) -> list[Any]:
        return _decide(state, command, rng)

    def legal_actions(self, state: DungeonState, seat: int) -> list[Any]:
        return views.legal_actions(state, seat)

    def action_of(self, command: Any) -> str:
        try:
            return ACTION_OF[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a Dungeon command.") from None

    def command_of(self, event: Any) -> Any:
        return command_of(event)

    def to_act(self, state: DungeonState) -> list[int]:
        return views.to_act(state)

    def public_view(self, state: DungeonState, seat: int | None = None) -> dict[str, Any]:
        return views.public_view(state, seat)

    def director_view(self, state: DungeonState) -> dict[str, Any]:
        return views.director_view(state)

    def scores(self, state: DungeonState) -> dict[str, Any]:
        return views.scores(state)

    def score_mark(self, state: DungeonState) -> tuple[Any, ...]:
        """The standing moves when a player is slain or the game is won."""
        return tuple(state.alive), state.phase == "over"

    def outcome(self, state: DungeonState) -> dict[str, Any] | None:
        return state.outcome
