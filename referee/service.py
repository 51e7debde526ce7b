"""The referee service: turns a table action into events, appended only if the game has not moved.

The flow of one action: take the game's cached state (caught up from its stream), let the game
``decide`` the events, append them with the version the decision was made on, then fold them into
the cached state. Deciding is pure; the store's expected-version check makes the append safe
against a second scorekeeper (or a second server process) logging at the same moment.

States are cached per game, so an action costs the same at version 1,000 as at version 10: the
cache is only caught up with the events it has not seen.
"""

from __future__ import annotations

from contextlib import contextmanager
import random
import secrets
import string
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import marshmallow

from events.envelope import Envelope
from events.errors import ConcurrencyError
from events.store import EventStore
from referee.errors import InputError
from referee.game import Game, GameState
from referee.registry import game_names, get_game
from referee.replay import game_for

#: How often an action without If-Match is re-decided after losing a race to another writer.
CONFLICT_RETRIES = 5


class GameNotFoundError(InputError):
    """No game has this id."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"There is no game with id {game_id!r}.", code="game_not_found")
        self.game_id = game_id


class VersionMismatchError(Exception):
    """The scorekeeper decided on a version the game has already moved past (If-Match)."""

    def __init__(self, game_id: str, expected: int, current: int) -> None:
        super().__init__(
            f"Game {game_id} is at version {current}, not {expected}: someone logged an action "
            "first. Reload the game and try again."
        )
        self.game_id, self.expected, self.current = game_id, expected, current


@dataclass(frozen=True)
class ActionResult:
    """The outcome of one accepted action or game creation."""

    game_id: str
    version: int
    envelopes: list[Envelope]
    duplicate: bool = False  # True when an idempotent retry found the action already logged
    finished: bool = False  # True when the game has an outcome after this action
    scores_changed: bool = False  # True when a hand was scored or a total moved


GAME_ID_ALPHABET = string.ascii_letters + string.digits
GAME_ID_LENGTH = 12  # 62 ** 12: about 71 bits, unguessable


def new_game_id() -> str:
    """A short, unguessable game id of letters and digits: safe in a URL, and never read as a
    command-line option (a token_urlsafe id could start with "-")."""
    return "".join(secrets.choice(GAME_ID_ALPHABET) for _ in range(GAME_ID_LENGTH))


def idempotent_event_ids(key: str, count: int) -> list[str]:
    """Event ids derived from an Idempotency-Key, so a retried request maps to the same events."""
    return [f"{key}#{i}" for i in range(count)]


class StateCache:
    """A bounded LRU of game states, with one lock per game so that threads never share a fold."""

    def __init__(self, capacity: int = 2048) -> None:
        self.capacity = capacity
        self._states: OrderedDict[str, GameState] = OrderedDict()
        self._guard = threading.Lock()
        self._locks: dict[str, threading.RLock] = {}
        self._marks: dict[str, tuple] = {}

    def lock(self, game_id: str) -> threading.RLock:
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def get(self, game_id: str) -> GameState | None:
        with self._guard:
            state = self._states.get(game_id)
            if state is not None:
                self._states.move_to_end(game_id)
            return state

    def put(self, game_id: str, state: GameState) -> None:
        with self._guard:
            self._states[game_id] = state
            self._states.move_to_end(game_id)
            while len(self._states) > self.capacity:
                old, _ = self._states.popitem(last=False)
                self._marks.pop(old, None)
                lock = self._locks.get(old)
                # A lock some thread holds stays: dropping it would let a second thread in.
                if lock is not None and lock.acquire(blocking=False):
                    del self._locks[old]
                    lock.release()

    def drop(self, game_id: str) -> None:
        with self._guard:
            self._states.pop(game_id, None)
            self._marks.pop(game_id, None)

    def score_mark(self, game_id: str) -> tuple | None:
        """What the game's score sheet depended on after the last action this cache folded."""
        return self._marks.get(game_id)

    def set_score_mark(self, game_id: str, mark: tuple) -> None:
        self._marks[game_id] = mark

    def forget_score_mark(self, game_id: str) -> None:
        self._marks.pop(game_id, None)


