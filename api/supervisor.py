"""Keeping ``courtcard serve`` whole: its RQ workers, its embedded store and the nodes of its local
cluster (``--cluster``) are restarted when they die.

The API processes are Granian's, which starts again one that dies (api.server). This module watches
the rest from a thread of the serving process: each RQ worker it started, the embedded store, and
each node of the local cluster (a node started again rejoins the cluster as a replica: its slots
went to the replica that took over meanwhile). One that exits while the service is not stopping
is started again after a back-off that doubles with each quick failure (1, 2, 4 ... up to 30 s)
and is forgiven once it has run for a minute, so a part that cannot start (the store gone, its
port taken) is retried without spinning. Every exit and restart is logged.

Each RQ worker runs in a process group of its own, so a Ctrl-C in the terminal reaches the API
only: the workers are stopped here, after the API, with SIGTERM (each finishes the job in hand),
then the cluster's nodes, and the embedded store last. The servers run in sessions of their own
already (events.server). A worker's group also holds its scheduler process: when a worker dies,
or outlives its stop, its group is killed with it, so no orphan of it is left running.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from events.server import EmbeddedServer, EmbeddedServerError

BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 30.0
#: A part that ran this long before it died is restarted after the first back-off again.
STABLE_S = 60.0
CHECK_EVERY_S = 0.25
WORKER_STOP_TIMEOUT_S = 30

log = logging.getLogger("courtcard.serve")


@dataclass
class Backoff:
    """How long to wait before starting a part again: doubling with each quick failure.

    >>> backoff = Backoff()
    >>> [backoff.next_delay() for _ in range(7)]
    [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    """

    failures: int = 0
    #: When the part last started, or None while it is down (a failed start is not a run).
    started_at: float | None = field(default_factory=time.monotonic)

    def next_delay(self) -> float:
        if self.started_at is not None and time.monotonic() - self.started_at >= STABLE_S:
            self.failures = 0
        self.started_at = None
        delay = min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2 ** self.failures)
        self.failures += 1
        return delay

    def started(self) -> None:
        self.started_at = time.monotonic()


@dataclass
class _Slot:
    """One supervised part: its process when running, else the moment it is due to start again
    (a store's process is its server's)."""

    name: str
    process: subprocess.Popen | None = None
    due: float | None = None
    backoff: Backoff = field(default_factory=Backoff)
    server: EmbeddedServer | None = None


class Supervisor:
    """Starts ``workers`` RQ workers with ``env``, and keeps them, ``embedded`` (if any) and the
    cluster's ``nodes`` running."""

    def __init__(self, workers: int, env: dict[str, str], embedded: EmbeddedServer | None,
                 nodes: Sequence[EmbeddedServer] = ()) -> None:
        self.env = env
        self.workers = [_Slot(f"RQ worker {i + 1}") for i in range(workers)]
        self.stores = ([_Slot("embedded store", server=embedded)] if embedded is not None else []) + [
            _Slot(f"cluster node {i}", server=node) for i, node in enumerate(nodes)]
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="courtcard-supervisor", daemon=True)

    def start(self) -> None:
        for slot in self.workers:
            self._start_worker(slot)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching, then stop the workers (each finishes its job), the cluster's nodes and the
        embedded store (those this process started)."""
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join()
        running = [slot.process for slot in self.workers if slot.process is not None]
        for process in running:
            process.send_signal(signal.SIGTERM)
        for process in running:
            try:
                process.wait(timeout=WORKER_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                pass
            _kill_group(process)
        for slot in reversed(self.stores):
            slot.server.stop_if_started_here()

    # -- the watch --------------------------------------------------------------------------------

    def _watch(self) -> None:
        while not self._stopping.wait(CHECK_EVERY_S):
            try:
                for slot in self.stores:
                    self._check_store(slot)
                for slot in self.workers:
                    self._check_worker(slot)
            except Exception:  # the watch must outlive any one failure, or nothing is restarted again
                log.exception("the supervisor's check failed; it goes on")

    def _check_worker(self, slot: _Slot) -> None:
        if slot.process is not None:
            code = slot.process.poll()
            if code is None:
                return
            _kill_group(slot.process)  # its scheduler, orphaned
            slot.process = None
            self._schedule(slot, f"{slot.name} exited ({_exit_reason(code)})")
        if time.monotonic() >= slot.due and not self._stopping.is_set():
            try:
                self._start_worker(slot)
            except OSError as exc:
                self._schedule(slot, f"{slot.name} could not start: {exc}")

    def _check_store(self, slot: _Slot) -> None:
        server = slot.server
        if slot.due is None:
            if not server.has_exited():
                return
            self._schedule(slot, f"the {slot.name} (pid {server.pid}) exited")
        if time.monotonic() < slot.due or self._stopping.is_set():
            return
        try:
            server.restart()
        except EmbeddedServerError as exc:
            self._schedule(slot, f"the {slot.name} did not start again: {exc}")
            return
        slot.due = None
        slot.backoff.started()
        log.warning("the %s runs again (pid %s, same port and data)", slot.name, server.pid)

    def _schedule(self, slot: _Slot, what: str) -> None:
        delay = slot.backoff.next_delay()
        slot.due = time.monotonic() + delay
        log.error("%s; starting it again in %.0f s", what, delay)

    def _start_worker(self, slot: _Slot) -> None:
        # A process group of its own: a Ctrl-C meant for `courtcard serve` does not reach it.
        slot.process = subprocess.Popen([sys.executable, "-m", "api", "worker"], env=self.env, process_group=0)
        slot.due = None
        slot.backoff.started()
        log.info("%s started (pid %d)", slot.name, slot.process.pid)


def _kill_group(process: subprocess.Popen) -> None:
    """SIGKILL what is left of the process group a worker leads (itself too, if still there)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _exit_reason(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
