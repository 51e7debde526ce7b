"""The Queens' audit notes: whether the deal could be won, and the move with which the player left
the last winning line, found by the solver within a budget per position (undecided said so)."""

from __future__ import annotations

import random

from tq_lines import LEAVES_THE_LINE_AT_46, commands, golden_order
from referee.games.the_queens import commands as cmd
from referee.games.the_queens.audit import _bisect, audit_notes
from referee.registry import get_game
from referee.replay import replay

GAME = get_game("the-queens")


# The solver's budget is wall-clock time: these positions are decided in well under a second on an idle
# machine, and a loaded one must not turn a verdict under test into "undecided".
SOLVER_SECONDS = 30.0


def played(order, moves, take_back_after=None):
    """The log of a game dealt from ``order`` with ``moves`` (a take-back after the move numbered
    ``take_back_after``, that move then made again)."""
    log = GAME.start({"order": order}, ["Ann"], "known", random.Random(0))
    script = [cmd.Deal(0)] + list(moves)
    if take_back_after is not None:
        script[take_back_after + 1:take_back_after + 1] = [cmd.TakeBack(0), script[take_back_after]]
    state = replay(log)
    for command in script:
        events = GAME.decide(state, command, random.Random(1))
        log += events
        for event in events:
            state = GAME.apply(state, event)
    return log, state


def test_audit_names_the_move_after_which_a_winnable_position_was_lost():
    log, state = played(golden_order(), commands(LEAVES_THE_LINE_AT_46))
    report = audit_notes(state, log, seconds=SOLVER_SECONDS)
    assert report["deal_winnable"] is True and report["undecided"] == []
    left = report["left_winning_line"]
    assert left["move"] == 46 and left["action"]["action"] == "turn"
    assert type(log[left["version"] - 1]).__name__ == "QueensCardTurned"
    assert "move 46" in report["note"]
    assert report["positions_solved"] <= 8  # bisection, not every position


def test_a_taken_back_move_is_no_part_of_the_line_audited():
    log, state = played(golden_order(), commands(LEAVES_THE_LINE_AT_46), take_back_after=10)
    left = audit_notes(state, log, seconds=SOLVER_SECONDS)["left_winning_line"]
    assert left["move"] == 46 and type(log[left["version"] - 1]).__name__ == "QueensCardTurned"


def test_a_game_still_on_a_winning_line_has_left_none():
    log, state = played(golden_order(), commands(LEAVES_THE_LINE_AT_46)[:45])
    report = audit_notes(state, log, seconds=SOLVER_SECONDS)
    assert report["deal_winnable"] is True and report["left_winning_line"] is None
    assert report["note"] == "The deal could be won, and the position now can still be won."


def test_a_deal_with_a_deadlocked_key_is_unwinnable_whatever_the_moves():
    log, state = played(sorted(golden_order()), [])
    report = audit_notes(state, log, seconds=SOLVER_SECONDS)
    assert report["deal_winnable"] is False and report["left_winning_line"] is None
    assert "the key can never be played out" in report["deal_proof"]


def test_an_undecided_position_is_stepped_round_and_said_undecided():
    truth = ["won"] * 5 + ["lost"] * 5
    said = {**dict(enumerate(truth)), 4: "undecided", 5: "undecided"}
    assert _bisect(lambda i: said[i], 0, 9, lambda: True) == (3, 6)
    assert _bisect(lambda i: truth[i], 0, 9, lambda: True) == (4, 5)


def test_nothing_to_solve_before_the_deal():
    log = GAME.start({}, ["Ann"], "known", random.Random(0))
    report = GAME.audit_notes(replay(log), log)
    assert report["deal_winnable"] is None and report["positions_solved"] == 0
