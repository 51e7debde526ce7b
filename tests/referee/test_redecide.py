"""Re-deciding a record: the referee's own events must be what it decides again from the table's
actions, in every game; a forged total, ruling, score or winner is refused with its event."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.redecide_batches import Disagreement
from referee.redecide_record import redecide
from referee.registry import get_game
from referee.replay import replay
from referee.trickgame.shared_commands import ClaimRenege
from trick_golden import GOLDEN_DIR, load

NAMES = ["Ann", "Bob", "Carol", "Dan", "Eve", "Fay"]
GAMES = {"queens-dungeon": ({"players": 4, "first_dealer": 0, "target": 200}, 4),
         "queen-bees": ({}, 4), "black-queen": ({}, 6)}


def random_record(name: str, record: str, detection: str, seed: int, steps: int = 600) -> list[Any]:
    """A game played at random through ``decide``: legal actions, and now and then a claim (upheld
    or not) against a random seat and trick, as the service would log them."""
    game = get_game(name)
    options, players = GAMES[name]
    rng = random.Random(seed)
    log = game.start({**options, "detection": detection}, NAMES[:players], record, rng)
    state = replay(log)
    for _ in range(steps):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = rng.choice(game.to_act(state))
        command = rng.choice([a for a in game.legal_actions(state, seat) if game.action_of(a) not in ("end_game", "undo", "redo", "confirm")])
        if state.hand is not None and state.hand.trick_no > 1 and rng.random() < 0.05:
            command = ClaimRenege(seat, rng.randrange(players), rng.randint(1, state.hand.trick_no - 1))
        try:
            events = game.decide(state, command, rng)
        except errors.InputError:
            continue
        for event in events:
            game.apply(state, event)
        log += events
    return log


RECORDS = [(name, record, detection, seed) for name in GAMES for record in ("known", "blind")
           for detection in ("announced", "on_claim") for seed in (1,)]


@pytest.mark.parametrize("name,record,detection,seed", RECORDS)
def test_random_games_of_every_game_are_decided_again_into_the_same_state(name, record, detection, seed):
    log = random_record(name, record, detection, seed)
    game = get_game(name)
    assert game.director_view(redecide(log)) == game.director_view(replay(log))


@pytest.mark.parametrize("path", sorted(GOLDEN_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_golden_records_are_decided_again(path):
    _data, events = load(path)
    assert redecide(events).version == len(events)


def _forged(log: list[Any], kind: type, **changes: Any) -> tuple[list[Any], int]:
    at = max(i for i, e in enumerate(log) if isinstance(e, kind))
    return [*log[:at], dataclasses.replace(log[at], **changes), *log[at + 1:]], at


def _refused_at(log: list[Any]) -> Disagreement:
    with pytest.raises(Disagreement) as caught:
        redecide(log)
    return caught.value


def _finished(name: str = "queens-dungeon") -> list[Any]:
    log = random_record(name, "known", "announced", 1, steps=1500)
    assert isinstance(log[-1], ev.GameEnded)
    return log


def test_game_ended_naming_the_wrong_winner_is_refused_at_its_event():
    log = _finished()
    winners = log[-1].winners
    forged, at = _forged(log, ev.GameEnded, winners=[s for s in range(4) if s not in winners][:1],
                         totals=[1000, 0, 0, 0])
    refusal = _refused_at(forged)
    assert refusal.index == at and "winners" in refusal.reason and "totals" in refusal.reason


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hand_scored_with_totals_the_cards_do_not_give_is_refused(name):
    log = _finished(name)
    scored = next(e for e in log if isinstance(e, ev.HandScored))
    forged, at = _forged(log[:log.index(scored) + 1], ev.HandScored, totals=[t + 10 for t in scored.totals])
    assert _refused_at(forged).index == at


def test_inserted_setting_with_no_renege_is_refused_at_its_event():
    log = _finished()
    at = next(i for i, e in enumerate(log) if isinstance(e, ev.TrickWon))
    forged = [*log[:at + 1], qd_ev.TotalSet(1, 1, "renege", 0, -500, 1, 1), *log[at + 1:]]
    refusal = _refused_at(forged)
    assert (refusal.index, refusal.kind) == (at + 1, "TotalSet")


def test_ruling_that_the_referee_did_not_make_is_refused():
    log = _finished()
    at = next(i for i, e in enumerate(log) if isinstance(e, ev.CardPlayed))
    ruling = ev.RenegeRuled(1, 1, 1, log[at].card, "renege", "upheld", "C", {})
    assert _refused_at([*log[:at + 1], ruling, *log[at + 1:]]).index == at + 1


def test_a_card_the_referee_refuses_is_refused_with_its_reason():
    log = _finished()
    at = next(i for i, e in enumerate(log) if isinstance(e, ev.CardPlayed))
    other = dataclasses.replace(log[at], seat=(log[at].seat + 1) % 4)
    refusal = _refused_at([*log[:at], other, *log[at + 1:]])
    assert refusal.index == at and "refuses this action" in refusal.reason


def test_a_batch_cut_short_is_refused_where_the_referee_goes_on():
    log = _finished()
    at = next(i for i, e in enumerate(log) if isinstance(e, ev.TrickWon))
    refusal = _refused_at([*log[:at], *log[at + 1:]])
    assert refusal.index == at and "TrickWon" in refusal.reason


def test_a_deal_is_the_same_deal_whatever_its_salt():
    log = _finished()
    forged, _at = _forged(log, ev.HandDealt, salt="0" * 32)
    assert redecide(forged).version == len(log)
