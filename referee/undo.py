"""The undo of a mis-entry: a scorekeeper who logged the wrong card (a typing error, not a rule
breach) takes back the last entry, in every game and every record.

The record stays append-only. The undo is an event of its own, :class:`EntryUndone`, naming the
action it takes back and the stream versions of that entry (``replaces_from`` to ``replaces_to``);
the events it takes back stay in the record, and the history shows both. The referee folds it: the
state after it is the state before the undone entry (with the undo's version). An *entry* is one
table action with everything the referee decided from it (a trick won, a ruling the card proved,
the hand's score): the batch ``decide`` made for it, exactly as re-deciding the record finds it
(``referee.redecide``). So an undo takes back what followed from the entry alone; rulings made
before it, on anyone, stay in force.

What an undo refuses, with its reason (:class:`UndoRefused`, code ``wrong_phase``):

* an entry that is not the last (``version``, when given, is the record's version the
  scorekeeper saw: an entry logged since makes the undo refused, never applied to the later entry);
* the game's opening (its creation is no entry: nothing to undo before the first entry);
* an undo (the last entry is then the undo itself: log the entry again instead);
* a claim and the referee's ruling on it (a player's accusation is ruled, not mistyped);
* anything once the game is over.

It is not the rules' take-back of an irregular card (``CardTakenBack``, The Queens'
``QueensMoveTakenBack``): that one is a correction the rules allow to a player and it keeps the
rulings made since; an undo says the entry never happened at the table.

Every game gets it the same way, without a line of its own: the registry wraps each game in
:class:`Undoable`, which adds the ``undo`` action and keeps, in the state, a trail: a copy of the
state now and then (never changed once made, like the corrections' restore points) and the events
since. The state before any of the last table actions is that copy with the events since folded in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Optional

from events.registry import event_type
from referee.errors import WrongPhase
from referee.shared_commands import ClaimRenege, TakeBack, schemas_of

#: The action name of an undo, in every game.
UNDO_ACTION = "undo"
#: Table actions tried as the start of the last entry, latest first. One entry may hold more than
#: one table action (a claim upheld in window A brings the referee's take-back), and the one before
#: the last lets an entry that opens with rulings (a renege standing as window B closes) be found whole.
TRIED_POINTS = 4
#: A copy of the state is kept before one event in this many (a copy at every table action would
#: cost more than the action's fold); the one before it is kept too, so that the state before any
#: of the last table actions is a copy with the events since it folded in.
COPY_EVERY = 128


@event_type("EntryUndone", version=1)
@dataclass(frozen=True, slots=True)
class EntryUndone:
    """The scorekeeper undid the last entry, a mis-entry: the ``action`` logged at stream versions
    ``replaces_from`` to ``replaces_to`` (its table action and what the referee decided from it)
    did not happen. Those events stay in the record; the state is as it was before them."""

    action: str
    replaces_from: int
    replaces_to: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Undo the last entry. ``version``: the record's version the scorekeeper saw (optional); the
    undo is refused when an entry was logged since."""

    version: Optional[int] = None


UNDO_SCHEMAS, _ = schemas_of({UNDO_ACTION: Undo})


class UndoRefused(WrongPhase):
    """An undo the referee refuses (``wrong_phase``: nothing it may take back now); the message
    says why and what to do instead."""


@dataclass(frozen=True, slots=True)
class _Copy:
    """The state just before the table-action event at stream ``version``; never changed."""

    version: int
    state: Any


class _Trail:
    """What an undo needs, kept in the state: up to two copies of the state (``copies``, one made
    every ``COPY_EVERY`` events), the events since the older, and the version of the last undo.

    A state and its clones share the trail, and the events are a list they share: a state reads it
    up to its own version and appends at its end; one that finds it longer (a clone folded on)
    takes its own list. The rest is never changed once made."""

    __slots__ = ("copies", "events", "undone_at", "last", "offered")

    def __init__(self, copies: tuple = (), events: list | None = None, undone_at: int = 0) -> None:
        self.copies, self.undone_at = copies, undone_at
        self.events = events if events is not None else []
        self.last: tuple[int, LastEntry | UndoRefused] | None = None  # (version, what was found then)
        self.offered: tuple[int, bool] = (-1, False)  # (version, whether the undo was offered then)

    def __copy__(self) -> _Trail:
        return self

    def __deepcopy__(self, memo: dict) -> _Trail:
        return self  # a game whose clone is a deep copy must not copy the state copies

    @property
    def first(self) -> int:
        return self.copies[0].version

    def with_copy(self, state: Any) -> _Trail:
        """The trail with a new copy of ``state`` (about to take an event), and the last copy."""
        copies = (*self.copies[-1:], _Copy(state.version + 1, _bare_copy(state)))
        events = self.events[copies[0].version - self.first:state.version - self.first + 1] if self.copies else []
        return _Trail(copies, events, self.undone_at)

    def with_event(self, at: int, event: Any) -> _Trail:
        """The trail with ``event`` at index ``at`` of its events, in a list of its own (the shared
        one goes on with another state's events)."""
        return _Trail(self.copies, [*self.events[:at], event], self.undone_at)

    def table_actions(self, game: Any, version: int) -> Iterator[tuple[int, Any]]:
        """The table actions up to ``version`` that the trail holds, latest first, after the last
        undo: (stream version, command)."""
        for v in range(version, max(self.first, self.undone_at + 1) - 1, -1):
            command = game.command_of(self.events[v - self.first])
            if command is not None:
                yield v, command

    def state_before(self, version: int, apply: Any) -> Any:
        """A new state as it was just before stream ``version`` (from the last copy made before it)."""
        copy = [c for c in self.copies if c.version <= version][-1]
        state = _bare_copy(copy.state)  # a copy is never changed: it may serve again
        for event in self.events_between(copy.version, version):
            state = apply(state, event)
        return state

    def events_between(self, start: int, stop: int) -> list:
        """The events at stream versions ``start`` to ``stop - 1``."""
        return self.events[start - self.first:stop - self.first]


