"""Black Queen scoring: the declarer's team (declarer and the holders of the called cards) makes
the contract with at least the bid in card points. Each member then wins the bid, else loses it
(once, however many called cards they hold); with "variable shares" the declarer has one share
plus one per called card held, each other holder one per called card held. An established renege
(window B or C) decides the contract when the option says so: by the team, defeated; by a
defender, made (the first one established counts)."""

from __future__ import annotations

from typing import Any

from referee.games.black_queen.state import BQState
from referee.trickgame.views import seat_lines


def shares_of(declarer: int, holders: dict[str, int], players: int, variable: bool) -> list[int]:
    """Shares of each seat in the contract.

    >>> shares_of(0, {"AS": 0, "10H": 3}, 6, False), shares_of(0, {"AS": 0, "10H": 3}, 6, True)
    ([1, 0, 0, 1, 0, 0], [2, 0, 0, 1, 0, 0])
    >>> shares_of(2, {"AS": 4, "10H": 4}, 6, False), shares_of(2, {"AS": 4, "10H": 4}, 6, True)
    ([0, 0, 1, 0, 1, 0], [0, 0, 1, 0, 2, 0])
    """
    shares = [0] * players
    shares[declarer] = 1
    for seat in holders.values():
        shares[seat] = shares[seat] + 1 if variable else 1
    return shares


def hand_sheet(state: BQState) -> tuple[dict[str, Any], list[int]]:
    """The score sheet of the hand just finished and the new totals (one unit per player)."""
    h = state.in_play
    opts = state.options
    declarer, bid = h.contract()
    shares = shares_of(declarer, h.holders, state.players, opts["variable_shares"])
    team = [s for s in range(state.players) if shares[s]]
    team_points = sum(h.points_won[s] for s in team)
    made = team_points >= bid
    renege = None
    if opts["renege_decides_contract"] and h.found:
        offender = h.found[0].seat
        made = offender not in team
        renege = {"seat": offender, "trick": h.found[0].trick, "window": h.found[0].window,
                  "contract": "made" if made else "defeated"}
    totals = list(state.totals)
    rows = []
    for s in range(state.players):
        points = (bid if made else -bid) * shares[s]
        before = totals[s]
        totals[s] += points
        role = "declarer" if s == h.declarer else "partner" if shares[s] else "defender"
        rows.append({"unit": s, "name": state.names[s], "seats": [s], "role": role,
                     "called_held": sorted(c for c, holder in h.holders.items() if holder == s),
                     "shares": shares[s], "card_points": h.points_won[s], "tricks": h.tricks_won[s],
                     "before": before, "hand_total": points, "total": totals[s]})
    sheet = {"hand": h.no, "dealer": h.dealer, "declarer": h.declarer, "bid": h.bid, "trump": h.trump,
             "called": list(h.called), "team": team, "team_points": team_points, "made": made,
             "renege": renege, "seats": seat_lines(rows), "units": rows, "totals": totals}
    return sheet, totals
