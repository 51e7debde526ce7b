"""One card is one offence (RULINGS.md, "All trick games: corrections"): a card that breaks two
rules at once (a renege that is also a missed Queen under the Queen's Challenge, or a lead of
unbroken trump that also misses a Challenge Queen) is ruled once, with one penalty, in the window
in which it is found out, however that window closes."""

from __future__ import annotations

import pytest

from qd_table import Table, events_of
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.redecide_batches import Disagreement
from referee.games.queens_dungeon import commands as cmd
from referee.redecide_record import redecide
from referee.replay import replay

# Dealer 0, spades trump. Seat 1 challenges and leads QH; seat 2 holds 3H and QD but plays 3D (a
# renege and a missed Queen); seat 3 plays QC and seat 0 trumps with 2S: two Queens, so the
# dealer owes a trump change.
TWO_QUEENS = [
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2D".split(),
    "QH AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC KC".split(),
    "3H QD 3D 4D 5D 6D 7D 8D 9D 10D JD KD AD".split(),
    "4H 5H 6H 7H 8H 9H 10H JH KH AC QC QS 2H".split(),
]
# The same offence in a trick with one Queen (seat 3 holds none and follows with 4H): no change.
ONE_QUEEN = [
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2D".split(),
    "QH QC QS AH 2C 3C 4C 5C 6C 7C 8C 9C 10C".split(),
    "3H QD 3D 4D 5D 6D 7D 8D 9D 10D JD KD AD".split(),
    "4H 5H 6H 7H 8H 9H 10H JH KH 2H JC KC AC".split(),
]
# Seat 1 challenges and leads 2S, unbroken trump, holding QH and clubs: a trump lead that also
# misses a Queen. Seats 2 and 3 play their Queens, seat 0 follows with 3S and wins.
TRUMP_LEAD = [
    "3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2D 3D".split(),
    "QH 2S AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC".split(),
    "QD 3H 4D 5D 6D 7D 8D 9D 10D JD KD AD KC".split(),
    "4H 5H 6H 7H 8H 9H 10H JH KH 2H AC QC QS".split(),
]


def challenged(hands: list[list[str]] | None, record: str = "known", detection: str = "on_claim") -> Table:
    """Hand 1, spades trump, seat 1 (lowest total, the threshold at 0) announcing the Challenge."""
    t = Table(record=record, detection=detection, challenge=True, challenge_threshold=0)
    t.start_hand("S", hands=hands)
    t.act(cmd.AnnounceChallenge(1))
    return t


def close_window_b(t: Table, closing: str, lead: str) -> list:
    """Window B closes: the dealer names hearts if a change is due, then the next trick is led, or
    the scorekeeper ends the game."""
    out = []
    if t.state.phase == "trump_change":
        out += t.act(cmd.ChangeTrump(t.state.dealer, "H"))
    if closing == "next_lead":
        out += t.play(lead)
    else:
        out += t.act(cmd.EndGame())
    return out


def upheld(events: list, window: str) -> list[ev.RenegeRuled]:
    return [r for r in events_of(events, ev.RenegeRuled) if r.verdict == "upheld" and r.window == window]


@pytest.mark.parametrize("closing", ["next_lead", "early_end"])
def test_renege_that_misses_a_challenge_queen_declined_in_window_b_is_set_once(closing):
    t = challenged(TWO_QUEENS)
    t.play("QH", "3D", "QC", "2S")
    claimed = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    assert [r.kind for r in upheld(claimed, "B")] == ["challenge"]
    closed = close_window_b(t, closing, "3S")  # seat 2 does not accept the penalty
    [ruling] = upheld(closed, "C")
    assert (ruling.accused, ruling.card, ruling.kind, ruling.evidence["penalty_declined"]) == (2, "3D", "challenge", True)
    assert [(s.seat, s.before, s.after) for s in events_of(closed, qd_ev.TotalSet)] == [(2, 0, -100)]
    assert t.totals() == [0, 0, -100, 0]
    if closing == "early_end":
        assert events_of(closed, ev.GameEnded)[0].totals == [0, 0, -100, 0]
    # The same card found out in window C costs the same.
    c = challenged(TWO_QUEENS)
    c.play("QH", "3D", "QC", "2S")
    c.act(cmd.ChangeTrump(0, "H"))
    c.play("3S")
    assert len(upheld(c.act(cmd.ClaimRenege(3, accused=2, trick=1)), "C")) == 1
    assert c.totals() == t.totals()


