"""One random-play suite for every registered game, as OpenSpiel runs one random simulation on
every game: a new game gets all of it by being registered (``referee/registry.py``).

For each game, a few seeds: a known record played at random to its end (the seats in ``to_act``
choose among their legal actions), undos and redos mixed in, and beside it a blind record of the
same deal, logged as a scorekeeper at the table would log each action (``blind_entries``). At every
step, in both records:

* every listed action decides without error (a sample of them, when the list is long);
* every event made has words of its game's own, with no seat number;
* the views of the table and of each seat are JSON, and never show a hidden card: a card the
  known referee holds that the table has not seen (the blind referee, which knows only what the
  table saw, has never named it), unless it is the seat's own (its ``your_...`` parts), and no
  two seats are shown the same hidden card as their own;
* both records have the same scores.

At the end both records replay into the live state, are decided again, and agree on the scores and
the outcome. A game whose blind record is logged otherwise than with the known record's commands
says how in ``LOGGED_AT_THE_TABLE`` (and what its table sees that its blind record leaves out, in
``FACE_UP``; how it names copies, in ``CARD_READ``): a plain trick game needs none of these. A second walk takes corrections (take-backs, penalties) whenever they are listed, in
each record on its own. The checks are functions of the game object, so a game defined elsewhere
(``tests/referee/test_sample_trick_game.py``) runs the same ones."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from events.envelope import canonical_json
from events.registry import registry
from referee import words
from referee.redecide_batches import as_recorded
from referee.errors import InputError
from referee.game import Game
from referee.redecide_record import redecide
from referee.registry import game_names, get_game
from referee.replay import replay
from referee.undo import Redo, Undo
from referee.words import Names

SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SEEDS = (1, 2)
#: Enough steps for every registered game to end at random (the longest, Black Queen, needs ~800).
STEP_CAP = 2500
#: An action that ends the game before this many steps is undone, and left out until then.
MIN_STEPS = 30
#: How many of a long legal list are decided at each step (the chosen one always is).
SAMPLE = 4
#: The legal lists are decided every this many steps (they are long in a blind record).
LISTS_EVERY = 2
#: The views are read every this many steps (they grow with the game: reading them at every step
#: would cost the square of its length), and at the end.
VIEWS_EVERY = 5
#: A seat said by its number: "seat 2", "Seat 2 (Cat)".
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)


# ---------------------------------------------------------------- a game at a table


def seats_of(game: Game) -> int:
    """How many seats a game takes with its default options (the first count its start accepts)."""
    for count in range(1, len(SEATS) + 1):
        try:
            game.start({}, SEATS[:count], "known", random.Random(0))
            return count
        except InputError:
            continue
    raise AssertionError(f"{game.name} starts with no seat count up to {len(SEATS)}")


def records_of(game: Game) -> list[str]:
    """The records a game keeps, of known and blind."""
    out = []
    for record in ("known", "blind"):
        try:
            game.start({}, SEATS[:seats_of(game)], record, random.Random(0))
            out.append(record)
        except InputError:
            continue
    return out


class Table:
    """One record of a game, decided and folded as the service does, with its log and the checks
    every step passes."""

    def __init__(self, game: Game, record: str, seed: int) -> None:
        self.game, self.record = game, record
        self.seats = SEATS[:seats_of(game)]
        self.rng = random.Random(seed)
        self.state = game.initial_state()
        self.log: list[Any] = []
        self.take(game.start({}, self.seats, record, self.rng))


    def take(self, events: list[Any]) -> list[Any]:
        for event in events:
            self.state = self.game.apply(self.state, event)
            check_has_words(self.game, event, self.seats)
        self.log += events
        return events

    def act(self, command: Any) -> list[Any]:
        return self.take(self.game.decide(self.state, command, self.rng))

    def listed(self, seats: Any = None) -> list[Any]:
        """The actions listed for ``seats`` (by default those in ``to_act``, or every seat when it
        names none), without the undo and the redo, which the walk takes on its own."""
        if seats is None:
            seats = self.game.to_act(self.state) or range(len(self.seats))
        return [c for s in seats for c in self.game.legal_actions(self.state, s) if type(c) not in (Undo, Redo)]

    def offered(self) -> set[type]:
        return {type(c) for c in self.game.legal_actions(self.state, 0) if type(c) in (Undo, Redo)}

    def over(self) -> bool:
        return self.game.outcome(self.state) is not None


# ---------------------------------------------------------------- the checks of every step


def check_has_words(game: Game, event: Any, seats: list[str]) -> None:
    """``event`` said in words of its game's own: a sentence, not its type and fields, and no seat
    number."""
    name, _, payload = registry.encode(event)
    plain = words.plain_words
    words.plain_words = _no_plain_words
    try:
        text = game.words(type(event), json.loads(canonical_json(payload)), Names(seats))
    finally:
        words.plain_words = plain
    assert text and not text.endswith("."), (name, text)
    assert not SEAT_NUMBER.search(text), (name, text)


def _no_plain_words(kind: type, payload: Any, names: Any) -> str:
    raise AssertionError(f"{kind.__name__} has no words of its game's own")


def check_listed_actions_decide(table: Table) -> None:
    """Every listed action of every seat decides without error. A blind record may list an action
    it then refuses, with an input error that says why, where leaving it out would tell the table
    what one player alone saw (Dungeon: docs/rules/dungeon.md; which refusals, in ``MAY_REFUSE``);
    never anything else."""
    game, state = table.game, table.state
    listed = table.listed(range(len(table.seats)))  # the undo and the redo: decided when the walk takes them
    may_refuse = MAY_REFUSE.get(game.name, lambda state, command: True)
    for command in listed if len(listed) <= SAMPLE else table.rng.sample(listed, SAMPLE):
        try:
            assert game.decide(state, command, random.Random(0)), command
        except InputError as refused:
            assert table.record == "blind" and refused.message and may_refuse(state, command), (command, refused)


def strings(value: Any, skip_own: bool = False) -> set[str]:
    """Every string in a view (with ``skip_own``, outside its ``your_...`` parts)."""
    if isinstance(value, dict):
        return {s for k, v in value.items() if not (skip_own and str(k).startswith("your_")) for s in strings(v, skip_own)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v, skip_own)}
    return {value} if isinstance(value, str) else set()


def own_parts(view: Any) -> set[str]:
    """The strings of a seat's view that are its own (under its ``your_...`` keys)."""
    if isinstance(view, dict):
        return {s for k, v in view.items() for s in (strings(v) if str(k).startswith("your_") else own_parts(v))}
    if isinstance(view, list):
        return {s for v in view for s in own_parts(v)}
    return set()


