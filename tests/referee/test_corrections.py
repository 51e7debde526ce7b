"""Corrections in every trick game (RULINGS.md, "All trick games: corrections"): a window-A
take-back or a window-B penalty takes back cards, never rulings. Settings, penalties and
established reneges of anyone else stay in force; a card the table has seen proves what it proves,
taken back or not; the restore points a correction needs live as long as its window can reopen.

Every table here decides then folds like the service, and ends with its record replayed afresh."""

from __future__ import annotations

from qd_table import Table as QDTable
from test_qb_play_rules import bid_all
from trick_random import check_replay_equals_live
from trick_table import Table, events_of
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.games.black_queen import commands as bq
from referee.games.queens_dungeon import commands as qd
from referee.trickgame import commands as cmd

# Queen's Dungeon, dealer 0 (seat 1 leads), hearts trump: seat 0 holds only spades; seats 1, 2
# and 3 hold clubs and diamonds, so seats 2 and 3 can renege on either suit.
QD_HANDS = [
    ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
    ["AC", "KC", "JC", "10C", "9C", "8C", "AD", "KD", "JD", "10D", "AH", "KH", "JH"],
    ["2C", "3C", "4C", "2D", "3D", "4D", "5D", "2H", "3H", "4H", "5H", "6H", "7H"],
    ["5C", "6C", "7C", "QC", "6D", "7D", "8D", "9D", "QD", "8H", "9H", "10H", "QH"],
]


def qd_known(detection: str = "on_claim") -> QDTable:
    t = QDTable(record="known", detection=detection)
    t.start_hand("H", hands=QD_HANDS)
    return t


def not_replaced(t, version: int) -> bool:
    return not any(first <= version <= last for first, last in t.state.replaced)


def version_of(t, kind: type) -> int:
    """The stream version of the last event of ``kind`` in the table's log."""
    return max(i for i, e in enumerate(t.log, 1) if isinstance(e, kind))


# ------------------------------------------------------------------ Queen's Dungeon


def reneges_in_two_tricks(t: QDTable) -> None:
    """Trick 1: seat 2 reneges with 2D (seat 1 wins); trick 2: seat 3 reneges with 6C, the last
    card played."""
    t.play("AC", "2D", "5C", "2S")
    t.play("AD", "3D", "6C")


def test_take_back_keeps_other_players_settings():
    t = qd_known()
    reneges_in_two_tricks(t)
    t.act(qd.ClaimRenege(0, accused=2, trick=1))
    assert t.totals() == [0, 0, -100, 0]
    ruled, set_back = version_of(t, ev.RenegeRuled), version_of(t, qd_ev.TotalSet)
    t.act(qd.TakeBack(3))
    assert t.totals() == [0, 0, -100, 0]
    assert t.hand.trick == [(1, "AD"), (2, "3D")] and "6C" in t.hand.hands[3]
    assert t.hand.settings[2] and t.hand.lost[2]
    assert not_replaced(t, ruled) and not_replaced(t, set_back)
    t.play("7D", "3S")
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[-1].sheet
    assert sheet["seats"][2]["forfeited"] and sheet["seats"][2]["settings"][0]["reason"] == "renege"
    check_replay_equals_live(t)


def test_window_b_penalty_keeps_other_players_settings():
    t = qd_known()
    reneges_in_two_tricks(t)
    t.act(qd.ClaimRenege(0, accused=2, trick=1))
    t.play("3S")  # trick 2 is complete, trick 3 not led: seat 3's renege is in window B
    t.act(qd.AcceptPenalty(3))
    assert t.totals() == [0, 0, -100, -25]
    assert t.hand.trick == [(1, "AD"), (2, "3D")] and t.hand.turn == 3
    check_replay_equals_live(t)


