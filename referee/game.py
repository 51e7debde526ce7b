"""The game interface every game implements, so nothing outside a game's module special-cases it.

A game is a pure object: it turns commands into events (``decide``) and folds events into state
(``apply``). The service, the API, the workers and the web page only ever talk to this interface.

Contract
--------
* ``options_schema`` loads the options a game is created with (player count, variants, target,
  detection mode, ...). All options are logged in the game's first event.
* ``start(options, seats, record, rng)`` returns the opening events (the first is always a
  :class:`~referee.events.GameCreated` carrying every option, so a log is self-describing).
* ``initial_state()`` is the empty state before any event.
* Every state has an attribute ``undo_trail``, None in a new state and shared by its clones: the
  undo of the last entry keeps there what it needs (``referee.undo``), and no game reads it.
* Every state has an attribute ``confirmations``, ``()`` in a new state: the players' confirmations
  of scored hands (``referee.confirmations``) are folded there, and no game reads it. A game scored
  as a whole, not hand by hand, says so with ``played_in_hands = False``; ``scored_hands(state)``
  (optional) lists the hands scored without building the score sheet.
* ``apply(state, event) -> state`` folds one event in. It never validates (events in the log are
  facts) and, for speed, may update ``state`` in place and return it: callers that need the state
  before the event keep a copy (``copy.deepcopy``). ``state.version`` counts the events applied,
  so it equals the stream version of the last event.
* ``decide(state, command, rng) -> list[event]`` validates a command against the state and
  returns the events it produces, without changing ``state``. An impossible entry raises an
  :class:`~referee.errors.InputError` naming the card, seat and trick and what would be legal.
  A rule breach that the rules treat as part of the game (a renege) is recorded as a fact.
  ``rng`` is a ``random.Random``; anything drawn from it ends up in the events, so a replay needs
  no randomness.
* ``command_schemas`` maps each action name (``"play"``, ``"call_trump"``, ...) to a marshmallow
  schema whose ``load`` returns the command object ``decide`` takes. The API parses requests with
  it and documents it in OpenAPI.
* ``command_of(event)`` is the command a table-action event records (a card played: that play),
  or None for an event only the referee makes (a trick won, a total set, a ruling, the score).
  Verification re-decides every recorded command and requires the referee's events to match
  (``referee.redecide_record``). ``why_not_made(state, event)`` (optional) says, when it can, why the
  referee does not make a recorded ``event`` on ``state`` (the trick games: a ruling on a card
  already ruled), ahead of how the event differs from the one it makes; None when it cannot.
* ``legal_actions(state, seat)`` lists the commands the seat may give now (all legal cards in a
  known record); ``action_of(command)`` names the action of a command, so it can be shown as JSON.
* ``public_view(state, seat=None)`` is what the table (or one seat) may see: no hidden hands, no
  hidden partners, no irregularity the referee keeps silent. ``director_view(state)`` is all the
  referee knows. Both return JSON-ready dicts.
* ``scores(state)`` is the score sheet so far (per hand and per seat or team), ``outcome(state)``
  is ``None`` while the game goes on, else who won.
* ``hint(state)`` (optional, for a game with a solver) says whether the position can be won, with
  the next move of a winning line as a command; ``GET /games/{id}/hint`` answers with it.
* ``audit_notes(state, events)`` (optional) is what the game adds to the audit of its record, from
  the end state and the events in version order (a JSON-ready dict; the audit's ``notes``).
* ``blind_record_has_secrets`` (optional, False by default): a blind record of this game also logs
  what one player alone saw (Dungeon: a hand shown to a Myrmiddon's asker), so while it is on its
  payloads are withheld from the table as a known record's are (:func:`record_has_secrets`).
* ``dispute_events`` and ``explain_rulings(events, game)`` (optional, together): the event classes
  that record a ruling of the game's own a table may dispute (Dungeon: an accusation, a look after
  a Myrmiddon's denial, a cave-in), and every such ruling in the log (``events``, the typed events
  in version order: event ``n`` is ``events[n - 1]``) explained, by the version of its event, in
  one pass over the log, folded with ``game`` (the game as the registry serves it, with the undo
  every game has, so a ruling undid later is folded as the referee folds it). Each explanation is a JSON-ready dict: ``kind``, ``status``, ``ruling``,
  ``summary`` (one line saying only what the table saw), ``evidence_events`` (each ``{"version",
  "type", "says"}``), ``finding``, ``consequence`` and ``read_aloud``. A claim of a renege
  (``referee.events.RenegeClaimed``, which every trick game shares) is explained the same way by
  ``workers.disputes``; ``GET /games/{id}/disputes/{n}`` serves either.
* ``words(kind, payload, names)`` turns an event (its class and stored fields) into the sentence a
  person would say at the table, with the players' names (``names``: ``referee.words.Names``),
  without its full stop: "Cat plays the 7 of clubs". The records, the command line, the dispute
  explanations and the page all read events through it. Each game keeps its words in its own
  folder; the default says the events every game records and reads any other by its fields.
* ``picture_html(state)`` (optional) draws the table as HTML (escaped) for the printable record's
  "the table at the end" (The Queens: its tableau).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

import marshmallow

from referee.words import Names, game_words


@runtime_checkable
class GameState(Protocol):
    """What every game state exposes; the rest is the game's own business."""

    version: int  # number of events applied, equal to the stream version of the last one
    undo_trail: Any  # what the undo of the last entry keeps (``referee.undo``); None in a new state

    def clone(self) -> GameState:
        """An independent copy, for decide's look-ahead and for folding a batch before it is written."""
        ...


