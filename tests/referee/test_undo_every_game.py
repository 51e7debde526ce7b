"""The undo of a mis-entry in every game and both records: the state after the undo is the state
before the entry, the record keeps both, the replay and the re-decided record agree with the table."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from events.registry import registry
from referee.errors import InputError
from referee.redecide_batches import Disagreement
from referee.redecide_record import redecide
from referee.registry import game_names, get_game
from referee.replay import replay
from referee import undo as undo_module
from referee.events import EntryUndone
from referee.undo import Redo, Undo, UndoRefused
from test_every_game import records_of, seats_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
#: Every registered game, with its default options and players, in each record it keeps.
GAMES = [(name, {}, seats_of(get_game(name)), record) for name in game_names() for record in records_of(get_game(name))]
IDS = [f"{name}-{record}" for name, _, _, record in GAMES]
#: Actions a random walk leaves out: corrections, claims and ends have their own tests.
NOT_RANDOM = {"undo", "redo", "take_back", "accept_penalty", "claim_renege", "end_game", "give_up"}


class Walk:
    """One game, decided and folded like the service does, with its log."""

    def __init__(self, name: str, options: dict, players: int, record: str, seed: int = 0) -> None:
        self.game = get_game(name)
        self.players = players
        self.rng = random.Random(seed)
        self.state = self.game.initial_state()
        self.log: list[Any] = []
        self.take(self.game.start(options, NAMES[:players], record, self.rng))

    def take(self, events: list[Any]) -> list[Any]:
        for event in events:
            self.game.apply(self.state, event)
        self.log += events
        return events

    def act(self, command: Any) -> list[Any]:
        return self.take(self.game.decide(self.state, command, self.rng))

    def choices(self) -> list[Any]:
        seats = self.game.to_act(self.state) or range(self.players)
        return [c for s in seats for c in self.game.legal_actions(self.state, s) if self.game.action_of(c) not in NOT_RANDOM]

    def step(self) -> list[Any]:
        """A listed action at random; a blind record may refuse one it lists so as not to tell the
        table what one player alone saw (see ``test_every_game.check_listed_actions_decide``):
        then another."""
        choices = self.choices()
        while True:
            command = self.rng.choice(choices)
            try:
                return self.act(command)
            except InputError:
                assert self.state.record == "blind" and len(choices) > 1, command
                choices.remove(command)

    def undo(self, version: int | None = None) -> list[Any]:
        return self.act(Undo(version))

    def seen(self) -> dict[str, Any]:
        """All a person can see of the game, but its version: views, scores, outcome, legal actions."""
        game, state = self.game, self.state
        legal = {s: [repr(c) for c in game.legal_actions(state, s) if type(c) not in (Undo, Redo)] for s in range(self.players)}
        return json.loads(json.dumps({"director": _unversioned(game.director_view(state)), "public": _unversioned(game.public_view(state)),
                "scores": game.scores(state), "outcome": game.outcome(state), "to_act": game.to_act(state),
                "legal": legal}))  # a copy: a view may share the lists the next fold changes


def _unversioned(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "version"}


def _versionless(value: Any) -> Any:
    """A view without the stream versions it names: the record after an undo is longer."""
    if isinstance(value, dict):
        return {k: _versionless(v) for k, v in value.items() if k not in ("version", "replaces_from")}
    if isinstance(value, list):
        return [_versionless(v) for v in value]
    return value


def walked(params: tuple, steps: int, seed: int = 0) -> Walk:
    walk = Walk(*params, seed=seed)
    for _ in range(steps):
        if walk.game.outcome(walk.state) is not None or not walk.choices():
            break
        walk.step()
    return walk


def roundtrip(log: list[Any]) -> list[Any]:
    """The log as the store keeps it: each event encoded and decoded."""
    return [registry.decode(*registry.encode(e)) for e in log]


@pytest.mark.parametrize("params", GAMES, ids=IDS)
@pytest.mark.parametrize("steps", [1, 7, 23])
def test_undo_restores_the_state_before_the_entry(params, steps):
    walk = walked(params, steps)
    before, version = walk.seen(), walk.state.version
    entry = walk.step()
    undone = walk.undo()
    assert undone == [EntryUndone(walk.game.action_of(walk.game.command_of(entry[0]) or walk.game.command_of(
        next(e for e in entry if walk.game.command_of(e) is not None))), version + 1, version + len(entry))]
    assert walk.seen() == before
    assert walk.state.version == version + len(entry) + 1  # the record keeps the entry and the undo


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_the_table_goes_on_after_an_undo_as_if_the_entry_never_was(params):
    walk, twin = walked(params, 9, seed=3), walked(params, 9, seed=3)
    walk.step()
    walk.undo()
    for _ in range(6):
        if twin.game.outcome(twin.state) is not None or not twin.choices():
            break
        command = twin.rng.choice(twin.choices())
        twin.act(command)
        walk.act(command)
        assert _versionless(walk.seen()) == _versionless(twin.seen())


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_replay_of_a_record_with_undos_equals_the_live_state(params):
    walk = walked(params, 5, seed=1)
    for _ in range(4):
        if walk.game.outcome(walk.state) is not None or not walk.choices():
            break
        walk.step()
        walk.undo()
        walk.step()
    rebuilt = replay(roundtrip(walk.log))
    assert rebuilt.version == walk.state.version
    assert walk.game.director_view(rebuilt) == walk.game.director_view(walk.state)
    assert walk.game.scores(rebuilt) == walk.game.scores(walk.state)
    assert walk.game.director_view(redecide(roundtrip(walk.log))) == walk.game.director_view(walk.state)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_undo_after_a_later_entry_is_refused(params):
    walk = walked(params, 4)
    seen_at = walk.state.version
    walk.step()
    with pytest.raises(UndoRefused, match="Only the last entry can be undone"):
        walk.game.decide(walk.state, Undo(seen_at), walk.rng)


def offered(walk: Walk) -> set[str]:
    """The undo and the redo among the legal actions, as every seat is offered them."""
    lists = [{walk.game.action_of(c) for c in walk.game.legal_actions(walk.state, s)} & {"undo", "redo"}
             for s in range(walk.players)]
    assert all(names == lists[0] for names in lists)
    return lists[0]


def redo(walk: Walk, version: int | None = None) -> list[Any]:
    return walk.act(Redo(version))


def verified(walk: Walk) -> None:
    """The record replays, and is decided again, into the state the table has."""
    log = roundtrip(walk.log)
    assert walk.game.director_view(replay(log)) == walk.game.director_view(walk.state)
    assert walk.game.director_view(redecide(log)) == walk.game.director_view(walk.state)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_each_undo_takes_back_the_latest_entry_not_yet_undone(params):
    walk = walked(params, 6, seed=4)
    seen = []
    for _ in range(3):
        seen.append((walk.seen(), walk.state.version))
        walk.step()
    for before, version in reversed(seen):
        undone = walk.undo()[0]
        assert (undone.replaces_from, type(undone)) == (version + 1, EntryUndone)
        assert walk.seen() == before
    verified(walk)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_a_redo_puts_back_the_latest_entry_undone_and_the_undos_before_it_in_turn(params):
    walk = walked(params, 6, seed=5)
    after = []
    for _ in range(3):
        walk.step()
        after.append(_versionless(walk.seen()))
    assert "redo" not in offered(walk)
    for _ in range(3):
        walk.undo()
    for expected in after:
        assert "redo" in offered(walk)
        done = redo(walk)
        assert [type(e).__name__ for e in done] == ["EntryRedone"]
        assert _versionless(walk.seen()) == expected
    assert "redo" not in offered(walk)
    with pytest.raises(UndoRefused, match="nothing to redo"):
        redo(walk)
    verified(walk)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_a_new_entry_clears_the_redo(params):
    walk = walked(params, 5, seed=6)
    walk.step()
    walk.step()
    walk.undo()
    walk.undo()
    walk.step()
    assert "redo" not in offered(walk)
    with pytest.raises(UndoRefused, match="a new entry clears the redo"):
        redo(walk)
    verified(walk)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_a_redo_made_on_an_older_version_is_refused(params):
    walk = walked(params, 4)
    walk.step()
    walk.undo()
    with pytest.raises(UndoRefused, match="it moved since you looked"):
        redo(walk, walk.state.version - 1)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [21, 22])
def test_random_undos_and_redos_replay_and_are_decided_again(params, seed):
    walk = Walk(*params, seed=seed)
    done = {"undo": 0, "redo": 0}
    for _ in range(80):
        if not walk.choices() and not offered(walk):
            break
        names = offered(walk)
        roll = walk.rng.random()
        if "redo" in names and roll < 0.3:
            redo(walk)
            done["redo"] += 1
        elif "undo" in names and (roll < 0.5 or not walk.choices() or walk.game.outcome(walk.state) is not None):
            walk.undo()
            done["undo"] += 1
        else:
            walk.step()
    assert done["undo"] and done["redo"]
    verified(walk)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_the_opening_is_no_entry_to_undo(params):
    walk = Walk(*params)
    with pytest.raises(UndoRefused, match="no entry to undo"):
        walk.undo()
    assert walk.log[-1] is not Undo


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_the_undo_is_offered_with_the_legal_actions_after_an_entry(params):
    walk = walked(params, 3)
    assert [c for c in walk.game.legal_actions(walk.state, 0) if type(c) is Undo] == [Undo()]
    assert walk.game.action_of(Undo()) == "undo"
    assert walk.game.command_schemas["undo"].load({}) == Undo()


def test_a_forged_undo_that_names_other_versions_is_refused_on_verification():
    walk = walked(GAMES[IDS.index("queens-dungeon-known")], 8)
    walk.step()
    forged = walk.log + [EntryUndone("play", walk.state.version - 3, walk.state.version)]
    with pytest.raises(Disagreement, match="EntryUndone"):
        redecide(roundtrip(forged))


def test_an_undo_in_the_middle_of_a_record_verifies():
    walk = walked(GAMES[IDS.index("queens-dungeon-blind")], 6)
    walk.step()
    walk.undo()
    for _ in range(5):
        walk.step()
    assert redecide(roundtrip(walk.log)).version == walk.state.version


@pytest.mark.parametrize("params", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [11, 12])
def test_random_play_with_undos_anywhere_replays_and_is_decided_again(params, seed):
    walk = Walk(*params, seed=seed)
    undos = 0
    for _ in range(80):
        if walk.game.outcome(walk.state) is not None or not walk.choices():
            break
        offered = Undo() in walk.game.legal_actions(walk.state, 0)
        if offered and walk.rng.random() < 0.25:
            walk.undo()
            undos += 1
        else:
            walk.step()
    assert undos
    log = roundtrip(walk.log)
    assert walk.game.director_view(replay(log)) == walk.game.director_view(walk.state)
    assert walk.game.director_view(redecide(log)) == walk.game.director_view(walk.state)


@pytest.mark.parametrize("params", GAMES, ids=IDS)
def test_undo_restores_from_an_older_copy_of_the_state(params, monkeypatch):
    """The state keeps a copy now and then (``COPY_EVERY`` events): with one every three events,
    the entry before an undo often starts before the last copy, and is restored from the older."""
    monkeypatch.setattr(undo_module, "COPY_EVERY", 3)
    test_random_play_with_undos_anywhere_replays_and_is_decided_again(params, 5)
    walk = walked(params, 6, seed=2)
    before = walk.seen()
    walk.step()
    walk.undo()
    assert walk.seen() == before


def finished(params: tuple, seed: int, ended: Any = None) -> tuple[Walk, dict, list]:
    """A random game played to its end (``ended``: the last entry must satisfy it), with what the
    table saw before its last entry, and that entry."""
    for tried in range(seed, seed + 40):
        walk = Walk(*params, seed=tried)
        before, entry = walk.seen(), []
        for _ in range(20000):
            if walk.game.outcome(walk.state) is not None or not walk.choices():
                break
            before = walk.seen()
            entry = walk.step()
        if walk.game.outcome(walk.state) is not None and (ended is None or ended(entry)):
            return walk, before, entry
    raise AssertionError("no game of these seeds ends so")


def undo_redo_of_the_end(walk: Walk, before: dict) -> None:
    """The finished game's last entry undone, the table as before it, then redone: over again."""
    ended = walk.seen()
    assert "undo" in offered(walk)
    walk.undo()
    assert walk.game.outcome(walk.state) is None and walk.seen() == before
    redo(walk)
    assert walk.game.outcome(walk.state) is not None and _versionless(walk.seen()) == _versionless(ended)
    verified(walk)


def test_the_last_card_of_a_finished_trick_game_is_undone_and_redone():
    walk, before, entry = finished(("black-queen", {"players": 6, "first_dealer": 0, "hands": 1}, 6, "known"), 1)
    assert type(entry[0]).__name__ == "CardPlayed"
    undo_redo_of_the_end(walk, before)


@pytest.mark.parametrize("record", ["known", "blind"])
def test_the_queens_give_up_is_undone_and_redone(record):
    walk = walked(("the-queens", {}, 1, record), 6)
    before = walk.seen()
    walk.act(walk.game.command_schemas["give_up"].load({"seat": 0}))
    assert walk.game.outcome(walk.state) is not None
    undo_redo_of_the_end(walk, before)


def test_dungeons_escape_is_undone_and_redone():
    escaped = lambda entry: any(getattr(e, "reason", None) == "escape" for e in entry)
    walk, before, _ = finished(("dungeon", {"players": 2}, 2, "known"), 1, escaped)
    undo_redo_of_the_end(walk, before)
