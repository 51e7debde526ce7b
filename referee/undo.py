"""The undo and redo of mis-entries: a scorekeeper who logged the wrong card (a typing error, not
a rule breach) steps back through the entries, in every game and every record, and may put back
what they took back.

The record stays append-only. An undo is an event of its own, :class:`EntryUndone`, naming the
action it takes back and the stream versions of that entry (``replaces_from`` to ``replaces_to``);
the events it takes back stay in the record, and the history shows both. The referee folds it: the
state after it is the state before the undone entry (with the undo's version). An *entry* is one
table action with everything the referee decided from it (a trick won, a ruling the card proved,
the hand's score): the batch ``decide`` made for it, exactly as re-deciding the record finds it
(``referee.redecide_record``). So an undo takes back what followed from the entry alone; rulings made
before it, on anyone, stay in force.

Each undo takes back the latest entry not yet undone: undo, undo, undo walks back three entries
(the entries of earlier undos stay undone). A redo, :class:`EntryRedone`, puts back the entry of
the latest undo not yet redone, as long as nothing was entered since that undo (a new entry clears
the redo): the state after it is the state just before that undo, so it is one event, naming the
undo it reverses, and replay and re-deciding need nothing but the states the trail keeps.

What an undo refuses, with its reason (:class:`UndoRefused`, code ``wrong_phase``):

* when ``version`` is given, a record at another version (the scorekeeper saw an older record: an
  entry logged since makes the undo refused, never applied to the later entry);
* the game's opening (its creation is no entry: nothing to undo before the first entry), and
  entries older than the trail keeps (it steps back through at least the last ``COPY_EVERY``
  events);
* a claim the referee rules on as it is logged (the game's ``claim_commands``: a trick game's claim
  of a renege) and the referee's ruling on it: contest a ruling with a dispute.
  A game's own action that brings a ruling (Dungeon's accusation or look, typed for the wrong
  player) is an entry like any other, and may be undone as a mis-entry;
* anything once the game's results are final (the game's ``results_final``, ``referee.game``). A finished game's last entry
  (a trick game's last card, The Queens' give up, Dungeon's escape) is undone like any other.

It is not the rules' take-back of an irregular card (``CardTakenBack``, The Queens'
``QueensMoveTakenBack``): that one is a correction the rules allow to a player and it keeps the
rulings made since; an undo says the entry never happened at the table.

Every game gets it the same way, without a line of its own: the registry wraps each game in
:class:`Undoable`, which adds the ``undo`` and ``redo`` actions and keeps a :class:`Trail` in the
attribute every game's state has for it (``undo_trail``): a copy of the state now and then (never
changed once made, like the corrections' restore points) and the events since. The state before any
of the last table actions is that copy with the events since folded in. An undo or a redo opens a
new trail; the trail it opens keeps the one holding the entries still in effect below it (``below``),
so the next undo walks down to them, and an undo's trail keeps the state before the undo for its
redo. What a fold pays for it is one append an event (and a copy every ``COPY_EVERY`` events); the
offers in a legal list are a few checks (the trail notes the claims as they are folded, and finds
its first table action once), and decide nothing again: only an undo asked for does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from referee.redecide_batches import decide_batches
from referee.errors import WrongPhase
from referee.events import EntryRedone, EntryUndone
from referee.command_schemas import schemas_of
from referee.game import Game
from referee.game_wrapper import GameWrapper

#: The action names of an undo and a redo, in every game.
UNDO_ACTION, REDO_ACTION = "undo", "redo"
#: Table actions tried as the start of the last entry, latest first. One entry may hold more than
#: one table action (a claim upheld in window A brings the referee's take-back), and the one before
#: the last lets an entry that opens with rulings (a renege standing as window B closes) be found whole.
TRIED_POINTS = 4
#: A copy of the state is kept before one event in this many (a copy at every table action would
#: cost more than the action's fold; one in 256 costs a fold about 30 ns an event, and a state keeps
#: at most 512 events and two copies); the one before it is kept too, so that the state before any
#: of the last table actions is a copy with the events since it folded in.
COPY_EVERY = 256


@dataclass(frozen=True, slots=True)
class Undo:
    """Undo the last entry. ``version``: the record's version the scorekeeper saw (optional); the
    undo is refused when an entry was logged since."""

    version: Optional[int] = None


@dataclass(frozen=True, slots=True)
class Redo:
    """Redo the entry of the latest undo. ``version``: the record's version the scorekeeper saw
    (optional); the redo is refused when the record moved since."""

    version: Optional[int] = None


UNDO_SCHEMAS, _ = schemas_of({UNDO_ACTION: Undo, REDO_ACTION: Redo})
_UNDO, _REDO = Undo(), Redo()  # offered in a legal list (a command is never changed)


class UndoRefused(WrongPhase):
    """An undo or a redo the referee refuses (``wrong_phase``: nothing it may take back or put
    back now); the message says why and what to do instead."""


@dataclass(frozen=True, slots=True)
class _Redo:
    """What a redo of the undo at stream version ``undo`` restores: ``state`` (a copy, never
    changed) is the state just before the undo, at stream ``version`` on ``trail``; ``action`` is
    the undone entry's."""

    undo: int
    action: str
    state: Any
    trail: "Trail"
    version: int


