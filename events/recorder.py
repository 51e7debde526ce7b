"""What the referee service needs of a game record, as an interface with no storage behind it.

:class:`events.store.EventStore` (Redis Streams) implements it. The referee depends on this
interface alone, so the rules and the service import without a Redis client, and a test or a
tool can see at a glance what the service asks of a store.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

from events.envelope import Envelope

if TYPE_CHECKING:
    from events.store import AppendResult


class Recorder(Protocol):
    def append(self, game_id: str, events: Sequence[object], expected_version: int, actor: str,
               event_ids: Sequence[str] | None = None, expected_hash: str | None = None,
               request: tuple[str, str] | None = None, command_id: str | None = None) -> AppendResult:
        """Append atomically at ``expected_version`` (and ``expected_hash``), or refuse; each
        envelope records ``command_id``, the command the batch answers."""
        ...

    def head_and_after(self, game_id: str, after_version: int) -> tuple[tuple[int, str], list[Envelope]]:
        """The head (version, hash) and the envelopes after ``after_version``, in one read."""
        ...

    def read(self, game_id: str, from_version: int = 1, to_version: int | None = None) -> Iterator[Envelope]:
        ...

    def version(self, game_id: str) -> int:
        ...

    def find_events(self, game_id: str, event_ids: Sequence[str]) -> list[Envelope]:
        ...

    def recorded_request(self, game_id: str, field: str) -> str | None:
        """The digest recorded for a request (route and Idempotency-Key), or None."""
        ...

    def confirm_durable(self, game_id: str) -> None:
        """Return once the game's record is as durable as an acknowledged append must be (held by
        the replicas the deployment waits for), or raise WriteOutcomeUnknownError."""
        ...

    def note_incident(self, kind: str, game_id: str, detail: str) -> None:
        """Keep a note of something noticed about the record itself (a head that moved back)."""
        ...
