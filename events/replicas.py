"""The wait for replicas that an append needs before it is acknowledged (``events.durability``),
sent on the same connection as what it measures, to the node that serves the game's slot."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import redis

from events.durability import Durability
from events.errors import WriteOutcomeUnknownError


class ReplicaWait:
    """Sends a command and the durability wait together, and checks what the replicas confirmed."""

    def __init__(self, client: Any, durability: Durability, on_cluster: bool) -> None:
        self.redis = client
        self.durability = durability
        self.on_cluster = on_cluster

    def after(self, key: str, command: Callable[[Any], Any]) -> tuple[Any, Any]:
        """Send ``command`` then the durability wait in one pipeline to the node that serves
        ``key``'s slot; return both replies. A node that no longer serves the slot (a failover)
        answers MOVED without running the command: the slot map is read again and it is resent."""
        for attempt in range(2):
            client = self.redis
            if self.on_cluster:
                client = self.redis.get_redis_connection(self.redis.get_node_from_key(key))
            pipe = client.pipeline(transaction=False)
            command(pipe)
            pipe.execute_command(*self.durability.command())
            try:
                reply, waited = pipe.execute(raise_on_error=False)
            except (redis.ConnectionError, redis.TimeoutError):
                if self.on_cluster:
                    with contextlib.suppress(redis.RedisError):
                        self.redis.nodes_manager.initialize()  # learn who serves the slot now
                raise
            if isinstance(reply, redis.exceptions.MovedError) and attempt == 0:
                self.redis.nodes_manager.initialize()
                continue
            if isinstance(reply, Exception):
                raise reply
            if isinstance(waited, Exception):
                waited = (0, 0) if self.durability.aof else 0
            return reply, waited
        raise reply

    def wait(self, game_id: str, key: str) -> None:
        """Wait until the replicas hold every write of the game's node so far.

        A wait measures the writes of its own connection, so it writes something of the game's
        (``key``) first: what the replicas confirm then covers every write of the node before it."""
        _, waited = self.after(key, lambda pipe: pipe.set(key, "1"))
        self.check(game_id, waited)

    def check(self, game_id: str, waited: Any) -> None:
        """WriteOutcomeUnknownError unless enough replicas confirmed (``waited``, the wait's reply)."""
        if self.durability.confirmed(waited) < self.durability.replicas:
            raise WriteOutcomeUnknownError(game_id, f"{self.durability.command()[0]} confirmed {waited!r} where "
                                                    f"{self.durability.replicas} replica(s) must hold the append")
