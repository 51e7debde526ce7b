"""The referee service: turns a table action into events, appended only if the game has not moved.

The flow of one action: take the game's cached state (caught up from its stream), let the game
``decide`` the events, append them with the version the decision was made on, then fold them into
the cached state. Deciding is pure; the store's expected-version check makes the append safe
against a second scorekeeper (or a second server process) logging at the same moment.

States are cached per game, so an action costs the same at version 1,000 as at version 10: the
cache is only caught up with the events it has not seen.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import secrets
import string
import threading
from contextlib import contextmanager
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import marshmallow
import orjson

from events.batch_builder import same_request
from events.envelope import Envelope
from events.errors import ConcurrencyError, DuplicateEventIdError, WriteOutcomeUnknownError
from events.recorder import Recorder
from referee.command_loader import loader_for
from referee.errors import InputError, InvalidOption, RefereeError, UnknownAction
from referee.game import Game, GameState
from referee.registry import game_names, game_of_record, get_game
from referee.replay import FoldError, game_for, replay
from referee.seat_names import check_seat_names

log = logging.getLogger(__name__)

#: How often an action without If-Match is re-decided after losing a race to another writer.
CONFLICT_RETRIES = 5


class GameNotFoundError(InputError):
    """No game has this id."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"There is no game with id {game_id!r}.", code="game_not_found")
        self.game_id = game_id


class VersionMismatchError(RefereeError):
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


class StateCache:
    """A bounded LRU of game states, each with the hash of the last event folded into it, and one
    lock per game so that threads never share a fold.

    A cached state is only a head start: the service checks it against the record's head before
    it decides, refuses or shows anything (:meth:`RefereeService._sync`).
    """

    def __init__(self, capacity: int = 2048) -> None:
        self.capacity = capacity
        self._states: OrderedDict[str, tuple[GameState, str]] = OrderedDict()
        self._guard = threading.Lock()
        self._locks: dict[str, threading.RLock] = {}
        self._marks: dict[str, tuple[Any, ...]] = {}

    def lock(self, game_id: str) -> threading.RLock:
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def get(self, game_id: str) -> tuple[GameState, str] | None:
        """(state, hash of its last event), or None."""
        with self._guard:
            entry = self._states.get(game_id)
            if entry is not None:
                self._states.move_to_end(game_id)
            return entry

    def put(self, game_id: str, state: GameState, head_hash: str) -> None:
        with self._guard:
            self._states[game_id] = (state, head_hash)
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

    def score_mark(self, game_id: str) -> tuple[Any, ...] | None:
        """What the game's score sheet depended on after the last action this cache folded."""
        return self._marks.get(game_id)

    def set_score_mark(self, game_id: str, mark: tuple[Any, ...]) -> None:
        self._marks[game_id] = mark

    def forget_score_mark(self, game_id: str) -> None:
        self._marks.pop(game_id, None)


