"""A session (a club night, a tournament): its events, its state folded from them, and the checks
that refuse a bad entry before anything is recorded.

A session has a name, a date, one game with its options, tables numbered 1..N (a name may be
given), and the players present. Each round seats them (as the director gives, or drawn by
Courtcard from a logged seed, :mod:`referee.club.seating`); each table's game is created from the
session and named in its stream (``TableGameCreated``). The director adjusts results and rules on
appeals here, never in a game's own record.

The correction period is kept by the record's clock: it closes ``correction_seconds`` after the
recorded time of ``ResultsPublished`` (30 minutes unless the session says otherwise). An appeal
after that is refused with the time it closed; nothing here reads a clock of its own.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Optional

from events.registry import event_type
from referee.club.errors import ClubError
from referee.club.seating import draw
from referee.frozen import frozen as _frozen


#: The correction period by default: 30 minutes after the results are published.
CORRECTION_SECONDS = 30 * 60
#: The most tables a session may have.
MAX_TABLES = 200
#: Adjustments are of one of these kinds: a director's adjusted score, or a ruling on appeal.
ADJUSTED, APPEAL = "adjusted", "appeal"


@event_type("SessionOpened", version=1)
@_frozen
class SessionOpened:
    """A session was set up: its game and options, its tables and the players present."""

    session_id: str
    name: str
    date: str
    game: str
    options: dict
    record: str
    tables: int
    table_names: list[str]
    players: list[str]
    seats: int
    correction_seconds: int


@event_type("RoundSeated", version=1)
@_frozen
class RoundSeated:
    """A round's seating: table 1 is the first list. ``method`` is "given" (by the director) or
    "drawn" (by Courtcard, from ``seed``: :func:`referee.club.seating.draw` draws it again)."""

    round: int
    method: str
    seed: Optional[int]
    tables: list[list[str]]


@event_type("TableGameCreated", version=1)
@_frozen
class TableGameCreated:
    """The game played at a table in a round."""

    round: int
    table: int
    game_id: str


@event_type("ResultsPublished", version=1)
@_frozen
class ResultsPublished:
    """The results are published: the correction period starts at this event's recorded time."""

    note: str


@event_type("ResultAdjusted", version=1)
@_frozen
class ResultAdjusted:
    """The director's ruling on a game's result: an adjusted score (``kind`` "adjusted") or a
    ruling after an appeal (``kind`` "appeal"). One place (1 = first) and total per seat."""

    game_id: str
    places: list[int]
    totals: Optional[list[int]]
    reason: str
    kind: str


@event_type("AppealLodged", version=1)
@_frozen
class AppealLodged:
    """A player or the director appealed a game's result within the correction period."""

    game_id: str
    by: str
    grounds: str


@dataclass
class Round:
    number: int
    method: str
    seed: int | None
    tables: list[list[str]]
    games: dict[int, str] = field(default_factory=dict)  # table number -> game id


