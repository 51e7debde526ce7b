"""The game interface every game implements, so nothing outside a game's module special-cases it.

A game is a pure object: it turns commands into events (``decide``) and folds events into state
(``apply``). The service, the API, the workers and the web page only ever talk to this interface.
Every game class inherits :class:`Game`, which declares each member: what every game must
implement, and each optional capability with its default, which says "this game has none". A game
overrides only what it has (as the trick engine, ``referee/trickgame/game.py``, and each game's
``game.py`` under ``referee/games/`` do), so no caller asks whether a game has a capability: it
calls it, and reads the default's "none".

Contract (every game implements these)
--------------------------------------
* ``options_schema`` loads the options a game is created with (player count, variants, target,
  detection mode, ...). All options are logged in the game's first event.
* ``start(options, seats, record, rng)`` returns the opening events (the first is always a
  :class:`~referee.events.GameCreated` carrying every option, so a log is self-describing).
* ``initial_state()`` is the empty state before any event (a :class:`GameState`).
* Every state has an attribute ``undo_trail``, None in a new state and shared by its clones: the
  undo of the last entry keeps there what it needs (``referee.undo``), and no game reads it.
* Every state has an attribute ``confirmations``, ``()`` in a new state: the players' confirmations
  of scored hands (``referee.confirmations``) are folded there, and no game reads it.
* Every state has ``game_name`` (the name its ``GameCreated`` gave) and ``names`` (the seats'
  names, clockwise from seat 0, a dummy included).
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

Optional capabilities (each has a default on :class:`Game`; a game overrides what it has)
-----------------------------------------------------------------------------------------
* ``words(kind, payload, names)`` turns an event (its class and stored fields) into the sentence a
  person would say at the table, with the players' names (``names``: ``referee.words.Names``),
  without its full stop: "Cat plays the 7 of clubs". The records, the command line, the dispute
  explanations and the page all read events through it. Each game keeps its words in its own
  folder; the default says the events every game records and reads any other by its fields.
* ``played_in_hands`` (True by default): a game scored as a whole, not hand by hand (Dungeon, The
  Queens), says False, and its players confirm the game once (``referee.confirmations``).
  ``scored_hands(state)`` lists the hands scored; by default it reads them from ``scores``, and a
  game may say it without building the score sheet (the trick games).
* ``score_columns`` (none by default): the game's own columns of a score sheet's row, in the order
  the csv and the printable record give them (``workers.scoresheet.row_columns``); a column not
  listed follows the listed ones in alphabetical order. ``hands_dealt`` (True by default) says
  whether a hand has a dealer (The Queens, a patience: False), so the totals grid shows one.
* ``dummy(state)`` (None by default): the seat of a dummy, who plays no cards of its own and
  confirms nothing.
* ``results_final(state)`` (False by default): whether the game's results are final (confirmed or
  published), after which no entry is undone or redone (``referee.undo``). No game records that yet.
* ``why_not_made(state, event)`` (None by default) says, when it can, why the referee does not make
  a recorded ``event`` on ``state`` (the trick games: a ruling on a card already ruled), ahead of
  how the event differs from the one it makes.
* ``hint(state, seconds)`` (None by default: the game has no solver) says whether the position can
  be won, with the next move of a winning line as a command; ``GET /games/{id}/hint`` answers
  with it, and with a 404 for a game whose ``hint`` is None.
* ``audit_notes(state, events)`` (None by default) is what the game adds to the audit of its
  record, from the end state and the events in version order (a JSON-ready dict; the audit's
  ``notes``).
* ``blind_record_has_secrets`` (False by default): a blind record of this game also logs what one
  player alone saw (Dungeon: a hand shown to a Myrmiddon's asker), so while it is on its payloads
  are withheld from the table as a known record's are (:func:`record_has_secrets`).
* ``dispute_events`` (none by default) and ``explain_rulings(events, game)`` (nothing by default),
  together: the event classes that record a ruling of the game's own a table may dispute
  (Dungeon: an accusation, a look after a Myrmiddon's denial, a cave-in), and every such ruling in
  the log (``events``, the typed events in version order: event ``n`` is ``events[n - 1]``)
  explained, by the version of its event, in one pass over the log, folded with ``game`` (the
  game as the registry serves it, with the undo every game has, so a ruling undid later is folded
  as the referee folds it). Each explanation is a JSON-ready dict: ``kind``, ``status``,
  ``ruling``, ``summary`` (one line saying only what the table saw), ``evidence_events`` (each
  ``{"version", "type", "says"}``), ``finding``, ``consequence`` and ``read_aloud``. A claim of a
  renege (``referee.events.RenegeClaimed``, which every trick game shares) is explained the same
  way by ``workers.disputes``; ``GET /games/{id}/disputes/{n}`` serves either.
* ``ruling_events`` and ``verdict_events`` (none by default): the game's own event classes that a
  record lists among its rulings (a claim, a ruling or what a ruling cost: The Queen's Dungeon's
  total set and penalty taken for a renege; Dungeon's accusation, look, denial and its
  acceptance), and those of a table action that also carry the referee's verdict on it, which a
  text record's comment says (Dungeon: an accusation upheld or not, a creature defeated).
  ``workers.record_words`` adds the rulings every trick game shares (a renege claimed or ruled, a
  card taken back).
* ``claim_commands``, ``claim_events`` and ``upholding_commands`` (none by default), together: the
  table actions that claim a breach the referee rules on as it logs them (a trick game's claim of a
  renege), the events that record such a claim, and the table actions the referee logs upholding
  one (a trick game's take-back in window A). The undo of mis-entries (``referee.undo``) never
  takes back a claim, nor an upholding action that follows one: a ruling is contested by a dispute.
* ``departure(kind, payload)`` (None by default) says how an event (its class and stored fields)
  took a player out of the game, for a score sheet's result (Dungeon: "slain by the king of
  spades").
* ``picture_html(state)`` (None by default) draws the table as HTML (escaped) for the printable
  record's "the table at the end" (The Queens: its tableau).
* ``record_html(view)`` ("" by default) draws what each player laid out, from the table's view, as
  HTML (escaped) ahead of the printable record's score sheet (Dungeon: each player's dungeon as a
  tree of cards), with ``record_style``, the CSS its drawing needs, and ``record_kept_whole``, the
  selectors of what a printed page keeps whole (``workers.html_record`` puts every game's in the
  record's one style sheet).
* ``table_lines(view, names)`` (None by default: the command line reads the view's shape itself,
  a trick game's hand and tricks) writes the table of a view as lines of text for ``courtcard
  show``, and says which of the view's keys they said (``api.cli_table``); ``names`` is a
  :class:`TableNames` (Dungeon: each player's dungeon; The Queens: its tableau).

A wrapper around a game (the registry's undo and confirmations, ``referee.undo``,
``referee.confirmations``) forwards each member by name, so a capability added here is forwarded
on purpose, never by accident.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import marshmallow

from referee.errors import InvalidOption
from referee.words import Names, game_words


@runtime_checkable
class GameState(Protocol):
    """What every game state exposes; the rest is the game's own business."""

    version: int  # number of events applied, equal to the stream version of the last one
    game_name: str  # the registered name its ``GameCreated`` gave (``referee.replay.game_for``)
    names: list[str]  # the seats' names, clockwise from seat 0 (a dummy included)
    undo_trail: Any  # what the undo of the last entry keeps (``referee.undo``); None in a new state
    confirmations: tuple[Any, ...]  # the players' confirmations of scored hands (``referee.confirmations``)

    def clone(self) -> GameState:
        """An independent copy, for decide's look-ahead and for folding a batch before it is written."""
        ...