def test_take_back_keeps_a_penalty_accepted_after_the_card():
    t = qd_known()
    t.play("AD", "2C", "5C", "2S")  # seats 2 and 3 both hold diamonds
    t.act(qd.AcceptPenalty(3))
    assert t.totals() == [0, 0, 0, -25]
    assert t.hand.trick == [(1, "AD"), (2, "2C")]  # seat 2's card is the last played again
    t.act(qd.TakeBack(2))
    assert t.totals() == [0, 0, 0, -25]
    assert t.hand.penalties[3] == [{"reason": "renege_penalty", "trick": 1, "amount": -25}]
    assert t.hand.trick == [(1, "AD")] and t.hand.turn == 2
    assert not_replaced(t, version_of(t, qd_ev.PenaltyAccepted))
    t.play("2D", "6D", "3S")
    t.play_out()
    assert events_of(t.log, ev.HandScored)[-1].sheet["seats"][3]["penalties"][0]["amount"] == -25
    check_replay_equals_live(t)


def blind_void_claim_then_unbroken_trump_lead() -> QDTable:
    """Blind record, detection announced: seat 2 throws 2D on clubs (a claim of holding none),
    seat 0 throws 2S, seat 1 wins and leads 5H before hearts are broken, then takes it back."""
    t = QDTable(record="blind")
    t.start_hand("H")
    t.play("AC", "2D", "5C", "2S")
    t.play("5H")
    t.act(qd.TakeBack(1))
    return t


def test_restore_points_outlive_a_lead_taken_back_for_a_window_b_penalty():
    t = blind_void_claim_then_unbroken_trump_lead()
    t.act(qd.AcceptPenalty(2))  # trick 1 is open to window B again
    assert t.totals() == [0, 0, -25, 0]
    assert t.hand.trick_no == 1 and t.hand.trick == [(1, "AC")] and t.hand.turn == 2
    assert t.hand.tricks_won == [0, 0, 0, 0]
    check_replay_equals_live(t)


def test_restore_points_outlive_a_lead_taken_back_for_a_take_back():
    t = blind_void_claim_then_unbroken_trump_lead()
    t.act(qd.TakeBack(0))  # seat 0's 2S completed trick 1 and is the last card on the table again
    assert t.hand.trick_no == 1 and t.hand.trick == [(1, "AC"), (2, "2D"), (3, "5C")] and t.hand.turn == 0
    assert t.hand.tricks_won == [0, 0, 0, 0]
    t.play("3C")
    check_replay_equals_live(t)


def test_setting_for_three_queens_names_the_trick_whose_last_card_proves_a_renege():
    t = QDTable(record="blind")
    t.start_hand("H")
    t.play("2C", "3C", "2D", "4C")  # seat 3 throws 2D on clubs; seat 0 wins with 4C
    events = t.play("QS", "QD", "QC", "5C")  # seat 3's 5C proves its renege and completes trick 2
    ruled = events_of(events, ev.RenegeRuled)[0]
    assert (ruled.accused, ruled.trick, ruled.window) == (3, 1, "C")
    by_reason = {e.reason: e for e in events_of(events, qd_ev.TotalSet)}
    assert by_reason["renege"].trick == 1
    assert by_reason["three_queens"].trick == 2 and by_reason["three_queens"].seat == 0
    assert [s["trick"] for s in t.hand.settings[0]] == [2]
    check_replay_equals_live(t)


def test_a_card_taken_back_still_proves_a_renege_in_queens_dungeon():
    t = QDTable(record="blind")
    t.start_hand("H")
    t.play("AC", "2D", "5C", "2S")  # seat 2 throws 2D on clubs; seat 1 wins
    events = t.play("KD", "3C")  # seat 2's 3C proves it held a club, and is itself off suit
    assert [(r.accused, r.trick, r.window) for r in events_of(events, ev.RenegeRuled)] == [(2, 1, "C")]
    assert t.totals() == [0, 0, -100, 0]
    ruled, set_back = version_of(t, ev.RenegeRuled), version_of(t, qd_ev.TotalSet)
    t.act(qd.TakeBack(2))
    assert t.totals() == [0, 0, -100, 0] and t.hand.lost[2]
    assert not_replaced(t, ruled) and not_replaced(t, set_back)
    t.play("3D", "6D", "3S")
    again = t.play("4D", "3C")  # seat 2 plays the 3C again: nothing is ruled twice
    assert not events_of(again, ev.RenegeRuled) and t.totals() == [0, 0, -100, 0]
    check_replay_equals_live(t)


