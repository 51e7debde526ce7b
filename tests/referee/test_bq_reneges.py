"""Black Queen reneges (docs/rules/black-queen.md, "Reneges"): windows A and D as in Queen's Dungeon;
a renege established in window B or C by a member of the declarer's team defeats the contract, by
a defender it makes it (an option)."""

from __future__ import annotations

import pytest

from test_bq_rules import HANDS, auction
from trick_table import Table, events_of
from referee import errors
from referee import events as ev
from referee.games.black_queen import commands as bq
from referee.trickgame import commands as cmd

# Seat 1 declares (spades, calling AS and 10H: partners seats 5 and 3) and leads 3D. Seat 3 (a
# partner) holds 7D but may throw 5H; seat 0 (a defender) holds 6D but may throw 3C.
DEAL = [list(h) for h in HANDS]
DEAL[2][DEAL[2].index("7D")], DEAL[3][DEAL[3].index("4H")] = "4H", "7D"
DEAL[0][DEAL[0].index("10C")], DEAL[1][DEAL[1].index("6D")] = "6D", "10C"


def table(record: str = "known", detection: str = "on_claim", **options) -> Table:
    t = Table("black-queen", record=record, detection=detection, **options)
    t.deal(hands=DEAL)
    auction(t, 100, None, None, None, None, None)
    t.act(bq.Declare(1, "S", ["AS", "10H"]))
    return t


def ruling(events) -> ev.RenegeRuled:
    return events_of(events, ev.RenegeRuled)[-1]


def sheet(t: Table) -> dict:
    return events_of(t.log, ev.HandScored)[-1].sheet


def test_known_record_with_detection_announced_refuses_a_renege():
    t = table(detection="announced")
    t.play("3D", "8D")
    with pytest.raises(errors.IllegalPlay) as exc:
        t.play("5H")
    assert (exc.value.seat, exc.value.legal) == (3, ["7D"])
    assert "diamonds were led" in exc.value.message


def test_renege_window_a_take_back_without_penalty():
    t = table()
    t.play("3D", "8D", "5H")
    assert events_of(t.act(cmd.TakeBack(3)), ev.CardTakenBack)
    t.play("7D")
    assert t.hand.trick == [(1, "3D"), (2, "8D"), (3, "7D")] and t.hand.found == []


def test_renege_window_b_by_a_partner_defeats_the_contract():
    t = table()
    t.play("3D", "8D", "5H", "3S")
    r = ruling(t.act(cmd.ClaimRenege(4, accused=3, trick=1)))
    assert (r.verdict, r.window) == ("upheld", "B")
    t.play_out()
    s = sheet(t)
    assert not s["made"] and s["renege"] == {"seat": 3, "trick": 1, "window": "B", "contract": "defeated"}
    assert [u["hand_total"] for u in s["units"]] == [0, -100, 0, -100, 0, -100]


def test_renege_window_c_by_a_defender_makes_the_contract():
    t = table()
    t.play("3D", "8D", "7D", "3S", "7S", "3C")  # seat 0 throws 3C holding 6D
    t.play(next(a.card for a in t.game.legal_actions(t.state, t.hand.turn)))  # trick 2 is led
    r = ruling(t.act(cmd.ClaimRenege(1, accused=0, trick=1)))
    assert (r.verdict, r.window) == ("upheld", "C")
    t.play_out()
    s = sheet(t)
    assert s["made"] and s["renege"]["contract"] == "made"
    assert [u["hand_total"] for u in s["units"]] == [0, 100, 0, 100, 0, 100]


def test_the_first_established_renege_decides_the_contract():
    t = table()
    t.play("3D", "8D", "5H", "3S", "7S", "3C")
    t.play(next(a.card for a in t.game.legal_actions(t.state, t.hand.turn)))  # trick 2 is led
    assert ruling(t.act(cmd.ClaimRenege(1, accused=0, trick=1))).window == "C"  # the defender's, found first
    assert ruling(t.act(cmd.ClaimRenege(0, accused=3, trick=1))).window == "C"
    t.play_out()
    assert sheet(t)["made"] and sheet(t)["renege"]["seat"] == 0


def test_renege_effect_off_plays_the_contract_out_as_it_stands():
    t = table(renege_decides_contract=False)
    t.play("3D", "8D", "5H", "3S")
    assert ruling(t.act(cmd.ClaimRenege(4, accused=3, trick=1))).verdict == "upheld"
    t.play_out()
    s = sheet(t)
    assert s["renege"] is None and s["made"] == (s["team_points"] >= 100)


def test_renege_window_d_changes_nothing():
    t = table()
    t.play("3D", "8D", "5H")
    t.play_out()
    before = sheet(t)["renege"], t.totals()
    r = ruling(t.act(cmd.ClaimRenege(4, accused=3, trick=1, hand=1)))
    assert (r.verdict, r.window) == ("upheld", "D") and (sheet(t)["renege"], t.totals()) == before
    assert before[0] is None


def test_renege_proved_by_a_later_card_in_a_blind_record_defeats_the_contract():
    known = table()
    blind = table("blind", "announced")
    for card in ("3D", "8D", "5H"):
        known.play(card)
        blind.play(card)
    known.play_out(twins=(blind,))
    r = events_of(blind.log, ev.RenegeRuled)[0]
    assert (r.accused, r.window, r.evidence["proof"]["card"]) == (3, "C", "7D")
    assert not sheet(blind)["made"] and sheet(blind)["renege"]["seat"] == 3
    assert sheet(blind)["team"] == [1, 3, 5]  # the blind record learnt the partners as the cards fell


def test_an_upheld_renege_says_it_decides_the_contract_without_naming_the_team():
    t = table()
    t.play("3D", "8D", "5H", "3S")
    r = ruling(t.act(cmd.ClaimRenege(4, accused=3, trick=1)))
    assert r.evidence["penalty"] == ("decides the contract of hand 1 when it is scored: defeated if Seat 3 (Dan) "
                                     "is on the declarer's team, made if a defender")
    assert "partner" not in str(t.game.public_view(t.state)["rulings"])
