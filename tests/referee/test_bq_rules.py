"""Black Queen: the deal, the auction, the contract, the play, hidden partners and scoring, one test
per ruling (RULINGS.md, Black Queen)."""

from __future__ import annotations

import pytest

from trick_table import Table, events_of
from referee import errors
from referee import events as ev
from referee.games.black_queen import events as bq_ev
from referee.games.black_queen import commands as bq
from referee.games.black_queen.game import CARD_POINTS, BlackQueen
from referee.games.black_queen.scoring import hand_sheet
from referee.trickgame import commands as cmd

DECK = BlackQueen().deck()
# Seat i holds the i-th eight cards of the deck in suit order: seat 0 3C-10C, seat 1 JC-AC 3D-6D,
# seat 2 7D-AD, seat 3 3H-10H, seat 4 JH-AH 3S-6S, seat 5 7S-AS (QS among them).
HANDS = [DECK[i * 8:(i + 1) * 8] for i in range(6)]


def bq_table(record: str = "known", **options) -> Table:
    t = Table("black-queen", record=record, **options)
    t.deal(hands=HANDS)
    return t


def auction(t: Table, *bids) -> list:
    """Bids in turn; None is a pass."""
    out = []
    for b in bids:
        seat = t.hand.turn
        out += t.act(bq.Pass(seat) if b is None else cmd.Bid(seat, b))
    return out


def contracted(declarer_bid=(75,), trump="S", called=("AS", "10H"), record="known", **options) -> Table:
    """Seat 1 bids, the others pass; seat 1 declares."""
    t = bq_table(record, **options)
    auction(t, *declarer_bid, None, None, None, None, None)
    t.act(bq.Declare(1, trump, list(called)))
    return t


def test_six_players_forty_eight_cards_eight_each_the_twos_removed():
    assert len(DECK) == 48 and not [c for c in DECK if c.startswith("2")]
    t = Table("black-queen")
    events = t.deal()
    dealt = events[0]
    assert dealt.removed == ["2C", "2D", "2H", "2S"] and [len(h) for h in dealt.hands] == [8] * 6
    with pytest.raises(errors.InvalidDeal):
        Table("black-queen").deal(hands=[["2C"] + h[1:] for h in HANDS])
    with pytest.raises(errors.InvalidOption):
        Table("black-queen", players=4)


def test_card_points_are_150_in_all_with_the_queen_of_spades_30():
    assert sum(CARD_POINTS[c] for c in DECK) == 150
    assert (CARD_POINTS["QS"], CARD_POINTS["AH"], CARD_POINTS["10D"], CARD_POINTS["5C"], CARD_POINTS["QH"]) == (30, 15, 10, 5, 0)


def test_bids_run_from_the_dealers_left_in_fives_from_75_to_150_each_higher():
    t = bq_table()
    assert t.state.phase == "auction" and t.hand.turn == 1
    for bad in (70, 77, 155):
        with pytest.raises(errors.InputError) as exc:
            t.act(cmd.Bid(1, bad))
        assert exc.value.code == "invalid_bid"
    auction(t, 80)
    with pytest.raises(errors.InputError) as exc:
        t.act(cmd.Bid(2, 80))
    assert exc.value.legal[0] == 85 and exc.value.legal[-1] == 150
    with pytest.raises(errors.NotYourTurn):
        t.act(cmd.Bid(3, 90))


def test_a_pass_is_final_and_passed_players_are_skipped():
    t = bq_table()
    auction(t, 75, None, 80)  # seat 2 passes
    auction(t, None, None, None)  # seats 4, 5, 0
    assert t.hand.turn == 1  # seat 2 is skipped: back to seat 1
    with pytest.raises(errors.NotYourTurn) as exc:
        t.act(cmd.Bid(2, 100))
    assert "a pass is final" in exc.value.message


def test_bidding_ends_when_all_others_have_passed_after_a_bid():
    t = bq_table()
    auction(t, 75, None, 80, None, None, None)
    assert t.state.phase == "auction"
    auction(t, None)  # seat 1 passes: five passes after seat 3's 80
    assert t.state.phase == "declare" and (t.hand.declarer, t.hand.bid) == (3, 80)
    assert t.game.to_act(t.state) == [3]


def test_all_six_pass_and_the_same_dealer_deals_again():
    t = bq_table()
    events = auction(t, None, None, None, None, None, None)
    assert events[-1] == bq_ev.HandThrownIn(1, 0)
    assert t.state.phase == "deal" and t.state.dealer == 0 and t.game.to_act(t.state) == [0]
    redeal = t.deal(hands=HANDS)
    assert redeal[0].hand == 1 and redeal[0].dealer == 0 and t.state.history == []


def test_the_declarer_names_trump_and_two_different_called_cards_possibly_their_own():
    t = bq_table()
    auction(t, 75, None, None, None, None, None)
    with pytest.raises(errors.NotYourTurn):
        t.act(bq.Declare(2, "S", ["AS", "10H"]))
    for called in (["AS", "AS"], ["AS"], ["2S", "AS"]):
        with pytest.raises(errors.InputError):
            t.act(bq.Declare(1, "S", called))
    events = t.act(bq.Declare(1, "s", ["ac", "AS"]))  # AC is the declarer's own
    assert events == [bq_ev.ContractDeclared(1, 1, 75, "S", ["AC", "AS"])]
    assert t.hand.turn == 1 and t.state.phase == "play"  # the declarer leads


