"""Queen Bees on the trick engine: 4 players bid tricks; no trump until the first Queen, which wins
its trick and makes its suit trump; from then on the four Queens are trumps above the trump suit
and belong to it for following (``docs/rules/queen-bees.md``).

Following rules a lead sets (``(kind, suit)``, fixed at the lead for the whole trick):

* ``suit``: before trump, the led suit, its Queen included;
* ``trump``: a lead of a trump-suit card or of any Queen: a trump-suit card or a Queen;
* ``plain``: a lead of another suit: a card of that suit that is not its Queen.

    >>> qb = QueenBees()
    >>> qb.follows("trump", "S", "QH"), qb.follows("plain", "H", "QH"), qb.follows("suit", "H", "QH")
    (True, False, True)
"""

from __future__ import annotations

from typing import Any, ClassVar


from referee import errors
from referee import events as ev
from referee.cards import IS_QUEEN, STANDARD_STRENGTH, SUIT, SUIT_NAMES, sort_hand
from referee.fields import MAX_POINTS, ExactBoolean, ExactInteger
from referee.closed_sets import EndReason, FollowRule
from referee.games.queen_bees.scoring import hand_sheet
from referee.games.queen_bees.state import QBHand, QBState
from referee.trickgame.leaders import winners_at_target
from referee.trickgame.table_actions import trick_command_of
from referee.trickgame import commands as cmd
from referee.games.queen_bees import words
from referee.trickgame.game import TrickGame, TrickOptionsSchema
from referee.trickgame.state import Layout
from referee.trickgame.tricks import trick_winner

LAYOUT = Layout(players=4, seats=4, dummy=None, hands_dealt=4, hand_size=13, removed=())


class OptionsSchema(TrickOptionsSchema):
    """Options a Queen Bees game is created with; every one is logged in ``GameCreated``."""

    players = ExactInteger(4, 4, load_default=4)
    target = ExactInteger(1, MAX_POINTS, load_default=200)
    first_dealer = ExactInteger(0, 3, load_default=0)
    # A renege found out in window B or C scores -10 x bid for the hand
    # (``docs/rules/queen-bees.md``); off, it is only recorded.
    renege_costs_bid = ExactBoolean(load_default=True)


