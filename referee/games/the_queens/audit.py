"""What the audit of a game of The Queens adds: whether the deal could be won, and the move with
which the player left the last winning line.

The positions of a game are the tableau after the deal and after each move still standing (a move
taken back is no part of the line played). A position that can be won comes only after positions
that could be won, and one that is lost only before lost ones, so the move that left the last
winning line is found by bisection: a few positions solved, each within the same budget. A
position the solver cannot decide within its budget is said to be undecided, never guessed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from referee.games.the_queens import commands as cmd
from referee.games.the_queens.solver import solve
from referee.games.the_queens.state import QueensState

#: Positions solved at most per audit: with one second each, an audit ends within half a minute.
MAX_SOLVED = 24


def audit_notes(state: QueensState, events: Sequence[Any], seconds: float = 1.0) -> dict[str, Any]:
    """The solver's account of the line played: ``deal_winnable`` (True, False or None when
    undecided), ``left_winning_line`` (the move, numbered from 1 among the moves standing, its
    stream version and action, after which the position, winnable before it, was lost; None when
    the player never left it or it is not known), ``undecided`` (moves whose position the solver
    could not decide), ``positions_solved``, ``seconds_per_position`` and a ``note`` in words."""
    t = state.tableau
    out: dict[str, Any] = {"seconds_per_position": seconds, "deal_winnable": None, "deal_proof": None,
                           "left_winning_line": None, "undecided": [], "positions_solved": 0}
    if not t.dealt:
        return {**out, "note": "The cards are not dealt yet: there is nothing to solve."}
    # positions[i]: the tableau after i moves standing; the last is the tableau now
    positions = [before for _version, before in state.standing] + [t]
    verdicts: dict[int, str] = {}
    if t.ended == "won":
        verdicts[len(positions) - 1] = "won"
    elif t.ended == "stuck":
        verdicts[len(positions) - 1] = "lost"

    def verdict(i: int) -> str:
        if i not in verdicts:
            result = solve(positions[i], seconds=seconds)
            verdicts[i] = result.result
            out["positions_solved"] += 1
            if i == 0:
                out["deal_proof"] = result.proof or None
        return verdicts[i]

    deal = verdict(0)
    out["deal_winnable"] = {"won": True, "lost": False}.get(deal)
    last = len(positions) - 1
    if deal != "won":
        out["note"] = ("The deal could not be won, whatever the moves." if deal == "lost" else
                       f"The solver could not decide within {seconds:g} s whether the deal could be won.")
        return _undecided(out, verdicts)
    end = verdict(last)
    if end == "won":
        out["note"] = ("The deal could be won, and the player never left a winning line." if t.ended == "won" else
                       "The deal could be won, and the position now can still be won.")
        return _undecided(out, verdicts)
    if end == "undecided":
        out["note"] = (f"The deal could be won; the solver could not decide within {seconds:g} s whether the "
                       f"position now can still be won.")
        return _undecided(out, verdicts)
    won, lost = _bisect(verdict, 0, last, lambda: out["positions_solved"] < MAX_SOLVED)
    if lost - won == 1:
        version = state.standing[won][0]
        out["left_winning_line"] = {"move": lost, "version": version, "action": _action(events[version - 1])}
        out["note"] = (f"The deal could be won; the player left the last winning line with move {lost} "
                       f"(version {version}): the position could be won before it, and not after it.")
    else:
        out["note"] = (f"The deal could be won; the player left the last winning line between move {won + 1} "
                       f"and move {lost}: the solver could not decide the positions in between within {seconds:g} s.")
    return _undecided(out, verdicts)


def _bisect(verdict: Callable[[int], str], won: int, lost: int, may_solve: Callable[[], bool]) -> tuple[int, int]:
    """The closest pair (won, lost) of positions found, from a won position before a lost one.
    An undecided position is stepped round: the next one tried is the unsolved one nearest the middle."""
    tried: set[int] = set()
    while lost - won > 1 and may_solve():
        middle = (won + lost) // 2
        untried = [i for i in range(won + 1, lost) if i not in tried]
        if not untried:
            break
        i = min(untried, key=lambda j: abs(j - middle))
        tried.add(i)
        result = verdict(i)
        if result == "won":
            won = i
        elif result == "lost":
            lost = i
    return won, lost


def _undecided(out: dict[str, Any], verdicts: dict[int, str]) -> dict[str, Any]:
    """``undecided``: the moves after which the position was left undecided (0: the deal)."""
    out["undecided"] = sorted(i for i, result in verdicts.items() if result == "undecided")
    return out


def _action(event: Any) -> dict[str, Any]:
    """A move's event as the action that made it (as ``GET /games/{id}/legal`` writes actions)."""
    command = cmd.command_of(event)
    fields = {k: v for k, v in dataclasses.asdict(command).items() if v is not None}
    return {"action": cmd.ACTION_OF[type(command)], **fields}
