"""A session's standings, "as played" (each game's own result) and "as ruled" (with the
director's adjusted scores and appeal rulings), from its games' results.

How a line is counted (docs/standings.md says it for the director):

* **Match points.** At each finished game, a player scores 2 match points for every other player
  at the table who finished below them and 1 for every one who shared their place (partners
  share a place, so each partner scores 1 for the other). A game still in play counts nothing.
* **First places** are the games a player won (or shared the win of).
* **Total** is the sum of the player's final totals in the games that keep one (none in Dungeon).

Lines are ranked by match points, then by first places, then by total (the tie-breaks, in that
order); players level on all three share a rank. Each line names the tie-break that put it below
the line above, in words, and the games behind it.

    >>> from referee.club.results import TableResult
    >>> r = TableResult("g1", "queen-bees", 1, 1, ("ann", "bob", "cat"), (1, 2, 2), (90, 40, 40), True, True)
    >>> [(x.rank, x.player, x.match_points) for x in session_standings([r]).as_played]
    [(1, 'ann', 4), (2, 'bob', 1), (2, 'cat', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from referee.club.results import TableResult

AdjustmentKind = Literal["adjusted", "appeal"]
KINDS = ("adjusted", "appeal")

RANKING = (
    "match points: 2 for each player at the same table who finished below, 1 for each who shared the place",
    "then first places: the games won or shared",
    "then total: the sum of the final totals of the games that keep one",
    "players level on all three share the rank",
)


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The director's result for one game, replacing the game's own result "as ruled": an
    adjusted score (``kind`` "adjusted") or a ruling after an appeal ("appeal"). Places and
    totals are one per seat, as in :class:`TableResult`."""

    game_id: str
    places: tuple[int, ...]
    totals: tuple[int | None, ...]
    reason: str
    kind: AdjustmentKind = "adjusted"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"an adjustment's kind is 'adjusted' or 'appeal', not {self.kind!r}")
        if not str(self.reason).strip():
            raise ValueError(f"the adjustment of game {self.game_id} needs a reason")
        if any(not isinstance(p, int) or p < 1 for p in self.places):
            raise ValueError(f"the adjustment of game {self.game_id} has a place that is not 1 or more: "
                             f"{list(self.places)}")

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "places": list(self.places), "totals": list(self.totals),
                "reason": self.reason, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One player's line: rank (shared on a tie), what it counts, and the games behind it."""

    rank: int
    player: str
    games: int
    match_points: int
    firsts: int
    total: int | None  # None when no game of the player keeps a total
    places: tuple[int, ...]  # the place in each game, in ``game_ids`` order
    game_ids: tuple[str, ...]
    tie_break: str | None  # why this line is below the one above (None for the first line)
    adjusted: tuple[str, ...] = ()  # the games among ``game_ids`` whose result the director ruled

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "games": self.games, "match_points": self.match_points,
                "firsts": self.firsts, "total": self.total, "places": list(self.places),
                "game_ids": list(self.game_ids), "tie_break": self.tie_break, "adjusted": list(self.adjusted)}


@dataclass(frozen=True, slots=True)
class SessionStandings:
    as_played: list[StandingLine]
    as_ruled: list[StandingLine]
    adjustments: list[Adjustment] = field(default_factory=list)
    games: int = 0  # finished games counted

    def to_json(self) -> dict[str, Any]:
        return {"ranking": list(RANKING), "games": self.games,
                "as_played": [x.to_json() for x in self.as_played],
                "as_ruled": [x.to_json() for x in self.as_ruled],
                "adjustments": [a.to_json() for a in self.adjustments]}


def session_standings(results: Iterable[TableResult], adjustments: Iterable[Adjustment] = ()) -> SessionStandings:
    """The standings of a session's games, as played and as ruled. An adjustment replaces the
    result of its game as ruled (a later one for the same game replaces an earlier one). An
    adjustment naming no game of ``results``, or giving a place or total for another number of
    seats, raises ValueError naming it."""
    results = list(results)
    adjustments = list(adjustments)
    ruled = apply_adjustments(results, adjustments)
    return SessionStandings(rank(results), rank(ruled, {a.game_id for a in adjustments}), adjustments,
                            sum(1 for r in results if r.finished))


