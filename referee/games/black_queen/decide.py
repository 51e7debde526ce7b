"""Turning Black Queen commands into events: the auction and the contract here, the rest in the
shared trick engine."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.cards import parse_suit
from referee.games.black_queen import commands as bq
from referee.games.black_queen.apply import apply_event
from referee.games.black_queen.rules import RULES
from referee.trickgame import commands as cmd
from referee.dealing import sealing_deals
from referee.trickgame.decide import TrickEngine, card_in_deck, player_seat, require_phase
from referee.trickgame.state import TableState

MIN_BID, MAX_BID, STEP = 75, 150, 5


def open_bids(state: TableState) -> list[int]:
    """The bids the auction allows now: multiples of 5 from 75 to 150, above the high bid."""
    high = state.hand.high
    return list(range(MIN_BID if high is None else high + STEP, MAX_BID + 1, STEP))


def _bidder(state: TableState, seat: Any, doing: str) -> int:
    require_phase(state, "auction", doing=doing)
    seat = player_seat(state, seat)
    h = state.hand
    if seat != h.turn:
        why = "they passed, and a pass is final" if h.passed[seat] else f"it is {state.seat_label(h.turn)}'s turn"
        raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot {doing} now: {why}.", seat=seat, legal=[h.turn])
    return seat


def _bid(state: TableState, c: cmd.Bid, rng: Any) -> list[Any]:
    seat = _bidder(state, c.seat, "bid")
    legal = open_bids(state)
    if c.bid not in legal:
        high = state.hand.high
        above = f", above the high bid of {high}" if high is not None else ""
        raise errors.InputError(f"{state.seat_label(seat)} cannot bid {c.bid!r}: bids are multiples of 5 from "
                                f"{MIN_BID} to {MAX_BID}{above}, or pass.", seat=seat, legal=legal, code="invalid_bid")
    return [ev.BidMade(seat, state.hand.no, c.bid)]


def _pass(state: TableState, c: bq.Pass, rng: Any) -> list[Any]:
    seat = _bidder(state, c.seat, "pass")
    h = state.hand
    events: list[Any] = [ev.BidMade(seat, h.no, None)]
    if h.high is None and sum(h.passed) == state.players - 1:
        events.append(ev.HandThrownIn(h.no, h.dealer))  # all six passed: the same dealer deals again
    return events


def _declare(state: TableState, c: bq.Declare, rng: Any) -> list[Any]:
    require_phase(state, "declare", doing="name trump and the called cards")
    seat = player_seat(state, c.seat)
    h = state.hand
    if seat != h.declarer:
        raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot declare: the high bidder, "
                                 f"{state.seat_label(h.declarer)}, does.", seat=seat, legal=[h.declarer])
    try:
        trump = parse_suit(c.trump)
    except errors.UnknownCard as exc:
        raise errors.InputError(exc.message, code="unknown_suit") from None
    called = [card_in_deck(state, RULES, x, seat) for x in (c.called or [])]
    if len(called) != 2 or called[0] == called[1]:
        raise errors.InputError(f"{state.seat_label(seat)} must call two different cards, not {c.called!r}.",
                                seat=seat, code="invalid_called_cards")
    return [ev.ContractDeclared(seat, h.no, h.bid, trump, called)]


ENGINE = TrickEngine(RULES, apply_event, {cmd.Bid: _bid, bq.Pass: _pass, bq.Declare: _declare})
decide = sealing_deals(ENGINE.decide)  # the shared engine deals unsalted
