"""Random legal Queen Bees games (hypothesis), checking the record invariants after whole hands,
that the table sees the same in a known and a blind record after every action, and that an illegal
card is detected the same way in both records; and random games in which corrections, claims and
early ends are taken at every moment they are allowed fold, keep every ruling, and replay."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trick_random import (
    check_corrections_at_random, check_illegal_card_detected_alike, check_record, step, table_sees_the_same,
    twin_tables,
)
from trick_table import events_of
from referee import events as ev


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_the_record_invariants(seed):
    rng = random.Random(seed)
    known, blind = twin_tables("queen-bees", seed, target=40)
    while known.state.phase != "over" and len(known.state.history) < 3:
        step(known, blind, rng)
        table_sees_the_same(known, blind)
    assert known.state.history
    check_record(known, blind)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), detection=st.sampled_from(["announced", "on_claim"]))
def test_an_illegal_card_is_detected_the_same_way_in_both_records(seed, detection):
    found = check_illegal_card_detected_alike("queen-bees", seed, detection, target=10_000)
    if found is not None and detection == "announced":
        blind, seat = found
        penalised = events_of(blind.log, ev.HandScored)[0].sheet["units"][seat]
        assert penalised["renege"] and penalised["hand_total"] == -10 * penalised["bid"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), record=st.sampled_from(["known", "blind"]),
       detection=st.sampled_from(["announced", "on_claim"]))
def test_random_games_with_corrections_claims_and_early_ends_fold_and_replay(seed, record, detection):
    check_corrections_at_random("queen-bees", seed, record, detection, target=60)
