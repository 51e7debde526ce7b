"""How the server holding the record is doing: reachable, which version, append-only file healthy,
memory used against its limit, whether its disk lets it write; on a cluster, of its primaries, the
worst of them speaking for all, and which of its nodes are down or unreplicated."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from events.errors import refused_for_disk


def store_health(client: redis.Redis) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(server, append_only_file)`` facts; raises redis errors when the server is unreachable."""
    server = _infos(client, "server")[0]
    # On a cluster, the primary whose append-only file is worst speaks for the record.
    persistence = min(_infos(client, "persistence"),
                      key=lambda p: (bool(p.get("aof_enabled")), p.get("aof_last_write_status") == "ok",
                                     p.get("aof_last_bgrewrite_status") == "ok"))
    facts = {"reachable": True, "version": server.get("valkey_version") or server.get("redis_version")}
    aof = {
        "enabled": bool(persistence.get("aof_enabled")),
        "last_write_status": persistence.get("aof_last_write_status"),
        "last_rewrite_status": persistence.get("aof_last_bgrewrite_status"),
    }
    # The record is durable only while every write reaches the append-only file.
    aof["healthy"] = aof["enabled"] and aof["last_write_status"] == "ok"
    return facts, aof


def store_memory(client: redis.Redis) -> dict[str, Any]:
    """Bytes used and the ``maxmemory`` limit (None when the server has none), with their ratio.

    Past its limit a ``noeviction`` server refuses every write, so the ratio says how close the
    record is to being read-only.
    """
    # On a cluster, the fullest primary: it is the first to refuse writes.
    memory = max(_infos(client, "memory"), key=_used_ratio)
    used, limit = int(memory.get("used_memory", 0)), int(memory.get("maxmemory", 0)) or None
    return {"used_bytes": used, "limit_bytes": limit, "used_ratio": round(used / limit, 4) if limit else None,
            "policy": memory.get("maxmemory_policy")}


def _used_ratio(memory: dict[str, Any]) -> float:
    limit = int(memory.get("maxmemory", 0))
    return int(memory.get("used_memory", 0)) / limit if limit else 0.0


def _infos(client: redis.Redis, section: str) -> list[dict[str, Any]]:
    """``INFO section`` of the server, or of every primary of a cluster."""
    if isinstance(client, RedisCluster):
        return list(client.info(section, target_nodes=RedisCluster.PRIMARIES).values())
    return [client.info(section)]


def store_disk(client: redis.Redis) -> dict[str, Any]:
    """Whether the store refuses writes because it cannot write to its disk, with the server's
    words (``writes_refused``, ``error``), and how its last snapshot went (``last_save_status``).

    Valkey and Redis refuse PING too while they refuse writes for their disk (a ``MISCONF``
    reply), so a PING of each primary tells it without writing anything."""
    error = None
    for node in _primaries(client):
        try:
            node.ping()
        except redis.ResponseError as exc:
            if not refused_for_disk(exc):
                raise
            error = str(exc)
            break
    saves = [p.get("rdb_last_bgsave_status") for p in _infos(client, "persistence")]
    return {"writes_refused": error is not None, "error": error,
            "last_save_status": next((status for status in saves if status != "ok"), "ok")}


def cluster_nodes(client: redis.Redis) -> dict[str, Any]:
    """On a cluster: how many nodes it has, those down (``fail``, or ``fail?`` to the node asked),
    and the primaries serving slots with no live replica (a failover could not cover their loss);
    ``{}`` for a single server."""
    if not isinstance(client, RedisCluster):
        return {}
    # A primary answers for the cluster (CLUSTER NODES is its view of every node's state): primaries
    # must answer for the record anyway, while a replica asked might be the node that is down.
    text = _text(_primaries(client)[0].execute_command("CLUSTER", "NODES"))
    nodes = [line.split() for line in text.splitlines() if line.strip()]
    nodes = [fields for fields in nodes if "handshake" not in fields[2] and "noaddr" not in fields[2]]
    down = {fields[0] for fields in nodes if {"fail", "fail?"} & set(fields[2].split(","))}
    replicated = {fields[3] for fields in nodes if fields[0] not in down and fields[3] != "-"}
    primaries = [fields for fields in nodes if "master" in fields[2].split(",") and fields[0] not in down
                 and len(fields) > 8]  # serving slots
    return {
        "nodes": len(nodes),
        "down": sorted(f"{_address(fields)} ({_role(fields)})" for fields in nodes if fields[0] in down),
        "primaries_without_replica": sorted(_address(fields) for fields in primaries if fields[0] not in replicated),
    }


def _address(fields: list[str]) -> str:
    return fields[1].split("@")[0]  # "<ip>:<port>@<bus port>[,<hostname>]"


def _role(fields: list[str]) -> str:
    return "primary" if "master" in fields[2].split(",") else "replica"


def _primaries(client: redis.Redis) -> list[redis.Redis]:
    if isinstance(client, RedisCluster):
        return [client.get_redis_connection(node) for node in client.get_primaries()]
    return [client]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
