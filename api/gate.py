"""How many requests an API process works on at once, served in the order they arrived.

Python runs one thread at a time per process. When every server thread works on a request at
once, they take turns on the interpreter and each request waits for all the others: a busy table
sees its plays slowed by the queue, and the slowest plays by far more (the 99th percentile was
several times the median). Letting a few requests run and the rest wait their turn, first come
first served, keeps every play's wait close to the median.

Live event streams are left out: they spend their life waiting for the next event, and each
holds a server thread of its own (their number is capped by ``STREAM_LIMIT``, see api.app). So is
the health check, which a load balancer must get an answer to within a second even while every
request at work waits on a slow store (api.resources.health).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable

#: Requests an API process works on at once (COURTCARD_CONCURRENCY, serve --concurrency).
DEFAULT_CONCURRENCY = 2
#: Live event streams an API process serves at once (COURTCARD_STREAM_LIMIT, serve --streams).
DEFAULT_STREAM_LIMIT = 1000
#: Imports an API process reads at once (COURTCARD_IMPORTS), outside the gate: api.resources.imports.
DEFAULT_IMPORTS_AT_ONCE = 1


class FairGate:
    """A counting gate that admits waiters strictly in arrival order.

    ``threading.Semaphore`` lets a newcomer take a slot that was freed for a waiter, so a request
    can be passed over again and again; here a released slot is handed to the oldest waiter.
    """

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a gate needs room for at least one request")
        self._free = size
        self._lock = threading.Lock()
        self._waiters: deque[threading.Lock] = deque()

    def __enter__(self) -> None:
        with self._lock:
            if self._free and not self._waiters:
                self._free -= 1
                return
            turn = threading.Lock()
            turn.acquire()
            self._waiters.append(turn)
        turn.acquire()  # released by the request that hands its slot over

    def __exit__(self, *exc_info) -> None:
        with self._lock:
            if self._waiters:
                self._waiters.popleft().release()
            else:
                self._free += 1


class GatedApp:
    """WSGI middleware: each request (but those ``exempt`` says are streams) passes the gate,
    and holds it until its whole body is produced."""

    def __init__(self, app: Callable, size: int, exempt: Callable[[str], bool]) -> None:
        self.app = app
        self.gate = FairGate(size)
        self.exempt = exempt

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if self.exempt(environ.get("PATH_INFO", "")):
            return self.app(environ, start_response)
        with self.gate:
            body = self.app(environ, start_response)
            try:
                return list(body)
            finally:
                close = getattr(body, "close", None)  # a WSGI body may have one (PEP 3333)
                if close is not None:
                    close()
