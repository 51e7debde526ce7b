"""Golden games: whole Queen's Dungeon games as event logs (``tests/golden/qd-*.json``), with the
score after every hand worked out by hand from the rules (each hand's ``notes`` show the sums).

Each log is checked twice: replayed (the expected totals, settings and winners), and re-decided
(the table's commands are taken from the log and given to the referee again, which must produce
exactly the same events).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trick_golden import decided_again, load
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.games.queens_dungeon import commands as cmd
from referee.registry import get_game
from referee.replay import replay

GOLDEN = sorted((Path(__file__).resolve().parent.parent / "golden").glob("qd-*.json"))
QD = get_game("queens-dungeon")


def test_there_are_at_least_five_golden_games():
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_the_expected_score_after_every_hand(path):
    data, events = load(path)
    state = replay(events)
    scored = [e for e in events if isinstance(e, ev.HandScored)]
    assert [e.totals for e in scored] == [x["totals"] for x in data["expected"]]
    assert [s["totals"] for s in QD.scores(state)["hands"]] == [x["totals"] for x in data["expected"]]
    settings = [{"hand": e.hand, "seat": e.seat, "reason": e.reason, "before": e.before, "after": e.after}
                for e in events if isinstance(e, qd_ev.TotalSet)]
    assert settings == data["settings"]
    assert state.outcome is not None and state.outcome["winners"] == data["winners"]
    assert state.version == len(events)


def commands_of(events: list) -> list:
    """The table's own actions in a log (the referee's consequences left out)."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, qd_ev.DealerCut):
            out.append(cmd.Cut(e.seat, e.card))
        elif isinstance(e, qd_ev.TrumpCalled):
            out.append(cmd.CallTrump(e.seat, e.suit))
        elif isinstance(e, ev.HandDealt):
            out.append(cmd.Deal(e.hands, e.extra))
        elif isinstance(e, qd_ev.HandExchanged):
            out.append(cmd.ExchangeHand(e.seat, e.exchanged))
        elif isinstance(e, qd_ev.ChallengeAnnounced):
            out.append(cmd.AnnounceChallenge(e.seat))
        elif isinstance(e, ev.CardPlayed):
            out.append(cmd.Play(e.seat, e.card))
        elif isinstance(e, qd_ev.TrumpChanged):
            out.append(cmd.ChangeTrump(e.seat, e.suit))
        elif isinstance(e, ev.RenegeClaimed):
            out.append(cmd.ClaimRenege(e.claimant, e.accused, e.trick, e.hand, e.shown))
        elif isinstance(e, qd_ev.PenaltyAccepted):
            out.append(cmd.AcceptPenalty(e.seat))
        elif isinstance(e, ev.CardTakenBack) and not isinstance(events[i - 1], ev.RenegeRuled):
            out.append(cmd.TakeBack(e.seat))  # (after a ruling, the take-back is the referee's)
    return out


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_is_decided_again_into_the_same_events(path):
    _, events = load(path)
    assert decided_again(QD, events, commands_of(events)) == events
