"""Queen Bees scoring: 10 per trick bid when the bid is made, plus 1 per extra trick; nothing when
it is not; -10 x bid for a renege found out in window B or C (an option). Game to the target,
ties at the top play on."""

from __future__ import annotations

from typing import Any

from referee.games.queen_bees.state import QBState
from referee.trickgame.views import seat_lines

TRICK_POINTS = 10


def hand_points(bid: int, tricks: int, reneged: bool) -> int:
    """A player's score for one hand.

    >>> hand_points(6, 6, False), hand_points(5, 7, False), hand_points(3, 2, False), hand_points(4, 9, True)
    (60, 52, 0, -40)
    """
    if reneged:
        return -TRICK_POINTS * bid
    return TRICK_POINTS * bid + (tricks - bid) if tricks >= bid else 0


def hand_sheet(state: QBState) -> tuple[dict[str, Any], list[int]]:
    """The score sheet of the hand just finished and the new totals (one unit per player)."""
    h = state.in_play
    penalised = {f.seat for f in h.found} if state.options["renege_costs_bid"] else set()
    totals = list(state.totals)
    rows = []
    for s in range(state.players):
        bid, tricks = h.bid_of(s), h.tricks_won[s]
        points = hand_points(bid, tricks, s in penalised)
        before = totals[s]
        totals[s] += points
        rows.append({"unit": s, "name": state.names[s], "seats": [s], "bid": bid, "tricks": tricks,
                     "made": tricks >= bid, "renege": s in penalised, "before": before,
                     "hand_total": points, "total": totals[s]})
    sheet = {"hand": h.no, "dealer": h.dealer, "trump": h.trump, "trump_by": h.trump_by,
             "seats": seat_lines(rows), "units": rows, "totals": totals}
    return sheet, totals
