"""Dungeon's ``decide``: a command checked against the state, and the events it makes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import errors
from referee.games.dungeon import answers, dark, interrupts, plays, setup
from referee.games.dungeon import commands as cmd
from referee.games.dungeon.state import DungeonState

_DECIDERS: dict[type, Callable[[DungeonState, Any, Any], list[Any]]] = {
    cmd.Deal: setup.decide_deal,
    cmd.ContestPlay: setup.decide_contest,
    cmd.Reshuffle: setup.decide_reshuffle,
    cmd.Draw: plays.decide_draw,
    cmd.PlayPassage: plays.decide_passage,
    cmd.CaveIn: plays.decide_cave_in,
    cmd.Attack: plays.decide_attack,
    cmd.Accuse: dark.decide_accuse,
    cmd.Graverobber: plays.decide_graverobber,
    cmd.Myrmiddon: plays.decide_myrmiddon,
    cmd.EndTurn: plays.decide_end_turn,
    cmd.Defend: answers.decide_defend,
    cmd.Retreat: answers.decide_retreat,
    cmd.HandOver: answers.decide_hand_over,
    cmd.Deny: answers.decide_deny,
    cmd.Look: answers.decide_look,
    cmd.Believe: answers.decide_believe,
    cmd.DiscardHand: answers.decide_discard_hand,
    cmd.SaveJoker: answers.decide_save_joker,
    cmd.LetFall: answers.decide_let_fall,
    cmd.Counter: interrupts.decide_counter,
    cmd.CloseCounters: interrupts.decide_close_counters,
    cmd.PlayAce: interrupts.decide_ace,
    cmd.CloseAces: interrupts.decide_close_aces,
}


def decide(state: DungeonState, command: Any, rng: Any) -> list[Any]:
    """The events ``command`` makes; an InputError (nothing recorded) when it is impossible now."""
    decider = _DECIDERS.get(type(command))
    if decider is None:
        raise errors.UnknownAction(f"{type(command).__name__} is not a Dungeon command.")
    if state.phase == "over":
        assert state.outcome is not None  # the fold that ends the game sets both
        raise errors.WrongPhase(f"The game is over ({state.outcome['reason']}): nothing more is logged.", legal=[])
    return decider(state, command, rng)