class RefereeService:
    """Creates games and logs actions through the referee, on top of an :class:`EventStore`."""

    def __init__(self, store: EventStore, cache: StateCache | None = None) -> None:
        self.store = store
        self.cache = cache or StateCache()

    # --- reading -------------------------------------------------------------------------------

    def state(self, game_id: str) -> tuple[Game, GameState]:
        """The game and its state caught up with the stream. The caller must not mutate it."""
        with self.cache.lock(game_id):
            state = self._catch_up(game_id, self.cache.get(game_id))
            return game_for(state), state

    @contextmanager
    def locked_state(self, game_id: str) -> Iterator[tuple[Game, GameState]]:
        """The caught-up game state, held so that no action is folded in while the caller reads it."""
        with self.cache.lock(game_id):
            yield self.state(game_id)

    def _catch_up(self, game_id: str, state: GameState | None) -> GameState:
        start = 1 if state is None else state.version + 1
        fresh = list(self.store.read(game_id, from_version=start))
        if state is None and not fresh:
            raise GameNotFoundError(game_id)
        if fresh:
            state = self._fold(game_id, state, fresh)
            self.cache.forget_score_mark(game_id)  # events logged elsewhere may have moved the scores
        return state

    def _fold(self, game_id: str, state: GameState | None, envelopes: list[Envelope]) -> GameState:
        try:
            if state is None:
                game = get_game(_game_name(envelopes[0]))
                state = game.initial_state()
            else:
                game = game_for(state)
            for envelope in envelopes:
                state = game.apply(state, envelope.event)
        except BaseException:
            # A half-folded state must never be served: forget it and rebuild next time.
            self.cache.drop(game_id)
            raise
        self.cache.put(game_id, state)
        return state

    # --- writing -------------------------------------------------------------------------------

    def plan_game(self, game_name: str, options: Mapping[str, Any], seats: list[str], record: str) -> list[Any]:
        """Validate a new game and return its opening events, without writing anything."""
        if game_name not in game_names():
            raise InputError(
                f"There is no game called {game_name!r}. Games: {', '.join(game_names())}.",
                code="unknown_game",
                legal=game_names(),
            )
        game = get_game(game_name)
        try:
            loaded = game.options_schema().load(dict(options))
        except marshmallow.ValidationError as exc:
            raise InputError(f"Invalid options for {game.title}: {_describe(exc)}", code="invalid_options") from exc
        return game.start(loaded, list(seats), record, _rng())

    def create_game(self, game_id: str, opening: list[Any], actor: str) -> ActionResult:
        """Log the opening events of :meth:`plan_game` as a new game's first events."""
        result = self.store.append(game_id, opening, expected_version=0, actor=actor)
        with self.cache.lock(game_id):
            self._fold(game_id, None, result.envelopes)
        return ActionResult(game_id, result.version, result.envelopes)

    def act(
        self,
        game_id: str,
        action: str,
        fields: Mapping[str, Any],
        actor: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> ActionResult:
        """Log one table action.

        ``expected_version`` (from If-Match) makes a stale decision fail with
        :class:`VersionMismatchError`; without it, a lost race is re-decided on the new state.
        ``idempotency_key`` makes a retry return the original result instead of acting twice.
        """
        with self.cache.lock(game_id):
            if idempotency_key:
                logged = self.store.find_events(game_id, idempotent_event_ids(idempotency_key, 1))
                if logged:
                    return self._already_logged(game_id, logged[0], idempotency_key)
            state = self.cache.get(game_id)
            for _ in range(CONFLICT_RETRIES):
                if state is None or (expected_version is not None and expected_version != state.version):
                    state = self._catch_up(game_id, state)
                if expected_version is not None and expected_version != state.version:
                    raise VersionMismatchError(game_id, expected_version, state.version)
                game = game_for(state)
                events = game.decide(state, _load_command(game, action, fields), _rng())
                if not events:
                    return ActionResult(game_id, state.version, [])
                ids = idempotent_event_ids(idempotency_key, len(events)) if idempotency_key else None
                try:
                    result = self.store.append(game_id, events, state.version, actor, event_ids=ids)
                except ConcurrencyError as exc:
                    if expected_version is not None:
                        raise VersionMismatchError(game_id, expected_version, exc.current) from exc
                    state = self._catch_up(game_id, state)
                    continue
                if result.duplicate:
                    return self._already_logged(game_id, result.envelopes[0], idempotency_key)
                before = self.cache.score_mark(game_id) or _score_mark(game, state)
                state = self._fold(game_id, state, result.envelopes)
                after = _score_mark(game, state)
                self.cache.set_score_mark(game_id, after)  # the next action's "before", for free
                return ActionResult(game_id, result.version, result.envelopes,
                                    finished=game.outcome(state) is not None,
                                    scores_changed=after != before)
            raise VersionMismatchError(game_id, state.version, self.store.version(game_id))

    def _already_logged(self, game_id: str, first: Envelope, key: str | None) -> ActionResult:
        """The envelopes a retried request appended the first time, found by their derived ids."""
        batch = [first]
        for envelope in self.store.read(game_id, from_version=first.version + 1):
            if key is None or not envelope.event_id.startswith(f"{key}#"):
                break
            batch.append(envelope)
        return ActionResult(game_id, self.store.version(game_id), batch, duplicate=True)


def _load_command(game: Game, action: str, fields: Mapping[str, Any]) -> Any:
    schema = game.command_schemas.get(action)
    if schema is None:
        actions = sorted(game.command_schemas)
        raise InputError(
            f"{game.title} has no action {action!r}. Actions: {', '.join(actions)}.",
            code="unknown_action",
            legal=actions,
        )
    try:
        return schema.load(dict(fields))
    except marshmallow.ValidationError as exc:
        raise InputError(f"Invalid {action!r} action: {_describe(exc)}", code="invalid_action") from exc


def _describe(exc: marshmallow.ValidationError) -> str:
    messages = exc.messages
    if isinstance(messages, dict):
        return "; ".join(f"{field}: {' '.join(map(str, msg)) if isinstance(msg, list) else msg}" for field, msg in messages.items())
    return " ".join(map(str, messages))


def _score_mark(game: Game, state: GameState) -> tuple:
    """What a score sheet depends on: the hands scored so far and the running totals."""
    sheet = game.scores(state)
    return len(sheet.get("hands") or ()), tuple(sheet.get("totals") or ())


def _game_name(first: Envelope) -> str:
    return first.payload["game"]


def _rng() -> random.Random:
    # Each decision gets fresh entropy; whatever it draws is written into the events it returns.
    return secrets.SystemRandom()  # the OS's secure source: a deal's salt must not follow from a 64-bit seed