class RefereeService:
    """Creates games and logs actions through the referee, on top of a :class:`Recorder` (the Redis
    store, :class:`events.store.EventStore`, in every deployment).

    Decide on the head. A view or a refusal is made only on the game's state checked against the
    record's head (one round trip, which also brings any events the cache lacks); an action's
    events are appended only if the head is still the one they were decided on (the append
    script checks version and hash), else they are decided again on the head. So a process whose
    cache is behind (another process logged since) or ahead (the record lost its last writes)
    never refuses, shows or records anything on it. Fold before append: a batch is folded (on a
    copy) before it is written, and a batch that does not fold is refused with nothing written.
    """

    def __init__(self, store: Recorder, cache: StateCache | None = None) -> None:
        self.store = store
        self.cache = cache or StateCache()

    # --- reading -------------------------------------------------------------------------------

    def state(self, game_id: str) -> tuple[Game[Any], GameState]:
        """The game and its state at the record's head. The caller must not mutate it."""
        with self.cache.lock(game_id):
            state = self._sync(game_id)[0]
            return game_for(state), state

    @contextmanager
    def locked_state(self, game_id: str) -> Iterator[tuple[Game[Any], GameState]]:
        """The game's state at the head, held so that no action is folded in while the caller reads it."""
        with self.cache.lock(game_id):
            yield self.state(game_id)

    def _sync(self, game_id: str) -> tuple[GameState, str]:
        """The game's state and head hash at the record's head (call with the game's lock held).

        One round trip reads the head and the events after the cached state. A head behind the
        cached state, or one that does not continue it (a rollback of the store, then other
        writes), means the cache holds events the record does not: it is dropped, the state is
        rebuilt from the record, and the incident is logged.
        """
        cached = self.cache.get(game_id)
        head, fresh = self.store.head_and_after(game_id, cached[0].version if cached else 0)
        if cached is not None and not _continues(cached, head, fresh):
            log.warning("game %s: the record's head is %d:%s but this process had folded up to %d:%s; "
                        "rebuilding from the record", game_id, head[0], head[1][:12], cached[0].version, cached[1][:12])
            self.store.note_incident("head_moved_back", game_id, f"cached {cached[0].version}, record {head[0]}")
            self.cache.drop(game_id)
            cached = None
            head, fresh = self.store.head_and_after(game_id, 0)
        if not fresh:
            if cached is None:
                raise GameNotFoundError(game_id)
            return cached
        self.cache.forget_score_mark(game_id)  # events logged elsewhere may have moved the scores
        state = self._fold_record(game_id, cached[0] if cached else None, fresh)
        self.cache.put(game_id, state, fresh[-1].hash)
        return state, fresh[-1].hash

    def _fold_record(self, game_id: str, state: GameState | None, envelopes: list[Envelope]) -> GameState:
        """Fold recorded events; a record the referee cannot fold is named, never a bare crash."""
        game = game_of_record(envelopes[0]) if state is None else game_for(state)
        try:
            return replay((envelope.event for envelope in envelopes), game, state)
        except FoldError as exc:
            self.cache.drop(game_id)  # a half-folded state is never served
            raise GameUnreadableError(game_id, envelopes[exc.index].version, exc.cause) from exc

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
            raise InvalidOption(f"Invalid options for {game.title}: {_describe(exc)}") from exc
        check_seat_names(str(name) for name in seats)  # a new game only: a record's own names replay as written
        opening = game.start(loaded, list(seats), record, _rng())
        _fold_new(game, game.initial_state(), opening)
        return opening

    def create_game(self, game_id: str, opening: list[Any], actor: str) -> ActionResult:
        """Log the opening events of :meth:`plan_game` as a new game's first events."""
        result = self.store.append(game_id, opening, expected_version=0, actor=actor,
                                   command_id=f"create:{secrets.token_hex(16)}")
        with self.cache.lock(game_id):
            self.cache.drop(game_id)
            self._sync(game_id)
        return ActionResult(game_id, result.version, result.envelopes)

    def act(
        self,
        game_id: str,
        action: str,
        fields: Mapping[str, Any],
        actor: str,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        scope: str = "action",
    ) -> ActionResult:
        """Log one table action, decided on the record's head.

        ``expected_version`` (from If-Match) makes a decision on another version fail with
        :class:`VersionMismatchError`; without it, a lost race is re-decided on the new state.
        ``idempotency_key`` makes a retry return the original result instead of acting twice;
        keys are scoped per game and ``scope`` (the route), and a key reused with another request
        is refused (:class:`IdempotencyKeyReusedError`). Without a key the service makes one, so
        that a write whose outcome the store never confirmed can be settled by a retry that
        names it (:class:`WriteOutcomeUnknownError` carries it).
        """
        request = _request_record(scope, idempotency_key or secrets.token_hex(16), action, fields)
        key = request if idempotency_key else None  # the request to look up when the record may hold it
        with self.cache.lock(game_id):
            # A retry is recognised by the record, never looked up ahead of the usual play: the
            # append's script checks the request before it writes (and answers request_seen), and
            # whatever is refused (the decision, a moved head, recorded ids) looks the key up
            # first (_recorded_answer), since the request may be what moved the game.
            # The cached state is a guess at the head: what it accepts, the append checks against
            # the head (version and hash); what it refuses is decided again on the head first.
            entry = self.cache.get(game_id)
            synced = entry is None
            if entry is None:
                entry = self._sync(game_id)
            game = game_for(entry[0])
            command = _load_command(game, action, fields)
            for _ in range(CONFLICT_RETRIES):
                state, head_hash = entry
                try:
                    if expected_version is not None and expected_version != state.version:
                        raise VersionMismatchError(game_id, expected_version, state.version)
                    events = game.decide(state, command, _rng())
                except (InputError, VersionMismatchError):
                    if synced:
                        # The same request may be what made the head refuse it: then the key
                        # answers, not the state that logging made.
                        answer = self._recorded_answer(game_id, key)
                        if answer is not None:
                            return answer
                        raise
                    entry, synced = self._sync(game_id), True  # a refusal is made on the head only
                    continue
                if not events:
                    if synced:
                        return self._recorded_answer(game_id, key) or ActionResult(game_id, state.version, [])
                    entry, synced = self._sync(game_id), True
                    continue
                # Fold before append, on a copy: the cached state stays what the record holds.
                folded = _fold_new(game, state.clone(), events)
                try:
                    result = self.store.append(game_id, events, state.version, actor, expected_hash=head_hash,
                                               event_ids=request.event_ids(len(events)),
                                               request=(request.field, request.digest),
                                               command_id=request.command_id)
                except ConcurrencyError as exc:
                    if expected_version is not None:
                        answer = self._recorded_answer(game_id, key)
                        if answer is not None:
                            return answer
                        raise VersionMismatchError(game_id, expected_version, exc.current) from exc
                    entry, synced = self._sync(game_id), True
                    continue
                except DuplicateEventIdError:
                    # The key's event ids are recorded with other events: a request recorded by an
                    # earlier release in its requests hash, which the key's look-up reads.
                    answer = self._recorded_answer(game_id, key)
                    if answer is not None:
                        return answer
                    raise
                except WriteOutcomeUnknownError as exc:
                    exc.idempotency_key = request.key
                    raise
                if result.duplicate or result.request_seen is not None:
                    # A retry (or a reused key), answered by the store once its replicas held the
                    # events. The key's look-up also reads what earlier releases recorded.
                    seen = self.store.recorded_request(game_id, request.field) if key else None
                    return self._replay_request(game_id, request, seen or result.request_seen or request.digest,
                                                durable=True)
                before = self.cache.score_mark(game_id) or game.score_mark(state)
                self.cache.put(game_id, folded, result.envelopes[-1].hash)
                after = game.score_mark(folded)
                self.cache.set_score_mark(game_id, after)  # the next action's "before", for free
                return ActionResult(game_id, result.version, result.envelopes,
                                    finished=game.outcome(folded) is not None,
                                    scores_changed=after != before)
            raise VersionMismatchError(game_id, entry[0].version, self.store.version(game_id))

    def _recorded_answer(self, game_id: str, request: _RequestRecord | None) -> ActionResult | None:
        """The answer to ``request`` if the game recorded its key already (its original events, or
        IdempotencyKeyReusedError for another request under that key); None when it did not, or
        when there is no key to look up (``request`` None)."""
        if request is None:
            return None
        seen = self.store.recorded_request(game_id, request.field)
        return None if seen is None else self._replay_request(game_id, request, seen)

    def _replay_request(self, game_id: str, request: _RequestRecord, recorded_digest: str,
                        durable: bool = False) -> ActionResult:
        """The answer to a request whose key the game already recorded: its original events, or
        a refusal when the key was used for another request.

        The events are acknowledged only as durable as a first write is (unless ``durable`` says
        the store saw to it): the request that recorded them may have been answered
        ``outcome_unknown`` for want of a replica, and its retry must not be acknowledged
        before a replica holds them."""
        if not same_request(recorded_digest, request.digest):
            raise IdempotencyKeyReusedError(game_id, request.key)
        logged = self.store.find_events(game_id, request.event_ids(1))
        if not logged:
            raise GameUnreadableError(game_id, self.store.version(game_id),
                                      f"request {request.key!r} is recorded but its events are not")
        if not durable:
            try:
                self.store.confirm_durable(game_id)
            except WriteOutcomeUnknownError as exc:
                exc.idempotency_key = request.key
                raise
        batch = [logged[0]]
        prefix = request.event_ids(1)[0][:-1]
        for envelope in self.store.read(game_id, from_version=logged[0].version + 1):
            if not envelope.event_id.startswith(prefix):
                break
            batch.append(envelope)
        return ActionResult(game_id, self.store.version(game_id), batch, duplicate=True)


