"""Serving the API with Granian, a production HTTP server written in Rust, from ``courtcard serve``.

Granian reads and writes HTTP outside the Python interpreter, so an API process spends its
interpreter on Courtcard's own work. On this project's benchmark (bench/api.py, 32 tables on a
2-core machine) that gave about a fifth more plays per second than gunicorn's threaded workers,
with the 99th percentile down from 50 to 74 ms to 35 to 56 ms.

Each process runs ``concurrency`` requests at once (api.gate), plus up to ``stream_limit`` live
event streams, each of which holds a thread of its own while it waits for the next event.
"""

from __future__ import annotations

import logging
import os

from granian import Granian
from granian.constants import Interfaces
from granian.log import LogLevels

STOP_TIMEOUT_S = 5


def serve_api(host: str, port: int, processes: int, concurrency: int, stream_limit: int, redis_url: str) -> None:
    """Serve ``api.wsgi:app`` until SIGINT or SIGTERM; worker processes inherit this environment."""
    os.environ.update(REDIS_URL=redis_url, COURTCARD_CONCURRENCY=str(concurrency),
                      COURTCARD_STREAM_LIMIT=str(stream_limit))
    logging.getLogger("_granian").addFilter(_GranianNotes())
    Granian(
        "api.wsgi:app",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=processes,
        blocking_threads=concurrency + stream_limit,
        # A live stream never ends by itself: on a stop, a process still serving one after this
        # long is ended, and its watchers reconnect and resume from the last event they had.
        workers_kill_timeout=STOP_TIMEOUT_S,
        log_level=LogLevels.warning,
        log_access=False,
    ).serve()


class _GranianNotes(logging.Filter):
    """Granian's warnings, read in Courtcard's terms.

    It warns when a process may run more threads than the machine has cores, advising a limit on
    how many run Python at once: the gate (api.gate) is that limit, and stream threads only wait.
    A process ended on a stop was serving live streams, which is said as such.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "Python threads" in message:
            return False
        if "refused to gracefully stop" in message:
            record.msg, record.args = "Closed the live event streams still open; their watchers will reconnect.", ()
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True
