"""Random legal Queen Bees games (hypothesis), checking the record invariants after whole hands,
that the table sees the same in a known and a blind record after every action, and that an illegal
card is detected the same way in both records."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trick_random import check_record, illegal_choice, step, table_sees_the_same, twin_tables
from trick_table import events_of
from referee import errors
from referee import events as ev
from referee.games.queen_bees import trick_commands as cmd


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
    rng = random.Random(seed)
    known, blind = twin_tables("queen-bees", seed, known_detection="on_claim", blind_detection=detection,
                               target=10_000)
    renege = None
    while not known.state.history:
        card = illegal_choice(known, rng) if rng.random() < 0.3 else None
        if card is not None:
            renege = known.hand.turn, known.hand.trick_no, card
            break
        step(known, blind, rng)
    if renege is None:
        return  # no seat ever held a card it could not play
    seat, trick, card = renege
    announcing = copy.deepcopy(known.state)
    announcing.options["detection"] = "announced"
    with pytest.raises(errors.IllegalPlay) as refused:
        known.game.decide(announcing, cmd.Play(seat, card), rng)
    assert (refused.value.seat, refused.value.trick, refused.value.card) == (seat, trick, card)
    step(known, blind, rng, cmd.Play(seat, card))
    while not known.state.history:
        step(known, blind, rng)
    claimant = (seat + 1) % 4
    found = {"known": known.game.decide(known.state, cmd.ClaimRenege(claimant, seat, trick), rng)}
    if detection == "on_claim":
        found["blind"] = blind.game.decide(blind.state, cmd.ClaimRenege(claimant, seat, trick), rng)
        for events in found.values():
            r = events_of(events, ev.RenegeRuled)[0]
            assert (r.accused, r.trick, r.card, r.verdict, r.window) == (seat, trick, card, "upheld", "D")
    else:
        rulings = events_of(blind.log, ev.RenegeRuled)
        assert [(r.accused, r.trick, r.card, r.verdict, r.window) for r in rulings] == [(seat, trick, card, "upheld", "C")]
        penalised = events_of(blind.log, ev.HandScored)[0].sheet["units"][seat]
        assert penalised["renege"] and penalised["hand_total"] == -10 * penalised["bid"]
