"""Sixteen writers racing on one game: every event lands exactly once, versions 1..N, no gaps."""

from __future__ import annotations

import threading

from store_samples import NoteTaken

from events.errors import ConcurrencyError

WRITERS = 16
EVENTS_EACH = 20


def _writer(store, writer: int, barrier: threading.Barrier, conflicts: list[int]) -> None:
    barrier.wait()
    for n in range(EVENTS_EACH):
        event_id = f"w{writer}-e{n}"
        event = NoteTaken(event_id, writer % 4)
        version = store.version("race")
        while True:
            # Decide on the version just read; on a conflict, take the current one and retry,
            # as the referee service does.
            try:
                store.append("race", [event], version, f"writer {writer}", event_ids=[event_id])
                break
            except ConcurrencyError as exc:
                conflicts[writer] += 1
                version = exc.current


def test_sixteen_racing_writers_record_every_event_exactly_once(make_store):
    stores = [make_store() for _ in range(WRITERS)]
    barrier = threading.Barrier(WRITERS)
    conflicts = [0] * WRITERS
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            _writer(stores[i], i, barrier, conflicts)
        except BaseException as exc:  # surfaced below; a thread's exception is otherwise lost
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert errors == []
    envelopes = list(stores[0].read("race"))
    total = WRITERS * EVENTS_EACH
    assert [e.version for e in envelopes] == list(range(1, total + 1))
    assert sorted(e.event_id for e in envelopes) == sorted(f"w{w}-e{n}" for w in range(WRITERS) for n in range(EVENTS_EACH))
    assert all(e.event.text == e.event_id for e in envelopes)
    assert stores[0].verify("race").ok
    assert sum(conflicts) > 0  # the writers really did race
