"""A game around another game: the registry serves every game inside its confirmations
(``referee.confirmations``) and its undo (``referee.undo``), each a :class:`GameWrapper`.

The wrapper forwards each member of the contract (``referee.game.CONTRACT``) to the game inside by
name, and nothing else: a capability added to the contract is forwarded here on purpose (a test
holds the two together), and a member that is no part of the contract is not reached through a
wrapper by accident. A wrapper overrides only what it adds to the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.game import Game, S, TableNames
from referee.words import Names


class GameWrapper(Game[S]):
    """``inner`` (a game, itself maybe wrapped) with each member of the contract forwarded to it."""

    def __init__(self, game: Game[S]) -> None:
        self.inner = game
        # The game's data, read once: the registry's games are made once and never change.
        self.name, self.title, self.options_schema = game.name, game.title, game.options_schema
        self.command_schemas = game.command_schemas
        self.played_in_hands, self.score_columns, self.hands_dealt = (game.played_in_hands, game.score_columns,
                                                                      game.hands_dealt)
        self.blind_record_has_secrets, self.dispute_events = game.blind_record_has_secrets, game.dispute_events
        self.ruling_events, self.verdict_events = game.ruling_events, game.verdict_events
        self.claim_commands, self.claim_events = game.claim_commands, game.claim_events
        self.upholding_commands = game.upholding_commands
        self.record_style, self.record_kept_whole = game.record_style, game.record_kept_whole

    # ------------------------------------------------------------ what every game implements

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        return self.inner.start(options, seats, record, rng)

    def initial_state(self) -> S:
        return self.inner.initial_state()

    def apply(self, state: S, event: Any) -> S:
        return self.inner.apply(state, event)

    def decide(self, state: S, command: Any, rng: Any) -> list[Any]:
        return self.inner.decide(state, command, rng)

    def legal_actions(self, state: S, seat: int) -> list[Any]:
        return self.inner.legal_actions(state, seat)

    def action_of(self, command: Any) -> str:
        return self.inner.action_of(command)

    def command_of(self, event: Any) -> Any:
        return self.inner.command_of(event)

    def to_act(self, state: S) -> list[int]:
        return self.inner.to_act(state)

    def public_view(self, state: S, seat: int | None = None) -> dict[str, Any]:
        return self.inner.public_view(state, seat)

    def director_view(self, state: S) -> dict[str, Any]:
        return self.inner.director_view(state)

    def scores(self, state: S) -> dict[str, Any]:
        return self.inner.scores(state)

    def score_mark(self, state: S) -> tuple[Any, ...]:
        return self.inner.score_mark(state)

    def outcome(self, state: S) -> dict[str, Any] | None:
        return self.inner.outcome(state)

    # ------------------------------------------------------------ optional capabilities

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        return self.inner.words(kind, payload, names)

    def scored_hands(self, state: S) -> list[int]:
        return self.inner.scored_hands(state)

    def dummy(self, state: S) -> int | None:
        return self.inner.dummy(state)

    def results_final(self, state: S) -> bool:
        return self.inner.results_final(state)

    def why_not_made(self, state: S, event: Any) -> str | None:
        return self.inner.why_not_made(state, event)

    def hint(self, state: S, seconds: float = 1.0) -> dict[str, Any] | None:
        return self.inner.hint(state, seconds)

    def audit_notes(self, state: S, events: Sequence[Any]) -> dict[str, Any] | None:
        return self.inner.audit_notes(state, events)

    def explain_rulings(self, events: Sequence[Any], game: Game[Any]) -> dict[int, dict[str, Any]]:
        return self.inner.explain_rulings(events, game)

    def departure(self, kind: type, payload: Mapping[str, Any]) -> str | None:
        return self.inner.departure(kind, payload)

    def picture_html(self, state: S) -> str | None:
        return self.inner.picture_html(state)

    def record_html(self, view: dict[str, Any]) -> str:
        return self.inner.record_html(view)

    def table_lines(self, view: dict[str, Any], names: TableNames) -> tuple[list[str], set[str]] | None:
        return self.inner.table_lines(view, names)


def own_game(game: Game[Any]) -> Game[Any]:
    """The game itself, inside the wrappers the registry serves it in (for a tool or a test that
    reads what is the game's own, no part of the contract: a trick game's ``legal_cards``)."""
    while isinstance(game, GameWrapper):
        game = game.inner
    return game
