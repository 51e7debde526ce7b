"""How the server holding the record is doing: reachable, which version, append-only file healthy,
memory used against its limit; on a cluster, of its primaries, the worst of them speaking for all."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster


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
