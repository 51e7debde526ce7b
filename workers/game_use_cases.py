"""The use cases of a table's game, each in one place: creating a game, importing one, filing a
dispute, and the bookkeeping after an append.

The API's handlers parse a request, call one of these and answer; anything else that makes games
(a tool, a job) calls the same methods, so a use case behaves the same whoever asks. They live at
the workers' level, not in ``referee/``, because they queue jobs (score sheets, dispute
explanations) and keep the catalog (tokens, listing); the referee stays pure rules on a record.

Creating and importing enter the game in the catalog before its first event is written, so a
recorded game always has its token; when the write fails with nothing written, the entry is
removed again (it names no game); when the store never confirmed the write, it stays, since the
game may be recorded.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import redis

from events.envelope import Envelope
from events.errors import ConcurrencyError, EventStoreError, WriteOutcomeUnknownError
from events.registry import EventTypeError
from events.store import EventStore
from referee.confirmations import HandConfirmed
from referee.errors import InputError, InvalidOption
from referee.events import EntryRedone, EntryUndone, RenegeClaimed
from referee.service import ActionResult, RefereeService, new_game_id
from referee.registry import game_of_record
from referee.seat_names import Names
from workers.catalog import GameCatalog, new_token
from workers.claims import CLAIM_ACTION
from workers.imports import CheckedHistory, FileIndex, HashedLines, check_history, write_history
from workers.enqueue import enqueue_dispute, enqueue_scores
from workers.listing import GameListing
from workers.naming import seat_names
from workers.provenance import import_mark
from workers.queues import live_workers
from workers.record_words import entry_words, is_undoing, sentence

log = logging.getLogger(__name__)

#: The id rule: a letter or digit, then letters, digits, "_" and "-", at most 64 in all. Such an id
#: is one URL path segment as it is, and a command line never reads it as an option. Ids made by
#: ``new_game_id`` (12 letters and digits) follow it, and so do older servers' ids that do not
#: start with "-".
GAME_ID_RULE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def follows_id_rule(game_id: str) -> bool:
    """May a game be created or imported under this id (see ``GAME_ID_RULE``)?"""
    return isinstance(game_id, str) and GAME_ID_RULE.fullmatch(game_id) is not None


@dataclasses.dataclass(frozen=True)
class JobPolicy:
    """Where the jobs a use case or a reader asks for run.

    ``inline`` (``COURTCARD_JOBS_INLINE``: tests, a single process) runs every job in the caller.
    Otherwise jobs go to the RQ workers while one is alive; with none alive, the bookkeeping after
    an append asks for nothing (a reader builds its document when it is asked for), and a reader
    builds it in its own request.
    """

    client: redis.Redis
    inline: bool = False

    def is_async(self) -> bool:
        """True when jobs go to the workers; False when the caller runs them itself."""
        # Who is alive is a few round trips (the workers' registrations): ask once for the jobs
        # one use case queues.
        return not self.inline and live_workers(self.client) > 0


@dataclasses.dataclass(frozen=True)
class CreatedGame:
    """A new game: its id, its opening events, and the scorekeeper's token (shown only once)."""

    game_id: str
    game: str
    token: str
    result: ActionResult


@dataclasses.dataclass(frozen=True)
class ImportedGame:
    """An imported history, written as game ``game_id`` (``original_game_id`` if it was free);
    ``duplicate`` when the same file was imported before and this is the game it made (no token)."""

    game_id: str
    original_game_id: str
    game: str
    version: int
    token: str | None
    duplicate: bool = False


@dataclasses.dataclass(frozen=True)
class FiledDispute:
    """A claim logged: the dispute's id (the version of its ``RenegeClaimed``) and the append."""

    dispute: int
    result: ActionResult