def views(table: Table) -> dict[Any, dict]:
    """The table's view and each seat's, each checked to be JSON."""
    out = {}
    for seat in (None, *range(len(table.seats))):
        view = table.game.public_view(table.state, seat)
        out[seat] = json.loads(json.dumps(view))
    return out


def check_hidden_stays_hidden(known: Table, seen: set[str]) -> None:
    """No view of the known record shows a card the table has not seen (``seen``: every string the
    blind record of the same play has logged so far), but for a seat its own cards; and no hidden
    card is shown as their own to two seats."""
    read = CARD_READ.get(known.game.name, lambda text: text)
    cards = {x for x in strings(known.game.director_view(known.state)) if " " not in x}  # no sentence is a card
    seen = seen | FACE_UP.get(known.game.name, lambda state: set())(known.state)
    hidden = {read(x) for x in cards} - {read(x) for x in seen}
    shown = views(known)
    assert not {read(x) for x in strings(shown.pop(None))} & hidden
    owners: dict[str, int] = {}
    for seat, view in shown.items():
        assert not {read(x) for x in strings(view, skip_own=True)} & hidden, seat
        for card in {x for x in own_parts(view) if read(x) in hidden}:
            assert owners.setdefault(card, seat) == seat, (card, owners[card], seat)


# ---------------------------------------------------------------- a blind record beside the known one


def blind_entries(game: Game, before: Any, command: Any, events: list[Any], blind: Table, known: Table) -> Iterator[Any]:
    """What a scorekeeper logs in a blind record for ``command``, which made ``events`` on the
    known state ``before`` (``known``: the known record after them): the command itself when the blind referee takes it as the known one
    did, else the command its first table-action event records (a cut names its card). A game
    whose table logs more (``LOGGED_AT_THE_TABLE``) says how."""
    special = LOGGED_AT_THE_TABLE.get(game.name)
    if special is not None:
        yield from special(before, command, events, blind, known)
        return
    recorded = next((c for c in map(game.command_of, events) if c is not None), None)
    for candidate in (recorded, command):  # as recorded first: a cut names its card
        try:
            made = game.decide(blind.state, candidate, random.Random(0))
        except InputError:
            continue
        if [type(e) for e in made] == [type(e) for e in events]:
            yield candidate
            return
    raise AssertionError(f"the blind record takes neither {command} nor {recorded}")


