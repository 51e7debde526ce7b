"""Pitch Black's accusation: a player who suspects another of cheating has their face-down
dungeon revealed, and the referee rules from what it holds."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.checks import IllegalMove, check_no_aces_open, check_phase, check_seat, check_target, who
from referee.games.dungeon.options import face_down_passages
from referee.games.dungeon.state import DungeonState


def decide_accuse(state: DungeonState, c: cmd.Accuse, rng: Any) -> list[Any]:
    """Any player alive, at any moment of play with no window open, in turn or not (it is no
    play): a cheater discards the whole dungeon but the cell, else the accuser discards theirs."""
    check_phase(state, "turn", "accusation")
    check_seat(state, c.seat)
    check_no_aces_open(state)
    if not face_down_passages(state.options):
        raise IllegalMove("Accusations of cheating are for Pitch Black, where passages are laid face down.",
                          seat=c.seat)
    if state.window is not None:
        raise errors.WrongPhase("No accusation while a window is open: answer it first.", seat=c.seat)
    check_target(state, c.seat, c.target, "accuse")
    if not state.dungeons[c.target]:
        raise IllegalMove(f"{who(state, c.target)} has no passage to reveal.", seat=c.seat)
    cheating = bool(state.cheats[c.target])
    loser = c.target if cheating else c.seat
    return [ev.DungeonAccused(c.seat, c.target, cheating, [card for card, _ in state.dungeons[loser]])]