def test_penalty_sends_back_a_later_card_found_in_window_b_without_penalty():
    t = qd_known()
    t.play("AD", "2C", "5C", "2S")  # seats 2 and 3 both renege in trick 1
    r = events_of(t.act(qd.ClaimRenege(0, accused=3, trick=1)), ev.RenegeRuled)[0]
    assert (r.verdict, r.window) == ("upheld", "B")
    ruled = version_of(t, ev.RenegeRuled)
    t.act(qd.AcceptPenalty(2))  # every card from seat 2's 2C on goes back, seat 3's 5C too
    assert t.totals() == [0, 0, -25, 0]
    assert t.hand.trick == [(1, "AD")] and not t.hand.irregular
    assert not_replaced(t, ruled)
    t.play("2D", "6D", "3S")
    t.play("KD")  # the next trick is led: seat 3's renege went back with its card, nothing stands
    assert t.totals() == [0, 0, -25, 0] and not events_of(t.log[-3:], qd_ev.TotalSet)
    check_replay_equals_live(t)


def test_take_back_keeps_both_records_of_a_card_that_broke_two_rules():
    t = QDTable(detection="on_claim", challenge=True, challenge_threshold=400)
    t.state.totals = [450, 100, 200, 300]  # seat 1 has the lowest total, one has reached 400
    t.start_hand("H", {1: ["QS", "2S"], 2: ["QC", "3S", "4C"], 3: ["4S", "5C"], 0: ["5S"]})
    t.act(qd.AnnounceChallenge(1))
    t.play("QS", "4C")  # under the Challenge seat 2 keeps its Queen and its spade: two rules broken
    t.play("5C")  # seat 3 does the same
    r = events_of(t.act(qd.ClaimRenege(0, accused=2, trick=1)), ev.RenegeRuled)[0]
    assert (r.verdict, r.window) == ("upheld", "B")
    t.act(qd.TakeBack(3))
    seat2 = sorted((irr.kind, irr.status) for irr in t.hand.irregular if irr.seat == 2)
    assert seat2 == [("challenge", "found_b"), ("renege", "found_b")]


def test_end_game_while_a_penalty_choice_is_pending_applies_window_c():
    t = qd_known()
    t.play("AD", "2C", "5C")
    r = events_of(t.act(qd.ClaimRenege(1, accused=2, trick=1)), ev.RenegeRuled)[0]
    assert (r.verdict, r.window) == ("upheld", "B")
    events = t.act(qd.EndGame())
    ruled = events_of(events, ev.RenegeRuled)[0]
    assert (ruled.accused, ruled.window, ruled.evidence["penalty_declined"]) == (2, "C", True)
    assert events_of(events, qd_ev.TotalSet)[0].after == -100
    ended = events_of(events, ev.GameEnded)[0]
    assert ended.totals == [0, 0, -100, 0] and 2 not in ended.winners
    check_replay_equals_live(t)


# ------------------------------------------------------------------ Queen Bees and Black Queen

# Queen Bees, dealer 0 (seat 1 leads): seat 2 holds 2C but throws 2D on clubs; in trick 2 seat 3
# holds spades but throws QD.
QB_HANDS = [
    ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "KC", "AC", "QC", "2S", "3S"],
    ["3C", "3D", "4D", "5D", "6D", "7D", "8D", "2H", "3H", "4H", "5H", "6H", "7H"],
    ["2C", "2D", "9D", "10D", "JD", "KD", "AD", "8H", "9H", "10H", "JH", "KH", "AH"],
    ["4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KS", "AS", "QD", "QH", "QS"],
]


def qb_table(record: str, detection: str = "on_claim") -> Table:
    t = Table("queen-bees", record=record, detection=detection)
    t.deal(hands=QB_HANDS)
    bid_all(t, (2, 2, 2, 2))
    return t


def bq_table(record: str, detection: str = "on_claim", hands=None) -> Table:
    """Black Queen, dealer 0: seat 1 bids 75, the others pass, seat 1 names clubs calling AH, KH."""
    t = Table("black-queen", record=record, detection=detection)
    t.deal(hands=hands)
    t.act(cmd.Bid(1, 75))
    for seat in (2, 3, 4, 5, 0):
        t.act(bq.Pass(seat))
    t.act(bq.Declare(1, "C", ["AH", "KH"]))
    return t