@dataclass
class SessionState:
    """A session folded from its envelopes (each event with its recorded time)."""

    opened: SessionOpened | None = None
    rounds: list[Round] = field(default_factory=list)
    published_at: str | None = None
    adjustments: list[tuple[int, ResultAdjusted]] = field(default_factory=list)  # (version, event)
    appeals: list[tuple[int, AppealLodged, str]] = field(default_factory=list)  # (version, event, recorded at)
    version: int = 0

    def apply(self, event: Any, recorded_at: str) -> None:
        self.version += 1
        if isinstance(event, SessionOpened):
            self.opened = event
        elif isinstance(event, RoundSeated):
            self.rounds.append(Round(event.round, event.method, event.seed, [list(t) for t in event.tables]))
        elif isinstance(event, TableGameCreated):
            self.rounds[event.round - 1].games[event.table] = event.game_id
        elif isinstance(event, ResultsPublished):
            self.published_at = recorded_at
        elif isinstance(event, ResultAdjusted):
            self.adjustments.append((self.version, event))
        elif isinstance(event, AppealLodged):
            self.appeals.append((self.version, event, recorded_at))
        else:
            raise ValueError(f"{type(event).__name__} is no session event")

    # -- reading ----------------------------------------------------------------------------------

    def table_of(self, game_id: str) -> tuple[int, int] | None:
        """(round, table) of one of the session's games, or None."""
        for rnd in self.rounds:
            for table, gid in rnd.games.items():
                if gid == game_id:
                    return rnd.number, table
        return None

    def table_name(self, table: int) -> str | None:
        names = self.opened.table_names
        return names[table - 1] if table <= len(names) and names[table - 1] else None

    def closes_at(self) -> str | None:
        """When the correction period closes (the record's time), or None before publication."""
        if self.published_at is None:
            return None
        return _text(_time(self.published_at) + dt.timedelta(seconds=self.opened.correction_seconds))

    def is_final(self, now: str) -> bool:
        return is_past(self.closes_at(), now)

    # -- checks -----------------------------------------------------------------------------------

    def seating(self, given: list[list[str]] | None, seed: int | None) -> RoundSeated:
        """The next round's seating, given or drawn; refused when it does not fit the session."""
        self._open_for("seat a round")
        s = self.opened
        number = len(self.rounds) + 1
        if given is None:
            if len(s.players) % s.seats or len(s.players) // s.seats > s.tables:
                raise ClubError(f"{len(s.players)} players cannot be drawn at {s.tables} tables of {s.seats}: "
                                f"the players present must fill whole tables ({s.seats} a table).", code="invalid_seating")
            earlier = [[tuple(t) for t in r.tables] for r in self.rounds]
            tables = [list(t) for t in draw(s.players, len(s.players) // s.seats, s.seats, earlier, seed)]
            return RoundSeated(number, "drawn", seed, tables)
        if not given or len(given) > s.tables:
            raise ClubError(f"A round seats 1 to {s.tables} tables, not {len(given)}.", code="invalid_seating")
        seen: set[str] = set()
        for table, players in enumerate(given, 1):
            if len(players) != s.seats:
                raise ClubError(f"Table {table} has {len(players)} players; {s.game} is played {s.seats} a table.",
                                code="invalid_seating")
            for player in players:
                if player not in s.players and not player.startswith("guest:"):
                    raise ClubError(f"Player {player} at table {table} is not among the session's players.",
                                    code="invalid_seating")
                if player in seen:
                    raise ClubError(f"Player {player} is seated twice in round {number} (again at table {table}).",
                                    code="invalid_seating")
                seen.add(player)
        return RoundSeated(number, "given", None, [list(t) for t in given])

    def adjustment(self, game_id: str, places: list[int], totals: list[int] | None, reason: str, kind: str,
                   now: str) -> ResultAdjusted:
        """A director's ruling on a game's result, checked against the game's table and the period."""
        self._within_period(now, "adjust a result")
        seats = self._seats_of(game_id)
        if len(places) != seats or any(not 1 <= p <= seats for p in places):
            raise ClubError(f"Give one place from 1 to {seats} for each of the {seats} seats of game {game_id}.",
                            code="invalid_adjustment")
        if totals is not None and len(totals) != seats:
            raise ClubError(f"Give one total for each of the {seats} seats of game {game_id}.", code="invalid_adjustment")
        if not reason.strip():
            raise ClubError("An adjusted result needs its reason, said in words.", code="invalid_adjustment")
        return ResultAdjusted(game_id, list(places), None if totals is None else list(totals), reason, kind)

    def appeal(self, game_id: str, by: str, grounds: str, now: str) -> AppealLodged:
        """An appeal, refused after the correction period with the time it closed."""
        self._within_period(now, "appeal")
        self._seats_of(game_id)
        if not grounds.strip():
            raise ClubError("An appeal says its grounds in words.", code="invalid_appeal")
        return AppealLodged(game_id, by, grounds)

    def _within_period(self, now: str, what: str) -> None:
        if self.is_final(now):
            raise ClubError(f"Too late to {what}: the correction period closed at {self.closes_at()} (the results "
                            f"were published at {self.published_at}); the results are final.", code="results_final")

    def _open_for(self, what: str) -> None:
        if self.published_at is not None:
            raise ClubError(f"Cannot {what}: the session's results were published at {self.published_at}.",
                            code="session_closed")

    def _seats_of(self, game_id: str) -> int:
        if self.table_of(game_id) is None:
            raise ClubError(f"Game {game_id} was not played in this session.", code="unknown_session_game")
        return self.opened.seats


def check_opening(name: str, tables: int, table_names: list[str], players: list[str], seats: int,
                  correction_seconds: int) -> None:
    """Refuse a session that cannot be played: no name, no table, too few players, players twice."""
    if not name.strip():
        raise ClubError("A session needs a name (\"Friday club night\").", code="invalid_session")
    if not 1 <= tables <= MAX_TABLES:
        raise ClubError(f"A session has 1 to {MAX_TABLES} tables, not {tables}.", code="invalid_session")
    if len(table_names) > tables:
        raise ClubError(f"{len(table_names)} table names for {tables} tables.", code="invalid_session")
    doubled = sorted({p for p in players if players.count(p) > 1})
    if doubled:
        raise ClubError(f"Player {doubled[0]} is listed twice among the session's players.", code="invalid_session")
    if len(players) < seats:
        raise ClubError(f"{len(players)} players cannot fill one table of {seats}.", code="invalid_session")
    if correction_seconds < 0:
        raise ClubError("The correction period cannot be negative.", code="invalid_session")


def _time(text: str) -> dt.datetime:
    return dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")


def _text(time: dt.datetime) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def is_past(closes: str | None, now: str) -> bool:
    """Whether a correction period closing at ``closes`` (None: not started) is over at ``now``."""
    return closes is not None and _time(now) > _time(closes)
