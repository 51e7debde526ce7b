"""The back-off of `courtcard serve`'s supervisor: doubling while a part keeps failing, forgiven
once the part has run for a while, never forgiven for a part that cannot even start."""

from __future__ import annotations

import time

from api import supervisor
from api.supervisor import Backoff


def test_a_part_that_keeps_failing_waits_longer_each_time_up_to_the_cap():
    backoff = Backoff()
    assert [backoff.next_delay() for _ in range(7)] == [1, 2, 4, 8, 16, 30, 30]


def test_a_part_that_ran_for_a_minute_is_restarted_after_the_first_delay_again():
    backoff = Backoff()
    backoff.next_delay(), backoff.next_delay()
    backoff.started()
    backoff.started_at -= supervisor.STABLE_S
    assert backoff.next_delay() == 1


def test_failed_starts_long_after_the_last_run_still_back_off():
    backoff = Backoff(started_at=time.monotonic() - 10 * supervisor.STABLE_S)
    assert [backoff.next_delay() for _ in range(4)] == [1, 2, 4, 8]
