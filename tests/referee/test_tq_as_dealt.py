"""The Queens as dealt (a blind record of a physical game): each card is entered as it turns up.
Played in step with a known record of the same deal, the referee refuses nothing the known game
allows, shows the same table once every card turned up is entered, never shows a card face down,
replays and decides again to the live state; a third copy, a move before the card turned up is
entered, and a turn that does not name its card are refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import errors
from referee.games.the_queens import commands as cmd
from referee.games.the_queens import events as ev
from referee.games.the_queens.cards import DECK104
from referee.games.the_queens.errors import IllegalMove
from referee.games.the_queens.rules import awaiting
from referee.redecide_record import redecide
from referee.registry import get_game
from referee.replay import replay
from referee.undo import Undo

GAME = get_game("the-queens")


class Table:
    """A game of The Queens logged as it goes: ``decide`` then fold, as the service does."""

    def __init__(self, record: str, options: dict | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.log = GAME.start(options or {}, ["Ann"], record, self.rng)
        self.state = replay(self.log)

    def do(self, command) -> list:
        events = GAME.decide(self.state, command, self.rng)
        for e in events:
            GAME.apply(self.state, e)
        self.log += events
        return events


class Cards:
    """The cards as they lie on the table of a physical game: the blind record's events, with the
    cards it has not seen (the deal's order, the Queens' payment) filled in from ``order``."""

    def __init__(self, order: list[str]) -> None:
        self.order, self.state = order, GAME.initial_state()

    def follow(self, events: list) -> None:
        for e in events:
            if type(e) is ev.QueensDealt:
                e = ev.QueensDealt(self.order)
            elif type(e) is ev.QueensKeyPaid:
                e = ev.QueensKeyPaid(self.state.tableau.key[-len(e.cards):])
            elif type(e) is ev.QueensCardSeen:
                assert self.state.tableau.stack(e.place)[-1] == e.card
            GAME.apply(self.state, e)

    def top(self, place: str) -> str:
        return self.state.tableau.stack(place)[-1]


def play(blind: Table, cards: Cards, command) -> None:
    """``command`` at the blind table (a turn names the card turned), then each card that turned
    up entered, as the player reads it off the table."""
    if isinstance(command, cmd.Turn):
        command = cmd.Turn(0, cards.top("pack"))
    cards.follow(blind.do(command))
    while (place := awaiting(blind.state.tableau)) is not None:
        cards.follow(blind.do(cmd.Seen(0, cards.top(place))))


def in_step(seed: int) -> tuple[Table, Cards]:
    """A blind table dealt, and the cards of a shuffled deal that it is dealt from."""
    order = list(DECK104)
    random.Random(seed).shuffle(order)
    blind, cards = Table("blind", seed=seed), Cards(order)
    cards.follow(blind.log)
    play(blind, cards, cmd.Deal(0))
    return blind, cards


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=st.integers(0, 10**6), play_seed=st.integers(0, 10**6), steps=st.integers(1, 160))
def test_as_dealt_random_play_matches_the_known_game_and_replays_to_the_live_state(deal_seed, play_seed, steps):
    rng = random.Random(play_seed)
    blind, cards = in_step(deal_seed)
    for _ in range(steps):
        actions = [a for a in GAME.legal_actions(cards.state, 0) if not isinstance(a, (cmd.GiveUp, Undo))]
        if not actions:
            break
        blind_actions = [a for a in GAME.legal_actions(blind.state, 0) if not isinstance(a, (cmd.GiveUp, Undo))]
        # the same moves, but a turn: as dealt, one for each card that may still turn up
        assert [a for a in blind_actions if type(a) is not cmd.Turn] == [a for a in actions if type(a) is not cmd.Turn]
        if any(isinstance(a, cmd.Turn) for a in actions) and cards.top("pack") != blind.state.tableau.pack[-1]:
            assert cmd.Turn(0, cards.top("pack")) in blind_actions
        play(blind, cards, rng.choice(actions))
        view = GAME.public_view(blind.state)
        assert view == GAME.public_view(cards.state)  # the table as it lies, once what turned up is entered
        assert "?" not in repr(view)  # no card face down is ever shown
        assert GAME.outcome(blind.state) == GAME.outcome(cards.state)
    live = GAME.director_view(blind.state)
    assert GAME.director_view(replay(blind.log)) == live
    assert GAME.director_view(redecide(blind.log)) == live


def test_the_as_dealt_deal_waits_for_the_keys_top_then_each_shutter_card():
    blind = Table("blind")
    dealt = blind.do(cmd.Deal(0))
    assert dealt[0].order == [] and len(dealt) == 1
    view = GAME.public_view(blind.state)
    assert view["awaiting"] == "key" and view["key"] == {"top": None, "count": 32} and view["pack"] == {"count": 72}
    seen = [a for a in GAME.legal_actions(blind.state, 0) if isinstance(a, cmd.Seen)]
    assert len(seen) == 52 and cmd.Seen(0, "AS") in seen
    assert blind.do(cmd.Seen(0, "7H")) == [ev.QueensCardSeen("key", "7H")]
    assert GAME.public_view(blind.state)["awaiting"] == "pack"
    assert blind.do(cmd.Seen(0, "KS")) == [ev.QueensCardSeen("pack", "KS"), ev.QueensKingFounded("KS", "pack", 0)]
    assert blind.do(cmd.Seen(0, "AS")) == [ev.QueensCardSeen("pack", "AS"), ev.QueensSpaceFilled("s1", "AS", "pack")]
    assert GAME.public_view(blind.state)["shutter"]["s1"] == ["AS"]


def test_a_queen_on_the_keys_top_as_dealt_pays_fourteen_cards_face_down():
    blind = Table("blind")
    blind.do(cmd.Deal(0))
    paid = blind.do(cmd.Seen(0, "QH"))
    assert paid == [ev.QueensCardSeen("key", "QH"), ev.QueensKeyPaid(["?"] * 13 + ["QH"])]
    assert GAME.public_view(blind.state)["key"] == {"top": None, "count": 18}
    assert blind.state.tableau.pack[:14] == ["QH"] + ["?"] * 13  # under the pack, the Queen dealt last


def test_no_card_turns_up_more_than_twice():
    blind = Table("blind")
    blind.do(cmd.Deal(0))
    blind.do(cmd.Seen(0, "7H"))
    blind.do(cmd.Seen(0, "7H"))
    with pytest.raises(IllegalMove, match=r"7H \(7 of hearts\) cannot turn up: both of its copies have been seen already"):
        blind.do(cmd.Seen(0, "7H"))
    assert "7H" not in [a.card for a in GAME.legal_actions(blind.state, 0) if isinstance(a, cmd.Seen)]


def test_nothing_is_played_before_the_card_that_turned_up_is_entered():
    blind = Table("blind")
    blind.do(cmd.Deal(0))
    with pytest.raises(errors.WrongPhase, match="enter it"):
        blind.do(cmd.Turn(0, "2C"))
    with pytest.raises(errors.WrongPhase, match="enter it"):
        blind.do(cmd.Move(0, "AS", "foundation", "key"))


def test_an_as_dealt_turn_names_the_card_turned():
    blind, cards = in_step(3)
    with pytest.raises(IllegalMove, match="say which card you turned"):
        blind.do(cmd.Turn(0))
    turned = cards.top("pack")
    assert blind.do(cmd.Turn(0, turned))[0] == ev.QueensCardTurned(turned)


def test_a_known_turn_that_names_another_card_is_refused():
    known = Table("known", seed=3)
    known.do(cmd.Deal(0))
    other = "2C" if known.state.tableau.pack[-1] != "2C" else "3C"
    with pytest.raises(IllegalMove, match="pack's top card is .*, not"):
        known.do(cmd.Turn(0, other))


def test_an_as_dealt_record_takes_no_order_and_gives_no_hint():
    blind = Table("blind")
    with pytest.raises(errors.InvalidDeal, match="takes no order"):
        blind.do(cmd.Deal(0, list(DECK104)))
    blind, _ = in_step(5)
    with pytest.raises(errors.WrongPhase, match="no hint"):
        GAME.hint(blind.state)
