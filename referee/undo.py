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
* a renege claim (``ClaimRenege``) and the referee's ruling on it: contest a ruling with a dispute.
  A game's own action that brings a ruling (Dungeon's accusation or look, typed for the wrong
  player) is an entry like any other, and may be undone as a mis-entry;
* anything once the game is over.

It is not the rules' take-back of an irregular card (``CardTakenBack``, The Queens'
``QueensMoveTakenBack``): that one is a correction the rules allow to a player and it keeps the
rulings made since; an undo says the entry never happened at the table.

Every game gets it the same way, without a line of its own: the registry wraps each game in
:class:`Undoable`, which adds the ``undo`` action and keeps a :class:`Trail` in the attribute every
game's state has for it (``undo_trail``): a copy of the state now and then (never changed once
made, like the corrections' restore points) and the events since. The state before any of the last
table actions is that copy with the events since folded in. What a fold pays for it is one append
an event (and a copy every ``COPY_EVERY`` events); the undo's offer in a legal list is a few checks
(the trail notes the claims as they are folded, and finds its first table action once), and
decides nothing again: only an undo asked for does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from referee.decide_again import decide_batches
from referee.errors import WrongPhase
from referee.events import EntryUndone, RenegeClaimed
from referee.shared_commands import ClaimRenege, TakeBack, schemas_of

#: The action name of an undo, in every game.
UNDO_ACTION = "undo"
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


UNDO_SCHEMAS, _ = schemas_of({UNDO_ACTION: Undo})
_UNDO = Undo()  # the undo offered in a legal list (a command is never changed)


class UndoRefused(WrongPhase):
    """An undo the referee refuses (``wrong_phase``: nothing it may take back now); the message
    says why and what to do instead."""


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

    __slots__ = ("copies", "start", "events", "claims", "room", "undone_at", "read", "first_action")

    def __init__(self, copies: tuple[_Copy, ...], events: list, claims: list[int], undone_at: int) -> None:
        self.copies, self.events, self.claims, self.undone_at = copies, events, claims, undone_at
        self.start = copies[0].version
        self.room = copies[-1].version + COPY_EVERY - self.start  # events held until the next copy is due
        # The first table action among the events, for the undo's offer (``first_action_to``): how
        # many events were read for it, and its version (0: not found yet).
        self.read, self.first_action = 0, 0

    def __copy__(self) -> Trail:
        return self

    def __deepcopy__(self, memo: dict) -> Trail:
        return self  # a game whose clone is a deep copy must not copy the state copies

    @classmethod
    def opened(cls, state: Any, undone_at: int = 0) -> Trail:
        """A trail that starts at ``state`` (a copy of it), nothing before it to undo."""
        return cls((_Copy(state.version, _bare_copy(state)),), [], [], undone_at)

    def renewed(self, state: Any) -> Trail:
        """The trail for ``state`` (on this trail, about to take an event): its own events list
        when a state sharing it has folded on past it, with a new copy of ``state`` when one is
        due (the older copy and its events then dropped)."""
        copies = self.copies
        if state.version - copies[-1].version >= COPY_EVERY:
            copies = (copies[-1], _Copy(state.version, _bare_copy(state)))
        events = self.events[copies[0].version - self.start:state.version - self.start]
        claims = [v for v in self.claims if copies[0].version < v <= state.version]
        return Trail(copies, events, claims, self.undone_at)

    def events_between(self, first: int, last: int) -> list:
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
    """The last entry of a record: the stream version it starts at and its table action."""

    start: int
    command: Any


