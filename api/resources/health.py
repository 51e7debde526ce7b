"""/healthz: can this service log actions, and what is degraded.

``status`` is one of:

- ``ok`` (200): the record is reachable and durable, and the workers keep up;
- ``degraded`` (200): actions are logged and read, but something needs attention (listed in
  ``reasons``): jobs wait with no worker alive to take them (score sheets and audits are then built
  in the requests themselves, more slowly), the store's memory is near its limit, the append-only
  file is off or its last rewrite failed;
- ``down`` (503, with ``Retry-After``): actions cannot be logged here: the store is unreachable or
  starting (reading its append-only file back), refuses writes because its append-only file cannot
  be written, or is full.

A load balancer keeps an instance on 200 and takes it out on 503; ``degraded`` is 200 because the
instance still serves every request.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import redis
from flask.views import MethodView
from flask_smorest import Blueprint

from api.services import services
from api.schemas import HealthSchema
from events.health import store_health, store_memory
from workers.queues import queue_health

blp = Blueprint("health", __name__, url_prefix="/healthz", description="Service health")

RETRY_AFTER_S = 5
#: A record found behind what the service had acknowledged keeps /healthz degraded this long.
INCIDENT_RECENT_S = 3600
#: Memory used past this share of the store's limit is reported as degraded.
MEMORY_WARNING_RATIO = 0.9


@blp.route("")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, schema=HealthSchema, description="Down: actions cannot be logged (see reasons)")
    def get(self):
        """``ok`` or ``degraded`` (200), ``down`` (503), with the reasons, the store, memory and queue facts."""
        client = services().redis
        body: dict[str, Any] = {"status": "ok", "reasons": [], "redis": {}, "append_only_file": {}, "memory": {},
                                "queue": {}, "record": {}}
        try:
            body["redis"], body["append_only_file"] = store_health(client)
            body["memory"] = store_memory(client)
            body["queue"] = queue_health(services().queue)
            count, latest = services().store.incidents()
            body["record"] = {"incidents": count, "latest": latest}
        except redis.BusyLoadingError as exc:
            return _down(body, "the store is starting: it is reading its append-only file back", exc)
        except Exception as exc:  # any failure to reach Redis is what this endpoint reports
            return _down(body, f"the store cannot be reached: {exc}", exc)
        down, degraded = assess(body["append_only_file"], body["memory"], body["queue"], body["record"])
        body["reasons"] = down + degraded
        body["status"] = "down" if down else "degraded" if degraded else "ok"
        if down:
            return body, 503, {"Retry-After": str(RETRY_AFTER_S)}
        return body, 200


def assess(aof: dict, memory: dict, queue: dict, record: dict | None = None) -> tuple[list[str], list[str]]:
    """``(down, degraded)``: the reasons actions cannot be logged, and those that need attention."""
    down, degraded = [], []
    recent = [i for i in (record or {}).get("latest", []) if _age_s(i.get("at")) < INCIDENT_RECENT_S]
    if recent:
        latest = recent[0]
        degraded.append(f"the store lost acknowledged writes: game {latest['game']}'s record moved back "
                        f"({latest['detail']}) at {latest['at']}; the service rebuilt it from the record")
    if aof["enabled"] and aof["last_write_status"] != "ok":
        down.append("the store cannot write its append-only file, so it refuses writes")
    elif not aof["enabled"]:
        degraded.append("the store keeps no append-only file: a restart would lose the record's latest events")
    if aof.get("last_rewrite_status") not in (None, "ok"):
        degraded.append("the store's last append-only file rewrite failed")
    ratio = memory.get("used_ratio")
    if ratio is not None and ratio >= 1:
        down.append(f"the store is full ({memory['used_bytes']} of {memory['limit_bytes']} bytes) and refuses writes")
    elif ratio is not None and ratio >= MEMORY_WARNING_RATIO:
        degraded.append(f"the store's memory is near its limit ({ratio:.0%} of {memory['limit_bytes']} bytes)")
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