def hand_sheet(t: Table) -> dict:
    return events_of(t.log, ev.HandScored)[-1].sheet


def test_take_back_keeps_another_players_established_renege_in_queen_bees():
    t = qb_table("known")
    t.play("3C", "2D", "4S", "4C")  # seat 2 reneges; seat 0 wins with 4C
    t.play("2S", "3D", "8H", "QD")  # seat 3 throws QD holding spades: the last card played
    r = events_of(t.act(cmd.ClaimRenege(1, accused=2, trick=1)), ev.RenegeRuled)[0]
    assert (r.verdict, r.window) == ("upheld", "C")
    t.act(cmd.TakeBack(3))
    assert [f.seat for f in t.hand.found] == [2]
    t.play("5S")
    t.play_out()
    seat2 = hand_sheet(t)["units"][2]
    assert seat2["renege"] and seat2["hand_total"] == -20
    check_replay_equals_live(t)


def test_take_back_keeps_another_players_established_renege_in_black_queen():
    from test_bq_reneges import DEAL  # seat 3 (a partner) may throw 5H, seat 0 (a defender) 3C
    t = Table("black-queen", record="known", detection="on_claim")
    t.deal(hands=DEAL)
    t.act(cmd.Bid(1, 100))
    for seat in (2, 3, 4, 5, 0):
        t.act(bq.Pass(seat))
    t.act(bq.Declare(1, "S", ["AS", "10H"]))
    t.play("3D", "8D", "5H", "3S", "7S", "3C")  # seats 3 and 0 renege
    r = events_of(t.act(cmd.ClaimRenege(4, accused=3, trick=1)), ev.RenegeRuled)[0]
    assert (r.verdict, r.window) == ("upheld", "B")
    t.act(cmd.TakeBack(0))  # seat 0's 3C is the last card played
    assert [f.seat for f in t.hand.found] == [3]
    t.play("6D")
    t.play_out()
    assert hand_sheet(t)["renege"] == {"seat": 3, "trick": 1, "window": "B", "contract": "defeated"}
    check_replay_equals_live(t)


def proof_taken_back(t: Table, trick1: tuple, trick2: tuple, trick3: tuple) -> None:
    """Blind record, detection announced: seat 2 throws 9H on diamonds in trick 1; in trick 2 its
    3D (itself off suit) proves that renege, and is taken back at once; in trick 3 it plays the
    3D again. The ruling the 3D brought stands, and nothing is ruled twice."""
    t.play(*trick1)
    first = t.play(*trick2)
    ruled = events_of(first, ev.RenegeRuled)
    assert [(r.accused, r.trick, r.window) for r in ruled] == [(2, 1, "C")]
    ruled_at = version_of(t, ev.RenegeRuled)
    t.act(cmd.TakeBack(2))
    assert not_replaced(t, ruled_at)
    assert [(f.seat, f.trick) for f in t.hand.found] == [(2, 1)]
    again = t.play(*trick3)
    assert not events_of(again, ev.RenegeRuled)
    assert [(f.seat, f.trick) for f in t.hand.found] == [(2, 1)]
    t.play_out()
    check_replay_equals_live(t)


def test_a_card_taken_back_still_proves_a_renege_in_black_queen():
    t = bq_table("blind", "announced")
    proof_taken_back(t, ("4D", "9H", "5D", "6D", "7D", "8D"), ("4S", "5S", "3D"),
                     ("6S", "7S", "8S", "9S", "10D", "JD", "QD", "3D"))
    assert hand_sheet(t)["renege"]["seat"] == 2 and hand_sheet(t)["renege"]["trick"] == 1


def test_a_card_taken_back_still_proves_a_renege_in_queen_bees():
    t = Table("queen-bees", record="blind", detection="announced")
    t.deal()
    bid_all(t, (2, 2, 2, 2))
    proof_taken_back(t, ("4D", "9H", "5D", "6D"), ("4S", "5S", "3D"), ("6S", "7S", "10D", "JD", "KD", "3D"))
    seat2 = hand_sheet(t)["units"][2]
    assert seat2["renege"] and seat2["hand_total"] == -20
