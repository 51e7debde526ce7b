"""Golden games of the plain trick games (``tests/golden/qb-*.json``, ``bq-*.json``): whole games as
event logs with the score after every hand worked out from the rules (each hand's ``notes`` show
the sums). Each log is replayed (the expected totals and winners), and re-decided (the table's
commands are taken from the log and given to the referee again, which must produce exactly the
same events). ``load`` and ``decided_again`` serve Queen's Dungeon's golden games too."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from events.registry import registry
from referee import events as ev
from referee.games.black_queen import events as bq_ev
from referee.trickgame import commands as cmd
from referee.registry import get_game
from referee.replay import replay

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"


def load(path: Path) -> tuple[dict, list]:
    """A golden file's data and its events, decoded through the registry (upcasters included)."""
    data = json.loads(path.read_text())
    return data, [registry.decode(e["type"], e["version"], e["payload"]) for e in data["events"]]


def decided_again(game: Any, events: list[Any], commands: list[Any]) -> list[Any]:
    """The log the referee makes when given ``commands`` (the table's own actions in ``events``)
    again, from the same opening and with the same seed: a golden log must come out unchanged."""
    created = events[0]
    rng = random.Random(0)
    log = game.start(created.options, created.seats, created.record, rng)
    state = replay(log)
    for command in commands:
        new = game.decide(state, command, rng)
        for e in new:
            game.apply(state, e)
        log.extend(new)
    return log


def check_replays_to_the_expected_scores(path: Path) -> None:
    data, events = load(path)
    game = get_game(data["game"])
    state = replay(events)
    scored = [e for e in events if isinstance(e, ev.HandScored)]
    assert [e.hand for e in scored] == [x["hand"] for x in data["expected"]]
    assert [e.totals for e in scored] == [x["totals"] for x in data["expected"]]
    assert [s["totals"] for s in game.scores(state)["hands"]] == [x["totals"] for x in data["expected"]]
    assert state.outcome is not None and state.outcome["winners"] == data["winners"]
    assert state.version == len(events)


def _bq():
    from referee.games.black_queen import commands
    return commands


def commands_of(events: list[Any]) -> list[Any]:
    """The table's own actions in a log (the referee's consequences left out)."""
    out: list[Any] = []
    for i, e in enumerate(events):
        if isinstance(e, ev.HandDealt):
            out.append(cmd.Deal(e.hands))
        elif isinstance(e, ev.BidMade):
            out.append(cmd.Bid(e.seat, e.bid) if e.bid is not None else _bq().Pass(e.seat))
        elif isinstance(e, bq_ev.ContractDeclared):
            out.append(_bq().Declare(e.seat, e.trump, list(e.called)))
        elif isinstance(e, ev.CardPlayed):
            out.append(cmd.Play(e.seat, e.card))
        elif isinstance(e, ev.RenegeClaimed):
            out.append(cmd.ClaimRenege(e.claimant, e.accused, e.trick, e.hand, e.shown))
        elif isinstance(e, ev.CardTakenBack) and not isinstance(events[i - 1], ev.RenegeRuled):
            out.append(cmd.TakeBack(e.seat))  # (after a ruling, the take-back is the referee's)
        elif isinstance(e, ev.GameEnded) and e.reason == "early":
            out.append(cmd.EndGame())
    return out


def check_decided_again_into_the_same_events(path: Path) -> None:
    data, events = load(path)
    assert decided_again(get_game(data["game"]), events, commands_of(events)) == events


def golden_tests(prefix: str):
    """The golden-game tests for the logs ``tests/golden/<prefix>-*.json``: there are at least two,
    each replays to its expected scores, each is decided again into the same events."""
    golden = sorted(GOLDEN_DIR.glob(f"{prefix}-*.json"))

    def test_there_are_at_least_two_golden_games():
        assert len(golden) >= 2

    @pytest.mark.parametrize("path", golden, ids=lambda p: p.stem)
    def test_golden_game_replays_to_the_expected_score_after_every_hand(path):
        check_replays_to_the_expected_scores(path)

    @pytest.mark.parametrize("path", golden, ids=lambda p: p.stem)
    def test_golden_game_is_decided_again_into_the_same_events(path):
        check_decided_again_into_the_same_events(path)

    return (test_there_are_at_least_two_golden_games, test_golden_game_replays_to_the_expected_score_after_every_hand,
            test_golden_game_is_decided_again_into_the_same_events)