class Undoable:
    """A game (``referee.game.Game``) with the undo of the last entry: everything else is the
    game's own, unchanged."""

    def __init__(self, game: Any) -> None:
        self.inner = game
        self._apply, self._decide, self._legal_actions, self._outcome = game.apply, game.decide, game.legal_actions, game.outcome
        self.command_schemas = {**game.command_schemas, **UNDO_SCHEMAS}
        self.apply = self._applier()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _applier(self) -> Callable[[Any, Any], Any]:
        """The game's ``apply``, with each event kept on the state's trail, and the undo folded.
        Every event of every fold goes through it: it reads locals, not attributes, and does one
        append but now and then (a trail of the state's own: see :meth:`Trail.renewed`)."""
        apply, fold_undo = self._apply, self._fold_undo

        def apply_kept(state: Any, event: Any) -> Any:
            kind = type(event)
            if kind is EntryUndone:
                return fold_undo(state, event)
            trail = state.undo_trail
            if trail is None or not state.version - trail.start == len(trail.events) < trail.room:
                trail = state.undo_trail = Trail.opened(state) if trail is None else trail.renewed(state)
            trail.events.append(event)
            if kind is RenegeClaimed:
                trail.claims.append(state.version + 1)
            return apply(state, event)

        return apply_kept

    def _fold_undo(self, state: Any, e: EntryUndone) -> Any:
        trail = state.undo_trail
        if trail is None or e.replaces_from <= trail.start or e.replaces_to != state.version:
            raise ValueError(f"no entry at versions {e.replaces_from} to {e.replaces_to} is the last one to undo")
        restored = trail.state_before(e.replaces_from, self._apply)
        restored.version = state.version + 1
        restored.undo_trail = Trail.opened(restored, undone_at=restored.version)  # nothing before the undo is undone
        _overwrite(state, restored)  # in place, as every fold: callers may keep folding into ``state``
        return state

    def decide(self, state: Any, command: Any, rng: Any) -> list[Any]:
        if type(command) is not Undo:
            return self._decide(state, command, rng)
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
        if trail is not None and trail.undone_at and trail.undone_at == state.version:
            raise UndoRefused("The last entry is an undo, and an undo is not undone: log the entry again instead.")
        last = self.last_entry(state)
        if type(last.command) is ClaimRenege:
            raise UndoRefused("The last entry is a claim, and the referee has ruled on it: a ruling is not undone "
                              "as a mis-entry (the referee's ruling stands; a dispute is the way to contest it).")
        return EntryUndone(self.inner.action_of(last.command), last.start, state.version)

    def last_entry(self, state: Any) -> LastEntry:
        """Where the last entry starts, or :class:`UndoRefused`: the record since a table action
        decided again batch by batch (``referee.decide_again``). The point before the last is tried
        first: the last entry may hold two table actions (a claim and the referee's take-back) or
        open with rulings its table action brought, and it starts after that point or at it. A
        point inside a batch does not decide again as one: then the older points are tried, and
        the last point alone."""

        trail = state.undo_trail
        points = [v for v, _ in trail.table_actions(self.inner, state.version, TRIED_POINTS)] if trail else []
        for point in [*points[1:], *points[:1]]:
            events = trail.events_between(point, state.version)
            try:
                _, starts = decide_batches(self.inner, trail.state_before(point, self._apply), events)
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
        actions = self._legal_actions(state, seat)
        trail = state.undo_trail
        if trail is None or not (isinstance(seat, int) and 0 <= seat < len(state.names)):
            return actions
        # Whether to offer it, without deciding the last entry again (a legal list is asked for at
        # every version): a table action since the opening or the last undo, the game not over,
        # and no claim as the last table action. ``decide`` checks it all.
        version = state.version
        if not 0 < (trail.first_action or trail.first_action_to(self.inner, version)) <= version:
            return actions
        if self._outcome(state) is not None or (trail.claims and trail.claims[0] <= version and self._claim_is_last(state, trail)):
            return actions
        return [*actions, _UNDO]

    def _claim_is_last(self, state: Any, trail: Trail) -> bool:
        """Whether the last table action is a claim (the trail holds one), or the take-back the
        referee made upholding a claim in window A."""
        version = state.version
        last = trail.table_actions(self.inner, version, 1)
        if type(last[0][1]) is not TakeBack:
            return type(last[0][1]) is ClaimRenege
        before = trail.table_actions(self.inner, last[0][0] - 1, 1)
        return bool(before) and type(before[0][1]) is ClaimRenege

    def action_of(self, command: Any) -> str:
        return UNDO_ACTION if type(command) is Undo else self.inner.action_of(command)

    def command_of(self, event: Any) -> Any:
        if type(event) is EntryUndone:
            return Undo(event.replaces_to)
        return self.inner.command_of(event)


def undoable(game: Any) -> Undoable:
    """``game`` with the undo of the last entry (the registry registers every game so)."""
    return Undoable(game)