@dataclass(frozen=True, slots=True)
class _Copy:
    """The state at stream ``version`` (its events folded in); never changed."""

    version: int
    state: Any


class Trail:
    """What an undo needs, kept in the state's ``undo_trail``: up to two copies of the state
    (``copies``, oldest first, one made every ``COPY_EVERY`` events), the events since the older
    (``events[i]`` is at stream version ``start + 1 + i``), and the version of the last undo.

    The trail also lists the versions of the claims among the events (``claims``: a claim is the
    one table action an undo never takes back), for the undo's offer.

    A state and its clones share the trail, and the events are a list they share: a state reads it
    up to its own version and appends at its end; one that finds it longer (a clone folded on)
    takes a trail of its own. The copies are never changed; where the first table action is
    (``read``, ``first_action``) holds for every state on the trail, each reading it up to its
    own version."""

    __slots__ = ("copies", "start", "events", "claims", "room", "opened_at", "below", "redo", "read", "first_action")

    def __init__(self, copies: tuple[_Copy, ...], events: list[Any], claims: list[int], opened_at: int = 0,
                 below: Optional[tuple[Trail, int]] = None, redo: Optional[_Redo] = None) -> None:
        self.copies, self.events, self.claims = copies, events, claims
        # ``opened_at``: the version of the undo or redo that opened the trail (0: the game's opening);
        # ``below``: the trail and version holding the entries in effect before it; ``redo``: what a
        # redo restores while the state is still at ``opened_at`` (nothing entered since).
        self.opened_at, self.below, self.redo = opened_at, below, redo
        self.start = copies[0].version
        self.room = copies[-1].version + COPY_EVERY - self.start  # events held until the next copy is due
        # The first table action among the events, for the undo's offer (``first_action_to``): how
        # many events were read for it, and its version (0: not found yet).
        self.read, self.first_action = 0, 0

    def __copy__(self) -> Trail:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self  # a game whose clone is a deep copy must not copy the state copies

    @classmethod
    def opened(cls, state: Any, opened_at: int = 0, below: Optional[tuple[Trail, int]] = None,
               redo: Optional[_Redo] = None) -> Trail:
        """A trail that starts at ``state`` (a copy of it); the entries before it are ``below``'s."""
        return cls((_Copy(state.version, _bare_copy(state)),), [], [], opened_at, below, redo)

    def renewed(self, state: Any) -> Trail:
        """The trail for ``state`` (on this trail, about to take an event): its own events list
        when a state sharing it has folded on past it, with a new copy of ``state`` when one is
        due (the older copy and its events then dropped)."""
        copies = self.copies
        if state.version - copies[-1].version >= COPY_EVERY:
            copies = (copies[-1], _Copy(state.version, _bare_copy(state)))
        events = self.events[copies[0].version - self.start:state.version - self.start]
        claims = [v for v in self.claims if copies[0].version < v <= state.version]
        # The entries below stay within reach only while the trail keeps its first copy.
        below = self.below if copies[0] is self.copies[0] else None
        return Trail(copies, events, claims, self.opened_at, below, self.redo)

    def redo_at(self, version: int) -> Optional[_Redo]:
        """What a redo restores for the state at ``version`` on this trail: none once an entry was
        logged after the undo or redo that opened the trail."""
        return self.redo if version == self.opened_at else None

    def events_between(self, first: int, last: int) -> list[Any]:
        """The events at stream versions ``first`` to ``last``."""
        return self.events[first - self.start - 1:last - self.start]

    def table_actions(self, game: Any, version: int, most: int) -> list[tuple[int, Any]]:
        """The last ``most`` table actions up to ``version`` that the trail holds (all after the
        last undo: the trail of an undo starts at it), latest first: (stream version, command)."""
        found: list[tuple[int, Any]] = []
        command_of, events, start = game.command_of, self.events, self.start
        for v in range(version, start, -1):
            command = command_of(events[v - start - 1])
            if command is not None:
                found.append((v, command))
                if len(found) == most:
                    break
        return found

    def first_action_to(self, game: Any, version: int) -> int:
        """The version of the first table action the trail holds, if one is found up to
        ``version`` (else 0): each event is read once, until it is found."""
        start, events = self.start, self.events
        for i in range(self.read, version - start):
            self.read = i + 1
            if game.command_of(events[i]) is not None:
                self.first_action = start + 1 + i
                break
        return self.first_action

    def state_before(self, version: int, apply: Any) -> Any:
        """A new state as it was just before stream ``version`` (from the last copy made before it)."""
        copy = [c for c in self.copies if c.version < version][-1]
        state = _bare_copy(copy.state)  # a copy is never changed: it may serve again
        for event in self.events_between(copy.version + 1, version - 1):
            state = apply(state, event)
        return state


