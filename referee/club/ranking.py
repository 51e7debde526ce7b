"""A session's results and a plain ranking of them, "as played" and "as ruled".

A finished game's result per seat comes from the game's registered interface alone (its
``outcome``: winners and totals), never from a hand. A seat's match points are the number of seats
at its table that finished below it. The ranking orders players by match points, then by the sum
of their totals where the game has totals; each line names what separated it from the line above
and lists the games behind it.

    >>> r = Result("g1", 1, 1, ("a", "b", "c", "d"), (1, 2, 2, 4), (90, 50, 50, 10), True)
    >>> [(l["player"], l["match_points"], l["tie_break"]) for l in ranking([r], {})]
    [('a', 3, None), ('b', 1, None), ('c', 1, 'tied with the line above'), ('d', 0, None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """One table's result: a player, place (1 = first, tied seats share) and total per seat."""

    game_id: str
    round: int
    table: int
    players: tuple[str, ...]
    places: tuple[int, ...]
    totals: tuple[int | None, ...]
    finished: bool


def places_of(outcome: Mapping[str, Any] | None, seats: int) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """Places and totals per seat from a game's ``outcome`` (None: not finished, everyone last).

    A game whose totals are per seat places by total, its winners first; a game scored by
    partnerships (fewer totals than seats) places its winners first and everyone else after them."""
    if outcome is None:
        return (seats,) * seats, (None,) * seats
    winners, totals = set(outcome.get("winners") or ()), list(outcome.get("totals") or ())
    if len(totals) == seats:
        key = [(0 if s in winners else 1, -totals[s]) for s in range(seats)]
        return tuple(1 + sum(k < key[s] for k in key) for s in range(seats)), tuple(totals)
    return tuple(1 if s in winners else 1 + len(winners) for s in range(seats)), (None,) * seats


def ruled(results: Sequence[Result], adjustments: Mapping[str, Any]) -> list[Result]:
    """The results with each adjusted game's places (and totals, where given) as the director ruled
    (``adjustments``: game id -> its latest ``ResultAdjusted``)."""
    out = []
    for r in results:
        a = adjustments.get(r.game_id)
        if a is not None:
            r = replace(r, places=tuple(a.places), totals=tuple(a.totals) if a.totals is not None else r.totals,
                        finished=True)
        out.append(r)
    return out


def ranking(results: Sequence[Result], adjustments: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The standings lines of finished (or adjusted) games, best first."""
    lines: dict[str, dict[str, Any]] = {}
    for r in ruled(results, adjustments):
        if not r.finished:
            continue
        for seat, player in enumerate(r.players):
            line = lines.setdefault(player, {"player": player, "games": 0, "match_points": 0, "totals": 0,
                                             "game_ids": []})
            line["games"] += 1
            line["match_points"] += sum(p > r.places[seat] for p in r.places)
            line["totals"] += r.totals[seat] or 0
            line["game_ids"].append(r.game_id)
    ordered = sorted(lines.values(), key=lambda l: (-l["match_points"], -l["totals"], l["player"]))
    for i, line in enumerate(ordered):
        above = ordered[i - 1] if i else None
        if above is None or above["match_points"] != line["match_points"]:
            line["rank"], line["tie_break"] = i + 1, None
        elif above["totals"] != line["totals"]:
            line["rank"] = i + 1
            line["tie_break"] = f"equal match points; fewer total points ({line['totals']} to {above['totals']})"
        else:
            line["rank"], line["tie_break"] = above["rank"], "tied with the line above"
    return [{"rank": l["rank"], **{k: v for k, v in l.items() if k != "rank"}} for l in ordered]
