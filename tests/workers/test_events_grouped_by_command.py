"""The audit and the dispute explanations group a claim with its ruling and penalty by their
command id, not by guessing from the time and the actor; records from before command ids are
grouped as they were."""

from __future__ import annotations

from events.envelope import GENESIS_HASH, Envelope
from workers.claims import same_append

SAME_TIME = "2026-01-01T00:00:00.000000Z"


def envelope(version: int, command_id: str | None) -> Envelope:
    return Envelope(f"e{version}", "g1", version, "Noted", 1, {}, SAME_TIME, "scorekeeper", GENESIS_HASH, "h",
                    command_id=command_id)


def test_two_actions_logged_in_the_same_microsecond_by_one_actor_are_two_appends():
    log = [envelope(1, "dispute:a"), envelope(2, "dispute:a"), envelope(3, "action:b"), envelope(4, "action:b")]
    assert [e.version for e in same_append(log, 0)] == [1, 2]
    assert [e.version for e in same_append(log, 2)] == [3, 4]


def test_a_record_from_before_command_ids_is_grouped_by_time_and_actor_as_before():
    log = [envelope(1, None), envelope(2, None), envelope(3, "action:new")]
    assert [e.version for e in same_append(log, 0)] == [1, 2]
