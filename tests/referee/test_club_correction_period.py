"""The correction period is kept by the record's clock: pure, no store, no clock of its own."""

from __future__ import annotations

import pytest

from referee.club.errors import ClubError
from referee.club.sessions import ResultsPublished, RoundSeated, SessionOpened, SessionState, TableGameCreated


def session(correction_seconds=1800):
    state = SessionState()
    state.apply(SessionOpened("s1", "Night", "2026-11-27", "queens-dungeon", {}, "blind", 1, [], list("abcd"), 4,
                              correction_seconds), "2026-11-27T19:00:00.000000Z")
    state.apply(RoundSeated(1, "given", None, [list("abcd")]), "2026-11-27T19:01:00.000000Z")
    state.apply(TableGameCreated(1, 1, "g1"), "2026-11-27T19:01:00.000000Z")
    state.apply(ResultsPublished("results"), "2026-11-27T22:00:00.000000Z")
    return state


def test_session_appeal_is_in_time_until_the_period_closes_by_the_records_clock():
    state = session()
    assert state.closes_at() == "2026-11-27T22:30:00.000000Z"
    assert state.appeal("g1", "a", "a claim", now="2026-11-27T22:30:00.000000Z").game_id == "g1"
    with pytest.raises(ClubError, match="closed at 2026-11-27T22:30:00.000000Z") as refused:
        state.appeal("g1", "a", "a claim", now="2026-11-27T22:30:00.000001Z")
    assert refused.value.code == "results_final"


def test_session_correction_period_is_set_per_session():
    assert session(correction_seconds=600).closes_at() == "2026-11-27T22:10:00.000000Z"
