"""Queen's Dungeon scoring: the hand's score sheet and the end of the game.

Settings (three or four Queens, a renege in window C) and the window-B penalty change totals the
moment they happen (``TotalSet``, ``PenaltyAccepted``); ordinary hand points are added here, at
the end of the hand. A player who suffered any loss in the hand forfeits all its gains.
"""

from __future__ import annotations

from typing import Any

from referee.games.queens_dungeon.state import QDState

TRICK_POINTS = 10
QUEEN_POINTS = 25
DEALER_BONUS = 50
DEALER_SHORT = -50


def hand_sheet(state: QDState) -> tuple[dict[str, Any], list[int]]:
    """The score sheet of the hand just finished and the new totals (by unit)."""
    h = state.in_play
    layout = state.table
    unit_points = [0] * layout.units
    seats = []
    for s in range(layout.seats):
        unit = layout.unit_of(s)
        tricks, queens = h.tricks_won[s], h.queens_won[s]
        if unit is None:  # the dummy takes tricks but never scores
            seats.append({"seat": s, "name": state.names[s], "unit": None, "tricks": tricks, "queens": queens})
            continue
        dealer = s == h.dealer
        made = dealer and tricks >= h.quota
        short = DEALER_SHORT if dealer and not made else 0
        forfeited = h.lost[s] or short < 0
        trick_points, queen_points = TRICK_POINTS * tricks, QUEEN_POINTS * queens
        bonus = DEALER_BONUS if made else 0
        gains = 0 if forfeited else trick_points + queen_points + bonus
        points = gains + short
        unit_points[unit] += points
        seats.append({
            "seat": s, "name": state.names[s], "unit": unit, "dealer": dealer,
            "quota": h.quota if dealer else None, "tricks": tricks, "queens": queens,
            "trick_points": trick_points, "queen_points": queen_points, "bonus": bonus,
            "dealer_short": short, "settings": list(h.settings[s]), "penalties": list(h.penalties[s]),
            "forfeited": forfeited, "hand_points": points,
        })
    totals = [state.totals[u] + unit_points[u] for u in range(layout.units)]
    units = [{
        "unit": u, "name": state.unit_name(u), "seats": layout.seats_of(u), "before": h.totals_before[u],
        "hand_points": unit_points[u], "hand_total": totals[u] - h.totals_before[u], "total": totals[u],
    } for u in range(layout.units)]
    sheet = {
        "hand": h.no, "dealer": h.dealer, "trump": h.trump_history, "quota": h.quota, "exchanged": h.exchanged,
        "seats": seats, "units": units, "totals": totals,
    }
    return sheet, totals
