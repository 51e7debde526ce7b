"""Folding Queen Bees events into state: the shared trick-game events, and the bids."""

from __future__ import annotations

from referee import events as ev
from referee.games.queen_bees.rules import RULES
from referee.trickgame.apply import make_apply
from referee.trickgame.state import TableState


def _bid_made(state: TableState, e: ev.BidMade) -> None:
    h = state.hand
    h.bids[e.seat] = e.bid
    if all(b is not None for b in h.bids):
        state.phase = "play"  # the player left of the dealer leads
        h.turn = h.order[0]
    else:
        h.turn = h.order[(h.order.index(e.seat) + 1) % len(h.order)]


apply_event = make_apply(RULES, {ev.BidMade: _bid_made})