def adjustments_from(rulings: Iterable[Any], results: Sequence[TableResult]) -> list[Adjustment]:
    """The director's rulings as adjustments, in record order: ``rulings`` are a session's
    recorded rulings (each with ``game_id``, ``places``, ``totals``, ``reason`` and ``kind``); one
    that gives no totals keeps its game's. A ruling on a game not among ``results`` is left out."""
    totals = {r.game_id: r.totals for r in results}
    return [Adjustment(a.game_id, tuple(a.places), tuple(a.totals) if a.totals is not None else totals[a.game_id],
                       a.reason, a.kind) for a in rulings if a.game_id in totals]


def apply_adjustments(results: Sequence[TableResult], adjustments: Sequence[Adjustment]) -> list[TableResult]:
    """The results as ruled: each adjusted game's places and totals are the director's."""
    by_id = {r.game_id: r for r in results}
    latest: dict[str, Adjustment] = {}
    for a in adjustments:
        r = by_id.get(a.game_id)
        if r is None:
            raise ValueError(f"the adjustment ({a.reason}) names game {a.game_id}, which is not in this session")
        if len(a.places) != len(r.players) or len(a.totals) != len(r.players):
            raise ValueError(f"the adjustment of game {a.game_id} gives {len(a.places)} places and {len(a.totals)} "
                             f"totals for its {len(r.players)} seats")
        latest[a.game_id] = a
    return [replace(r, places=tuple(latest[r.game_id].places), totals=tuple(latest[r.game_id].totals), finished=True)
            if r.game_id in latest else r for r in results]


def match_points(places: Sequence[int], seat: int) -> int:
    """2 for each other seat finishing below ``seat``, 1 for each sharing its place.

    >>> match_points((1, 3, 1, 3), 0), match_points((1, 3, 1, 3), 1)
    (5, 1)
    """
    mine = places[seat]
    return sum(2 if p > mine else 1 if p == mine else 0 for s, p in enumerate(places) if s != seat)


def rank(results: Iterable[TableResult], adjusted: set[str] | frozenset[str] = frozenset()) -> list[StandingLine]:
    """The standing lines of the finished ``results`` (a game in play counts nothing)."""
    tally: dict[str, dict[str, Any]] = {}
    for r in results:
        if not r.finished:
            continue
        for seat, player in enumerate(r.players):
            t = tally.setdefault(player, {"mp": 0, "firsts": 0, "total": None, "places": [], "ids": [], "adj": []})
            t["mp"] += match_points(r.places, seat)
            t["firsts"] += r.places[seat] == 1
            total = r.totals[seat]
            if total is not None:
                t["total"] = (t["total"] or 0) + total
            t["places"].append(r.places[seat])
            t["ids"].append(r.game_id)
            if r.game_id in adjusted:
                t["adj"].append(r.game_id)
    return [StandingLine(place, player, len(t["ids"]), t["mp"], t["firsts"], t["total"], tuple(t["places"]),
                         tuple(t["ids"]), words, tuple(t["adj"])) for place, player, t, words in rank_tally(tally, CRITERIA)]


#: What a session's lines are ranked by, in order: (tally key, name, what a lower value is said as).
CRITERIA = (("mp", "match points", "fewer match points"), ("firsts", "first places", "fewer first places"),
            ("total", "total", "a lower total"))


def rank_tally(tally: dict[str, dict[str, Any]], criteria: Sequence[tuple[str, str, str]]
               ) -> list[tuple[int, str, dict[str, Any], str | None]]:
    """Players ranked on ``criteria`` (higher is better; a missing value counts 0), each with its
    rank (shared by players level on every criterion, listed by player id) and the words saying
    why it is below the line above (None for the first)."""
    def key(t: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(-(t[k] or 0) for k, _, _ in criteria)

    keyed = sorted(tally.items(), key=lambda kv: (*key(kv[1]), kv[0]))
    out: list[tuple[int, str, dict[str, Any], str | None]] = []
    for i, (player, t) in enumerate(keyed):
        if not i:
            out.append((1, player, t, None))
            continue
        above = keyed[i - 1][1]
        tied = key(above) == key(t)
        out.append((out[-1][0] if tied else i + 1, player, t, tie_break_words(criteria, above, t)))
    return out


def tie_break_words(criteria: Sequence[tuple[str, str, str]], above: dict[str, Any], line: dict[str, Any]) -> str:
    """Why ``line`` stands below ``above``, in words (or that the two share the rank)."""
    level: list[str] = []
    for k, name, lower in criteria:
        mine, theirs = line[k] or 0, above[k] or 0
        if mine != theirs:
            said = f"{lower} ({mine} against {theirs})"
            return f"level on {_and(level)}; {said}" if level else said
        level.append(f"{name} ({mine})")
    return f"tied with the line above: level on {_and(level)}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
