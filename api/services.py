"""What the views need, built once per process by the app factory (:mod:`api.app`)."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from flask import current_app

from api.probes import Probes
from events.store import EventStore
from referee.service import RefereeService
from workers.catalog import GameCatalog
from workers.club import Club
from workers.listing import GameListing
from workers.game_use_cases import GameUseCases


@dataclass
class Services:
    """What the views need, built once per process."""

    redis: redis.Redis  # the event store's server (or cluster), which also holds the catalog and read models
    queue: redis.Redis  # RQ's server: the store's own, unless COURTCARD_QUEUE_URL names another
    store: EventStore
    catalog: GameCatalog
    referee: RefereeService
    listing: GameListing  # the list of games, filtered and paged
    tables: GameUseCases  # the use cases: creating, importing, disputes, the bookkeeping after an append
    probes: Probes  # /healthz's own clients: short timeouts, apart from the requests'
    club: Club  # the club's use cases: the roster, sessions, their rounds, rulings and standings


def services() -> Services:
    return current_app.extensions["courtcard"]


def jobs_async() -> bool:
    """True when jobs go to the RQ workers; False when the request runs them itself (see
    :class:`workers.game_use_cases.JobPolicy`)."""
    return services().tables.jobs.is_async()
