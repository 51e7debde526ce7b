"""Serving the API with Granian, a production HTTP server written in Rust, from ``courtcard serve``.

Granian reads and writes HTTP outside the Python interpreter, so an API process spends its
interpreter on Courtcard's own work. On this project's benchmark (bench/api.py, 32 tables on a
2-core machine) that gave about a fifth more plays per second than gunicorn's threaded workers,
with the 99th percentile down from 50 to 74 ms to 35 to 56 ms.

Each process runs ``concurrency`` requests at once (api.gate), plus up to ``stream_limit`` live
event streams, each of which holds a thread of its own while it waits for the next event (a WSGI
response is produced by a thread), though not a store connection: api.live reads each watched game
once for all of a process's watchers; plus the imports it reads at once (``COURTCARD_IMPORTS``,
api.resources.imports), each on a thread of its own too, outside the gate, while its body arrives.

An API process that dies (a crash, a kill) is started again by Granian while the others keep
serving. When one dies again within seconds of its restart, Granian calls it a crash loop and
stops; :func:`serve_api` then starts Granian again after a back-off, so only Ctrl-C or SIGTERM
ends the service.
"""

from __future__ import annotations

import logging
import os
import signal
import threading

from granian import Granian
from granian.constants import Interfaces
from granian.log import LogLevels

from api.gate import DEFAULT_IMPORTS_AT_ONCE
from api.supervisor import Backoff

STOP_TIMEOUT_S = 5
GRANIAN_BACKLOG = 1024  # Granian's default listen backlog
log = logging.getLogger("courtcard.serve")


def serve_api(host: str, port: int, processes: int, concurrency: int, stream_limit: int, redis_url: str) -> None:
    """Serve ``api.wsgi:app`` until SIGINT or SIGTERM; worker processes inherit this environment."""
    os.environ.update(REDIS_URL=redis_url, COURTCARD_CONCURRENCY=str(concurrency),
                      COURTCARD_STREAM_LIMIT=str(stream_limit))
    logging.getLogger("_granian").addFilter(_GranianNotes())
    backoff = Backoff()
    while True:
        server = _granian(host, port, processes, concurrency, stream_limit)
        backoff.started()
        try:
            server.serve()
        except SystemExit:
            pass  # Granian exits with 1 after a crash loop of its processes
        if server.interrupt_signal:
            return
        delay = backoff.next_delay()
        log.error("the API processes kept dying; starting them again in %.0f s", delay)
        if _interrupted_within(delay):
            return


def _granian(host: str, port: int, processes: int, concurrency: int, stream_limit: int) -> Granian:
    threads = concurrency + stream_limit + int(os.environ.get("COURTCARD_IMPORTS", DEFAULT_IMPORTS_AT_ONCE))
    return Granian(
        "api.wsgi:app",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=processes,
        blocking_threads=threads,
        # Requests a process takes in at once, whether at work, streaming or waiting for a thread:
        # Granian's default (half its backlog of 1,024 with two processes) is fewer than the live
        # streams a process holds, so the threads plus that many waiting.
        backpressure=threads + GRANIAN_BACKLOG // processes,
        # A live stream never ends by itself: on a stop, a process still serving one after this
        # long is ended, and its watchers reconnect and resume from the last event they had.
        workers_kill_timeout=STOP_TIMEOUT_S,
        # A process that dies is started again; the others serve meanwhile.
        respawn_failed_workers=True,
        log_level=LogLevels.warning,
        log_access=False,
    )


def _interrupted_within(seconds: float) -> bool:
    """Wait ``seconds``; True if SIGINT or SIGTERM came meanwhile (Granian's handlers are gone)."""
    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        return stop.wait(seconds)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _GranianNotes(logging.Filter):
    """Granian's warnings, read in Courtcard's terms.

    It warns when a process may run more threads than the machine has cores, advising a limit on
    how many run Python at once: the gate (api.gate) is that limit, and stream threads only wait.
    A process ended on a stop was serving live streams, which is said as such. Its "workers" are
    Courtcard's API processes (the RQ workers are others).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "Python threads" in message:
            return False
        if message.startswith("Unexpected exit from worker-"):
            number = message.rsplit("-", 1)[1]
            record.msg, record.args = f"API process {number} died; starting it again while the others serve.", ()
        if "crash loop detected" in message:
            record.msg, record.args = "An API process died again right after its restart: stopping them all.", ()
        if "refused to gracefully stop" in message:
            record.msg, record.args = "Closed the live event streams still open; their watchers will reconnect.", ()
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True
