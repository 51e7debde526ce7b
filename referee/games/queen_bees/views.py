"""What each audience may see of a Queen Bees game, the score sheet, and the legal actions.

A seat's view shows its own hand in a known record; nobody else's hand is ever shown, nor an
irregularity the referee keeps silent (detection on claim). The director view shows everything.
"""

from __future__ import annotations

from typing import Any

from referee.cards import STANDARD_STRENGTH, sort_hand
from referee.trickgame import commands as cmd
from referee.trickgame import views as shared
from referee.games.queen_bees.rules import RULES
from referee.trickgame.state import TableState

to_act = shared.to_act


def _bids(state: TableState, seat: int) -> list[Any]:
    return [cmd.Bid(seat, n) for n in range(1, state.hand_size + 1)] if state.phase == "bid" else []


def legal_actions(state: TableState, seat: int) -> list[Any]:
    """Commands ``seat`` may give now (see ``referee.trickgame.views.legal_actions``); a bid is 1 to 13 tricks."""
    return shared.legal_actions(state, RULES, seat, _bids)


def public_view(state: TableState, seat: int | None = None) -> dict[str, Any]:
    """What the table sees (and, with ``seat``, that seat's own hand in a known record)."""
    view = shared.table_view(state, "queen-bees")
    h = state.hand
    if h is not None:
        view["hand"].update({"bids": list(h.bids), "trump": h.trump, "trump_by": h.trump_by})
        if seat is not None and h.hands is not None and 0 <= seat < state.players:
            view["hand"]["your_hand"] = sort_hand(h.hands[seat], STANDARD_STRENGTH)
    return view


def director_view(state: TableState) -> dict[str, Any]:
    """Everything the referee knows: hands, every irregularity and its status."""
    view = public_view(state)
    if state.hand is not None:
        view["hand"].update(shared.director_extras(state))
    return view


def scores(state: TableState) -> dict[str, Any]:
    """The score sheet: one sheet per finished hand, the current totals, and the hand in play."""
    h = state.hand
    current = None
    if h is not None and not h.over:
        current = {"hand": h.no, "bids": list(h.bids), "tricks_won": list(h.tricks_won), "trump": h.trump}
    return {"units": shared.units(state), "hands": state.history, "totals": list(state.totals), "current": current}
