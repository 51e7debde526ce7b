"""Random legal Black Queen games (hypothesis): the record invariants after whole hands, the
hidden-partner rule in the public view after every action, and an illegal card detected the same
way in a known and a blind record; and random games in which corrections, claims and early ends are
taken at every moment they are allowed fold, keep every ruling, and replay."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trick_random import (
    check_corrections_at_random, check_illegal_card_detected_alike, check_record, step, table_sees_the_same,
    twin_tables,
)
from trick_table import Table, events_of
from referee import events as ev


def check_partners_hidden(known: Table) -> None:
    """No public view of the known record names a holder of a called card before it is played: the
    views for every seat are the view for nobody, they hold no hand and no holder, and the
    partners revealed are exactly the called cards played so far."""
    state = known.state
    game = known.game
    table = game.public_view(state)
    json.dumps(table)
    if table["hand"] is not None:
        assert not {"holders", "hands", "your_hand", "irregularities"} & set(table["hand"])
    for seat in range(6):
        assert game.public_view(state, seat) == table
    h = state.hand
    if h is not None and h.called:
        played = {c for rec in h.tricks for c in rec["cards"]} | {c for _, c in h.trick}
        assert {r["card"] for r in table["hand"]["partners_revealed"]} == set(h.called) & played


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variable=st.booleans())
def test_random_legal_games_keep_the_record_and_the_partners_hidden(seed, variable):
    rng = random.Random(seed)
    known, blind = twin_tables("black-queen", seed, hands=3, variable_shares=variable)
    while known.state.phase != "over":
        step(known, blind, rng)
        check_partners_hidden(known)
        table_sees_the_same(known, blind)
    assert len(known.state.history) == 3
    check_record(known, blind)
    for scored in events_of(known.log, ev.HandScored):
        sheet = scored.sheet
        assert sum(u["card_points"] for u in sheet["units"]) == 150
        shares = sum(u["shares"] for u in sheet["units"])
        assert sum(u["hand_total"] for u in sheet["units"]) == (1 if sheet["made"] else -1) * sheet["bid"] * shares
        if variable:
            assert shares == 3


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), detection=st.sampled_from(["announced", "on_claim"]))
def test_an_illegal_card_is_detected_the_same_way_in_both_records(seed, detection):
    found = check_illegal_card_detected_alike("black-queen", seed, detection, hands=0)
    if found is not None and detection == "announced":
        blind, seat = found
        sheet = events_of(blind.log, ev.HandScored)[0].sheet
        assert sheet["renege"]["seat"] == seat and sheet["made"] == (seat not in sheet["team"])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), record=st.sampled_from(["known", "blind"]),
       detection=st.sampled_from(["announced", "on_claim"]))
def test_random_games_with_corrections_claims_and_early_ends_fold_and_replay(seed, record, detection):
    check_corrections_at_random("black-queen", seed, record, detection, hands=3)
