"""The RQ jobs: score sheets, audits, disputes and standings, each keyed by game (or session) and
version, each idempotent. They are asked for through :mod:`workers.enqueue`, which names each by its path here.

A job's id names what it builds and the version it was asked for (``scores_<version>_<game>``), so
asking twice while it is waiting enqueues it once. Running it twice, or again after a crash, is
harmless: it reads the log, derives its document and writes it with the read models' forward-only
check, so the stored document only ever moves to a later version.

Jobs take JSON arguments only (the queues use RQ's JSON serializer) and find the store through the
running job's connection, or through ``REDIS_URL`` when the queues live on a server of their own
(``COURTCARD_QUEUE_URL``) or the job runs outside a worker.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import redis
from rq import get_current_job

from events.errors import CorruptEventError, StoreUnavailableError
from events.server import redis_from_url
from events.store import EventStore
from referee.errors import RefereeError
from referee.service import RefereeService
from workers.audit import AUDIT, audit_game
from workers.catalog import GameCatalog
from workers.club import Club
from workers.disputes import DISPUTES, NotADispute, dispute_model, disputes_listed, explain_dispute
from workers.game_use_cases import GameUseCases, JobPolicy
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES, build_sheet, departures, kept_departures, with_departures
from workers.standings_model import refresh

_referees: dict[int, RefereeService] = {}
_stores: dict[str, redis.Redis] = {}


# -- the jobs -----------------------------------------------------------------------------------


def refresh_scores(game_id: str, version: int) -> dict[str, Any]:
    """Bring the score sheet of ``game_id`` to the game's current version (at least ``version``)."""
    return update_scores(_connection(), game_id, version)


def refresh_standings(session_id: str) -> dict[str, Any]:
    """Make session ``session_id``'s standings from the record and store them (``workers.standings_model``)."""
    client = _connection()
    tables = GameUseCases(client, EventStore(client), GameCatalog(client), _referee(client), JobPolicy(client, inline=True))
    doc = refresh(Club(client, tables), session_id)
    return {"written": True, "heads": doc["heads"]}


def run_audit(game_id: str, version: int) -> dict[str, Any]:
    """Audit ``game_id`` from its whole log and store the report (as of the game's current version)."""
    return update_audit(_connection(), game_id, version)


def update_scores(client: redis.Redis, game_id: str, version: int) -> dict[str, Any]:
    """What :func:`refresh_scores` does, on ``client``: also called by a request no worker could serve."""

    def build(client: redis.Redis, models: ReadModels) -> dict[str, Any]:
        store = EventStore(client)
        with _referee(client).locked_state(game_id) as (game, state):
            sheet = build_sheet(game_id, game, state)  # from the state alone, while it is held
        if "departures" not in sheet:
            return sheet
        # When players left the game and what took them out (Dungeon), read once the game's lock is
        # released (the sheet's version says how far): carried from the stored sheet, the record
        # folded again only when that changed since.
        at = sheet["version"]
        left = kept_departures(sheet, models.get(game_id, SCORES), lambda version: store.read(game_id, version + 1, at))
        return with_departures(sheet, departures(game, store.read(game_id, 1, at)) if left is None else left)

    return _refresh(client, game_id, SCORES, version, build)


def update_audit(client: redis.Redis, game_id: str, version: int) -> dict[str, Any]:
    """What :func:`run_audit` does, on ``client``: also called by a request no worker could serve."""

    def build(client: redis.Redis, models: ReadModels) -> dict[str, Any]:
        return audit_game(EventStore(client), game_id, _sheet_to_audit(client, models, game_id, version))

    return _refresh(client, game_id, AUDIT, version, build)


def _sheet_to_audit(client: redis.Redis, models: ReadModels, game_id: str, version: int) -> tuple[int, dict] | None:
    """The stored score sheet the audit compares with the record. One not stored yet, or stored in
    a form this release no longer reads (absent to it), is made first, as a read would make it: the
    audit compares the sheet that is served, and never reports an old form as a difference. A
    record the referee cannot fold has no sheet to make: the audit's own replay says why."""
    stored = models.get(game_id, SCORES)
    if stored is None:
        try:
            update_scores(client, game_id, version)
        except (RefereeError, CorruptEventError):
            return None
        stored = models.get(game_id, SCORES)
    return stored


def explain_dispute_job(game_id: str, dispute: int, version: int) -> dict[str, Any]:
    """Explain dispute ``dispute`` of ``game_id`` from the log and store it."""
    return update_dispute(_connection(), game_id, dispute, version)


def update_dispute(client: redis.Redis, game_id: str, dispute: int, version: int) -> dict[str, Any]:
    """What :func:`explain_dispute_job` does, on ``client``: also called by a request no worker could serve."""

    def build(client: redis.Redis, models: ReadModels) -> dict[str, Any] | None:
        try:
            return explain_dispute(list(EventStore(client).read(game_id)), dispute)
        except NotADispute:
            return None  # nothing to explain; the API answers 404 for it

    return _refresh(client, game_id, dispute_model(dispute), version, build)


def list_disputes_job(game_id: str, version: int) -> dict[str, Any]:
    """List the disputes of ``game_id`` from the log and store the list (as of the game's current version)."""
    return update_disputes(_connection(), game_id, version)


def update_disputes(client: redis.Redis, game_id: str, version: int) -> dict[str, Any]:
    """What :func:`list_disputes_job` does, on ``client``: also called by a request no worker could serve."""

    def build(client: redis.Redis, models: ReadModels) -> dict[str, Any] | None:
        envelopes = list(EventStore(client).read(game_id))
        return disputes_listed(envelopes) if envelopes else None  # a record not yet written lists nothing

    return _refresh(client, game_id, DISPUTES, version, build)


def _refresh(client: redis.Redis, game_id: str, name: str, version: int,
             build: Callable[[redis.Redis, ReadModels], dict[str, Any] | None]) -> dict[str, Any]:
    """Build read model ``name`` unless it already reflects ``version`` (in its current form: one of
    another form counts as none), and store it forward-only."""
    models = ReadModels(client)
    stored = models.version(game_id, name)
    if stored is not None and stored >= version:
        return {"written": False, "version": stored}
    doc = build(client, models)
    if doc is None:
        return {"written": False, "version": None}
    try:
        written = models.put(game_id, name, doc["version"], doc)
    except (redis.ConnectionError, redis.TimeoutError) as exc:
        raise StoreUnavailableError(f"the read models cannot be written: {exc}") from exc  # RQ retries it
    return {"written": written, "version": doc["version"]}


# -- helpers ------------------------------------------------------------------------------------


def _connection() -> redis.Redis:
    """The event store's connection: the job's own (the queues live on the store's server),
    unless ``COURTCARD_QUEUE_URL`` put the queues on a server of their own; then ``REDIS_URL``."""
    job = get_current_job()
    if job is not None and not os.environ.get("COURTCARD_QUEUE_URL"):
        return job.connection
    url = os.environ.get("REDIS_URL")
    if not url:
        raise RuntimeError("a Courtcard job outside a worker, or with its queues apart, needs REDIS_URL")
    if url not in _stores:
        _stores[url] = redis_from_url(url)  # one per process, so the referee's cache lasts from job to job
    return _stores[url]


def _referee(client: redis.Redis) -> RefereeService:
    """One referee service per connection: its state cache survives from job to job in a worker."""
    service = _referees.get(id(client))
    if service is None or service.store.redis is not client:
        service = _referees[id(client)] = RefereeService(EventStore(client))
    return service
