"""Random play (hypothesis) for every player count and variant of Queen's Dungeon, checking the
invariants of the record: every card once per hand, tricks add up, the replayed state equals the
live one, a blind record reaches the same scores, and an illegal card is detected the same way in
a known and a blind record; and random games in which take-backs, penalties, claims and early ends
are taken at every moment they are allowed (two reneges in one trick, an end while a penalty choice
is pending) fold, keep every ruling, and replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qd_table import QD, Table, events_of
from trick_random import check_record, check_replay_equals_live, play_with_corrections, renege_detected_alike
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.cards import deck_without
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.rules import legal_cards
from referee.confirmations import Confirm
from referee.undo import Undo

CONFIGS = [
    {"players": 2},
    {"players": 3},
    {"players": 3, "four_hands": True},
    {"players": 4},
    {"players": 4, "partners": True},
    {"players": 4, "challenge": True, "challenge_threshold": 60},
    {"players": 4, "dealer": None},  # the cut chooses the first dealer
    {"players": 5, "challenge": True, "challenge_threshold": 60},
    {"players": 6},
    {"players": 7},
    {"players": 8},
]
NOT_RANDOM = (cmd.TakeBack, cmd.AcceptPenalty, Undo, Confirm)


def twin_tables(config: dict, seed: int, target: int = 150, known_detection: str = "announced",
                blind_detection: str = "announced") -> tuple[Table, Table]:
    opts = dict(config)
    dealer = opts.pop("dealer", 0)
    known = Table(record="known", dealer=dealer, seed=seed, target=target, detection=known_detection, **opts)
    blind = Table(record="blind", dealer=dealer, seed=seed, target=target, detection=blind_detection, **opts)
    return known, blind


def step(known: Table, blind: Table, rng: random.Random, command=None) -> list:
    """One action at the known table, and the same action (as the table saw it) at the blind one."""
    if command is None:
        seat = QD.to_act(known.state)[0]
        command = rng.choice([a for a in QD.legal_actions(known.state, seat) if not isinstance(a, NOT_RANDOM)])
    events = known.act(command)
    if isinstance(command, cmd.Deal):
        blind.act(cmd.Deal())
    elif isinstance(command, cmd.Cut):
        blind.act(cmd.Cut(command.seat, events[0].card))
    else:
        blind.act(command)
    return events


def hands_of(log: list) -> dict[int, list]:
    """The events of each hand, without those a correction replaced."""
    out: dict[int, list] = {}
    no = 0
    for event in log:
        if isinstance(event, qd_ev.TrumpCalled):
            no = event.hand
        out.setdefault(no, []).append(event)
    return out


def check_every_card_once_per_hand(table: Table) -> None:
    for no, events in hands_of(table.log).items():
        if no == 0:
            continue
        dealt = events_of(events, ev.HandDealt)[0]
        cards = [e.card for e in events_of(events, ev.CardPlayed)]
        assert len(cards) == len(set(cards))
        if events_of(events, ev.HandScored):
            layout = table.state.layout
            assert len(cards) == layout.seats * layout.hand_size
            if dealt.hands is None:
                continue  # blind record: the spare hand of the four-hands variant is unknown
            deck = set(deck_without(dealt.removed))
            exchanged = any(e.exchanged for e in events_of(events, qd_ev.HandExchanged))
            if dealt.extra is not None:
                deck -= set(dealt.hands[dealt.dealer] if exchanged else dealt.extra)
            assert set(cards) == deck


def check_tricks_add_up(table: Table) -> None:
    size = table.state.layout.hand_size
    for scored in events_of(table.log, ev.HandScored):
        assert sum(s["tricks"] for s in scored.sheet["seats"]) == size
        assert sum(s["queens"] for s in scored.sheet["seats"]) <= 4
    for no, events in hands_of(table.log).items():
        if events_of(events, ev.HandScored):
            assert [e.trick for e in events_of(events, ev.TrickWon)] == list(range(1, size + 1))


def check_views(table: Table) -> None:
    """Views are JSON-ready; a seat's view shows its own hand and nobody else's."""
    state = table.state
    json.dumps(QD.director_view(state))
    json.dumps(QD.scores(state))
    for seat in range(state.layout.seats):
        view = QD.public_view(state, seat)
        json.dumps(view)
        hand = view["hand"]
        assert "hands" not in hand and "extra" not in hand and "irregularities" not in hand
        if state.hand.hands is not None and seat != state.layout.dummy:
            assert sorted(hand["your_hand"]) == sorted(state.hand.hands[seat])
        else:
            assert "your_hand" not in hand


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_the_record_invariants(config, seed):
    rng = random.Random(seed)
    known, blind = twin_tables(config, seed)
    for _ in range(2000):
        if known.state.phase == "over" or len(known.state.history) >= 4:
            break
        step(known, blind, rng)
    assert known.state.history, "at least one hand was played"
    check_record(known, blind, (check_every_card_once_per_hand, check_tricks_add_up, check_replay_equals_live, check_views))


def illegal_choice(table: Table, rng: random.Random) -> str | None:
    """A card the seat to play holds but may not play (None when it has none, or is the dummy)."""
    state = table.state
    if state.phase != "play":
        return None
    seat = state.hand.turn
    if seat == state.layout.dummy:
        return None
    legal = set(legal_cards(state, seat))
    illegal = [c for c in state.hand.hands[seat] if c not in legal]
    return rng.choice(illegal) if illegal else None


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), detection=st.sampled_from(["announced", "on_claim"]))
def test_an_illegal_card_is_detected_the_same_way_in_both_records(config, seed, detection):
    rng = random.Random(seed)
    # The known table records silently so play can go on; a copy with detection announced shows
    # what a known table that announces would have done at that moment.
    known, blind = twin_tables(config, seed, target=10_000, known_detection="on_claim", blind_detection=detection)
    seat = renege_detected_alike(known, blind, rng, detection, known.state.layout.players, illegal_choice, step)
    if seat is not None and detection == "announced":
        assert events_of(blind.log, qd_ev.TotalSet)  # window C sets the reneger's total


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), record=st.sampled_from(["known", "blind"]),
       detection=st.sampled_from(["announced", "on_claim"]))
def test_random_games_with_corrections_claims_and_early_ends_fold_and_replay(config, seed, record, detection):
    rng = random.Random(seed)
    opts = dict(config)
    table = Table(record=record, dealer=opts.pop("dealer", 0), seed=seed, target=150, detection=detection, **opts)
    play_with_corrections(table, rng, hands=3, illegal=illegal_choice)