class QueenBees(TrickGame[QBState]):
    """Queen Bees: 4 players bid tricks; the first Queen played fixes trump; Queens are top trumps."""

    own_words = words.OWN_WORDS
    waiting_words = {**TrickGame.waiting_words, **words.WAITING_FOR}

    def penalty_words(self, penalty: str) -> str:
        return words.penalty_words(penalty)

    name: str = "queen-bees"
    title: str = "Queen Bees"
    #: Its hand row's columns, in the order docs/records.md lists them.
    score_columns: tuple[str, ...] = ("bid", "tricks", "made", "renege")
    options_schema = OptionsSchema
    actions: ClassVar[dict[str, type]] = dict(cmd.SHARED_ACTIONS)
    players, hand_size, removed = LAYOUT.players, LAYOUT.hand_size, LAYOUT.removed

    def layout_of(self, options: Any) -> Layout:
        return LAYOUT

    def new_hand(self, no: int, dealer: int, seats: int) -> QBHand:
        return QBHand(no, dealer, seats)

    # ------------------------------------------------------------ bidding

    def own_folds(self) -> dict[type, Any]:
        return {ev.BidMade: self.fold_bid_made}

    def own_deciders(self) -> dict[type, Any]:
        return {cmd.Bid: self.decide_bid}

    def decide_bid(self, state: QBState, c: cmd.Bid, rng: Any) -> list[Any]:
        """Each player in turn from the dealer's left bids 1 to 13 tricks."""
        self.require_phase(state, "bid", doing="bid")
        seat = self.player_seat(state, c.seat)
        h = state.in_play
        if seat != h.turn:
            raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot bid now: it is {state.seat_label(h.whose_turn)}'s "
                                     "turn.", seat=seat, legal=[h.whose_turn])
        if not isinstance(c.bid, int) or not 1 <= c.bid <= state.hand_size:
            raise errors.InputError(f"{state.seat_label(seat)} must bid 1 to {state.hand_size} tricks, not {c.bid!r}.",
                                    seat=seat, legal=list(range(1, state.hand_size + 1)), code="invalid_bid")
        return [ev.BidMade(seat, h.no, c.bid)]

    def fold_bid_made(self, state: QBState, e: ev.BidMade) -> None:
        h = state.in_play
        h.bids[e.seat] = e.bid
        if all(b is not None for b in h.bids):
            state.phase = "play"  # the player left of the dealer leads
            h.turn = h.order[0]
        else:
            h.turn = h.next_of[e.seat]

    def phase_actions(self, state: QBState, seat: int) -> list[Any]:
        return [cmd.Bid(seat, n) for n in range(1, state.hand_size + 1)] if state.phase == "bid" else []

    # ------------------------------------------------------------ trump and following

    def lead_rule(self, state: QBState, card: str) -> tuple[FollowRule, str]:
        trump = state.in_play.trump
        if trump is None:
            return ("suit", SUIT[card])
        if IS_QUEEN[card] or SUIT[card] == trump:
            return ("trump", trump)
        return ("plain", SUIT[card])

    def follows(self, kind: str, suit: str, card: str) -> bool:
        if kind == "suit":
            return SUIT[card] == suit
        if kind == "trump":
            return IS_QUEEN[card] or SUIT[card] == suit
        return SUIT[card] == suit and not IS_QUEEN[card]

    def rule_text(self, kind: str, suit: str) -> str:
        name = SUIT_NAMES[suit]
        if kind == "trump":
            return f"trump ({name} or a Queen) was led"
        if kind == "plain":
            return f"{name} were led (a Queen is a trump now, not one of the {name})"
        return f"{name} were led"

    def after_card(self, state: QBState, seat: int, card: str) -> None:
        h = state.in_play
        if h.trump is None and IS_QUEEN[card]:
            h.trump = SUIT[card]
            h.trump_by = {"seat": seat, "card": card, "trick": h.trick_no}

    def trick_winner(self, state: QBState, plays: list[tuple[int, str]]) -> int:
        """The first Queen played to the trick; else the highest trump; else the highest of the suit led."""
        for seat, card in plays:
            if IS_QUEEN[card]:
                return seat
        return trick_winner(plays, state.in_play.trump, STANDARD_STRENGTH)

    # ------------------------------------------------------------ reneges and scoring

    def penalty(self, state: QBState, seat: int) -> str | None:
        h = state.in_play
        if not state.options["renege_costs_bid"]:
            return None
        bid = h.bid_of(seat)
        again = " (already due for an earlier renege)" if any(f.seat == seat for f in h.found) else ""
        return f"{state.seat_label(seat)} scores -10 x {bid} = {-10 * bid} for hand {h.no} instead of its normal score{again}"

    def hand_sheet(self, state: QBState) -> tuple[dict[str, Any], list[int]]:
        return hand_sheet(state)

    def game_end(self, state: QBState, totals: list[int]) -> tuple[EndReason, list[int]] | None:
        won = winners_at_target(totals, state.options["target"])
        return ("target", won) if won is not None else None

    # ------------------------------------------------------------ the record and the views

    def command_of(self, event: Any) -> Any:
        return trick_command_of(event)  # bids, cards and claims: all shared

    def public_view(self, state: QBState, seat: int | None = None) -> dict[str, Any]:
        """What the table sees (and, with ``seat``, that seat's own hand in a known record)."""
        view = self.table_view(state)
        h = state.hand
        if h is not None:
            view["hand"].update({"bids": list(h.bids), "trump": h.trump, "trump_by": h.trump_by})
            if seat is not None and h.hands is not None and 0 <= seat < state.players:
                view["hand"]["your_hand"] = sort_hand(h.hands[seat], STANDARD_STRENGTH)
        return view

    def director_view(self, state: QBState) -> dict[str, Any]:
        """Everything the referee knows: hands, every irregularity and its status."""
        view = self.public_view(state)
        if state.hand is not None:
            view["hand"].update(self.director_extras(state))
        return view

    def scores(self, state: QBState) -> dict[str, Any]:
        """The score sheet: one sheet per finished hand, the current totals, and the hand in play."""
        h = state.hand
        current = None
        if h is not None and not h.over:
            current = {"hand": h.no, "bids": list(h.bids), "tricks_won": list(h.tricks_won), "trump": h.trump}
        return {"units": self.units(state), "hands": state.history, "totals": list(state.totals), "current": current}
