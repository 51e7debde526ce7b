"""Errors raised by the event store, under one root so callers can catch the package as a whole."""

from __future__ import annotations


class EventStoreError(Exception):
    """Root of every error the event store raises."""


class ConcurrencyError(EventStoreError):
    """The game moved on since the caller decided: its version is not the one expected.

    The caller reloads the game from ``current`` and decides again (or answers 409).
    """

    def __init__(self, game_id: str, expected: int, current: int) -> None:
        super().__init__(
            f"game {game_id!r} is at version {current}, not the expected version {expected}"
        )
        self.game_id = game_id
        self.expected = expected
        self.current = current


class DuplicateEventIdError(EventStoreError):
    """An event id is already recorded with different content, or a batch mixes old and new ids.

    A retry of the exact same batch is not an error (the store returns the original events);
    reusing an id for something else is.
    """

    def __init__(self, game_id: str, event_id: str, version: int | None, reason: str) -> None:
        where = f" (recorded at version {version})" if version else ""
        super().__init__(f"game {game_id!r}: event id {event_id!r}{where}: {reason}")
        self.game_id = game_id
        self.event_id = event_id
        self.version = version
        self.reason = reason


class StoreUnavailableError(EventStoreError):
    """The Redis server cannot be reached or timed out.

    Transient by nature: the API answers 503 and the caller may retry.
    """


class StoreFullError(EventStoreError):
    """The Redis server is at its ``maxmemory`` and refuses writes (``noeviction``): nothing was written.

    Not transient: it stays full until someone raises the limit or moves the store. The API
    answers 507 (Insufficient Storage).
    """


class CorruptEventError(EventStoreError):
    """A stored event cannot be read back: unknown type, malformed payload, or a gap in the stream.

    Raised instead of crashing or silently skipping, and names the game and version.
    """

    def __init__(self, game_id: str, version: int, reason: str) -> None:
        super().__init__(f"game {game_id!r} version {version}: {reason}")
        self.game_id = game_id
        self.version = version
        self.reason = reason


class WriteOutcomeUnknownError(StoreUnavailableError):
    """An append was sent but the store never confirmed it: it may or may not be recorded.

    A timeout or a connection lost after sending leaves the outcome open (a frozen server can
    still run the write once it wakes). Only a retry with the same event ids settles it: the
    store records them at most once and answers the original events if they are there.
    """

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(f"game {game_id!r}: the store did not confirm the append ({reason})")
        self.game_id = game_id
        self.idempotency_key: str | None = None  # set by the service when the request had one


class StoreDiskFullError(EventStoreError):
    """The store cannot write to its disk and refuses every write (its ``MISCONF`` reply): a save
    failed (a full disk, a directory it cannot write) or its append-only file cannot be written.
    Nothing was written.

    It lasts until the disk has room again (the server then saves, or writes its file, and takes
    writes by itself), so the API answers 507 with a Retry-After.
    """


def refused_for_disk(exc: BaseException) -> bool:
    """True for a server's ``MISCONF`` reply: it refuses writes because it cannot persist them."""
    return str(exc).startswith("MISCONF")
