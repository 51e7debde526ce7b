"""Queen Bees play and scoring rules, one test per ruling (RULINGS.md, Queen Bees)."""

from __future__ import annotations

import pytest

from trick_table import Table, events_of
from referee import errors
from referee import events as ev
from referee.trickgame import commands as cmd
from referee.games.queen_bees.scoring import hand_points
from referee.trickgame.leaders import winners_at_target

SUITED = [[r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] for s in "CDHS"]


def hands_with(*moves: tuple[str, int]) -> list[list[str]]:
    """Seat 0 all clubs, 1 diamonds, 2 hearts, 3 spades; then each (card, seat) moves a card to a
    seat, which gives back its lowest card of its own suit not already given."""
    hands = [list(h) for h in SUITED]
    for card, seat in moves:
        owner = next(s for s, h in enumerate(hands) if card in h)
        back = next(c for c in SUITED[seat] if c in hands[seat] and c[0] != "Q")
        hands[owner].remove(card)
        hands[seat].remove(back)
        hands[owner].append(back)
        hands[seat].append(card)
    return hands


def qb(record: str = "known", **options) -> Table:
    return Table("queen-bees", record=record, **options)


def bid_all(t: Table, bids=(3, 3, 3, 3)) -> None:
    for b in bids:
        t.act(cmd.Bid(t.hand.turn, b))


def started(hands: list[list[str]], **options) -> Table:
    t = qb(**options)
    t.deal(hands=hands)
    bid_all(t)
    return t


def plays(t: Table, seat: int) -> list[str]:
    return [a.card for a in t.game.legal_actions(t.state, seat) if isinstance(a, cmd.Play)]


def test_each_player_bids_one_to_thirteen_in_turn_from_the_dealers_left():
    t = qb()
    t.deal()
    assert t.state.phase == "bid" and t.hand.turn == 1
    with pytest.raises(errors.InputError) as exc:
        t.act(cmd.Bid(1, 0))
    assert exc.value.code == "invalid_bid" and exc.value.legal == list(range(1, 14))
    with pytest.raises(errors.InputError):
        t.act(cmd.Bid(1, 14))
    with pytest.raises(errors.NotYourTurn):
        t.act(cmd.Bid(2, 4))
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.Play(1, "2D"))
    events = []
    for seat, b in ((1, 13), (2, 1), (3, 5), (0, 7)):
        events += t.act(cmd.Bid(seat, b))
    assert [(e.seat, e.bid) for e in events] == [(1, 13), (2, 1), (3, 5), (0, 7)]
    assert t.hand.bids == [7, 13, 1, 5]


def test_the_player_left_of_the_dealer_leads():
    t = started(SUITED)
    assert t.state.phase == "play" and t.hand.turn == 1


def test_no_trump_before_the_first_queen_highest_of_the_suit_led_wins():
    t = started(SUITED)
    events = t.play("5D", "AH", "AS", "AC")
    assert events_of(events, ev.TrickWon)[0].seat == 1
    assert t.hand.trump is None


def test_before_trump_a_queen_belongs_to_its_suit_and_must_follow_it():
    t = started(hands_with(("QD", 2)))  # seat 2's only diamond is its Queen
    t.play("5D")
    assert plays(t, 2) == ["QD"]
    events = t.play("QD", "2S", "2C")
    assert events_of(events, ev.TrickWon)[0].seat == 2
    assert t.hand.trump == "D" and t.hand.trump_by == {"seat": 2, "card": "QD", "trick": 1}


def test_the_first_queen_played_wins_its_trick_and_fixes_trump():
    t = started(SUITED)
    events = t.play("5D", "2H", "QS", "QC")  # seat 3 is void: its Queen is the first
    assert events_of(events, ev.TrickWon)[0].seat == 3
    assert t.hand.trump == "S"


def test_queens_are_trumps_above_the_trump_suit_and_must_follow_a_trump_lead():
    t = started(SUITED)
    t.play("QD", "2H", "2S", "2C")  # trump is diamonds
    t.play("AD")  # a trump lead
    assert plays(t, 2) == ["QH"]  # no diamond, but a Queen: it must be played
    t.play("QH")
    assert plays(t, 3) == ["QS"]  # the second Queen must be played too, and loses
    events = t.play("QS", "QC")
    assert events_of(events, ev.TrickWon)[0].seat == 2


