"""Folding Black Queen events into state: the shared trick-game events, the auction, a thrown-in
deal, and the contract."""

from __future__ import annotations

from referee import events as ev
from referee.games.black_queen.rules import RULES
from referee.trickgame.apply import make_apply
from referee.trickgame.state import TableState


def _bid_made(state: TableState, e: ev.BidMade) -> None:
    h = state.hand
    h.auction.append({"seat": e.seat, "bid": e.bid})
    if e.bid is None:
        h.passed[e.seat] = True
    else:
        h.high, h.high_seat = e.bid, e.seat
    if h.high is not None and sum(h.passed) == state.players - 1:
        # A bid followed by passes of all the others: the high bidder declares.
        h.declarer, h.bid = h.high_seat, h.high
        h.turn = h.declarer
        state.phase = "declare"
    elif all(h.passed):
        h.turn = None  # thrown in (HandThrownIn follows)
    else:
        order = h.order
        i = order.index(e.seat)
        h.turn = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                      if not h.passed[order[(i + k) % len(order)]])


def _hand_thrown_in(state: TableState, e: ev.HandThrownIn) -> None:
    state.hand.thrown_in = True
    state.hand.over = True
    state.dealer = e.dealer  # the same dealer deals again
    state.phase = "deal"


def _contract_declared(state: TableState, e: ev.ContractDeclared) -> None:
    h = state.hand
    h.trump = e.trump
    h.called = list(e.called)
    if h.hands is not None:  # a known record knows the partners now; the table does not
        h.holders = {c: s for s, cards in enumerate(h.hands) for c in cards if c in h.called}
    h.turn = h.declarer  # the declarer leads the first trick
    state.phase = "play"


apply_event = make_apply(RULES, {
    ev.BidMade: _bid_made, ev.HandThrownIn: _hand_thrown_in, ev.ContractDeclared: _contract_declared,
})
