"""Leagues: a series of sessions with its own scoring rule, and its standings.

A league is a record of its own: ``LeagueCreated`` (its name, and its scoring rule) and one
``SessionAddedToLeague`` for each session, in order. Its standings add up the sessions' standings
"as ruled" (so a director's adjustment counts), by its rule:

* ``"sum"``: a player's league points are the sum of their match points in every session;
* ``"best"``: the sum of their ``best`` highest session match points (best N of M nights), so
  a night missed or a bad night costs nothing while N others count.

Lines are ranked by league points; tie-breaks, in order: more nights won (first, or sharing
first, in a session's standings), then a higher total (the sum of the sessions' totals). Players
level on all three share the rank.

    >>> league = fold([LeagueCreated("Winter", "best", 1), SessionAddedToLeague("S1")])
    >>> league.name, league.rule_words()
    ('Winter', 'the best 1 night of match points counts')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from events.registry import event_type
from referee.club.standings import SessionStandings, rank_tally
from referee.errors import InputError
from referee.frozen import frozen as _frozen

RULES = ("sum", "best")
MAX_NAME = 120


@event_type("LeagueCreated", version=1)
@_frozen
class LeagueCreated:
    """A league was set up: its name and scoring rule (``rule`` "sum" of session match points,
    or "best": the sum of a player's ``best`` highest sessions; ``best`` is 0 with "sum")."""

    name: str
    rule: str
    best: int


@event_type("SessionAddedToLeague", version=1)
@_frozen
class SessionAddedToLeague:
    """A session (by its id) counts in the league, after the ones added before it."""

    session_id: str


class InvalidLeague(InputError):
    """A league's name, rule or session refused (answered as ``invalid_input``); nothing is recorded."""


@dataclass(frozen=True, slots=True)
class League:
    name: str
    rule: str
    best: int
    sessions: tuple[str, ...]

    def rule_words(self) -> str:
        if self.rule == "sum":
            return "the sum of every night's match points"
        return f"the best {self.best} night{'s' if self.best != 1 else ''} of match points count{'s' if self.best == 1 else ''}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "best": self.best, "rule_words": self.rule_words(),
                "sessions": list(self.sessions)}


def create(name: Any, rule: Any = "sum", best: Any = 0) -> list[Any]:
    """The events that create a league; a bad name or rule raises InvalidLeague naming it."""
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise InvalidLeague(f"a league's name is printable text on one line of 1 to {MAX_NAME} characters, "
                            f"not {name!r}")
    if rule not in RULES:
        raise InvalidLeague(f"a league's scoring rule is 'sum' (every night's match points) or 'best' (the best N "
                            f"nights), not {rule!r}", legal=list(RULES))
    if type(best) is not int or (rule == "best" and not 1 <= best <= 1000) or (rule == "sum" and best not in (0,)):
        raise InvalidLeague(f"'best' is the number of nights that count (1 to 1000) with the rule 'best', and 0 or "
                            f"absent with 'sum'; not {best!r} with {rule!r}")
    return [LeagueCreated(name.strip(), rule, best)]


def add_session(league: League, session_id: Any) -> list[Any]:
    """The event that adds a session; a session already in the league is refused."""
    if not isinstance(session_id, str) or not session_id:
        raise InvalidLeague(f"a session id is a non-empty string, not {session_id!r}")
    if session_id in league.sessions:
        raise InvalidLeague(f"session {session_id} is already in the league {league.name!r}")
    return [SessionAddedToLeague(session_id)]


def fold(events: Iterable[Any]) -> League:
    """The league a record of its events describes."""
    league: League | None = None
    for e in events:
        if isinstance(e, LeagueCreated):
            league = League(e.name, e.rule, e.best, ())
        elif isinstance(e, SessionAddedToLeague) and league is not None:
            league = League(league.name, league.rule, league.best, league.sessions + (e.session_id,))
    if league is None:
        raise ValueError("a league's record starts with LeagueCreated")
    return league


@dataclass(frozen=True, slots=True)
class LeagueLine:
    rank: int
    player: str
    points: int  # what the league's rule counts
    nights: int  # sessions played
    nights_won: int
    total: int | None
    counted: tuple[str, ...]  # the sessions whose match points count, in league order
    by_session: tuple[tuple[str, int, int], ...]  # (session id, match points, rank there), in league order
    tie_break: str | None

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player, "points": self.points, "nights": self.nights,
                "nights_won": self.nights_won, "total": self.total, "counted": list(self.counted),
                "sessions": [{"session_id": s, "match_points": mp, "rank": r} for s, mp, r in self.by_session],
                "tie_break": self.tie_break}


@dataclass(frozen=True, slots=True)
class LeagueStandings:
    league: League
    lines: list[LeagueLine]

    def to_json(self) -> dict[str, Any]:
        return {"league": self.league.to_json(),
                "ranking": [f"league points: {self.league.rule_words()}", "then nights won",
                            "then total: the sum of the sessions' totals", "players level on all three share the rank"],
                "lines": [x.to_json() for x in self.lines]}


#: What a league's lines are ranked by, in order (see ``referee.club.standings.rank_tally``).
CRITERIA = (("points", "league points", "fewer league points"), ("won", "nights won", "fewer nights won"),
            ("total", "total", "a lower total"))


def league_standings(league: League, sessions: Mapping[str, SessionStandings]) -> LeagueStandings:
    """The league's standings from its sessions' standings (by session id; a session of the
    league not in ``sessions`` has no results yet and counts nothing)."""
    tally: dict[str, dict[str, Any]] = {}
    for sid in league.sessions:
        standing = sessions.get(sid)
        if standing is None:
            continue
        for line in standing.as_ruled:
            t = tally.setdefault(line.player, {"by": [], "won": 0, "total": None})
            t["by"].append((sid, line.match_points, line.rank))
            t["won"] += line.rank == 1
            if line.total is not None:
                t["total"] = (t["total"] or 0) + line.total
    for t in tally.values():
        # best N: the highest match points count; between equal nights the earlier one
        counted = t["by"] if league.rule == "sum" else sorted(t["by"], key=lambda x: -x[1])[:league.best]
        ids = {s for s, _, _ in counted}
        t["counted"] = tuple(s for s, _, _ in t["by"] if s in ids)
        t["points"] = sum(mp for _, mp, _ in counted)
    lines = [LeagueLine(place, player, t["points"], len(t["by"]), t["won"], t["total"], t["counted"], tuple(t["by"]),
                        words) for place, player, t, words in rank_tally(tally, CRITERIA)]
    return LeagueStandings(league, lines)
