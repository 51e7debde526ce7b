"""How durable an append must be before the store acknowledges it.

By default an append is acknowledged once the primary ran it: with ``appendfsync everysec`` a
crash of the machine can lose the last second, and on a cluster a primary that dies before its
replica copied the write loses it when the replica takes over. A league that wants more asks the
store to wait, before it acknowledges, until ``replicas`` replicas hold the append (``WAIT``), or,
with ``aof`` on, until they wrote it to their append-only file (``WAITAOF``).

The wait runs on the same connection as the append, right after it, because both commands measure
what that connection wrote. When fewer replicas confirm within ``timeout_ms`` the append may still
be lost in a failover, so it is not acknowledged: the caller gets ``WriteOutcomeUnknownError`` and
a retry with the same ids settles it (it is answered by the events already recorded).

Set from the environment by :meth:`Durability.from_env`: ``COURTCARD_WAIT_REPLICAS`` (default 0),
``COURTCARD_WAIT_AOF`` (``1`` to wait for the replicas' append-only files) and
``COURTCARD_WAIT_TIMEOUT_MS`` (default 3000: a replica that fsyncs its append-only file once a second
(``appendfsync everysec``) may take over a second to confirm a ``WAITAOF``).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from typing import Any


@dataclasses.dataclass(frozen=True)
class Durability:
    replicas: int = 0  # replicas that must hold an append before it is acknowledged
    aof: bool = False  # and have written it to their append-only file
    timeout_ms: int = 3000

    def __post_init__(self) -> None:
        if self.replicas < 0 or self.timeout_ms <= 0:
            raise ValueError(f"replicas must be >= 0 and timeout_ms > 0, not {self.replicas} and {self.timeout_ms}")

    @property
    def waits(self) -> bool:
        return self.replicas > 0

    def command(self) -> tuple[str | int, ...]:
        """The command that waits, sent right after the append on its connection."""
        if self.aof:
            return ("WAITAOF", 0, self.replicas, self.timeout_ms)
        return ("WAIT", self.replicas, self.timeout_ms)

    def confirmed(self, reply: Any) -> int:  # the server's reply: an int (WAIT) or a pair (WAITAOF)
        """How many replicas the wait's reply says hold the append."""
        return int(reply[1]) if self.aof else int(reply)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Durability:
        try:
            return cls(replicas=int(environ.get("COURTCARD_WAIT_REPLICAS", "0")),
                       aof=environ.get("COURTCARD_WAIT_AOF", "0") not in ("", "0", "false", "no"),
                       timeout_ms=int(environ.get("COURTCARD_WAIT_TIMEOUT_MS", "3000")))
        except ValueError as exc:
            raise ValueError(f"COURTCARD_WAIT_REPLICAS / COURTCARD_WAIT_TIMEOUT_MS: {exc}") from exc

