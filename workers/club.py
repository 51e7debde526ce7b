"""The club's use cases: the roster, sessions, their rounds and games, the director's rulings.

The roster and each session are streams of their own in the event store, under the namespace
``courtcard-club`` (so the list of games never lists them), hash-chained and verified like a
game's. Each use case decides on the stream's head with the pure rules of ``referee.club``, then
appends at that version; a stream that moved meanwhile is read again and decided again.

A session's director token is kept like a game's scorekeeper token (``workers.catalog``, hashed).
A table's game is created through :class:`workers.game_use_cases.GameUseCases` like any game, and named in the
session's stream (``TableGameCreated``); the game's own record stays as every game's is. Which
session, round and table a game was made for is also kept in a derived index (``table_of``), made
from the session's stream, for the game's view.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import secrets
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis

from events.errors import ConcurrencyError, WriteOutcomeUnknownError
from events.store import EventStore
from referee.club import roster as ro
from referee.club import sessions as se
from referee.club.errors import ClubError
from referee.club.ratings import ratings
from referee.club.results import TableResult, result_of
from referee.club.standings import adjustments_from, apply_adjustments, session_standings
from referee.confirmations import confirmation_status
from referee.errors import InputError
from referee.registry import game_names, get_game
from workers.errors import WorkersError
from referee.service import GameNotFoundError, new_game_id
from workers.catalog import GameCatalog, new_token
from workers.enqueue import enqueue_standings
from workers import standings_model
from workers.standings_pages import session_csv, session_html
from workers.game_use_cases import GameUseCases, follows_id_rule

#: The store's namespace for the club's streams (the roster, sessions).
CLUB_NAMESPACE = "courtcard-club"
#: Times a use case decides again after another writer moved the stream first.
RETRIES = 5


class RecordNotFound(WorkersError, GameNotFoundError):
    """No record of the room (a session, a player, a league) has this id: answered 404, as an
    unknown game is, and the id kept where an unknown game's is."""

    #: The message, the id asked for in its place.
    template = "There is no record with id {!r}."

    def __init__(self, record_id: str, hint: str = "") -> None:
        # Not GameNotFoundError's own set-up: its message speaks of a game.
        InputError.__init__(self, self.template.format(record_id) + hint)
        self.game_id = record_id


class SessionNotFound(RecordNotFound):
    """No session has this id."""

    code = "session_not_found"
    template = "There is no session with id {!r}."


class PlayerNotFound(RecordNotFound):
    """No player on the roster has this id, name or alias (``hint`` may name the near ones)."""

    code = "player_not_found"
    template = "There is no player with id {!r} on the roster."


@dataclass(frozen=True)
class SeatedTable:
    """A table of a new round: its number, players, game and the game's scorekeeper token."""

    table: int
    players: list[str]
    game_id: str
    token: str