class IdempotencyKeyReusedError(InputError):
    """An Idempotency-Key already names another request on this game and route."""

    def __init__(self, game_id: str, key: str) -> None:
        super().__init__(
            f"Idempotency-Key {key!r} was already used on game {game_id} for a different request. "
            "A retry must repeat the request exactly; a new action needs a new key.",
            code="idempotency_key_reused",
        )
        self.key = key


class GameUnreadableError(RefereeError):
    """A stored game the referee cannot fold: reported with the version and the reason."""

    def __init__(self, game_id: str, version: int, reason: object) -> None:
        text = f"{type(reason).__name__}: {reason}" if isinstance(reason, Exception) else str(reason)
        super().__init__(
            f"Game {game_id} cannot be read at version {version} ({text}). Its record is kept "
            "unchanged; nothing more can be logged on it until the referee can read it."
        )
        self.game_id, self.version, self.reason = game_id, version, text


class _RequestRecord(NamedTuple):
    """A request as the store records it: its key's field (scope and key) and a digest of what
    it asked, so that a retry is recognised and a reused key is refused. (A named tuple: one is
    made for every play, and a frozen dataclass sets each field through object.__setattr__.)"""

    scope: str
    key: str
    digest: str

    @property
    def field(self) -> str:
        # The command id: the store then keeps the request's record in its command's index record.
        return self.command_id

    @property
    def command_id(self) -> str:
        """The id recorded in each envelope the request appends: its route and key (``action:<key>``,
        ``dispute:<key>``), so an audit reads which events one action made."""
        return f"{self.scope}:{self.key}"

    def event_ids(self, count: int) -> list[str]:
        """Event ids derived from the command id, so a retried request maps to the same events."""
        return [f"{self.command_id}#{i}" for i in range(count)]


