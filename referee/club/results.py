"""A finished game's result at its table: each seat's player, finishing place and total.

The result is read through the game's registered interface only (``outcome`` and ``scores``,
which show what the whole table saw), never from a hand, so it reveals no hidden card. One rule
serves every game:

* a seat named among the outcome's winners is first;
* the other seats follow, by the total of their scoring unit (higher is better) where the game
  keeps totals; seats of one unit (partners, or a Black Queen declarer's side on equal totals)
  always share a place, and so do equal totals;
* a game that keeps no totals (Dungeon) puts every seat that did not escape, or outlive the
  rest, in one shared place after the winner;
* a game over with no winner (The Queens stuck or given up: a patience of one seat) is lost, so
  its seat is second, never first.

A place is the competition rank: one more than the number of seats that finished ahead.

    >>> _places([1], [10, 30, 20], 3)
    (3, 1, 2)
    >>> _places([0, 2], [50, 10, 50, 10], 4)
    (1, 3, 1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GUEST = "guest:"  # a seat's player who is not on the roster: "guest:<name>"


@dataclass(frozen=True, slots=True)
class TableResult:
    """One game's result at its table, one entry per player's seat."""

    game_id: str
    game: str  # registered game name
    round: int  # 1.. (0 for a game outside a session)
    table: int  # 1..N (0 for a game outside a session)
    players: tuple[str, ...]  # one per seat: a roster player id, or "guest:<name>"
    places: tuple[int, ...]  # one per seat: 1 = first; tied seats share a place
    totals: tuple[int | None, ...]  # one per seat: the game's final total where it has one
    finished: bool
    confirmed: bool  # every hand (or the game) confirmed by a player
    # one per seat: the seat's scoring unit (partners share one), so that ratings rate a
    # partnership as a team; empty: every seat is its own unit
    units: tuple[int, ...] = ()

    def unit_of(self, seat: int) -> int:
        return self.units[seat] if self.units else seat

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "game": self.game, "round": self.round, "table": self.table,
                "players": list(self.players), "places": list(self.places), "totals": list(self.totals),
                "finished": self.finished, "confirmed": self.confirmed, "units": [self.unit_of(s) for s in
                                                                                   range(len(self.players))]}


def result_of(game_id: str, game_name: str, state: Any, players: list[str] | tuple[str, ...], round: int = 0,
              table: int = 0, confirmed: bool = False) -> TableResult:
    """The result of the game ``game_id`` (registered as ``game_name``) from its folded ``state``;
    ``players`` names the player at each seat, in seat order. A game still in play has no places
    yet (every place 0) and is not ``finished``."""
    from referee.registry import get_game  # the registry loads every game: only when a result is made

    game = get_game(game_name)
    players = tuple(players)
    if not players:
        raise ValueError(f"game {game_id}: a result needs the player at each seat, and none was given")
    outcome = game.outcome(state)
    sheet = game.scores(state)
    totals = _seat_totals(sheet, len(players))
    units = _seat_units(sheet, len(players))
    if outcome is None:
        return TableResult(game_id, game_name, round, table, players, (0,) * len(players), totals, False, confirmed,
                           units)
    winners = list(outcome.get("winners") or [])
    if any(not 0 <= s < len(players) for s in winners):
        raise ValueError(f"game {game_id}: its winners {winners} are not among its {len(players)} seats")
    return TableResult(game_id, game_name, round, table, players, _places(winners, totals, len(players)), totals,
                       True, confirmed, units)


def _seat_totals(sheet: dict[str, Any], seats: int) -> tuple[int | None, ...]:
    """Each seat's total: the total of the scoring unit it belongs to (None where the game keeps
    none, as Dungeon)."""
    totals: list[int | None] = [None] * seats
    for unit in sheet.get("units") or []:
        for s in unit.get("seats", []):
            if 0 <= s < seats:
                totals[s] = unit.get("total")
    return tuple(totals)


def _seat_units(sheet: dict[str, Any], seats: int) -> tuple[int, ...]:
    """Each seat's scoring unit, numbered by its first seat (a seat in no unit is its own)."""
    units = list(range(seats))
    for unit in sheet.get("units") or []:
        members = [s for s in unit.get("seats", []) if 0 <= s < seats]
        for s in members:
            units[s] = min(members)
    return tuple(units)


def _places(winners: list[int], totals: tuple[int | None, ...] | list[int | None], seats: int) -> tuple[int, ...]:
    """Competition ranks: winners first, then by total (a seat with no total behind every total)."""
    won = set(winners)

    def key(s: int) -> tuple[int, float]:
        t = totals[s]
        return (0 if s in won else 1, -t if t is not None else float("inf"))

    keys = [key(s) for s in range(seats)]
    lost_by_all = 1 if not won else 0  # nobody won: nobody is first
    return tuple(1 + lost_by_all + sum(1 for k in keys if k < keys[s]) for s in range(seats))