class GameUseCases:
    """The use cases, on one process's store, catalog, referee service and job policy."""

    def __init__(self, queue: redis.Redis, store: EventStore, catalog: GameCatalog, referee: RefereeService,
                 jobs: JobPolicy, listing: GameListing | None = None) -> None:
        """``queue`` is the connection to RQ's server, where the use cases queue their jobs;
        ``listing``, the list of games that a finished game moves in (the list puts it right on its
        next read when there is none)."""
        self.queue, self.store, self.catalog, self.referee, self.jobs = queue, store, catalog, referee, jobs
        self.listing = listing
        #: Told the game id and version when a game's result may have moved (its scores, its end, a
        #: confirmation after it) and a worker is alive (``workers.club`` sets it: a session's
        #: standings are made again then).
        self.result_moved: Callable[[str, int], None] | None = None

    def create_game(self, game: str, options: Mapping[str, Any], seats: list[str], record: str, private: bool,
                    actor: str) -> CreatedGame:
        """Create a game. The referee checks it first, so a refused game leaves nothing behind.

        Raises the referee's InputError for a game it refuses (``InvalidOption`` for options the
        record cannot hold, such as a 100-digit number), and the store's errors."""
        opening = self.referee.plan_game(game, options, seats, record)
        game_id, token = new_game_id(), new_token()
        while self.catalog.register(game_id, game, record, private, token) is None:
            game_id = new_game_id()  # 71 random bits: taken only by the rarest chance
        with self._forgotten_unless_written(game_id):
            try:
                result = self.referee.create_game(game_id, opening, actor=actor)
            except EventTypeError as exc:
                raise InvalidOption(f"Invalid options: {exc}") from exc
        return CreatedGame(game_id, game, token, result)

    def import_game(self, lines: Iterable[str | bytes], file_sha256: Callable[[], str] | None = None,
                    chained: bool = True) -> ImportedGame:
        """Verify an exported ``jsonl`` history, decide it again, and write it as a new game, with
        the facts of its import (``workers.provenance``).

        ``lines`` are read once, as a stream; ``file_sha256`` then gives the SHA-256 of the file
        they came from (by default, of the lines, each ended by a newline). A file imported before is the game it made then (``duplicate``, no token:
        the scorekeeper's was shown once, to whoever imported it first). ``chained`` is False for
        a text record without its chain, whose events were made here from its moves: it has no
        original head to keep. The game keeps its original id when that follows the id rule and
        no game has it; else it gets a new one. Raises ``ImportRejected`` (the line and the reason;
        nothing is written), ``ConcurrencyError`` when a game was recorded under the id meanwhile
        (or the same file is being imported), and the store's errors."""
        if file_sha256 is None:
            lines = hashed = HashedLines(lines)
            file_sha256 = hashed.hexdigest
        checked = check_history(lines)
        digest = file_sha256()
        index = FileIndex(self.store.redis, self.store.namespace)
        imported = self._imported_before(index, digest, checked)
        if imported is not None:
            return imported
        token = new_token()
        game_id = checked.game_id
        if not follows_id_rule(game_id) or self.store.exists(game_id) or self.store.import_mark(game_id):
            game_id = new_game_id()
        while self.catalog.register(game_id, checked.game_name, checked.record, False, token) is None:
            game_id = new_game_id()  # the original id has another game's entry
        imported = self._claim_file(index, digest, game_id, checked)
        if imported is not None:
            return imported
        with self._forgotten_unless_written(game_id):
            mark = import_mark(digest, len(checked.envelopes), checked.head_record if chained else None)
            try:
                version = write_history(self.store, game_id, checked, mark)
            except WriteOutcomeUnknownError:
                raise
            except BaseException:
                with contextlib.suppress(redis.RedisError):
                    index.release(digest, game_id)
                raise
        finished = checked.replay.game.outcome(checked.replay.state) is not None
        self.after_append(game_id, version, finished=finished, scores_changed=True)
        return ImportedGame(game_id, checked.game_id, checked.game_name, version, token)

    def _claim_file(self, index: FileIndex, digest: str, game_id: str, checked: CheckedHistory) -> ImportedGame | None:
        """Name ``game_id`` (registered, not yet written) as the file's game: None when it is, the
        game the file made when another import of it got there first (``game_id``'s entry then
        forgotten), ConcurrencyError while that one is still being written."""
        if index.claim(digest, game_id):
            return None
        imported = self._imported_before(index, digest, checked)
        if imported is None:
            other = index.game_of(digest)
            if other is not None and self.catalog.get(other, fresh=True) is None:
                index.take_over(digest, other, game_id)  # left by an import that wrote nothing, not even its entry
            if index.game_of(digest) == game_id:
                return None
        self.catalog.forget(game_id)
        if imported is None:
            raise ConcurrencyError(game_id, 0, 0)  # still being written: asked again, it is the same game
        return imported

    def _imported_before(self, index: FileIndex, digest: str, checked: CheckedHistory) -> ImportedGame | None:
        """The game a file made when it was imported before, if it is recorded."""
        game_id = index.game_of(digest)
        if game_id is None or not self.store.exists(game_id):
            return None
        return ImportedGame(game_id, checked.game_id, checked.game_name, self.store.version(game_id), None, True)

    def file_dispute(self, game_id: str, claim: Mapping[str, Any], actor: str,
                     idempotency_key: str | None = None) -> FiledDispute:
        """Log a claim (``seat`` claims against ``accused`` for ``trick`` of ``hand``, maybe with a
        ``shown`` card) through the referee, who rules on the table as it is now; a worker then
        explains the ruling from the log. Raises InputError ``no_disputes`` for a game without claims."""
        game, _state = self.referee.state(game_id)
        if CLAIM_ACTION not in game.command_schemas:
            raise InputError(f"{game.title} has no claims to dispute.", code="no_disputes")
        result = self.referee.act(game_id, CLAIM_ACTION, claim, actor=actor, idempotency_key=idempotency_key,
                                  scope="dispute")
        dispute = next(e.version for e in result.envelopes if isinstance(e.event, RenegeClaimed))
        self.after_action(result)
        self._quietly(enqueue_dispute, game_id, dispute, result.version, is_async=self.jobs.is_async())
        return FiledDispute(dispute, result)

    def act(self, game_id: str, action: str, fields: Mapping[str, Any], actor: str,
            expected_version: int | None = None, idempotency_key: str | None = None) -> ActionResult:
        """Log one table action through the referee, then its bookkeeping (:meth:`after_action`)."""
        result = self.referee.act(game_id, action, fields, actor=actor, expected_version=expected_version,
                                  idempotency_key=idempotency_key)
        self.after_action(result)
        return result

    def after_action(self, result: ActionResult) -> None:
        """The bookkeeping after an action the referee logged (see :meth:`after_append`)."""
        if result.envelopes and not result.duplicate:
            # An undo may take back the entry that ended the game: then it is on again.
            reopened = not result.finished and any(isinstance(e.event, EntryUndone) for e in result.envelopes)
            self.after_append(result.game_id, result.version, result.finished, result.scores_changed, reopened)

    def said(self, game_id: str, envelopes: Sequence[Envelope]) -> str | None:
        """What an undo or a redo among the new ``envelopes`` took back or put back, in words
        (``workers.record_words.entry_words``), or what a player confirmed ("Cat confirms hand 3's
        score."); None for any other action."""
        undoing = next((e for e in reversed(envelopes) if is_undoing(e)), None)
        if undoing is None:
            confirmed = next((e for e in envelopes if isinstance(e.event, HandConfirmed)), None)
            if confirmed is None:
                return None
            opening, *_ = self.store.read_at(game_id, [1])
            return sentence(confirmed, seat_names([opening]), game=game_of_record(opening))
        redone = isinstance(undoing.event, EntryRedone)
        undo = self.store.read_at(game_id, [undoing.payload["undo"]])[0] if redone else undoing
        first, last = undo.payload["replaces_from"], undo.payload["replaces_to"]
        opening, *_ = self.store.read_at(game_id, [1])
        entry = list(self.store.read(game_id, first, last))
        return entry_words(undoing, entry, seat_names([opening]), game_of_record(opening))

    def told(self, game_id: str, envelopes: Sequence[Envelope]) -> str:
        """What an action logged, in its game's words (``Game.words``), one sentence per event:
        "Bob plays the queen of spades. Bob wins trick 3." An undo or a redo says what it took back
        or put back (:meth:`said`)."""
        if not envelopes:
            return "Nothing new was logged."
        undone = self.said(game_id, envelopes)
        if undone is not None:
            return undone
        opening, *_ = self.store.read_at(game_id, [1])
        game, names = game_of_record(opening), Names(seat_names([opening]))
        return " ".join(game.words(type(e.event), e.payload, names) + "." for e in envelopes)

    def after_append(self, game_id: str, version: int, finished: bool, scores_changed: bool,
                     reopened: bool = False) -> None:
        """What new events make stale: the catalog's status once the game is over (or on again,
        ``reopened``, when an undo took back the entry that ended it), and the score sheet when the
        scores moved (queued only when someone can run it; a reader builds it otherwise); a finished
        game is put among those the director's desk checks (``GameListing.may_need_director``). The events
        are logged whatever happens here: a failure is logged, never raised."""
        try:
            if finished or reopened:
                entry = self.catalog.get(game_id, fresh=True)
                status = "finished" if finished else "in_progress"
                if entry is not None and entry.status != status:
                    self.catalog.set_status(game_id, status)
                    entry = self.catalog.get(game_id, fresh=True)
                    if self.listing is not None and entry is not None and not entry.private:
                        self.listing.moved(entry)
            if finished and self.listing is not None:
                # Every append to a finished game (its end, a confirmation, a disagreement) makes it
                # a candidate for the desk, which checks it against the record.
                self.listing.may_need_director(game_id, version, time.time())
            result_moved = (scores_changed or finished or reopened) and self.result_moved is not None
            if not (scores_changed or result_moved):
                return
            # Who is alive is asked once for both jobs: each asking is a round trip, then a few
            # per registered worker, and a play that scores a hand used to pay them twice.
            to_workers = self.jobs.is_async()
            if scores_changed and (self.jobs.inline or to_workers):
                enqueue_scores(self.queue, game_id, version, is_async=not self.jobs.inline)
            if result_moved and to_workers:
                self.result_moved(game_id, version)
        except (redis.RedisError, EventStoreError) as exc:
            log.warning("game %s at version %d: bookkeeping after the append failed: %s", game_id, version, exc)

    def _quietly(self, enqueue, *args, **kwargs) -> None:
        """Queue a job whose document a reader also builds on demand: a failure is only logged."""
        try:
            enqueue(self.queue, *args, **kwargs)
        except (redis.RedisError, EventStoreError) as exc:
            log.warning("could not queue %s%r: %s", enqueue.__name__, args, exc)

    @contextlib.contextmanager
    def _forgotten_unless_written(self, game_id: str):
        """Remove ``game_id``'s catalog entry if the block fails with nothing written: an entry that
        names no game must not be listed. A write the store never confirmed keeps it, so a game
        that may be recorded keeps its token."""
        try:
            yield
        except WriteOutcomeUnknownError:
            raise
        except BaseException:
            with contextlib.suppress(redis.RedisError):
                self.catalog.forget(game_id)
            raise