class TableNames(Protocol):
    """The seats as names for a table written as text (the command line's ``api.cli_table.Names``):
    a seat's name, a value with each seat in it named, a list by seat as "Ann 3, Bob 1"."""

    def __call__(self, seat: Any) -> str: ...

    def named(self, value: Any) -> Any: ...

    def per_seat(self, values: list[Any]) -> str: ...


#: A game's own state class: every member of a game reads and returns its own.
S = TypeVar("S", bound=GameState)


class Game(Generic[S]):
    """The base of every game: the members each game implements, and each optional capability with
    its default (the game has none of it). See the module's docstring for the contract."""

    # The game's data, read on the game object: a game's class sets them, and a wrapper
    # (``referee.game_wrapper``) copies the data of the game it wraps onto itself.
    name: str  # registered name used in the API and the log, e.g. "queens-dungeon"
    title: str  # for people, e.g. "Queen's Dungeon"
    options_schema: type[marshmallow.Schema]
    command_schemas: Mapping[str, marshmallow.Schema]

    # ------------------------------------------------------------ what every game implements

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        raise NotImplementedError

    def initial_state(self) -> S:
        raise NotImplementedError

    def apply(self, state: S, event: Any) -> S:
        raise NotImplementedError

    def decide(self, state: S, command: Any, rng: Any) -> list[Any]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[Any]:
        raise NotImplementedError

    def action_of(self, command: Any) -> str:
        """The action name (a key of ``command_schemas``) of a command object."""
        raise NotImplementedError

    def command_of(self, event: Any) -> Any:
        """The command a table-action event records, None for an event the referee makes."""
        raise NotImplementedError

    def to_act(self, state: S) -> list[int]:
        """Seats that may act now (usually one; empty when the game waits for nobody)."""
        raise NotImplementedError

    def public_view(self, state: S, seat: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def director_view(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def scores(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def score_mark(self, state: S) -> tuple[Any, ...]:
        """What the score sheet's scored part depends on (hands scored, totals), cheap to make: it
        changes exactly when a hand is scored or a total moves, so the service knows when to
        refresh the sheet without building it."""
        raise NotImplementedError

    def outcome(self, state: S) -> dict[str, Any] | None:
        raise NotImplementedError

    # ------------------------------------------------------------ optional capabilities

    #: Scored hand by hand (each hand confirmed); False: scored as a whole, confirmed once.
    played_in_hands: bool = True
    #: The game's own columns of a score sheet's row, in their order: none of its own.
    score_columns: tuple[str, ...] = ()
    #: Whether a hand has a dealer (the totals grid shows one): every dealt game's do.
    hands_dealt: bool = True
    #: A blind record logs nothing one player alone saw.
    blind_record_has_secrets: bool = False
    #: No ruling of the game's own that a table may dispute.
    dispute_events: tuple[type, ...] = ()
    #: No event of the game's own that a record lists among its rulings.
    ruling_events: tuple[type, ...] = ()
    #: No table action of the game's own whose event also carries the referee's verdict on it.
    verdict_events: tuple[type, ...] = ()
    #: No table action that claims a breach the referee rules on at once (the undo never takes one
    #: back), no event recording one, and no table action that upholds one.
    claim_commands: tuple[type, ...] = ()
    claim_events: tuple[type, ...] = ()
    upholding_commands: tuple[type, ...] = ()

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        """An event of class ``kind`` with stored fields ``payload`` as a sentence, with players'
        names, without its full stop. A game with events of its own overrides it (its
        ``words.py``); this default says what every game records, and any other event plainly."""
        return game_words(kind, payload, names)

    def scored_hands(self, state: S) -> list[int]:
        """The numbers of the hands scored, read from the score sheet."""
        return [sheet["hand"] for sheet in self.scores(state)["hands"]]

    def dummy(self, state: S) -> int | None:
        """The seat of a dummy: none."""
        return None

    def results_final(self, state: S) -> bool:
        """Whether the game's results are final: the record holds nothing that makes them so."""
        return False

    def why_not_made(self, state: S, event: Any) -> str | None:
        """Why the referee does not make the recorded ``event`` on ``state``: nothing to say."""
        return None

    def hint(self, state: S, seconds: float = 1.0) -> dict[str, Any] | None:
        """The next move of a winning line, or why the position is lost: None, no solver."""
        return None

    def audit_notes(self, state: S, events: Sequence[Any]) -> dict[str, Any] | None:
        """What the game adds to the audit of its record: nothing."""
        return None

    def explain_rulings(self, events: Sequence[Any], game: Game[Any]) -> dict[int, dict[str, Any]]:
        """Each ruling of the game's own (``dispute_events``) explained, by version: none."""
        return {}

    def departure(self, kind: type, payload: Mapping[str, Any]) -> str | None:
        """How an event of class ``kind`` with stored fields ``payload`` took a player out: no event does."""
        return None

    def picture_html(self, state: S) -> str | None:
        """The table drawn as HTML for the printable record: no drawing."""
        return None

    #: The style sheet of the game's ``record_html`` drawing, and what of it a printed page keeps
    #: whole (CSS selectors): no drawing, no style.
    record_style: str = ""
    record_kept_whole: tuple[str, ...] = ()

    def record_html(self, view: dict[str, Any]) -> str:
        """The players' own parts of the table drawn as HTML (escaped) from the table's ``view``,
        for the printable record, ahead of its score sheet: nothing."""
        return ""

    def table_lines(self, view: dict[str, Any], names: TableNames) -> tuple[list[str], set[str]] | None:
        """The table of ``view`` as lines of text for the command line, and the view's keys they
        said: None, the command line's own reading of the view's shape."""
        return None


#: Every member of the contract, required or optional: what a wrapper around a game forwards.
CONTRACT: tuple[str, ...] = ("name", "title", "options_schema", "command_schemas",
                             *(n for n in vars(Game) if not n.startswith("_")))


def record_has_secrets(game: Game[Any], record: str) -> bool:
    """Whether a record of ``game`` in progress holds what some player has not seen: a known record
    (the hands), or a blind one whose game says it logs what one player alone saw."""
    return record == "known" or game.blind_record_has_secrets


def loaded_options(schema: type[marshmallow.Schema], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` checked and completed by the game's options ``schema``; InvalidOption says what
    the schema refused, as a game's options are refused whichever game it is."""
    try:
        loaded: dict[str, Any] = schema().load(dict(options or {}))
    except marshmallow.ValidationError as exc:
        raise InvalidOption(f"Invalid options: {exc.messages}") from exc
    return loaded