def now() -> str:
    """The time in the record's form; the record's own clock (an envelope's ``recorded_at``) is
    what counts, this is only the moment a decision is made, just before its append."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Club:
    """The club's use cases on one store (the games' client) and the games' use cases."""

    def __init__(self, client: redis.Redis, tables: GameUseCases) -> None:
        self.store = EventStore(client, namespace=CLUB_NAMESPACE)
        self.tokens = GameCatalog(client, namespace=CLUB_NAMESPACE)
        self.redis, self.tables = client, tables
        self.index_key = f"{CLUB_NAMESPACE}:{{club}}:tables"
        tables.result_moved = self._result_moved

    # -- the roster ---------------------------------------------------------------------------------

    def roster(self) -> ro.Roster:
        roster = ro.Roster()
        for envelope in self.store.read(ro.ROSTER_STREAM):
            roster.apply(envelope.event)
        return roster

    def add_player(self, name: str, member_number: str | None, aliases: Sequence[str], actor: str) -> ro.Player:
        player_id = new_game_id()

        def decide(roster: ro.Roster) -> list[Any]:
            roster.check_new(name, member_number, list(aliases))
            return [ro.PlayerAdded(player_id, name.strip(), member_number, list(aliases))]

        roster = self._decide(ro.ROSTER_STREAM, self.roster, decide, actor)
        return roster.players[player_id]

    def merge_players(self, kept: str, merged: str, reason: str, actor: str) -> ro.Roster:
        def decide(roster: ro.Roster) -> list[Any]:
            roster.check_merge(kept, merged)
            return [ro.PlayersMerged(kept, merged, reason)]

        return self._decide(ro.ROSTER_STREAM, self.roster, decide, actor)

    def player_page(self, player_id: str) -> dict[str, Any]:
        """A player's entry, every session game they sat in (merged entries' too) with its place,
        and their rating in each game, with its history, from every session in record order."""
        roster = self.roster()
        if player_id in roster.players:
            pid = roster.resolve(player_id)
        else:  # a name or an alias names a player as well as the id does ("did you mean" when none)
            try:
                pid = roster.find(player_id)
            except ClubError as exc:
                near = exc.legal or []
                raise PlayerNotFound(player_id, f" Did you mean {' or '.join(map(repr, near))}?" if near else "") from None
            if pid.startswith(ro.GUEST):
                raise PlayerNotFound(player_id)
        games, every = [], []
        for session_id in self.session_ids():
            state = self.session(session_id)
            results = self.results(state, roster)
            every += apply_adjustments(results, adjustments_from([a for _, a in state.adjustments], results))
            for result in results:
                if pid in result.players:
                    seat = result.players.index(pid)
                    games.append({"session_id": session_id, "session": state.opened.name, "round": result.round,
                                  "table": result.table, "game_id": result.game_id, "seat": seat,
                                  "finished": result.finished, "confirmed": result.confirmed,
                                  "place": result.places[seat] if result.finished else None,
                                  "total": result.totals[seat]})
        rated = ratings(every)
        games = [g for g in games if not self._private(g["game_id"])]  # a private game is never listed
        return {**roster.players[pid].to_json(), "names": names_of(roster, pid), "games": games,
                "ratings": [{**r.to_json()} for (player, _), r in sorted(rated.items()) if player == pid],
                "disputes": [d for g in games for d in self._disputes_of(g)]}

    def _private(self, game_id: str) -> bool:
        entry = self.tables.catalog.get(game_id)
        return entry is None or entry.private

    def _disputes_of(self, played: dict[str, Any]) -> list[dict[str, Any]]:
        """The claims of a game made by or against the seat ``played`` names, with the referee's
        verdict: public facts of the record (who, which hand and trick), never a card held."""
        with self.tables.referee.locked_state(played["game_id"]) as (game, gstate):
            # What the whole table sees (the desk reads the same): a game without claims lists none.
            rulings, names = game.public_view(gstate).get("rulings") or [], list(gstate.names)
        verdicts = {r["version"]: r.get("verdict") for r in rulings if r.get("type") == "ruling"}
        seat = played["seat"]
        return [{"game_id": played["game_id"], "session_id": played["session_id"], "round": played["round"],
                 "table": played["table"], "hand": r["hand"], "trick": r["trick"],
                 "role": "claimant" if r["claimant"] == seat else "accused",
                 "claimant": _name(names, r["claimant"]), "accused": _name(names, r["accused"]),
                 "verdict": verdicts.get(r["version"] + 1)}
                for r in rulings if r.get("type") == "claim" and seat in (r["claimant"], r["accused"])]

    # -- sessions -----------------------------------------------------------------------------------

    def session_ids(self) -> list[str]:
        """Every session, oldest first (the club's list of streams, less the roster)."""
        out, cursor = [], None
        while True:
            page = self.store.games_after(cursor, 1000)
            out.extend(sid for _, sid in page if sid != ro.ROSTER_STREAM)
            if len(page) < 1000:
                return out
            cursor = page[-1][0]

    def session(self, session_id: str) -> se.SessionState:
        if not follows_id_rule(session_id) or session_id == ro.ROSTER_STREAM:
            raise SessionNotFound(session_id)  # no session was ever given such an id
        state = se.SessionState()
        for envelope in self.store.read(session_id):
            state.apply(envelope.event, envelope.recorded_at)
        if state.opened is None:
            raise SessionNotFound(session_id)
        return state

    def open_session(self, name: str, date: str | None, game: str, options: dict, record: str, tables: int,
                     table_names: Sequence[str], players: Sequence[str], correction_seconds: int,
                     actor: str) -> tuple[str, str]:
        """Open a session; (its id, the director's token, shown once). Players are named by id,
        name or alias (``guest:<name>`` for a guest)."""
        if game not in game_names():
            raise InputError(f"There is no game called {game!r}. Games: {', '.join(game_names())}.",
                             code="unknown_game", legal=game_names())
        roster = self.roster()
        present = [roster.find(str(p)) for p in players]
        seats = _seats(game, options)
        # The referee checks the game's options (and record) as it would a game's, so a session
        # whose tables could not be created is refused before anything is recorded.
        self.tables.referee.plan_game(game, options, [f"Seat {i + 1}" for i in range(seats)], record)
        se.check_opening(name, tables, list(table_names), present, seats, correction_seconds)
        session_id, token = new_game_id(), new_token()
        while self.tokens.register(session_id, game, "session", False, token) is None:
            session_id = new_game_id()
        opened = se.SessionOpened(session_id, name.strip(), date or now()[:10], game, dict(options), record, tables,
                                  list(table_names), present, seats, correction_seconds)
        self.store.append(session_id, [opened], 0, actor)
        return session_id, token

    def seat_round(self, session_id: str, given: list[list[str]] | None, seed: int | None,
                   actor: str) -> tuple[se.RoundSeated, list[SeatedTable]]:
        """Seat the next round (given, or drawn from ``seed``, a new one when None) and create each
        table's game; the games' tokens are in the answer, shown once."""
        roster = self.roster()
        if given is not None:
            given = [[roster.find(str(p)) for p in table] for table in given]
        elif seed is None:
            seed = secrets.randbelow(2**53)
        for _ in range(RETRIES):
            state = self.session(session_id)
            seated = state.seating(given, seed)
            s = state.opened
            made = []
            for number, players in enumerate(seated.tables, 1):
                created = self.tables.create_game(s.game, s.options, [roster.name_of(p) for p in players], s.record,
                                                  False, actor=actor)
                made.append(SeatedTable(number, players, created.game_id, created.token))
            batch = [seated, *(se.TableGameCreated(seated.round, t.table, t.game_id) for t in made)]
            # Indexed before the round is recorded, so a game of the session is never without its
            # table; a round that is not recorded takes its games' entries back.
            self.redis.hset(self.index_key, mapping={t.game_id: json.dumps(
                {"session_id": session_id, "round": seated.round, "number": t.table, "name": state.table_name(t.table)})
                for t in made})
            try:
                self.store.append(session_id, batch, state.version, actor)
            except ConcurrencyError:
                self.redis.hdel(self.index_key, *(t.game_id for t in made))
                continue  # the games made stay unplayed and belong to no session
            except WriteOutcomeUnknownError:
                raise  # the round may be recorded: its games keep their tables
            except BaseException:
                with contextlib.suppress(redis.RedisError):
                    self.redis.hdel(self.index_key, *(t.game_id for t in made))
                raise
            return seated, made
        raise ClubError(f"Session {session_id} kept moving while the round was seated; try again.", code="session_busy")

    def table_of(self, game_id: str) -> dict[str, Any] | None:
        """``{"session_id", "round", "number", "name"}`` of a game made for a session, else None."""
        raw = self.redis.hget(self.index_key, game_id)
        return None if raw is None else json.loads(raw)

    def publish(self, session_id: str, actor: str) -> se.SessionState:
        def decide(state: se.SessionState) -> list[Any]:
            state._open_for("publish the results again")
            return [se.ResultsPublished("results published")]

        return self._decide(session_id, lambda: self.session(session_id), decide, actor)

    def adjust(self, session_id: str, game_id: str, places: list[int], totals: list[int] | None, reason: str,
               kind: str, actor: str) -> se.SessionState:
        return self._decide(session_id, lambda: self.session(session_id),
                            lambda state: [state.adjustment(game_id, places, totals, reason, kind, now())], actor)

    def appeal(self, session_id: str, game_id: str, by: str, grounds: str, actor: str) -> se.SessionState:
        return self._decide(session_id, lambda: self.session(session_id),
                            lambda state: [state.appeal(game_id, by, grounds, now())], actor)

    # -- results --------------------------------------------------------------------------------------

    def results(self, state: se.SessionState, roster: ro.Roster | None = None) -> list[TableResult]:
        """Each table's result, from its game's outcome and scores (never a hand), its players after
        every merge (``roster``) when given, in record order: by round, then table."""
        out = []
        for rnd in state.rounds:
            for table, game_id in sorted(rnd.games.items()):
                with self.tables.referee.locked_state(game_id) as (game, gstate):
                    players = [roster.resolve(p) if roster else p for p in rnd.tables[table - 1]]
                    confirmed = confirmation_status(game, gstate)["confirmed"]
                    out.append(result_of(game_id, game.name, gstate, players, rnd.number, table, confirmed))
        return out

    def standings(self, session_id: str) -> dict[str, Any]:
        """The session's standings as played and as ruled (``referee.club.standings``), each line
        with its player's name and rating in the session's game; the rulings, appeals and period.
        Served from the stored document while the record has not moved (``workers.standings_model``)."""
        return standings_model.standings(self, session_id, now())

    def made_standings(self, session_id: str) -> dict[str, Any]:
        """The session's standings made now from the record (what the stored document holds)."""
        return self._standings(session_id)[0]

    def standings_page(self, session_id: str, form: str) -> str:
        """The standings as a printable page (``html``) or ``csv`` (``workers.standings_pages``)."""
        body, counted, names, rated = self._standings(session_id)
        if form == "csv":
            return session_csv(counted, names, rated)
        status = ("final" if body["final"] else f"corrections until {body['correction_closes_at']}"
                  if body["published_at"] else "results not yet published")
        return session_html(f"{body['name']}, {body['date']}", counted, names, rated,
                            subtitle=f"{body['game']}: {status}")

    def _standings(self, session_id: str) -> tuple[dict[str, Any], Any, dict[str, str], dict[str, float]]:
        state = self.session(session_id)
        roster = self.roster()
        results = self.results(state, roster)
        adjustments = adjustments_from([a for _, a in state.adjustments], results)
        counted = session_standings(results, adjustments)
        # Rated as the director ruled, as a league rates them.
        rated = {player: r.ordinal for (player, game), r in ratings(apply_adjustments(results, adjustments)).items()}
        names = {line.player: roster.name_of(line.player) for line in counted.as_played}
        closes = state.closes_at()
        body = counted.to_json()
        for which in ("as_played", "as_ruled"):
            for line in body[which]:
                line["name"], line["rating"] = names[line["player"]], rated.get(line["player"])
        return {
            "session_id": session_id, "name": state.opened.name, "date": state.opened.date, "game": state.opened.game,
            **body,
            "adjustments": [{"version": v, **adjustment.to_json()} for (v, _), adjustment in
                            zip(state.adjustments, adjustments)],
            "appeals": [{"version": v, "game_id": a.game_id, "by": a.by, "grounds": a.grounds, "lodged_at": t}
                        for v, a, t in state.appeals],
            "published_at": state.published_at, "correction_closes_at": closes,
            "final": state.is_final(now()),
            "results": [r.to_json() for r in results],
        }, counted, names, rated

    def _result_moved(self, game_id: str, version: int) -> None:
        """A game's result may have moved: the workers make its session's standings again (a reader would
        anyway, finding the stored ones behind the record)."""
        table = self.table_of(game_id)
        if table is not None:
            enqueue_standings(self.tables.queue, table["session_id"], zlib.crc32(f"{game_id} {version}".encode()))

    # -- deciding on the head -------------------------------------------------------------------------

    def _decide(self, stream: str, load: Callable[[], Any], decide: Callable[[Any], list[Any]], actor: str) -> Any:
        """Decide on the stream's head and append there; decided again when another writer was first."""
        for _ in range(RETRIES):
            state = load()
            events = decide(state)
            try:
                self.store.append(stream, events, state.version, actor)
            except ConcurrencyError:
                continue
            if stream != ro.ROSTER_STREAM and self.tables.jobs.is_async():
                with contextlib.suppress(redis.RedisError):  # a reader makes them anyway
                    enqueue_standings(self.tables.queue, stream, state.version + len(events))
            return load()  # as recorded, with the record's own times
        raise ClubError(f"{stream} kept moving while this was decided; try again.", code="session_busy")


def names_of(roster: ro.Roster, pid: str) -> list[str]:
    """Every name the player goes by: theirs and their aliases, then each merged entry's, in the
    order the entries joined."""
    out: list[str] = []
    for player in roster.players.values():
        if roster.resolve(player.player_id) == pid:
            out += [n for n in (player.name, *player.aliases) if n not in out]
    return out


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _seats(game: str, options: dict) -> int:
    """Players a table of ``game`` seats under ``options`` (its ``players`` option)."""
    try:
        return int(get_game(game).options_schema().load(dict(options)).get("players", 1))
    except Exception:  # the referee's own check (plan_game) names what is wrong with the options
        return 1