_NO_TRAIL = _Trail()
_STATE_CLASSES: dict[type, type] = {}


def _state_class(cls: type) -> type:
    """The subclass of a game's state class with the trail's slot, made once and named in this
    module (``Undoable<name>``), so that a state pickles as the game's own states do."""
    sub = _STATE_CLASSES.get(cls)
    if sub is None:
        name = f"Undoable{cls.__name__}"
        sub = type(name, (cls,), {"__slots__": ("undo_trail",), "__module__": __name__, "__qualname__": name})
        _STATE_CLASSES[cls] = globals()[name] = sub
    return sub


def __getattr__(name: str) -> Any:
    """A state class made for a game (``Undoable<name>``) when unpickling before any game was
    registered in this process: registering the games makes them."""
    import referee.registry  # noqa: F401  (each registered game makes its state class)

    if name in globals():
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _with_trail(state: Any) -> Any:
    """``state`` as an instance of a subclass of its class with a slot for the trail (a game's
    state may have ``__slots__``); its clones keep the class, and so the slot."""
    sub = _state_class(type(state))
    new = sub.__new__(sub)
    for name in _attributes(state):
        if hasattr(state, name):
            setattr(new, name, getattr(state, name))
    new.undo_trail = _NO_TRAIL
    return new


def _attributes(state: Any) -> list[str]:
    """Every attribute a state holds: its slots (its classes') and its ``__dict__``."""
    names = [n for k in type(state).__mro__ for n in getattr(k, "__slots__", ()) if n not in ("__dict__", "__weakref__")]
    return names + list(getattr(state, "__dict__", {}))


def _overwrite(state: Any, source: Any) -> None:
    """Make ``state`` hold what ``source`` (a state of the same class) holds."""
    for name in _attributes(source):
        setattr(state, name, getattr(source, name))


def _bare_copy(state: Any) -> Any:
    """A copy of ``state`` without a trail of its own (copies never nest)."""
    copied = state.clone()
    copied.undo_trail = _NO_TRAIL
    return copied


@dataclass(frozen=True, slots=True)
class LastEntry:
    """The last entry of a record: the stream version it starts at and its table action."""

    start: int
    command: Any


