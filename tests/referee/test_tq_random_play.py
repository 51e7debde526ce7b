"""The Queens at random: legal moves (take-backs among them) on shuffled deals; after every action
the replayed record is the live state, nothing legal is refused, and the record decides again."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.the_queens import commands as cmd
from referee.redecide_record import redecide
from referee.registry import get_game
from referee.replay import replay

GAME = get_game("the-queens")


def snapshot(state):
    """All a state shows, and the tableaux its take-backs would restore."""
    standing = [(v, t.key, t.pack, t.piles, t.foundations, t.talon, t.pass_base) for v, t in state.standing]
    return (state.version, state.moves, GAME.director_view(state), GAME.scores(state), GAME.outcome(state), standing)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6), steps=st.integers(1, 160))
def test_random_play_replays_to_the_live_state(deal_seed, play_seed, steps):
    rng = random.Random(play_seed)
    log = GAME.start({}, ["Ann"], "known", random.Random(deal_seed))
    live = replay(log)
    for step in range(steps):
        actions = GAME.legal_actions(live, 0)
        if not actions:
            assert GAME.outcome(live) is not None
            break
        # Giving up ends the game: only as the last step, so that most games go on.
        playing = [a for a in actions if not isinstance(a, cmd.GiveUp)] if step < steps - 1 else actions
        events = GAME.decide(live, rng.choice(playing), random.Random(deal_seed))
        for e in events:
            GAME.apply(live, e)
        log += events
        assert snapshot(replay(log)) == snapshot(live)
    assert snapshot(redecide(log)) == snapshot(live)


def test_a_take_back_restores_the_tableau_before_the_move():
    log = GAME.start({}, ["Ann"], "known", random.Random(1))
    state = replay(log)
    log += GAME.decide(state, cmd.Deal(0), random.Random(1))
    state = replay(log)
    before = GAME.director_view(state)
    log += GAME.decide(state, cmd.Turn(0), random.Random(1))
    state = replay(log)
    log += GAME.decide(state, cmd.TakeBack(0), random.Random(1))
    after = replay(log)
    assert {**GAME.director_view(after), "corrections": []} == before
    assert type(GAME.command_of(log[-2])) is cmd.Turn and GAME.command_of(log[-1]) == cmd.TakeBack(0)  # nothing deleted
