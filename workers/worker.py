"""The Courtcard worker: an RQ ``SimpleWorker`` on every Courtcard queue, that first puts back the
jobs dead workers left half done.

A worker killed outright (SIGKILL, a lost machine) leaves its job marked as started. RQ notices
only when the job's heartbeat expires, a minute or more later; so a starting worker first puts
back on the queue the started jobs of workers that are certainly dead (:mod:`workers.recovery`).
The jobs are idempotent, so running one again is always safe.
"""

from __future__ import annotations

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer

from workers.queues import queues
from workers.recovery import requeue_orphaned_jobs


class CourtcardWorker(SimpleWorker):
    """An RQ worker that first requeues the jobs dead workers left half done."""

    def work(self, *args, **kwargs):
        requeued = requeue_orphaned_jobs(self.connection)
        if requeued:
            self.log.warning("requeued %d job(s) left by dead workers: %s", len(requeued), ", ".join(requeued))
        return super().work(*args, **kwargs)


#: How often a worker runs RQ's upkeep, in seconds. Among it, it starts again its scheduler (which
#: runs the retries of failed jobs) if that died, as it does when the store goes away: RQ's default
#: of 10 minutes would leave retries waiting that long after the store came back.
MAINTENANCE_S = 60


def make_worker(client: redis.Redis, name: str | None = None) -> Worker:
    """A worker on every Courtcard queue (``worker.work(burst=True)`` stops when they are empty)."""
    return CourtcardWorker(queues(client), name=name, connection=client, serializer=JSONSerializer,
                           maintenance_interval=MAINTENANCE_S)
