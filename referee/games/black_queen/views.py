"""What each audience may see of a Black Queen game, the score sheet, and the legal actions.

The partners are hidden: the table learns that a seat is a partner only when it plays a called
card. So the public view (with or without a seat, in a known record too) shows no hand at all, no
holder of a called card before it is played, and nothing derived from them; the score sheet of a
hand in play shows only what the table saw. The director view shows everything.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from referee.cards import SUITS
from referee.games.black_queen import commands as bq
from referee.games.black_queen.decide import open_bids
from referee.games.black_queen.rules import RULES
from referee.trickgame import commands as cmd
from referee.trickgame import views as shared
from referee.trickgame.state import TableState

to_act = shared.to_act

# Every contract a declarer may name (4 trumps x 1128 pairs of cards), built once per seat.
_CONTRACTS: dict[int, list[bq.Declare]] = {}


def _contracts(seat: int) -> list[bq.Declare]:
    if seat not in _CONTRACTS:
        pairs = list(combinations(RULES.deck(), 2))
        _CONTRACTS[seat] = [bq.Declare(seat, s, [a, b]) for s in SUITS for a, b in pairs]
    return _CONTRACTS[seat]


def _auction_and_contract(state: TableState, seat: int) -> list[Any]:
    if state.phase == "auction":
        return [bq.Pass(seat)] + [cmd.Bid(seat, b) for b in open_bids(state)]
    if state.phase == "declare":
        return list(_contracts(seat))
    return []


def legal_actions(state: TableState, seat: int) -> list[Any]:
    """Commands ``seat`` may give now (see ``referee.trickgame.views.legal_actions``): in the auction a pass or a
    bid above the high bid; for the declarer every contract."""
    return shared.legal_actions(state, RULES, seat, _auction_and_contract)


def _contract_view(state: TableState) -> dict[str, Any]:
    """The public facts of the hand: the auction, the contract, the partners revealed so far."""
    h = state.hand
    return {"auction": list(h.auction), "passed": list(h.passed), "high_bid": h.high, "high_bidder": h.high_seat,
            "declarer": h.declarer, "bid": h.bid, "trump": h.trump, "called": list(h.called),
            "partners_revealed": list(h.revealed), "card_points": list(h.points_won), "thrown_in": h.thrown_in}


def public_view(state: TableState, seat: int | None = None) -> dict[str, Any]:
    """What the table sees. ``seat`` changes nothing: no hand is ever shown, so that no view of a
    known record can tell who holds a called card."""
    view = shared.table_view(state, "black-queen")
    if state.hand is not None:
        view["hand"].update(_contract_view(state))
    return view


def director_view(state: TableState) -> dict[str, Any]:
    """Everything the referee knows: hands, the holders of the called cards, every irregularity."""
    view = public_view(state)
    h = state.hand
    if h is not None:
        view["hand"].update(shared.director_extras(state))
        view["hand"]["holders"] = dict(h.holders)
    return view


def scores(state: TableState) -> dict[str, Any]:
    """The score sheet: one sheet per finished hand, the current totals, and the hand in play as
    the table sees it."""
    h = state.hand
    current = None
    if h is not None and not h.over:
        current = {"hand": h.no, **_contract_view(state)}
    return {"units": shared.units(state), "hands": state.history, "totals": list(state.totals), "current": current}
