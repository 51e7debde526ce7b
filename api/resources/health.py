"""/healthz: is the record reachable and durable, and are the workers keeping up."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.app import services
from api.schemas import HealthSchema
from events.health import store_health
from workers.queues import queue_health

blp = Blueprint("health", __name__, url_prefix="/healthz", description="Service health")


@blp.route("")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, schema=HealthSchema, description="Redis unreachable or the append-only file failing")
    def get(self):
        """Redis reachable, append-only file healthy, queue depth and failed jobs."""
        client = services().redis
        body = {"status": "ok", "redis": {}, "append_only_file": {}, "queue": {}}
        try:
            body["redis"], body["append_only_file"] = store_health(client)
            body["queue"] = queue_health(client)
            if not body["append_only_file"]["healthy"]:
                body["status"] = "degraded"
        except Exception as exc:  # any failure to reach Redis is what this endpoint reports
            body.update(status="unavailable", redis={"reachable": False, "error": str(exc)})
            return body, 503, {"Retry-After": "5"}
        return body, 200 if body["status"] == "ok" else 503
