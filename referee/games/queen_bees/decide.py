"""Turning Queen Bees commands into events: the bids here, the rest in the shared trick engine."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.trickgame import commands as cmd
from referee.games.queen_bees.apply import apply_event
from referee.games.queen_bees.rules import RULES
from referee.dealing import sealing_deals
from referee.trickgame.decide import TrickEngine, player_seat, require_phase
from referee.trickgame.state import TableState


def _bid(state: TableState, c: cmd.Bid, rng: Any) -> list[Any]:
    """Each player in turn from the dealer's left bids 1 to 13 tricks."""
    require_phase(state, "bid", doing="bid")
    seat = player_seat(state, c.seat)
    h = state.hand
    if seat != h.turn:
        raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot bid now: it is {state.seat_label(h.turn)}'s turn.",
                                 seat=seat, legal=[h.turn])
    if not isinstance(c.bid, int) or not 1 <= c.bid <= state.hand_size:
        raise errors.InputError(f"{state.seat_label(seat)} must bid 1 to {state.hand_size} tricks, not {c.bid!r}.",
                                seat=seat, legal=list(range(1, state.hand_size + 1)), code="invalid_bid")
    return [ev.BidMade(seat, h.no, c.bid)]


ENGINE = TrickEngine(RULES, apply_event, {cmd.Bid: _bid})
decide = sealing_deals(ENGINE.decide)  # the shared engine deals unsalted
