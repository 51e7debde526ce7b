"""The league's use cases, and a session's results and standings made from its games' records.

A league is a stream of its own in the event store, under the namespace ``courtcard-league`` (so
neither the list of games nor the club's list of sessions lists it), hash-chained like a game's:
``LeagueCreated``, then one ``SessionAddedToLeague`` per session (``referee.club.leagues``). Its
director token is kept as a session's is (``workers.catalog``, hashed).

A session's results are the club's (``workers.club.Club.results``: each table's game at its head,
read through the game's outcome and score sheet, never a hand, with its players as the roster now
knows them after merges); the director's rulings are the session's own events. The same record
gives the same standings and the same ratings.
"""

from __future__ import annotations

from typing import Any

import redis

from events.errors import ConcurrencyError
from events.store import EventStore, check_game_id
from referee.club import leagues as lg
from referee.club.errors import ClubError
from referee.club.ratings import ratings
from referee.club.results import TableResult
from referee.club.roster import Roster
from referee.club.standings import SessionStandings, adjustments_from, apply_adjustments, session_standings
from referee.service import new_game_id
from workers.catalog import GameCatalog, new_token
from workers.club import Club, RecordNotFound

LEAGUE_NAMESPACE = "courtcard-league"
RETRIES = 5


class LeagueNotFound(RecordNotFound):
    """No league has this id."""

    code = "league_not_found"
    template = "There is no league with id {!r}."


def standings_of(club: Club, session_id: str, roster: Roster) -> tuple[list[TableResult], SessionStandings]:
    """A session's results (``Club.results``: each table's game at its head, players after merges)
    and its standings, as played and as ruled."""
    state = club.session(session_id)
    results = club.results(state, roster)
    return results, session_standings(results, adjustments_from((a for _, a in state.adjustments), results))


class Leagues:
    """The league's use cases on the club's store client."""

    def __init__(self, client: redis.Redis, club: Club) -> None:
        self.store = EventStore(client, namespace=LEAGUE_NAMESPACE)
        self.tokens = GameCatalog(client, namespace=LEAGUE_NAMESPACE)
        self.club = club

    def league(self, league_id: str) -> tuple[lg.League, int]:
        """The league and its record's version."""
        try:
            check_game_id(league_id)
        except ValueError:  # no league has an id the store could not hold
            raise LeagueNotFound(league_id) from None
        events = self._events(league_id)
        if not events:
            raise LeagueNotFound(league_id)
        return lg.fold(events), len(events)

    def create(self, name: Any, rule: Any, best: Any, sessions: list[Any], actor: str) -> tuple[str, str]:
        """A new league (its id, and its director token, shown once) with its first sessions; a bad
        name, rule or session is refused naming it, and nothing is recorded."""
        events = lg.create(name, rule, best)
        league = lg.fold(events)
        for session_id in sessions:
            self._check_session(session_id)
            added = lg.add_session(league, session_id)
            league = lg.fold(events := events + added)
        league_id, token = new_game_id(), new_token()
        while self.tokens.register(league_id, "league", "league", False, token) is None:
            league_id = new_game_id()
        self.store.append(league_id, events, 0, actor)
        return league_id, token

    def add_session(self, league_id: str, session_id: Any, actor: str) -> lg.League:
        """Add a session after those in the league; an unknown session, or one already in it, is
        refused naming it."""
        self._check_session(session_id)
        for _ in range(RETRIES):
            league, version = self.league(league_id)
            events = lg.add_session(league, session_id)
            try:
                self.store.append(league_id, events, version, actor)
            except ConcurrencyError:
                continue
            return lg.fold(self._events(league_id))
        raise ClubError(f"League {league_id} kept moving while the session was added; try again.", code="session_busy")

    def _events(self, league_id: str) -> list[Any]:
        return [e.event for e in self.store.read(league_id)]

    def _check_session(self, session_id: Any) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise lg.InvalidLeague(f"a session id is a non-empty string, not {session_id!r}")
        self.club.session(session_id)  # an unknown session: 404 naming it

    def standings(self, league_id: str) -> tuple[lg.LeagueStandings, dict[str, str], dict[str, float]]:
        """The league's standings, the names to show, and each player's rating (ordinal) in the
        league's game, from the sessions' games in league order, each game's result as ruled (a
        director's adjusted score or appeal ruling is the result that counts)."""
        league, _ = self.league(league_id)
        roster = self.club.roster()
        nights, results, game = {}, [], None
        for session_id in league.sessions:
            rs, nights[session_id] = standings_of(self.club, session_id, roster)
            results += apply_adjustments(rs, nights[session_id].adjustments)  # rated as the director ruled
            game = game or self.club.session(session_id).opened.game
        standings = lg.league_standings(league, nights)
        rated = ratings(results)
        names = {x.player: roster.name_of(x.player) for x in standings.lines}
        ordinals = {p: r.ordinal for (p, g), r in rated.items() if g == game}
        return standings, names, ordinals

    def standings_json(self, league_id: str) -> dict[str, Any]:
        standings, names, ordinals = self.standings(league_id)
        doc = standings.to_json()
        doc["league_id"] = league_id
        for line in doc["lines"]:
            line["name"] = names.get(line["player"], line["player"])
            line["rating"] = ordinals.get(line["player"])
        return doc
