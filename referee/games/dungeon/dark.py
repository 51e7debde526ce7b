"""Pitch Black's accusation: a player who suspects another of cheating has their face-down
dungeon revealed, and the referee rules from what it holds (a blind record: from the cards as they
were turned up, each passage judged as it could be laid then)."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon import tree
from referee.games.dungeon.blind import UNKNOWN, every_copy_seen, pick
from referee.games.dungeon.cards import normalise, passage_value
from referee.games.dungeon.checks import (
    IllegalMove, check_no_aces_open, check_phase, check_seat, check_target, in_deck, who,
)
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
    if state.record != "blind":
        if c.revealed is not None:
            raise IllegalMove("A known record knows the dungeon: the accusation takes no cards revealed.", seat=c.seat)
        cheating = bool(state.cheats[c.target])
        loser = c.target if cheating else c.seat
        return [ev.DungeonAccused(c.seat, c.target, cheating, [card for card, _ in state.dungeons[loser]])]
    revealed = turned_up(state, c.target, c.revealed)
    dungeon = [(card, parent) for card, (_, parent) in zip(revealed, state.dungeons[c.target])]
    cheating = bool(cheats_in(dungeon, state.laid_setback[c.target]))
    discarded = revealed if cheating else [card for card, _ in state.dungeons[c.seat]]
    return [ev.DungeonAccused(c.seat, c.target, cheating, discarded, revealed)]


def turned_up(state: DungeonState, seat: int, revealed: list[str] | None, dungeon: list[tree.Passage] | None = None) -> list[str]:
    """A blind record: ``seat``'s face-down dungeon (or ``dungeon``, the same with a passage just
    laid) as it was turned up, checked against the record (one card for each passage, the passages
    the record knows as they are, the others seen nowhere else), as identities in the order laid."""
    dungeon = state.dungeons[seat] if dungeon is None else dungeon
    if revealed is None or len(revealed) != len(dungeon):
        raise IllegalMove(f"Enter {who(state, seat)}'s dungeon as it was turned up (revealed): {len(dungeon)} cards, "
                          "in the order laid.", seat=seat)
    out: list[str] = []
    for position, (text, (known, _)) in enumerate(zip(revealed, dungeon)):
        card = pick(state, [known], in_deck(state, text), out)
        if card is None:
            why = f"it was turned up as {known}" if known != UNKNOWN else every_copy_seen(text)
            raise IllegalMove(f"{who(state, seat)}'s passage at position {position} cannot be {normalise(text)}: {why}.",
                              seat=seat, card=normalise(text))
        out.append(card)
    return out


def cheats_in(dungeon: list[tuple[str, int]], setbacks: list[bool]) -> list[int]:
    """The positions of the passages laid against the rules, each judged as it was laid: on the
    dungeon before it (the passages under it in the order laid) with the second-lowest branch open
    or not (``setbacks``). A passage laid fairly stays fair whatever is laid after it."""
    out = []
    for i, (card, parent) in enumerate(dungeon):
        value = passage_value(card)
        if value is None or parent not in tree.places(dungeon[:i], value, setbacks[i]):
            out.append(i)
    return out