class Undoable:
    """A game (``referee.game.Game``) with the undo of the last entry: everything else is the
    game's own, unchanged."""

    def __init__(self, game: Any) -> None:
        self.inner = game
        self._apply = game.apply
        self.command_schemas = {**game.command_schemas, **UNDO_SCHEMAS}
        _state_class(type(game.initial_state()))  # made now, so a state of this game unpickles anywhere

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def initial_state(self) -> Any:
        return _with_trail(self.inner.initial_state())

    def apply(self, state: Any, event: Any) -> Any:
        if type(event) is EntryUndone:
            return self._fold_undo(state, event)
        # Every event goes through here: kept to a few steps (a copy now and then, one append).
        trail = state.undo_trail
        version = state.version + 1
        copies = trail.copies
        if not copies or version - copies[-1].version >= COPY_EVERY:
            trail = trail.with_copy(state)
        state = self._apply(state, event)
        events, at = trail.events, version - trail.copies[0].version
        if len(events) == at:
            events.append(event)
            state.undo_trail = trail
        else:
            state.undo_trail = trail.with_event(at, event)
        return state

    def _fold_undo(self, state: Any, e: EntryUndone) -> Any:
        trail = state.undo_trail
        if not trail.copies or trail.copies[0].version > e.replaces_from or e.replaces_to != state.version:
            raise ValueError(f"no entry at versions {e.replaces_from} to {e.replaces_to} is the last one to undo")
        restored = trail.state_before(e.replaces_from, self.inner.apply)
        restored.version = state.version + 1
        restored.undo_trail = _Trail(undone_at=restored.version)  # nothing before the undo is undone
        _overwrite(state, restored)  # in place, as every fold: callers may keep folding into ``state``
        return state

    def decide(self, state: Any, command: Any, rng: Any) -> list[Any]:
        if type(command) is not Undo:
            return self.inner.decide(state, command, rng)
        return [self.undo_event(state, command)]

    def undo_event(self, state: Any, command: Undo) -> EntryUndone:
        """The undo of the last entry, or :class:`UndoRefused` saying why not."""
        if command.version is not None and command.version != state.version:
            raise UndoRefused(
                f"Only the last entry can be undone, and the record is at version {state.version}, not "
                f"{command.version}: an entry was logged since the one you meant. Undo that one first if it is "
                "the mis-entry, or log a correction.")
        if self.inner.outcome(state) is not None:
            raise UndoRefused("The game is over: its last entry can no longer be undone.")
        trail = state.undo_trail
        if trail.undone_at and trail.undone_at == state.version:
            raise UndoRefused("The last entry is an undo, and an undo is not undone: log the entry again instead.")
        last = self.last_entry(state)
        if type(last.command) is ClaimRenege:
            raise UndoRefused("The last entry is a claim, and the referee has ruled on it: a ruling is not undone "
                              "as a mis-entry (the referee's ruling stands; a dispute is the way to contest it).")
        return EntryUndone(self.inner.action_of(last.command), last.start, state.version)

    def last_entry(self, state: Any) -> LastEntry:
        """Where the last entry starts (or :class:`UndoRefused`): found once per state version."""
        trail = state.undo_trail
        if trail.last is None or trail.last[0] != state.version:
            try:
                trail.last = (state.version, self._find_last_entry(state))
            except UndoRefused as refused:
                trail.last = (state.version, refused)
        found = trail.last[1]
        if isinstance(found, UndoRefused):
            raise found
        return found

    def _find_last_entry(self, state: Any) -> LastEntry:
        """The record since a table action decided again batch by batch (``referee.redecide``).
        The point before the last is tried first: the last entry may hold two table actions (a
        claim and the referee's take-back) or open with rulings its table action brought, and it
        starts after that point or at it. A point inside a batch does not decide again as one: then
        the older points are tried, and the last point alone."""
        from referee.redecide import decide_batches  # redecide reads the registry, which wraps games here

        trail = state.undo_trail
        points = [v for v, _ in islice(trail.table_actions(self.inner, state.version), TRIED_POINTS)] if trail.copies else []
        for point in [*points[1:], *points[:1]]:
            events = trail.events_between(point, state.version + 1)
            try:
                _, starts = decide_batches(self.inner, trail.state_before(point, self.inner.apply), events)
            except Exception:  # this point is inside a batch (the referee's own take-back): try another
                continue
            start = starts[-1]
            command = next(c for c in map(self.inner.command_of, events[start:]) if c is not None)
            return LastEntry(point + start, command)
        raise UndoRefused("There is no entry to undo: the game's opening is not an entry (to start again, create "
                          "a new game).")

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        """The game's legal actions, and the undo when the last entry may be undone (to any seat
        at the table: the undo is the scorekeeper's)."""
        actions = self.inner.legal_actions(state, seat)
        if not (isinstance(seat, int) and 0 <= seat < len(state.names)):
            return actions
        trail = state.undo_trail
        if trail.offered[0] != state.version:  # asked for every seat, at every version: found once
            trail.offered = (state.version, self._offers_undo(state))
        return [*actions, Undo()] if trail.offered[1] else actions

    def _offers_undo(self, state: Any) -> bool:
        """Whether to offer the undo, from what the state holds, without deciding the last entry
        again (a legal list is asked for often): a table action since the opening or the last
        undo, a game not over, and no claim as the last table action (nor a claim followed by the
        take-back the referee made upholding it). ``decide`` checks it all."""
        trail = state.undo_trail
        if not trail.copies or trail.undone_at == state.version or self.inner.outcome(state) is not None:
            return False
        actions = trail.table_actions(self.inner, state.version)
        last = next(actions, (0, None))[1]
        if last is None or type(last) is ClaimRenege:
            return False
        # A take-back may be the referee's, made upholding a claim in window A.
        return type(last) is not TakeBack or type(next(actions, (0, None))[1]) is not ClaimRenege

    def action_of(self, command: Any) -> str:
        return UNDO_ACTION if type(command) is Undo else self.inner.action_of(command)

    def command_of(self, event: Any) -> Any:
        if type(event) is EntryUndone:
            return Undo(event.replaces_to)
        return self.inner.command_of(event)


def undoable(game: Any) -> Undoable:
    """``game`` with the undo of the last entry (the registry registers every game so)."""
    return Undoable(game)