def _attributes(state: Any) -> list[str]:
    """Every attribute a state holds: its slots (its classes') and its ``__dict__``."""
    names = [n for k in type(state).__mro__ for n in getattr(k, "__slots__", ()) if n not in ("__dict__", "__weakref__")]
    return names + list(getattr(state, "__dict__", {}))


def _overwrite(state: Any, source: Any) -> None:
    """Make ``state`` hold what ``source`` (a state of the same class) holds."""
    for name in _attributes(source):
        setattr(state, name, getattr(source, name))


def _bare_copy(state: Any) -> Any:
    """A copy of ``state`` without a trail (copies never nest)."""
    copied = state.clone()
    copied.undo_trail = None
    return copied


@dataclass(frozen=True, slots=True)
class LastEntry:
    """The latest entry in effect: the stream versions it holds and its table action."""

    start: int
    command: Any
    end: int = 0


class Undoable(GameWrapper[Any]):
    """A game (``referee.game.Game``) with the undo and the redo of entries: everything else is
    the game's own, unchanged (forwarded by :class:`~referee.game_wrapper.GameWrapper`)."""

    #: The game's ``apply`` with the trail kept (:meth:`_applier`): a function made for each game,
    #: not a method, so that a fold pays no call of its own for it (the one place the type differs
    #: from the wrapper's method, which takes the same arguments).
    apply: Callable[[Any, Any], Any]  # type: ignore[assignment]

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._apply, self._decide, self._legal_actions = game.apply, game.decide, game.legal_actions
        self.command_schemas = {**game.command_schemas, **UNDO_SCHEMAS}
        self.apply = self._applier()

    def _applier(self) -> Callable[[Any, Any], Any]:
        """The game's ``apply``, with each event kept on the state's trail, and the undo and redo folded.
        Every event of every fold goes through it: it reads locals, not attributes, and does one
        append but now and then (a trail of the state's own: see :meth:`Trail.renewed`)."""
        apply, fold_undo, fold_redo, claim_events = self._apply, self._fold_undo, self._fold_redo, self.claim_events

        def apply_kept(state: Any, event: Any) -> Any:
            kind = type(event)
            if kind is EntryUndone:
                return fold_undo(state, event)
            if kind is EntryRedone:
                return fold_redo(state, event)
            trail = state.undo_trail
            if trail is None or not state.version - trail.start == len(trail.events) < trail.room:
                trail = state.undo_trail = Trail.opened(state) if trail is None else trail.renewed(state)
            trail.events.append(event)
            if kind in claim_events:
                trail.claims.append(state.version + 1)
            return apply(state, event)

        return apply_kept

    def _fold_undo(self, state: Any, e: EntryUndone) -> Any:
        held = self.in_effect(state)
        if held is None or not held[0].start < e.replaces_from <= e.replaces_to == held[1]:
            raise ValueError(f"no entry at versions {e.replaces_from} to {e.replaces_to} is the latest one to undo")
        trail, _ = held
        restored = trail.state_before(e.replaces_from, self._apply)
        restored.version = state.version + 1
        redo = _Redo(restored.version, e.action, _bare_copy(state), state.undo_trail, state.version)
        restored.undo_trail = Trail.opened(restored, restored.version, (trail, e.replaces_from - 1), redo)
        _overwrite(state, restored)  # in place, as every fold: callers may keep folding into ``state``
        return state

    def _fold_redo(self, state: Any, e: EntryRedone) -> Any:
        trail = state.undo_trail
        redo = trail.redo_at(state.version) if trail is not None else None
        if redo is None or redo.undo != e.undo:
            raise ValueError(f"the undo at version {e.undo} is not the latest one to redo")
        restored = _bare_copy(redo.state)  # the copy is never changed: it may serve again
        restored.version = state.version + 1
        # The redo of the undo before it is still offered if that undo came right before this one.
        restored.undo_trail = Trail.opened(restored, restored.version, (redo.trail, redo.version),
                                           redo.trail.redo_at(redo.version) if redo.trail is not None else None)
        _overwrite(state, restored)
        return state

    def decide(self, state: Any, command: Any, rng: Any) -> list[Any]:
        kind = type(command)
        if kind is Undo:
            return [self.undo_event(state, command)]
        if kind is Redo:
            return [self.redo_event(state, command)]
        return self._decide(state, command, rng)

    def undo_event(self, state: Any, command: Undo) -> EntryUndone:
        """The undo of the latest entry in effect, or :class:`UndoRefused` saying why not. The
        ``version`` seen may be the record's, or the last version of the entry it undoes (as a
        record names it: ``command_of``)."""
        if self.inner.results_final(state):
            raise UndoRefused("The game's results are final: no entry is undone any more.")
        last = self.last_entry(state)
        if command.version not in (None, state.version, last.end):
            raise UndoRefused(
                f"Only the last entry can be undone, and the record is at version {state.version}, not "
                f"{command.version}: an entry was logged since the one you meant. Undo that one first if it is "
                "the mis-entry, or log a correction.")
        if type(last.command) in self.claim_commands:
            raise UndoRefused("The last entry is a claim, and the referee has ruled on it: a ruling is not undone "
                              "as a mis-entry (the referee's ruling stands; a dispute is the way to contest it).")
        return EntryUndone(self.inner.action_of(last.command), last.start, last.end)

    def redo_event(self, state: Any, command: Redo) -> EntryRedone:
        """The redo of the latest undo, or :class:`UndoRefused` saying why not."""
        if self.inner.results_final(state):
            raise UndoRefused("The game's results are final: no entry is redone any more.")
        if command.version is not None and command.version != state.version:
            raise UndoRefused(f"The record is at version {state.version}, not {command.version}: it moved since you "
                              "looked, so nothing is redone. Look at the record again, then redo from there.")
        trail = state.undo_trail
        redo = trail.redo_at(state.version) if trail is not None else None
        if redo is None:
            raise UndoRefused("There is nothing to redo: only the latest undo is redone, and only until an entry is "
                              "logged after it (a new entry clears the redo).")
        return EntryRedone(redo.action, redo.undo)

    def in_effect(self, state: Any) -> Optional[tuple[Trail, int]]:
        """The trail holding the latest entry in effect, and that entry's last version; None when
        there is none within reach (the game's opening, or all the entries kept were undone)."""
        trail, version = state.undo_trail, state.version
        while trail is not None:
            if 0 < (trail.first_action or trail.first_action_to(self.inner, version)) <= version:
                return trail, version
            if version != trail.opened_at:  # the entries before the trail's first copy are out of reach
                return None
            trail, version = trail.below or (None, 0)
        return None

    def last_entry(self, state: Any) -> LastEntry:
        """Where the latest entry in effect starts, or :class:`UndoRefused`: the record since a table
        action decided again batch by batch (``referee.redecide_batches``). The point before the last is
        tried first: the entry may hold two table actions (a claim and the referee's take-back) or
        open with rulings its table action brought, and it starts after that point or at it. A
        point inside a batch does not decide again as one: then the older points are tried, and
        the last point alone."""
        held = self.in_effect(state)
        if held is not None:
            trail, version = held
            points = [v for v, _ in trail.table_actions(self.inner, version, TRIED_POINTS)]
            for point in [*points[1:], *points[:1]]:
                events = trail.events_between(point, version)
                try:
                    _, starts = decide_batches(self.inner, trail.state_before(point, self._apply), events)
                except Exception:  # this point is inside a batch (the referee's own take-back): try another
                    continue
                start = starts[-1]
                command = next(c for c in map(self.inner.command_of, events[start:]) if c is not None)
                return LastEntry(point + start, command, version)
        raise UndoRefused("There is no entry to undo: the game's opening is not an entry (to start again, create "
                          "a new game), and an undo steps back through the last "
                          f"{COPY_EVERY} events at least, never further.")

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        """The game's legal actions, and the undo and the redo when they may be logged (to any seat
        at the table: they are the scorekeeper's)."""
        actions = self._legal_actions(state, seat)
        trail = state.undo_trail
        if trail is None or not (isinstance(seat, int) and 0 <= seat < len(state.names)) or self.inner.results_final(state):
            return actions
        # Whether to offer them, without deciding the last entry again (a legal list is asked for at
        # every version): an entry in effect within reach that is no claim, and a redo kept since
        # the last undo. ``decide`` checks it all.
        held = self.in_effect(state)
        offered: list[Any] = []
        if held is not None and not (held[0].claims and held[0].claims[0] <= held[1] and self._claim_is_last(*held)):
            offered.append(_UNDO)
        if trail.redo_at(state.version) is not None:
            offered.append(_REDO)
        return [*actions, *offered] if offered else actions

    def _claim_is_last(self, trail: Trail, version: int) -> bool:
        """Whether the last table action up to ``version`` on ``trail`` is a claim, or an action
        upholding the claim before it (a trick game's take-back in window A)."""
        last = trail.table_actions(self.inner, version, 1)
        if type(last[0][1]) not in self.upholding_commands:
            return type(last[0][1]) in self.claim_commands
        before = trail.table_actions(self.inner, last[0][0] - 1, 1)
        return bool(before) and type(before[0][1]) in self.claim_commands

    def action_of(self, command: Any) -> str:
        kind = type(command)
        return UNDO_ACTION if kind is Undo else REDO_ACTION if kind is Redo else self.inner.action_of(command)

    def command_of(self, event: Any) -> Any:
        kind = type(event)
        if kind is EntryUndone:  # the version of the entry it undid (an earlier release named it so)
            return Undo(event.replaces_to)
        if kind is EntryRedone:
            return Redo()
        return self.inner.command_of(event)


def undoable(game: Game[Any]) -> Undoable:
    """``game`` with the undo and redo of entries (the registry registers every game so)."""
    return Undoable(game)
