"""Waiting briefly for a read model to reach a version, for requests that want a fresh document."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from workers.readmodels import ReadModels

POLL_S = 0.02


def wait_for(models: ReadModels, game_id: str, name: str, version: int, timeout_s: float,
             request: Callable[[], Any]) -> tuple[int, Any] | None:
    """The stored ``(version, doc)`` once it reflects at least ``version``, calling ``request()`` (which
    enqueues the job that builds it) if it does not yet; after ``timeout_s`` the stored one as it is
    (maybe older, maybe None)."""
    stored = models.get(game_id, name)
    if stored is not None and stored[0] >= version:
        return stored
    request()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        current = models.version(game_id, name)
        if current is not None and current >= version:
            break
        time.sleep(POLL_S)
    return models.get(game_id, name)