def test_a_queen_lead_is_a_trump_lead():
    t = started(hands_with(("QH", 1)))  # seat 2 gets 2D for it
    t.play("QD", "2D", "2S", "2C")  # seat 1 wins, trump diamonds
    t.play("QH")  # a Queen of another suit led: a trump lead, not a heart lead
    assert t.hand.rule == ("trump", "D")
    assert sorted(plays(t, 2)) == sorted(t.hand.hands[2])  # hearts only: void in trumps
    t.play("AH")
    assert plays(t, 3) == ["QS"]
    events = t.play("QS", "QC")
    assert events_of(events, ev.TrickWon)[0].seat == 1


# Seat 0's only heart is QH; seat 2 holds QC and 2D; seat 1 holds 4H.
QH_ALONE = [
    [c for c in SUITED[0] if c != "QC"] + ["QH"],
    [c for c in SUITED[1] if c != "2D"] + ["4H"],
    [c for c in SUITED[2] if c not in ("QH", "4H")] + ["QC", "2D"],
    list(SUITED[3]),
]


def test_a_queen_of_a_plain_suit_no_longer_follows_that_suit():
    t = started(QH_ALONE)
    t.play("QD", "2D", "2S", "2C")  # trump is diamonds
    t.play("4H")  # hearts, a plain suit
    assert "QC" not in plays(t, 2) and set(plays(t, 2)) == {c for c in t.hand.hands[2] if c.endswith("H")}
    t.play("5H", "3S")
    assert "3C" in plays(t, 0) and "QH" in plays(t, 0)  # its only heart is its Queen: it is void
    events = t.play("QH")
    assert events_of(events, ev.TrickWon)[0].seat == 0  # and the Queen is a trump that wins


def test_without_queens_the_highest_trump_wins():
    t = started(QH_ALONE)
    t.play("QD", "2D", "2S", "2C", "4H", "5H", "3S", "QH")
    events = t.play("3C", "AD", "6H", "4S")
    assert events_of(events, ev.TrickWon)[0].seat == 1


def test_score_ten_per_bid_trick_and_one_per_extra_trick_nothing_when_short():
    assert hand_points(6, 6, False) == 60
    assert hand_points(5, 7, False) == 52
    assert hand_points(3, 2, False) == 0
    t = started(SUITED)
    t.play_out()
    sheet = events_of(t.log, ev.HandScored)[0].sheet
    tricks = [row["tricks"] for row in sheet["units"]]
    assert sum(tricks) == 13
    assert [row["hand_total"] for row in sheet["units"]] == [hand_points(3, n, False) for n in tricks]
    assert t.totals() == sheet["totals"] and t.state.phase == "deal" and t.state.dealer == 1


def test_game_to_the_target_ties_at_the_top_play_on():
    assert winners_at_target([200, 150, 90, 0], 200) == [0]
    assert winners_at_target([210, 210, 90, 0], 200) is None
    assert winners_at_target([199, 150, 90, 0], 200) is None
    t = qb(target=1)
    t.deal(hands=SUITED)
    bid_all(t, (1, 1, 1, 1))
    t.play_out()
    totals = t.totals()
    ended = events_of(t.log, ev.GameEnded)
    if sorted(totals)[-1] == sorted(totals)[-2]:
        assert not ended and t.state.phase == "deal"
    else:
        assert ended[0].winners == [totals.index(max(totals))] and t.state.phase == "over"


def test_the_scorekeeper_may_end_the_game_early_leaders_share():
    t = started(SUITED)
    t.act(cmd.EndGame())
    assert t.state.outcome == {"reason": "early", "hand": 1, "winners": [0, 1, 2, 3], "totals": [0, 0, 0, 0]}
    with pytest.raises(errors.WrongPhase):
        t.act(cmd.Play(1, "2D"))


def test_input_errors_name_the_seat_the_card_and_the_trick():
    t = started(SUITED)
    with pytest.raises(errors.NotYourTurn):
        t.act(cmd.Play(2, "2H"))
    with pytest.raises(errors.CardNotInHand) as exc:
        t.act(cmd.Play(1, "2H"))
    assert (exc.value.seat, exc.value.card, exc.value.trick) == (1, "2H", 1)
    with pytest.raises(errors.UnknownCard):
        t.act(cmd.Play(1, "ZZ"))
    t.play("2D")
    with pytest.raises(errors.CardAlreadyPlayed):
        t.act(cmd.Play(2, "2D"))
    with pytest.raises(errors.InvalidDeal):
        qb().act(cmd.Deal(hands=[SUITED[0]] * 4))