def _dungeon_entries(before: Any, command: Any, events: list[Any], blind: Table, known: Table) -> Iterator[Any]:
    from dungeon_blind import table_saw  # cards by name, as typed: the table's reading of each action

    yield table_saw(before, command, events, blind.state)


def _the_queens_entries(before: Any, command: Any, events: list[Any], blind: Table, known: Table) -> Iterator[Any]:
    """As dealt: a turn names the card turned, then each card that turned up is entered. The key
    and the pack only ever lose cards from their tops (a new pack is formed of cards seen), so a
    card turning up there is the one at its place in the key and the pack as the deal laid them."""
    from referee.games.the_queens import commands as cmd
    from referee.games.the_queens.events import QueensDealt
    from referee.games.the_queens.rules import awaiting

    if isinstance(command, cmd.Deal):
        laid = known.game.initial_state()
        for event in (known.log[0], next(e for e in events if type(e) is QueensDealt)):
            laid = known.game.apply(laid, event)
        blind.laid = {"key": list(laid.tableau.key), "pack": list(laid.tableau.pack)}
        yield cmd.Deal(0)
    elif isinstance(command, cmd.Turn):
        yield cmd.Turn(0, before.tableau.stack("pack")[-1])
    else:
        yield command
    while (place := awaiting(blind.state.tableau)) is not None:
        yield cmd.Seen(0, blind.laid[place][len(blind.state.tableau.stack(place)) - 1])


#: The games whose table logs an action in a blind record otherwise than as the known command.
LOGGED_AT_THE_TABLE = {"dungeon": _dungeon_entries, "the-queens": _the_queens_entries}


@functools.cache
def _dungeon_card_read(text: str) -> str:
    from referee.games.dungeon.cards import name_of

    return name_of(text)


def _dungeon_face_up(state: Any) -> set[str]:
    """The discard pile of the base game is face up (a hand thrown on it too, which a blind
    record logs as ``?``: docs/rules/dungeon.md)."""
    return set(state.discard) if state.options["darkness"] == "none" else set()


#: What the table of a game sees in a known record that its blind record does not log.
FACE_UP = {"dungeon": _dungeon_face_up}

def _dungeon_may_refuse(state: Any, command: Any) -> bool:
    from dungeon_blind import may_refuse

    return may_refuse(state, command)


#: The games whose blind record may list an action it refuses, and which such refusals are fair.
MAY_REFUSE = {"dungeon": _dungeon_may_refuse}

#: The games whose known record tells apart copies of a card a blind record logs by name alone
#: (``7H#2``, ``7H``): a card is hidden when the table has seen no card of its name.
CARD_READ = {"dungeon": _dungeon_card_read}


