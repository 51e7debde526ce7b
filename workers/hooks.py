"""The hook the action path calls after events are logged, so read models follow the game.

Call :func:`after_append` once an append succeeded (a new game, a table action, a dispute). It only
enqueues: it never blocks the table on a worker, and a failure to enqueue is logged, not raised,
because the read endpoints build on demand anyway.
"""

from __future__ import annotations

import logging

import redis

from events.envelope import Envelope
from workers.jobs import enqueue_scores

log = logging.getLogger(__name__)


def after_append(client: redis.Redis, game_id: str, version: int, envelopes: list[Envelope],
                 is_async: bool = True) -> None:
    """Enqueue what the new events make stale: today, the game's score sheet (keyed by version)."""
    if not envelopes:
        return
    try:
        enqueue_scores(client, game_id, version, is_async=is_async)
    except (redis.ConnectionError, redis.TimeoutError) as exc:
        log.warning("could not enqueue the score sheet of %s at version %d: %s", game_id, version, exc)