def test_follow_suit_if_able_highest_trump_wins_else_highest_of_the_suit_led():
    t = contracted(trump="S")
    assert {a.card for a in t.game.legal_actions(t.state, 1) if isinstance(a, cmd.Play)} == set(HANDS[1])
    t.play("JC")
    assert [a.card for a in t.game.legal_actions(t.state, 2) if isinstance(a, cmd.Play)] == HANDS[2]  # void: anything
    events = t.play("AD", "10H", "3S", "7S", "10C")  # seat 4's 3S trumps, seat 5's 7S over-trumps
    assert events_of(events, ev.TrickWon)[0].seat == 5
    t2 = contracted(trump="H")
    events = t2.play("3D", "AD", "3H", "JH", "7S", "3C")  # hearts trump: seat 4's JH is highest
    assert events_of(events, ev.TrickWon)[0].seat == 4
    swapped = [list(h) for h in HANDS]
    swapped[0][0], swapped[5][0] = "7S", "3C"  # seat 5 gets a club for 7S
    t3 = Table("black-queen")
    t3.deal(hands=swapped)
    auction(t3, 75, None, None, None, None, None)
    t3.act(bq.Declare(1, "S", ["AS", "10H"]))
    events = t3.play("JC", "7D", "3H", "JH", "3C", "4C")
    assert events_of(events, ev.TrickWon)[0].seat == 1  # no trump played: the highest club
    assert t3.hand.points_won[1] == 0 and t3.hand.tricks_won[1] == 1


def test_partners_are_revealed_to_the_table_only_when_a_called_card_is_played():
    t = contracted(called=("AS", "10H"))  # held by seats 5 and 3
    assert t.hand.holders == {"AS": 5, "10H": 3}  # the referee knows
    for seat in (None, 0, 1, 2, 3, 4, 5):
        view = t.game.public_view(t.state, seat)
        assert view["hand"]["partners_revealed"] == [] and "holders" not in view["hand"]
        assert "your_hand" not in view["hand"] and "hands" not in view["hand"]
    assert t.game.scores(t.state)["current"]["partners_revealed"] == []
    t.play("3D", "7D", "3H")
    assert t.game.public_view(t.state)["hand"]["partners_revealed"] == []
    t.play("JH", "7S", "3C")
    assert t.game.director_view(t.state)["hand"]["holders"] == {"AS": 5, "10H": 3}


def test_a_called_card_played_reveals_its_holder():
    t = contracted(trump="S", called=("AS", "10H"))
    t.play("JC", "AD", "10H")  # seat 3 plays the called 10H
    assert t.game.public_view(t.state)["hand"]["partners_revealed"] == [{"seat": 3, "card": "10H", "trick": 1}]


def sheet_after(t: Table, points: list[int]):
    t.hand.points_won = points
    return hand_sheet(t.state)[0]


def test_the_team_with_at_least_the_bid_wins_it_each_else_each_loses_it():
    t = contracted((100,), called=("AS", "10H"))  # team: 1, 5, 3
    sheet = sheet_after(t, [20, 40, 0, 30, 30, 30])
    assert sheet["team"] == [1, 3, 5] and sheet["team_points"] == 100 and sheet["made"]
    assert [u["hand_total"] for u in sheet["units"]] == [0, 100, 0, 100, 0, 100]
    sheet = sheet_after(t, [20, 40, 0, 30, 31, 29])
    assert not sheet["made"] and [u["hand_total"] for u in sheet["units"]] == [0, -100, 0, -100, 0, -100]


def test_a_holder_of_both_called_cards_or_a_declarer_calling_their_own_scores_once():
    t = contracted((90,), called=("AS", "QS"))  # seat 5 holds both
    sheet = sheet_after(t, [0, 40, 0, 0, 65, 45])  # 85 < 90
    assert sheet["team"] == [1, 5] and [u["hand_total"] for u in sheet["units"]] == [0, -90, 0, 0, 0, -90]
    t = contracted((90,), called=("AC", "KC"))  # the declarer's own cards: playing alone
    sheet = sheet_after(t, [0, 90, 0, 0, 60, 0])
    assert sheet["team"] == [1] and [u["hand_total"] for u in sheet["units"]] == [0, 90, 0, 0, 0, 0]


def test_variable_shares_one_per_called_card_held_plus_one_for_the_declarer():
    t = contracted((90,), called=("AS", "QS"), variable_shares=True)
    sheet = sheet_after(t, [0, 40, 0, 0, 65, 45])  # 85 < 90
    assert [u["shares"] for u in sheet["units"]] == [0, 1, 0, 0, 0, 2]
    assert [u["hand_total"] for u in sheet["units"]] == [0, -90, 0, 0, 0, -180]
    t = contracted((90,), called=("AC", "10H"), variable_shares=True)
    sheet = sheet_after(t, [0, 45, 0, 45, 60, 0])
    assert [u["hand_total"] for u in sheet["units"]] == [0, 180, 0, 90, 0, 0]


def test_the_game_lasts_the_set_number_of_hands():
    t = contracted(hands=1)
    t.play_out()
    ended = events_of(t.log, ev.GameEnded)
    totals = t.totals()
    assert ended and ended[0].reason == "hands" and ended[0].winners == [s for s in range(6) if totals[s] == max(totals)]
    assert t.state.phase == "over"


def test_with_no_set_length_the_game_goes_on_until_the_scorekeeper_ends_it():
    t = contracted(hands=0)
    t.play_out()
    assert t.state.phase == "deal" and not events_of(t.log, ev.GameEnded)
    t.act(cmd.EndGame())
    assert t.state.outcome["reason"] == "early"