def test_renege_that_misses_a_challenge_queen_declined_in_window_b_is_set_once_at_the_next_lead():
    t = challenged(ONE_QUEEN)
    t.play("QH", "3D", "4H", "2S")  # seat 0 wins with trump; one Queen, no trump change
    t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    assert t.state.phase == "play"
    closed = t.play("3S")
    assert len(upheld(closed, "C")) == 1 and len(events_of(closed, qd_ev.TotalSet)) == 1
    assert t.totals() == [0, 0, -100, 0]
    assert redecide(t.log).version == len(t.log)


@pytest.mark.parametrize("detection", ["on_claim", "announced"])
def test_blind_record_card_upheld_by_a_shown_card_in_window_b_is_ruled_once_as_window_b_named_it(detection):
    t = challenged(None, "blind", detection)
    t.play("QH", "3D", "QC", "2S")
    claimed = t.act(cmd.ClaimRenege(3, accused=2, trick=1, shown="3H"))  # 3H proves the renege
    assert [r.kind for r in upheld(claimed, "B")] == ["renege"]
    closed = close_window_b(t, "next_lead", "3S")
    assert [(r.kind, r.evidence["suit"]) for r in upheld(closed, "C")] == [("renege", "H")]
    assert t.totals() == [0, 0, -100, 0]
    assert redecide(t.log).version == len(t.log)


@pytest.mark.parametrize("closing", ["next_lead", "early_end"])
def test_trump_lead_that_misses_a_challenge_queen_declined_in_window_b_is_set_once(closing):
    t = challenged(TRUMP_LEAD)
    t.play("2S", "QD", "QC", "3S")
    claimed = t.act(cmd.ClaimRenege(2, accused=1, trick=1))
    assert sorted(irr.kind for irr in t.hand.irregular if irr.seat == 1) == ["challenge", "trump_lead"]
    assert len(upheld(claimed, "B")) == 1
    closed = close_window_b(t, closing, "4S")
    assert len(upheld(closed, "C")) == 1 and len(events_of(closed, qd_ev.TotalSet)) == 1
    assert t.totals() == [0, -100, 0, 0]


def test_record_that_set_one_card_twice_replays_as_stored_and_re_deciding_it_says_it_was_ruled_already():
    """A record of the release before this rule: window B closed on a card that broke two rules,
    and it was ruled and set once for each rule."""
    t = challenged(TWO_QUEENS)
    t.play("QH", "3D", "QC", "2S")
    t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    t.act(cmd.ChangeTrump(0, "H"))
    t.play("3S")
    at = next(i for i, e in enumerate(t.log) if isinstance(e, qd_ev.TotalSet)) + 1
    first = t.log[at - 2]
    again = [ev.RenegeRuled(2, 1, 1, "3D", "renege", "upheld", "C",
                            {"card": "3D", "trick": 1, "suit": "H", "held": ["3H"], "penalty_declined": True}, None),
             qd_ev.TotalSet(2, 2, "renege", -100, -200, 1, 1)]
    stored = [*t.log[:at], *again, *t.log[at:]]
    assert replay(stored).totals == [0, 0, -200, 0]  # the record stays what it was
    with pytest.raises(Disagreement) as caught:
        redecide(stored)
    refusal = caught.value
    assert (refusal.index, refusal.kind) == (at, "RenegeRuled")
    assert f"Seat 2 (Carol)'s 3D in trick 1 of hand 1 was already ruled at event {at - 1}" in refusal.reason
    assert "one card is one offence" in refusal.reason and "the referee makes CardPlayed here" in refusal.reason
    assert first.window == "C" and first.kind == "challenge"
