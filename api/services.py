"""What the views need, built once per process by the app factory (:mod:`api.app`), and whether
the jobs a request asks for go to the workers."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from flask import current_app

from events.catalog import GameCatalog
from events.store import EventStore
from referee.service import RefereeService
from workers.queues import live_workers


@dataclass
class Services:
    """What the views need, built once per process."""

    redis: redis.Redis
    store: EventStore
    catalog: GameCatalog
    referee: RefereeService



def services() -> Services:
    return current_app.extensions["courtcard"]


def jobs_inline() -> bool:
    """``COURTCARD_JOBS_INLINE`` (tests, single-process use): requests run jobs themselves."""
    return bool(current_app.config.get("COURTCARD_JOBS_INLINE", False))


def workers_running() -> bool:
    """Is a worker alive to take a job? (One killed outright stays registered for minutes.)"""
    return live_workers(services().redis) > 0


def jobs_async() -> bool:
    """True when jobs go to the RQ workers; False when the request runs them itself: with
    ``COURTCARD_JOBS_INLINE`` set, or when no worker is running, since waiting for one would only
    make the request slow."""
    return not jobs_inline() and workers_running()