@runtime_checkable
class Game(Protocol):
    name: ClassVar[str]  # registered name used in the API and the log, e.g. "queens-dungeon"
    title: ClassVar[str]  # for people, e.g. "Queen's Dungeon"
    options_schema: ClassVar[type[marshmallow.Schema]]
    command_schemas: ClassVar[Mapping[str, marshmallow.Schema]]

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]: ...

    def initial_state(self) -> GameState: ...

    def apply(self, state: GameState, event: Any) -> GameState: ...

    def decide(self, state: GameState, command: Any, rng: Any) -> list[Any]: ...

    def legal_actions(self, state: GameState, seat: int) -> list[Any]: ...

    def action_of(self, command: Any) -> str:
        """The action name (a key of ``command_schemas``) of a command object."""
        ...

    def command_of(self, event: Any) -> Any:
        """The command a table-action event records, None for an event the referee makes."""
        ...

    def to_act(self, state: GameState) -> list[int]:
        """Seats that may act now (usually one; empty when the game waits for nobody)."""
        ...

    def public_view(self, state: GameState, seat: int | None = None) -> dict[str, Any]: ...

    def director_view(self, state: GameState) -> dict[str, Any]: ...

    def scores(self, state: GameState) -> dict[str, Any]: ...

    def score_mark(self, state: GameState) -> tuple:
        """What the score sheet's scored part depends on (hands scored, totals), cheap to make: it
        changes exactly when a hand is scored or a total moves, so the service knows when to
        refresh the sheet without building it."""
        ...

    def outcome(self, state: GameState) -> dict[str, Any] | None: ...

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        """An event of class ``kind`` with stored fields ``payload`` as a sentence, with players'
        names, without its full stop. A game with events of its own overrides it (its
        ``words.py``); this default says what every game records, and any other event plainly."""
        return game_words(kind, payload, names)


def record_has_secrets(game: Game, record: str) -> bool:
    """Whether a record of ``game`` in progress holds what some player has not seen: a known record
    (the hands), or a blind one whose game says it logs what one player alone saw."""
    return record == "known" or bool(getattr(game, "blind_record_has_secrets", False))
