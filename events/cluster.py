"""A local Valkey Cluster for trying Courtcard on a cluster: primaries and replicas on loopback.

Every node is an :class:`~events.server.EmbeddedServer` (the same binary, configuration, password
and owner-only data directory as the single embedded server) in a directory of its own under
``data_dir`` (``node-0``, ``node-1``, ...), started with ``cluster-enabled yes``. The first
``primaries`` nodes share the 16,384 hash slots evenly; each of the others replicates one primary.
The cluster is wired with plain cluster commands (ADDSLOTSRANGE, MEET, REPLICATE), so no
``valkey-cli`` is needed.

Its url names every node, ``redis+cluster://:<password>@127.0.0.1:<port of node 0>,127.0.0.1:<port
of node 1>,...``, so that a client started while any one of them is dead starts from another:
:func:`events.server.connect` and ``REDIS_URL`` take it, and the store then speaks through
redis-py's cluster client. A node that died is started again with :meth:`EmbeddedServer.restart`
(``courtcard serve --cluster`` does so, as for its embedded server): it rejoins from its
``nodes.conf``, as the replica of the node that took over its slots.

    >>> cluster = LocalCluster("/tmp/courtcard-cluster")   # doctest: +SKIP
    >>> url = cluster.start()                              # doctest: +SKIP
    >>> cluster.stop()                                     # doctest: +SKIP
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

import redis

from events.server import EmbeddedServer, EmbeddedServerError, cluster_from_url, make_owner_only, write_private

if TYPE_CHECKING:
    from redis.cluster import RedisCluster

SLOTS = 16384
#: How long a node may go unanswered before its replica takes over. Short, so that a failover
#: in a test or on a laptop happens in a couple of seconds; a real deployment sets its own.
NODE_TIMEOUT_MS = 2000
FORM_TIMEOUT_S = 30.0


class LocalCluster:
    """``primaries`` primaries with ``replicas`` replicas each, all on 127.0.0.1."""

    def __init__(self, data_dir: str | os.PathLike[str], primaries: int = 3, replicas: int = 1,
                 appendfsync: str = "everysec", maxmemory: str | int = "256mb") -> None:
        if primaries < 3:
            raise ValueError(f"a cluster needs at least 3 primaries to elect a replica, not {primaries}")
        self.data_dir = Path(data_dir).resolve()
        self.primaries = primaries
        make_owner_only(self.data_dir)
        password = self._password()
        config = {
            "cluster-enabled": "yes",
            "cluster-config-file": "nodes.conf",
            "cluster-node-timeout": str(NODE_TIMEOUT_MS),
            "masterauth": password,  # replicas authenticate to their primary with the shared password
            "cluster-require-full-coverage": "yes",
        }
        self.nodes: list[EmbeddedServer] = []
        for i in range(primaries * (1 + replicas)):
            node_dir = self.data_dir / f"node-{i}"
            make_owner_only(node_dir)
            write_private(node_dir / "password", password)  # every node shares the cluster's password
            self.nodes.append(EmbeddedServer(node_dir, appendfsync=appendfsync, maxmemory=maxmemory,
                                             extra_config=config))

    @property
    def password(self) -> str:
        return self._password()

    @property
    def url(self) -> str:
        """``redis+cluster://`` url of the cluster, naming every node: any live one is an entry point."""
        nodes = ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)
        return f"redis+cluster://:{quote(self.password, safe='')}@{nodes}"

    def client(self, **kwargs: Any) -> RedisCluster:
        """A new redis-py cluster client on this cluster."""
        return cluster_from_url(self.url, **kwargs)

    def start(self) -> str:
        """Start every node, and form the cluster the first time; return the cluster's url.

        A cluster formed before keeps its slots and roles in each node's ``nodes.conf``: starting
        it again brings the same cluster back."""
        for node in self.nodes:
            node.start()
        clients = [node.client() for node in self.nodes]
        try:
            if not self._formed(clients[0]):
                self._form(clients)
            self._wait(lambda: all(self._state_ok(c) for c in clients), "every node to report cluster_state:ok")
            self._wait(lambda: all(self._in_sync(c) for c in clients), "every replica to sync with its primary")
        finally:
            for client in clients:
                client.close()
        return self.url

    def stop(self) -> None:
        """SHUTDOWN every node (each flushes its append-only file)."""
        for node in self.nodes:
            node.stop()

    def primary_of_slot(self, slot: int) -> EmbeddedServer:
        """The node that serves ``slot`` now (after a failover, the replica that took over)."""
        probe = next(node for node in self.nodes if node.is_running())
        client = probe.client()
        try:
            for start, end, port in _slot_ranges(client):
                if start <= slot <= end:
                    return next(node for node in self.nodes if node.port == port)
        finally:
            client.close()
        raise EmbeddedServerError(f"no node serves slot {slot}")

    def replicas_of(self, primary: EmbeddedServer) -> list[EmbeddedServer]:
        client = primary.client()
        try:
            node_id = _text_reply(client, "CLUSTER", "MYID")
            replies = _list_reply(client, "CLUSTER", "REPLICAS", node_id)
        finally:
            client.close()
        # Each reply is a CLUSTER NODES line: "<id> 127.0.0.1:<port>@<bus port> slave <primary id> ..."
        ports = {int(_text(line, "a line of CLUSTER REPLICAS").split()[1].split("@")[0].rsplit(":", 1)[1])
                 for line in replies}
        return [node for node in self.nodes if node.port in ports]

    # -- internals --------------------------------------------------------------------------

    def _password(self) -> str:
        path = self.data_dir / "password"
        if not path.exists():
            write_private(path, secrets.token_urlsafe(32), exclusive=True)
        return path.read_text().strip()

    @staticmethod
    def _formed(client: redis.Redis) -> bool:
        info = _text_reply(client, "CLUSTER", "INFO")
        return "cluster_slots_assigned:16384" in info

    @staticmethod
    def _state_ok(client: redis.Redis) -> bool:
        return "cluster_state:ok" in _text_reply(client, "CLUSTER", "INFO")

    @staticmethod
    def _in_sync(client: redis.Redis) -> bool:
        """A primary is; a replica is once its link to the primary is up (the first sync done)."""
        info = client.info("replication")
        return info.get("role") == "master" or info.get("master_link_status") == "up"

    def _form(self, clients: list[redis.Redis]) -> None:
        primaries, replicas = clients[: self.primaries], clients[self.primaries :]
        share = SLOTS // self.primaries
        for i, client in enumerate(primaries):
            last = SLOTS - 1 if i == self.primaries - 1 else (i + 1) * share - 1
            _command(client, "CLUSTER", "ADDSLOTSRANGE", i * share, last)
        first_port = self.nodes[0].port
        assert first_port is not None, "every node is started before the cluster is formed"
        for client in clients[1:]:
            _command(client, "CLUSTER", "MEET", "127.0.0.1", first_port)
        everyone = len(clients)
        self._wait(lambda: all(_known_nodes(c) == everyone for c in clients), "every node to meet the others")
        primary_ids = [_text_reply(c, "CLUSTER", "MYID") for c in primaries]
        for i, client in enumerate(replicas):
            _command(client, "CLUSTER", "REPLICATE", primary_ids[i % self.primaries])

    @staticmethod
    def _wait(check: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + FORM_TIMEOUT_S
        while time.monotonic() < deadline:
            try:
                if check():
                    return
            except redis.RedisError:
                pass
            time.sleep(0.05)
        raise EmbeddedServerError(f"the local cluster did not form: waited {FORM_TIMEOUT_S:.0f} s for {what}")


def _known_nodes(client: redis.Redis) -> int:
    return sum(1 for line in _text_reply(client, "CLUSTER", "NODES").splitlines()
               if line and "handshake" not in line and "noaddr" not in line)


# -- the replies of cluster commands --------------------------------------------------------------
# redis-py types a command's reply loosely (execute_command has no annotation): each reply used
# here is checked for the shape the command answers with, once, and a reply of another shape is an
# EmbeddedServerError naming the command, rather than a TypeError further on.


class _Commands(Protocol):
    """The one redis-py call used here, with the signature this module gives it."""

    def execute_command(self, *args: str | int) -> object: ...


def _command(client: _Commands, *args: str | int) -> object:
    return client.execute_command(*args)


def _text_reply(client: _Commands, *args: str | int) -> str:
    return _text(_command(client, *args), " ".join(map(str, args)))


def _list_reply(client: _Commands, *args: str | int) -> list[object]:
    reply = _command(client, *args)
    if not isinstance(reply, list):
        raise _unexpected(" ".join(map(str, args)), reply)
    return reply


def _slot_ranges(client: _Commands) -> list[tuple[int, int, int]]:
    """(first slot, last slot, port of the primary serving them) of each range CLUSTER SLOTS lists.

    Each range is ``[first, last, [host, port, id, ...], <replicas>...]``."""
    ranges = []
    for entry in _list_reply(client, "CLUSTER", "SLOTS"):
        match entry:
            case [int(start), int(end), [_, int(port), *_], *_]:
                ranges.append((start, end, port))
            case _:
                raise _unexpected("a range of CLUSTER SLOTS", entry)
    return ranges


def _text(value: object, what: str) -> str:
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, str):
        return value
    raise _unexpected(what, value)


def _unexpected(what: str, reply: object) -> EmbeddedServerError:
    return EmbeddedServerError(f"the local cluster answered {what} with {reply!r}, which is not its reply's shape")