def _request_record(scope: str, key: str, action: str, fields: Mapping[str, Any]) -> _RequestRecord:
    try:
        body = orjson.dumps([action, fields], option=orjson.OPT_SORT_KEYS)
    except TypeError:  # a number orjson cannot write: such a request is refused later, but has a digest
        body = json.dumps([action, fields], sort_keys=True, separators=(",", ":"), default=repr).encode()
    return _RequestRecord(scope, key, hashlib.sha256(body).hexdigest())


def _continues(cached: tuple[GameState, str], head: tuple[int, str], fresh: list[Envelope]) -> bool:
    """Whether the record's head extends the cached state (the same events, perhaps more)."""
    state, head_hash = cached
    if fresh:
        return fresh[0].prev_hash == head_hash and fresh[0].version == state.version + 1
    return head == (state.version, head_hash)


def _fold_new(game: Game[Any], state: GameState, events: list[Any]) -> GameState:
    """Fold a batch the referee just decided; one that does not fold is refused, never written."""
    try:
        return replay(events, game, state)
    except FoldError as exc:
        log.exception("the referee decided a batch it cannot fold")
        raise RefereeFoldError(exc.cause) from exc


class RefereeFoldError(RefereeError):
    """The referee decided events it cannot fold: the action is refused and nothing is written."""

    def __init__(self, reason: object) -> None:
        super().__init__(f"The referee could not apply its own decision ({reason!r}); nothing was written.")


def _load_command(game: Game[Any], action: str, fields: Mapping[str, Any]) -> Any:
    schema = game.command_schemas.get(action)
    if schema is None:
        actions = sorted(game.command_schemas)
        raise UnknownAction(f"{game.title} has no action {action!r}. Actions: {', '.join(actions)}.", legal=actions)
    try:
        return loader_for(schema).load(fields)  # marshmallow's checks and words, without it on valid input
    except marshmallow.ValidationError as exc:
        raise InputError(f"Invalid {action!r} action: {_describe(exc)}", code="invalid_action") from exc


def _describe(exc: marshmallow.ValidationError) -> str:
    messages = exc.messages
    if isinstance(messages, dict):
        return "; ".join(f"{field}: {' '.join(map(str, msg)) if isinstance(msg, list) else msg}" for field, msg in messages.items())
    return " ".join(map(str, messages))


def _rng() -> random.Random:
    # Each decision gets fresh entropy; whatever it draws is written into the events it returns.
    return _ENTROPY


#: The OS's secure source (a deal's salt must not follow from a 64-bit seed). It keeps no state
#: between draws (each reads the OS's entropy), so one serves every decision, in every thread.
_ENTROPY = secrets.SystemRandom()
