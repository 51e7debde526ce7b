"""Golden games of Dungeon, checked event by event. The first: two players, a known deck order, and a
script of the table's actions that goes through the contest, Aces stacked in a defence, a
cave-in, a Myrmiddon's bluff found out, a Graverobber, a retreat, a defence by a creature and a
player slain in the cell. The second plays the dark variants (Pitch Black, Suicide Queen, Counter
Attack 3). The third is the first again on a blind record. Every event the referee makes is
written out below from the rules, by hand.

The other golden games are files ``tests/golden/dungeon-*.json``, each with a title saying what it
shows: Random Cell / Jokers Wild with Counter Attack 1, Almost Black with Counter Attack 2, three
players on two decks, a game through the whole draw pile to an escape, and Pitch Black on a blind
record (a failed cave-in, accusations that turn dungeons up, a denial believed). Each holds the options,
the script of the table's actions (as the API takes them) and every expected event, also worked
out by hand from the rules. Every golden log must also replay from its encoded form and be decided
again unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import NamedTuple

import pytest

from events.registry import registry
from referee.events import GameCreated
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN
from referee.games.dungeon.options import load_options, shuffled_deck
from referee.redecide_record import redecide
from referee.registry import get_game
from referee.replay import replay

DUNGEON = get_game("dungeon")

ANN_DEALT = ["10H", "9H", "8H", "QH", "AC"]
BOB_DEALT = ["10S", "JS", "KS", "AS", "2C"]
DRAWS = ["AH", "9D", "5H", "7D", "6D", "4D", "3H", "2H", "8C", "9C", "7C", "JD", "4C", "3C", "6C", "QC", "JC", "4S", "KC"]
HEAD = ANN_DEALT + BOB_DEALT + DRAWS
PILE = DRAWS + [c for c in shuffled_deck({"decks": 1}) if c not in HEAD]

#: Every variant off: the options the base game is logged with.
BASE_GAME = {"suicide_queen": False, "counter_attack": 0, "jokers_wild": False, "darkness": "none"}

SCRIPT = [
    cmd.Deal(ANN_DEALT + BOB_DEALT + PILE),
    cmd.ContestPlay(0, "AC"), cmd.ContestPlay(1, "2C"),
    # Ann's turn 1: out of the cell.
    cmd.Draw(0), cmd.PlayPassage(0, "10H"), cmd.EndTurn(0),
    # Bob's turn: a Graverobber attacks; Ann answers with an Ace, Bob stacks his; Ann defends 8+3.
    cmd.Draw(1), cmd.Attack(1, "JS", 0), cmd.PlayAce(0, "AH"), cmd.PlayAce(1, "AS"), cmd.CloseAces(),
    cmd.Defend(0, ["8H", "3H"]), cmd.EndTurn(1, ["4D"]),
    cmd.Draw(0), cmd.PlayPassage(0, "9H"), cmd.EndTurn(0),
    cmd.Draw(1), cmd.CaveIn(1, "9D", 0), cmd.EndTurn(1),
    # Ann fishes for the Wight; Bob bluffs and is found out.
    cmd.Draw(0), cmd.Myrmiddon(0, "QH", 1, "KS"), cmd.Deny(1), cmd.Look(0), cmd.EndTurn(0),
    cmd.Draw(1), cmd.Graverobber(1, "JD", "10S"), cmd.EndTurn(1),
    cmd.Draw(0), cmd.EndTurn(0, ["4C"]),
    cmd.Draw(1), cmd.PlayPassage(1, "10S"), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "KS", 1), cmd.Retreat(1), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "JC", 1), cmd.Defend(1, ["QC"]), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    # Bob is in his cell with 3C and 4S: no answer to a Wight.
    cmd.Draw(0), cmd.Attack(0, "KC", 1), cmd.Retreat(1),
]

EXPECTED = [
    GameCreated("dungeon", {"players": 2, "decks": 1, **BASE_GAME}, ["Ann", "Bob"], "known"),
    ev.DungeonDealt(["JK1", "JK2"], [False, False], [ANN_DEALT, BOB_DEALT], PILE),
    ev.DungeonContestCardPlayed(0, "AC", 1, "AH"),
    ev.DungeonContestCardPlayed(1, "2C", 1, "9D"), ev.DungeonFirstPlayerChosen(0),
    ev.DungeonCardDrawn(0, "5H"), ev.DungeonPassagePlayed(0, "10H", "cell"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "7D"), ev.DungeonCreatureAttacked(1, "JS", 0, "10H"),
    ev.DungeonAcePlayed(0, "AH"), ev.DungeonAcePlayed(1, "AS"),
    ev.DungeonAcesResolved([{"seat": 1, "ace": "AS", "cards": ["6D", "4D"]},
                            {"seat": 0, "ace": "AH", "cards": ["3H", "2H"]}]),
    ev.DungeonCreatureDefeated(0, "JS", ["8H", "3H"]), ev.DungeonTurnEnded(1, ["4D"]),
    ev.DungeonCardDrawn(0, "8C"), ev.DungeonPassagePlayed(0, "9H", "10H"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "9C"), ev.DungeonCaveIn(1, "9D", 0, "9H"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "7C"), ev.DungeonMyrmiddonAsked(0, "QH", 1, "KS"), ev.DungeonCardDenied(1),
    ev.DungeonHandLookedAt(0, 1, False, ["10S", "7D", "6D", "9C"], "KS"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "JD"), ev.DungeonGraverobberPlayed(1, "JD", "10S"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "4C"), ev.DungeonTurnEnded(0, ["4C"]),
    ev.DungeonCardDrawn(1, "3C"), ev.DungeonPassagePlayed(1, "10S", "cell"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "6C"), ev.DungeonCreatureAttacked(0, "KS", 1, "10S"), ev.DungeonRetreated(1, "KS", "10S"),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "QC"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "JC"), ev.DungeonCreatureAttacked(0, "JC", 1, None), ev.DungeonCreatureDefeated(1, "JC", ["QC"]),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "4S"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "KC"), ev.DungeonCreatureAttacked(0, "KC", 1, None),
    ev.DungeonPlayerSlain(1, "KC", ["3C", "4S"]), ev.DungeonGameWon(0, "last_alive"),
]


# A second game with every dark rule on: Pitch Black (so Jokers Wild), Suicide Queen, Counter
# Attack 3. Both cells are face down; a Graverobber takes from the face-down pile, Ann cheats and
# is caught, a Myrmiddon is countered and countered back by a Joker declared a Queen, Bob's bluff
# is found out and he throws his hand away rather than give the Wight up.
DARK = {"players": 2, "darkness": "pitch_black", "suicide_queen": True, "counter_attack": 3}
DARK_ANN = ["10H", "JK1", "QH", "7H", "AC"]
DARK_BOB = ["10S", "JS", "QS", "KS", "2C"]
DARK_DRAWS = ["9D", "JD", "4C", "4D", "6C", "6D", "3C", "3D", "KC", "8D", "KH"]
DARK_HEAD = ["5D", "5C"] + DARK_ANN + DARK_BOB + DARK_DRAWS
DARK_PILE = DARK_DRAWS + [c for c in shuffled_deck({"decks": 1, "jokers_wild": True}) if c not in DARK_HEAD]

DARK_SCRIPT = [
    cmd.Deal(["5D", "5C"] + DARK_ANN + DARK_BOB + DARK_PILE),
    cmd.ContestPlay(0, "AC"), cmd.ContestPlay(1, "2C"),
    cmd.Draw(0), cmd.PlayPassage(0, "10H"), cmd.EndTurn(0),
    cmd.Draw(1), cmd.Graverobber(1, "JS", "AC"), cmd.CloseCounters(), cmd.EndTurn(1, ["4D"]),
    cmd.Draw(0), cmd.PlayPassage(0, "7H", "10H"), cmd.EndTurn(0),
    cmd.Draw(1), cmd.Accuse(1, 0), cmd.PlayPassage(1, "10S"), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Myrmiddon(0, "QH", 1, "KS"), cmd.Counter(1, "QS"), cmd.Counter(0, "JK=QD"), cmd.CloseCounters(),
    cmd.Deny(1), cmd.Look(0), cmd.DiscardHand(1), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "KC", 1), cmd.Retreat(1), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "KH", 1), cmd.Retreat(1),
]

DARK_EXPECTED = [
    GameCreated("dungeon", {**DARK, "decks": 1, "jokers_wild": True}, ["Ann", "Bob"], "known"),
    ev.DungeonDealt(["5D", "5C"], [True, True], [DARK_ANN, DARK_BOB], DARK_PILE),
    ev.DungeonContestCardPlayed(0, "AC", 1, "9D"),
    ev.DungeonContestCardPlayed(1, "2C", 1, "JD"), ev.DungeonFirstPlayerChosen(0),
    ev.DungeonCardDrawn(0, "4C"), ev.DungeonPassagePlayed(0, "10H", "cell"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "4D"), ev.DungeonGraverobberPlayed(1, "JS", "AC"), ev.DungeonCountersClosed(True),
    ev.DungeonTurnEnded(1, ["4D"]),
    ev.DungeonCardDrawn(0, "6C"), ev.DungeonPassagePlayed(0, "7H", "10H", cheat=True), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "6D"), ev.DungeonAccused(1, 0, True, ["10H", "7H"]),
    ev.DungeonPassagePlayed(1, "10S", "cell"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "3C"), ev.DungeonMyrmiddonAsked(0, "QH", 1, "KS"),
    ev.DungeonCounterPlayed(1, "QS"), ev.DungeonCounterPlayed(0, "JK1=QD"), ev.DungeonCountersClosed(True),
    ev.DungeonCardDenied(1), ev.DungeonHandLookedAt(0, 1, False, [], liar_chooses=True),
    ev.DungeonHandDiscarded(1, ["KS", "JD", "AC", "6D"]), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "3D"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "KC"), ev.DungeonCreatureAttacked(0, "KC", 1, "10S"), ev.DungeonRetreated(1, "KC", "10S"),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, "8D"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, "KH"), ev.DungeonCreatureAttacked(0, "KH", 1, None),
    ev.DungeonPlayerSlain(1, "KH", ["3D", "8D"]), ev.DungeonGameWon(0, "last_alive"),
]


# The first game again, on a blind record: the scorekeeper logs what the table saw. Nobody saw the
# deal or a draw (?); every card played face up is named; Ann's look at Bob's hand is entered as
# she saw it, and proves his denial a lie.
U = UNKNOWN
BLIND_SCRIPT = [
    cmd.Deal(),
    cmd.ContestPlay(0, "AC"), cmd.ContestPlay(1, "2C"),
    cmd.Draw(0), cmd.PlayPassage(0, "10H"), cmd.EndTurn(0),
    cmd.Draw(1), cmd.Attack(1, "JS", 0), cmd.PlayAce(0, "AH"), cmd.PlayAce(1, "AS"), cmd.CloseAces(),
    cmd.Defend(0, ["8H", "3H"]), cmd.EndTurn(1, ["4D"]),
    cmd.Draw(0), cmd.PlayPassage(0, "9H"), cmd.EndTurn(0),
    cmd.Draw(1), cmd.CaveIn(1, "9D", 0), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Myrmiddon(0, "QH", 1, "KS"), cmd.Deny(1), cmd.Look(0, ["10S", "KS", "7D", "6D", "9C"]),
    cmd.EndTurn(0),
    cmd.Draw(1), cmd.Graverobber(1, "JD", "10S"), cmd.EndTurn(1),
    cmd.Draw(0), cmd.EndTurn(0, ["4C"]),
    cmd.Draw(1), cmd.PlayPassage(1, "10S"), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "KS", 1), cmd.Retreat(1), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "JC", 1), cmd.Defend(1, ["QC"]), cmd.EndTurn(0),
    cmd.Draw(1), cmd.EndTurn(1),
    cmd.Draw(0), cmd.Attack(0, "KC", 1), cmd.Retreat(1),
]

BLIND_EXPECTED = [
    GameCreated("dungeon", {"players": 2, "decks": 1, **BASE_GAME}, ["Ann", "Bob"], "blind"),
    ev.DungeonDealt(["JK1", "JK2"], [False, False], [[U] * 5, [U] * 5], [U] * 42),
    ev.DungeonContestCardPlayed(0, "AC", 1, U),
    ev.DungeonContestCardPlayed(1, "2C", 1, U), ev.DungeonFirstPlayerChosen(0),
    ev.DungeonCardDrawn(0, U), ev.DungeonPassagePlayed(0, "10H", "cell"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, U), ev.DungeonCreatureAttacked(1, "JS", 0, "10H"),
    ev.DungeonAcePlayed(0, "AH"), ev.DungeonAcePlayed(1, "AS"),
    ev.DungeonAcesResolved([{"seat": 1, "ace": "AS", "cards": [U, U]}, {"seat": 0, "ace": "AH", "cards": [U, U]}]),
    ev.DungeonCreatureDefeated(0, "JS", ["8H", "3H"]), ev.DungeonTurnEnded(1, ["4D"]),
    ev.DungeonCardDrawn(0, U), ev.DungeonPassagePlayed(0, "9H", "10H"), ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, U), ev.DungeonCaveIn(1, "9D", 0, "9H"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, U), ev.DungeonMyrmiddonAsked(0, "QH", 1, "KS"), ev.DungeonCardDenied(1),
    ev.DungeonHandLookedAt(0, 1, False, ["10S", "7D", "6D", "9C"], "KS", shown=["10S", "KS", "7D", "6D", "9C"]),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, U), ev.DungeonGraverobberPlayed(1, "JD", "10S"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, U), ev.DungeonTurnEnded(0, ["4C"]),
    ev.DungeonCardDrawn(1, U), ev.DungeonPassagePlayed(1, "10S", "cell"), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, U), ev.DungeonCreatureAttacked(0, "KS", 1, "10S"), ev.DungeonRetreated(1, "KS", "10S"),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, U), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, U), ev.DungeonCreatureAttacked(0, "JC", 1, None), ev.DungeonCreatureDefeated(1, "JC", ["QC"]),
    ev.DungeonTurnEnded(0, []),
    ev.DungeonCardDrawn(1, U), ev.DungeonTurnEnded(1, []),
    ev.DungeonCardDrawn(0, U), ev.DungeonCreatureAttacked(0, "KC", 1, None),
    ev.DungeonPlayerSlain(1, "KC", [U, U]), ev.DungeonGameWon(0, "last_alive"),
]


def golden_log(options: dict | None = None, script: list = SCRIPT, record: str = "known",
               seats: list[str] | tuple[str, ...] = ("Ann", "Bob")) -> list:
    rng = random.Random(0)
    log = DUNGEON.start(options or {"players": 2}, list(seats), record, rng)
    state = replay(log)
    for command in script:
        events = DUNGEON.decide(state, command, rng)
        for event in events:
            state = DUNGEON.apply(state, event)
        log += events
    return log


class Golden(NamedTuple):
    options: dict | None
    script: list
    expected: list
    record: str = "known"
    seats: list[str] | tuple[str, ...] = ("Ann", "Bob")
    outcome: dict = {"reason": "last_alive", "winners": [0]}

    def log(self) -> list:
        """The log the referee makes from the script."""
        return golden_log(self.options, self.script, self.record, self.seats)


def load_golden(path: Path) -> Golden:
    """A golden file: the script's actions read as the API reads them, the events through the registry."""
    data = json.loads(path.read_text())
    script = [cmd.COMMAND_SCHEMAS[a["action"]].load({k: v for k, v in a.items() if k != "action"})
              for a in data["script"]]
    expected = [registry.decode(e["type"], e["version"], e["payload"]) for e in data["events"]]
    return Golden(data["options"], script, expected, data["record"], data["seats"], data["outcome"])


GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
GOLDEN = {"base": Golden(None, SCRIPT, EXPECTED), "dark": Golden(DARK, DARK_SCRIPT, DARK_EXPECTED),
          "blind": Golden(None, BLIND_SCRIPT, BLIND_EXPECTED, "blind"),
          **{path.stem: load_golden(path) for path in sorted(GOLDEN_DIR.glob("dungeon-*.json"))}}


def test_every_variant_option_has_a_golden_game():
    played = [load_options(golden.options) for golden in GOLDEN.values()]
    assert {o["counter_attack"] for o in played} == {0, 1, 2, 3}
    assert {o["darkness"] for o in played} == {"none", "almost_black", "pitch_black"}
    assert any(o["jokers_wild"] and o["darkness"] == "none" for o in played)
    assert any(o["suicide_queen"] for o in played) and any(o["decks"] == 2 and o["players"] >= 3 for o in played)


def test_the_golden_games_show_every_kind_of_event():
    shown = {type(e) for golden in GOLDEN.values() for e in golden.expected}
    every = {cls for cls in vars(ev).values() if isinstance(cls, type) and cls.__name__.startswith("Dungeon")}
    assert every and every - shown == set()
    assert {golden.outcome["reason"] for golden in GOLDEN.values()} == {"escape", "last_alive"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_event_by_event(name):
    golden = GOLDEN[name]
    log = golden.log()
    for index, (made, wanted) in enumerate(zip(log, golden.expected)):
        assert made == wanted, f"event {index + 1}"
    assert len(log) == len(golden.expected)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_replays_from_its_encoded_log_and_is_decided_again(name):
    log = GOLDEN[name].log()
    state = replay([registry.decode(*registry.encode(e)) for e in log])
    assert DUNGEON.outcome(state) == GOLDEN[name].outcome
    assert DUNGEON.director_view(redecide(log)) == DUNGEON.director_view(state)


def test_golden_game_base_ends_with_the_hands_and_dungeons_worked_out():
    state = replay(golden_log())
    assert state.hands[0] == ["5H", "2H", "8C", "7C", "6C"]
    assert [card for card, _ in state.dungeons[0]] == ["10H"] and state.dungeons[1] == []


def test_golden_game_dark_shows_the_table_no_face_down_card():
    state = replay(golden_log(DARK, DARK_SCRIPT))
    view = DUNGEON.public_view(state)
    assert view["discard"] is None and view["players"][0]["cell"] is None
    assert state.hands[0] == ["9D", "4C", "6C", "3C"] and state.cheats == [set(), set()]


def test_golden_game_blind_knows_what_the_table_saw_and_no_more():
    state = replay(golden_log(None, BLIND_SCRIPT, "blind"))
    known = replay(golden_log())
    assert state.hands == [[UNKNOWN] * 5, []] and state.pile == [UNKNOWN] * len(known.pile)
    assert [card for card, _ in state.dungeons[0]] == ["10H"]
    assert state.discard[:7] == ["AC", "2C", "AS", "AH", "JS", "8H", "3H"]  # face up, named as played


def test_golden_game_almost_black_shows_the_passages_and_not_the_discards():
    view = DUNGEON.public_view(replay(GOLDEN["dungeon-almost-black"].log()))
    assert view["discard"] is None and view["discard_size"] == 18
    assert view["players"][0]["dungeon"] == [{"position": 0, "card": "10H", "on": "cell"}]
    assert [player["cell"] for player in view["players"]] == [None, None]


def test_golden_game_pitch_black_blind_keeps_a_failed_cave_in_face_down_for_the_table():
    """The cave-in turned Ann's last passage up as the 8S: the record knows it from then on (the
    accusation had to reveal it as the 8S), the table's view still shows no card there."""
    log = GOLDEN["dungeon-pitch-black-blind"].log()
    failed = next(i for i, e in enumerate(log) if isinstance(e, ev.DungeonCaveInFailed))
    state = replay(log[:failed + 1])
    assert state.dungeons[0] == [(UNKNOWN, -1), ("8S", 0)] and state.discard[-1] == "9D"
    assert DUNGEON.public_view(state)["players"][0]["dungeon"] == [{"position": 0, "on": "cell"},
                                                                  {"position": 1, "on": 0}]
    accused = log[failed + 1]
    assert isinstance(accused, ev.DungeonAccused) and accused.revealed == ["10H", "8S"] and accused.cheating
