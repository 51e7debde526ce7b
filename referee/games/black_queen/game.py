"""Black Queen on the trick engine (``docs/rules/black-queen.md``): 6 players, 48 cards (the 2s out), 8
each, A high; an auction in card points; the high bidder names trump and two called cards, whose
holders are the declarer's hidden partners; follow suit if able, highest trump wins, else the
highest of the suit led. Card points: QS 30, each A 15, each 10 10, each 5 5 (150 in all).

``holders`` maps a called card to its holder as the referee knows it (a known record: from the
deal; a blind record: when it is played); ``revealed`` is what the table knows (a called card
played). The public view (with or without a seat, in a known record too) shows no hand at all, no
holder of a called card before it is played, and nothing derived from them.

    >>> sum(CARD_POINTS.get(c, 0) for c in BlackQueen().deck())
    150
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar


from referee import errors
from referee.closed_sets import EndReason
from referee import events as ev
from referee.games.black_queen import events as bq_ev
from referee.cards import RANK, STANDARD_STRENGTH, SUITS, deck_without, parse_suit
from referee.fields import MAX_HAND, ExactBoolean, ExactInteger
from referee.games.black_queen import commands as bq
from referee.games.black_queen.scoring import hand_sheet
from referee.games.black_queen.state import BQHand, BQState
from referee.trickgame.leaders import leaders
from referee.trickgame import commands as cmd
from referee.games.black_queen import words
from referee.trickgame.game import TrickGame, TrickOptionsSchema
from referee.trickgame.state import Layout
from referee.trickgame.tricks import trick_winner

REMOVED = ("2C", "2D", "2H", "2S")
LAYOUT = Layout(players=6, seats=6, dummy=None, hands_dealt=6, hand_size=8, removed=REMOVED)
CARD_POINTS: dict[str, int] = {c: {"A": 15, "10": 10, "5": 5}.get(RANK[c], 0) for c in deck_without(REMOVED)}
CARD_POINTS["QS"] = 30
MIN_BID, MAX_BID, STEP = 75, 150, 5


class OptionsSchema(TrickOptionsSchema):
    """Options a Black Queen game is created with; every one is logged in ``GameCreated``."""

    players = ExactInteger(6, 6, load_default=6)
    # The game lasts this many hands (thrown-in deals do not count); 0: until the scorekeeper ends it.
    hands = ExactInteger(0, MAX_HAND, load_default=12)
    first_dealer = ExactInteger(0, 5, load_default=0)
    # "Variable shares": the declarer has one share plus one per called card held, each other holder
    # one per called card held; each share wins or loses the bid.
    variable_shares = ExactBoolean(load_default=False)
    # A renege established in window B or C by the declarer's team defeats the contract; by a
    # defender, it makes it. Off: the ruling is recorded and the contract is played out as it stands.
    renege_decides_contract = ExactBoolean(load_default=True)


def open_bids(state: BQState) -> list[int]:
    """The bids the auction allows now: multiples of 5 from 75 to 150, above the high bid."""
    high = state.in_play.high
    return list(range(MIN_BID if high is None else high + STEP, MAX_BID + 1, STEP))


class BlackQueen(TrickGame[BQState]):
    """Black Queen: 6 players, an auction in card points, trump and two called cards whose holders
    are the declarer's hidden partners."""

    own_words = words.OWN_WORDS
    waiting_words = {**TrickGame.waiting_words, **words.WAITING_FOR}

    def penalty_words(self, penalty: str) -> str:
        return words.penalty_words(penalty)

    name: str = "black-queen"
    title: str = "Black Queen"
    #: Its hand row's columns, in the order docs/records.md lists them.
    score_columns: tuple[str, ...] = ("role", "called_held", "shares", "card_points", "tricks")
    options_schema = OptionsSchema
    actions: ClassVar[dict[str, type]] = bq.ACTIONS
    bidding_phase = "auction"
    turn_phases = ("auction", "declare", "play")
    players, hand_size, removed = LAYOUT.players, LAYOUT.hand_size, LAYOUT.removed

    def __init__(self) -> None:
        super().__init__()
        self._contracts: dict[int, list[bq.Declare]] = {}

    def layout_of(self, options: Any) -> Layout:
        return LAYOUT

    def deck(self) -> list[str]:
        return deck_without(REMOVED)

    def new_hand(self, no: int, dealer: int, seats: int) -> BQHand:
        return BQHand(no, dealer, seats)

    def own_folds(self) -> dict[type, Any]:
        return {ev.BidMade: self.fold_bid_made, bq_ev.HandThrownIn: self.fold_hand_thrown_in,
                bq_ev.ContractDeclared: self.fold_contract_declared}

    def own_deciders(self) -> dict[type, Any]:
        return {cmd.Bid: self.decide_bid, bq.Pass: self.decide_pass, bq.Declare: self.decide_declare}

    # ------------------------------------------------------------ the auction

    def _bidder(self, state: BQState, asked: Any, doing: str) -> int:
        self.require_phase(state, "auction", doing=doing)
        seat = self.player_seat(state, asked)
        h = state.in_play
        if seat != h.turn:
            turn = h.whose_turn
            why = "they passed, and a pass is final" if h.passed[seat] else f"it is {state.seat_label(turn)}'s turn"
            raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot {doing} now: {why}.", seat=seat, legal=[turn])
        return seat

    def decide_bid(self, state: BQState, c: cmd.Bid, rng: Any) -> list[Any]:
        seat = self._bidder(state, c.seat, "bid")
        legal = open_bids(state)
        if c.bid not in legal:
            high = state.in_play.high
            above = f", above the high bid of {high}" if high is not None else ""
            raise errors.InputError(f"{state.seat_label(seat)} cannot bid {c.bid!r}: bids are multiples of 5 from "
                                    f"{MIN_BID} to {MAX_BID}{above}, or pass.", seat=seat, legal=legal,
                                    code="invalid_bid")
        return [ev.BidMade(seat, state.in_play.no, c.bid)]

    def decide_pass(self, state: BQState, c: bq.Pass, rng: Any) -> list[Any]:
        seat = self._bidder(state, c.seat, "pass")
        h = state.in_play
        events: list[Any] = [ev.BidMade(seat, h.no, None)]
        if h.high is None and sum(h.passed) == state.players - 1:
            events.append(bq_ev.HandThrownIn(h.no, h.dealer))  # all six passed: the same dealer deals again
        return events

    def fold_bid_made(self, state: BQState, e: ev.BidMade) -> None:
        h = state.in_play
        h.auction.append({"seat": e.seat, "bid": e.bid})
        if e.bid is None:
            h.passed[e.seat] = True
        else:
            h.high, h.high_seat = e.bid, e.seat
        if h.high is not None and sum(h.passed) == state.players - 1:
            # A bid followed by passes of all the others: the high bidder declares.
            h.declarer, h.bid = h.high_seat, h.high
            h.turn = h.declarer
            state.phase = "declare"
        elif all(h.passed):
            h.turn = None  # thrown in (HandThrownIn follows)
        else:
            order = h.order
            i = order.index(e.seat)
            h.turn = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                          if not h.passed[order[(i + k) % len(order)]])

    def fold_hand_thrown_in(self, state: BQState, e: bq_ev.HandThrownIn) -> None:
        state.in_play.thrown_in = True
        state.in_play.over = True
        state.dealer = e.dealer  # the same dealer deals again
        state.phase = "deal"

    # ------------------------------------------------------------ the contract

    def decide_declare(self, state: BQState, c: bq.Declare, rng: Any) -> list[Any]:
        self.require_phase(state, "declare", doing="name trump and the called cards")
        seat = self.player_seat(state, c.seat)
        h = state.in_play
        declarer, bid = h.contract()
        if seat != declarer:
            raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot declare: the high bidder, "
                                     f"{state.seat_label(declarer)}, does.", seat=seat, legal=[declarer])
        try:
            trump = parse_suit(c.trump)
        except errors.UnknownCard as exc:
            raise errors.InputError(exc.message, code="unknown_suit") from None
        called = [self.card_in_deck(state, x, seat) for x in (c.called or [])]
        if len(called) != 2 or called[0] == called[1]:
            raise errors.InputError(f"{state.seat_label(seat)} must call two different cards, not {c.called!r}.",
                                    seat=seat, code="invalid_called_cards")
        return [bq_ev.ContractDeclared(seat, h.no, bid, trump, called)]

    def fold_contract_declared(self, state: BQState, e: bq_ev.ContractDeclared) -> None:
        h = state.in_play
        h.trump = e.trump
        h.called = list(e.called)
        if h.hands is not None:  # a known record knows the partners now; the table does not
            h.holders = {c: s for s, cards in enumerate(h.hands) for c in cards if c in h.called}
        h.turn = h.declarer  # the declarer leads the first trick
        state.phase = "play"

    def phase_actions(self, state: BQState, seat: int) -> list[Any]:
        """In the auction a pass or a bid above the high bid; for the declarer every contract
        (4 trumps x 1128 pairs of cards, made once per seat)."""
        if state.phase == "auction":
            return [bq.Pass(seat)] + [cmd.Bid(seat, b) for b in open_bids(state)]
        if state.phase == "declare":
            if seat not in self._contracts:
                pairs = list(combinations(self.deck(), 2))
                self._contracts[seat] = [bq.Declare(seat, s, [a, b]) for s in SUITS for a, b in pairs]
            return list(self._contracts[seat])
        return []

    # ------------------------------------------------------------ play and scoring

    def after_card(self, state: BQState, seat: int, card: str) -> None:
        h = state.in_play
        if card in h.called:
            h.holders[card] = seat
            h.revealed.append({"seat": seat, "card": card, "trick": h.trick_no})

    def after_trick(self, state: BQState, e: ev.TrickWon, last: bool) -> None:
        state.in_play.points_won[e.seat] += sum(CARD_POINTS[c] for c in e.cards)

    def trick_winner(self, state: BQState, plays: list[tuple[int, str]]) -> int:
        return trick_winner(plays, state.in_play.trump, STANDARD_STRENGTH)

    def penalty(self, state: BQState, seat: int) -> str | None:
        # Said without naming the team: in a known record the referee knows it, the table must not.
        h = state.in_play
        if not state.options["renege_decides_contract"]:
            return None
        if h.found:
            return "none: an earlier renege already decides the contract of this hand"
        return (f"decides the contract of hand {h.no} when it is scored: defeated if {state.seat_label(seat)} "
                "is on the declarer's team, made if a defender")

    def hand_sheet(self, state: BQState) -> tuple[dict[str, Any], list[int]]:
        return hand_sheet(state)

    def game_end(self, state: BQState, totals: list[int]) -> tuple[EndReason, list[int]] | None:
        hands = state.options["hands"]
        if hands and len(state.history) >= hands:
            return ("hands", leaders(totals))
        return None

    # ------------------------------------------------------------ the record and the views

    def command_of(self, event: Any) -> Any:
        return bq.command_of(event)

    def _contract_view(self, state: BQState) -> dict[str, Any]:
        """The public facts of the hand: the auction, the contract, the partners revealed so far."""
        h = state.in_play
        return {"auction": list(h.auction), "passed": list(h.passed), "high_bid": h.high, "high_bidder": h.high_seat,
                "declarer": h.declarer, "bid": h.bid, "trump": h.trump, "called": list(h.called),
                "partners_revealed": list(h.revealed), "card_points": list(h.points_won), "thrown_in": h.thrown_in}

    def public_view(self, state: BQState, seat: int | None = None) -> dict[str, Any]:
        """What the table sees. ``seat`` changes nothing: no hand is ever shown, so that no view of a
        known record can tell who holds a called card."""
        view = self.table_view(state)
        if state.hand is not None:
            view["hand"].update(self._contract_view(state))
        return view

    def director_view(self, state: BQState) -> dict[str, Any]:
        """Everything the referee knows: hands, the holders of the called cards, every irregularity."""
        view = self.public_view(state)
        h = state.hand
        if h is not None:
            view["hand"].update(self.director_extras(state))
            view["hand"]["holders"] = dict(h.holders)
        return view

    def scores(self, state: BQState) -> dict[str, Any]:
        """The score sheet: one sheet per finished hand, the current totals, and the hand in play as
        the table sees it."""
        h = state.hand
        current = None
        if h is not None and not h.over:
            current = {"hand": h.no, **self._contract_view(state)}
        return {"units": self.units(state), "hands": state.history, "totals": list(state.totals), "current": current}
