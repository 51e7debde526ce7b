"""Deciding the windows anyone may answer, which the scorekeeper closes: the Ace window (Aces
played by anyone at any moment, resolved last played first) and, with Counter Attack, the counters
to a Graverobber or a Myrmiddon."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.dealing import deal_salt
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.cards import creature_value, is_ace
from referee.games.dungeon.checks import IllegalMove, check_no_aces_open, check_phase, check_seat, held_card
from referee.games.dungeon.state import DungeonState

ACE_DRAW = 2


def decide_ace(state: DungeonState, c: cmd.PlayAce, rng: Any) -> list[Any]:
    """An Ace at any moment of play, in turn or not, in a window or on other Aces."""
    check_phase(state, "turn", "Ace")
    check_seat(state, c.seat)
    card = held_card(state, c.seat, c.card, out_of_turn=True)
    if not is_ace(card):  # the Aces held are not listed: the table reads this answer
        raise IllegalMove(f"{card} is not an Ace.", seat=c.seat, card=card)
    return [ev.DungeonAcePlayed(c.seat, card)]


def decide_close_aces(state: DungeonState, c: cmd.CloseAces, rng: Any) -> list[Any]:
    """The Aces resolve last played first, each drawing two while the pile lasts."""
    check_phase(state, "turn", "closing of the Ace window")
    if not state.aces:
        raise errors.WrongPhase("No Ace window is open: there is nothing to close.")
    pile = iter(state.pile)
    draws = [{"seat": seat, "ace": ace, "cards": [x for _, x in zip(range(ACE_DRAW), pile)]}
             for seat, ace in reversed(state.aces)]
    return [ev.DungeonAcesResolved(draws, deal_salt(rng))]


def _counter_window(state: DungeonState, action: str) -> dict[str, Any]:
    check_phase(state, "turn", action)
    check_no_aces_open(state)
    window = state.window
    if window is None or window["kind"] != "counter":
        raise errors.WrongPhase(f"No {action} now: no Graverobber or Myrmiddon is waiting for counters "
                                "(Counter Attack).")
    return window


def decide_counter(state: DungeonState, c: cmd.Counter, rng: Any) -> list[Any]:
    """Counter Attack: a matching creature, by anyone alive; it is not a turn's play."""
    window = _counter_window(state, "counter")
    check_seat(state, c.seat)
    card = held_card(state, c.seat, c.card, out_of_turn=True)
    rank = 11 if window["ability"] == "graverobber" else 12
    if creature_value(card) != rank:  # the matching creatures held are not listed: the table reads this answer
        matching = "a Jack" if rank == 11 else "a Queen"
        raise IllegalMove(f"{card} does not match the {window['ability'].capitalize()} {window['card']}: "
                          f"only {matching} counters it.", seat=c.seat, card=card)
    return [ev.DungeonCounterPlayed(c.seat, card)]


def decide_close_counters(state: DungeonState, c: cmd.CloseCounters, rng: Any) -> list[Any]:
    window = _counter_window(state, "closing of the counter window")
    return [ev.DungeonCountersClosed(len(window["counters"]) % 2 == 0)]