class Twins:
    """A known record played at random, and its blind twin logged step by step."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.known = Table(game, "known", seed)
        self.blind = Table(game, "blind", seed) if "blind" in records_of(game) else None
        self.entries: list[int] = []  # the blind entries each known entry in effect took
        self.undone: list[int] = []  # the same, of the known entries undone, latest last
        self.seen: set[str] = {"known", "blind"}  # the records' own names differ, and hide nothing
        self.logged = 0  # how much of the blind log ``seen`` holds
        self.steps = 0
        self.ending: set[str] = set()  # actions that ended the game too early
        self.check()

    def check(self, lists_too: bool = True, views_too: bool = True) -> None:
        for table in (self.known, self.blind) if lists_too else ():
            if table is not None:
                check_listed_actions_decide(table)
        if not views_too:
            return
        if self.blind is not None:
            views(self.blind)
            for event in self.blind.log[self.logged:]:
                self.seen |= strings(registry.encode(event)[2])
            self.logged = len(self.blind.log)
            self.seen |= strings(self.game.director_view(self.blind.state))  # and the words it uses, such as its phase
            check_hidden_stays_hidden(self.known, self.seen)
            assert self.game.scores(self.blind.state) == self.game.scores(self.known.state)  # at every step, not only the end
        else:
            views(self.known)

    def step(self) -> None:
        known, rng = self.known, self.known.rng
        offered = known.offered()
        roll = rng.random()
        if Redo in offered and roll < 0.3:
            known.act(Redo())
            self._blind(Redo(), self.undone.pop())
        elif Undo in offered and roll < 0.06:
            known.act(Undo())
            self.undone.append(self.entries.pop())
            self._blind(Undo(), self.undone[-1])
        else:
            choices = [c for c in known.listed() if known.game.action_of(c) not in self.ending] or known.listed()
            command = rng.choice(choices)
            before = known.state.clone() if self.game.name in LOGGED_AT_THE_TABLE else None  # what those read
            events = known.act(command)
            count = 0
            if self.blind is not None:
                for entry in blind_entries(self.game, before, command, events, self.blind, known):
                    self.blind.act(entry)
                    count += 1
            self.entries.append(count)
            self.undone.clear()
            if known.over() and self.steps < MIN_STEPS and Undo in known.offered():
                self.ending.add(known.game.action_of(command))
                known.act(Undo())
                self.undone.append(self.entries.pop())
                self._blind(Undo(), self.undone[-1])
        self.steps += 1
        if self.steps == MIN_STEPS:
            self.ending.clear()
        self.check(lists_too=self.steps % LISTS_EVERY == 0, views_too=self.steps % VIEWS_EVERY == 0 or self.known.over())

    def _blind(self, command: Any, times: int) -> None:
        for _ in range(times if self.blind is not None else 0):
            self.blind.act(command)

    def play_out(self) -> None:
        while not self.known.over() and self.steps < STEP_CAP and self.known.listed():
            self.step()


# ---------------------------------------------------------------- the record at the end


def roundtrip(log: list[Any]) -> list[Any]:
    """The log as the store keeps it: each event encoded, written as JSON and read back."""
    return [as_recorded(e) for e in log]


def check_record(table: Table) -> None:
    """The record replays into the live state and is decided again into it."""
    game, log = table.game, roundtrip(table.log)
    rebuilt = replay(log, game)
    assert rebuilt.version == table.state.version == len(table.log)
    assert game.director_view(rebuilt) == game.director_view(table.state)
    assert game.scores(rebuilt) == game.scores(table.state)
    assert game.director_view(redecide(log, game)) == game.director_view(table.state)


def check_random_play_to_the_end(game: Game, seed: int) -> Twins:
    """Every check above, on a known record played at random to its end and its blind twin."""
    twins = Twins(game, seed)
    twins.play_out()
    assert twins.known.over(), f"{game.name} did not end in {STEP_CAP} steps"
    check_record(twins.known)
    if twins.blind is not None:
        check_record(twins.blind)
        assert game.outcome(twins.blind.state) == game.outcome(twins.known.state)
        assert game.scores(twins.blind.state) == game.scores(twins.known.state)
    return twins


#: Actions that take back or pay for an entry, taken whenever they are listed.
CORRECTIONS = {"take_back", "accept_penalty"}


def check_corrections_at_random(game: Game, record: str, seed: int, steps: int = 150) -> int:
    """A record of its own played at random in which every listed correction is taken half the
    time: every listed action decides, the record replays and is decided again. Returns how many
    corrections were made."""
    table = Table(game, record, seed)
    made = 0
    for _ in range(steps):
        listed = table.listed()
        if table.over() or not listed:
            break
        check_listed_actions_decide(table)
        corrections = [c for c in listed if game.action_of(c) in CORRECTIONS]
        if corrections and table.rng.random() < 0.5:
            table.act(table.rng.choice(corrections))
            made += 1
        else:
            try:
                table.act(table.rng.choice(listed))
            except InputError:
                assert record == "blind"  # as ``check_listed_actions_decide`` allows
        views(table)
    check_record(table)
    return made


# ---------------------------------------------------------------- every registered game

GAMES = game_names()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_every_game_played_at_random_to_its_end_keeps_the_records_invariants(name, seed):
    twins = check_random_play_to_the_end(get_game(name), seed)
    assert twins.steps > 1


@pytest.mark.parametrize("record", ["known", "blind"])
@pytest.mark.parametrize("name", GAMES)
def test_every_game_takes_its_listed_corrections_and_its_record_still_verifies(name, record):
    game = get_game(name)
    if record not in records_of(game):
        pytest.skip(f"{name} keeps no {record} record")
    check_corrections_at_random(game, record, seed=7)
