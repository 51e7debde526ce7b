"""/healthz: can this service log actions, and what is degraded.

``status`` is one of:

- ``ok`` (200): the record is reachable and durable, and the workers keep up;
- ``degraded`` (200): actions are logged and read, but something needs attention (listed in
  ``reasons``): jobs wait with no worker alive to take them (score sheets and audits are then built
  in the requests themselves, more slowly), the store's memory is near its limit, the append-only
  file is off or its last rewrite failed, its last snapshot failed; on a cluster, a node is down or
  a primary has no replica (one more loss would take its games down);
- ``down`` (503, with ``Retry-After``): actions cannot be logged here: the store is unreachable,
  starting (reading its append-only file back) or did not answer within a second (frozen,
  overloaded), refuses writes because it cannot write to its disk, or is full.

A load balancer keeps an instance on 200 and takes it out on 503; ``degraded`` is 200 because the
instance still serves every request. It gets its answer within a second whatever the store does:
the check has connections of its own with short timeouts and no retries (:class:`api.probes.Probes`),
runs beside the requests at work (the gate, api.gate, lets it through), and answers ``down`` when
the store has not answered by then.
"""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from typing import Any

import redis
from flask.views import MethodView
from flask_smorest import Blueprint

from api.probes import Probes
from api.services import services
from api.schemas import HealthSchema
from events.health import cluster_nodes, store_disk, store_health, store_memory
from workers.queues import queue_health

HEALTH_PATH = "/healthz"
blp = Blueprint("health", __name__, url_prefix=HEALTH_PATH, description="Service health")

RETRY_AFTER_S = 5
#: A record found behind what the service had acknowledged keeps /healthz degraded this long.
INCIDENT_RECENT_S = 3600
#: Memory used past this share of the store's limit is reported as degraded.
MEMORY_WARNING_RATIO = 0.9
#: The check answers within this long, whatever the store does (a load balancer waits about a second).
ANSWER_WITHIN_S = 0.9


@blp.route("")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, schema=HealthSchema, description="Down: actions cannot be logged (see reasons)")
    def get(self):
        """``ok`` or ``degraded`` (200), ``down`` (503), with the reasons, the store, memory, disk,
        cluster and queue facts; answered within a second."""
        body: dict[str, Any] = {"status": "ok", "reasons": [], "redis": {}, "append_only_file": {}, "memory": {},
                                "disk": {}, "cluster": {}, "queue": {}, "record": {}}
        probes = services().probes
        try:
            body.update(_within(ANSWER_WITHIN_S, lambda: _probe(probes)))
        except TimeoutError as exc:
            return _down(body, f"the store did not answer within {ANSWER_WITHIN_S} s: it is frozen, overloaded or "
                               "failing over", exc)
        except redis.BusyLoadingError as exc:
            return _down(body, "the store is starting: it is reading its append-only file back", exc)
        except Exception as exc:  # any failure to reach Redis is what this endpoint reports
            return _down(body, f"the store cannot be reached: {exc}", exc)
        down, degraded = assess(body["append_only_file"], body["memory"], body["queue"], body["record"],
                                body["disk"], body["cluster"])
        body["reasons"] = down + degraded
        body["status"] = "down" if down else "degraded" if degraded else "ok"
        if down:
            return body, 503, {"Retry-After": str(RETRY_AFTER_S)}
        return body, 200


def _probe(probes: Probes) -> dict[str, Any]:
    """The facts, or the error that kept them from being read."""
    facts: dict[str, Any] = {}
    facts["redis"], facts["append_only_file"] = store_health(probes.redis)
    facts["memory"] = store_memory(probes.redis)
    facts["disk"] = store_disk(probes.redis)
    facts["cluster"] = cluster_nodes(probes.redis)
    facts["queue"] = queue_health(probes.queue)
    count, latest = probes.store.incidents()
    facts["record"] = {"incidents": count, "latest": latest}
    return facts


def _within(seconds: float, probe):
    """``probe()``, run in a thread of its own and waited for ``seconds`` at most (then TimeoutError).

    A thread per check, not a pool: a probe stuck on a frozen store never holds up the next one,
    and ends by itself within its commands' timeouts."""
    outcome: list = []

    def run() -> None:
        try:
            outcome.append((probe(), None))
        except BaseException as exc:  # noqa: BLE001 - handed to the request, which reports it
            outcome.append((None, exc))

    thread = threading.Thread(target=run, name="courtcard-healthz", daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        raise TimeoutError(f"no answer within {seconds} s")
    value, error = outcome[0]
    if error is not None:
        raise error
    return value


def assess(aof: dict, memory: dict, queue: dict, record: dict | None = None, disk: dict | None = None,
           cluster: dict | None = None) -> tuple[list[str], list[str]]:
    """``(down, degraded)``: the reasons actions cannot be logged, and those that need attention."""
    down, degraded = [], []
    disk, cluster = disk or {}, cluster or {}
    recent = [i for i in (record or {}).get("latest", []) if _age_s(i.get("at")) < INCIDENT_RECENT_S]
    if recent:
        latest = recent[0]
        degraded.append(f"the store lost acknowledged writes: game {latest['game']}'s record moved back "
                        f"({latest['detail']}) at {latest['at']}; the service rebuilt it from the record")
    if disk.get("writes_refused"):
        down.append(f"the store's disk is full or cannot be written, so it refuses writes ({disk['error']})")
    elif aof["enabled"] and aof["last_write_status"] != "ok":
        down.append("the store cannot write its append-only file (its disk may be full), so it refuses writes")
    elif disk.get("last_save_status") not in (None, "ok"):
        degraded.append("the store's last snapshot to disk failed (its disk may be full)")
    if not aof["enabled"]:
        degraded.append("the store keeps no append-only file: a restart would lose the record's latest events")
    if aof.get("last_rewrite_status") not in (None, "ok"):
        degraded.append("the store's last append-only file rewrite failed")
    ratio = memory.get("used_ratio")
    if ratio is not None and ratio >= 1:
        down.append(f"the store is full ({memory['used_bytes']} of {memory['limit_bytes']} bytes) and refuses writes")
    elif ratio is not None and ratio >= MEMORY_WARNING_RATIO:
        degraded.append(f"the store's memory is near its limit ({ratio:.0%} of {memory['limit_bytes']} bytes)")
    for node in cluster.get("down", []):
        degraded.append(f"the cluster's node {node} is down")
    for node in cluster.get("primaries_without_replica", []):
        degraded.append(f"the cluster's primary {node} has no replica: if it fails, no node takes over its games")
    if queue["queued"] and not queue["workers"]:
        degraded.append(f"{queue['queued']} job(s) wait and no worker is alive to take them "
                        "(score sheets and audits are built in the requests meanwhile)")
    return down, degraded


def _down(body: dict, reason: str, exc: Exception) -> tuple[dict, int, dict]:
    body.update(status="down", reasons=[reason], redis={"reachable": False, "error": str(exc)})
    return body, 503, {"Retry-After": str(RETRY_AFTER_S)}


def _age_s(at: str | None) -> float:
    """Seconds since an incident's ISO-8601 UTC time (infinite when it cannot be read)."""
    try:
        when = datetime.strptime(at or "", "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    except ValueError:
        return float("inf")
    return (datetime.now(timezone.utc) - when).total_seconds()
