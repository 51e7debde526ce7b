"""Black Queen play rules (RULINGS.md, Black Queen): 6 players, 48 cards (the 2s out), 8 each,
A high; follow suit if able, highest trump wins, else the highest of the suit led. Card points:
QS 30, each A 15, each 10 10, each 5 5 (150 in all).

The holders of the two called cards are the declarer's hidden partners. ``holders`` maps a called
card to its holder as the referee knows it (a known record: from the deal; a blind record: when it
is played); ``revealed`` is what the table knows (a called card played). Views show ``revealed`` only.

    >>> sum(CARD_POINTS.get(c, 0) for c in RULES.deck())
    150
"""

from __future__ import annotations

from typing import Any

from referee.cards import RANK, STANDARD_STRENGTH, deck_without
from referee.games.black_queen.scoring import hand_sheet
from referee.standings import leaders
from referee.trickgame.rules import TrickRules
from referee.trickgame.state import Hand, TableState
from referee.tricks import trick_winner

REMOVED = ("2C", "2D", "2H", "2S")
CARD_POINTS: dict[str, int] = {c: {"A": 15, "10": 10, "5": 5}.get(RANK[c], 0) for c in deck_without(REMOVED)}
CARD_POINTS["QS"] = 30


class BQHand(Hand):
    """A Black Queen hand: the auction, the contract, the partners, the card points won."""

    def __init__(self, no: int, dealer: int, players: int) -> None:
        super().__init__(no, dealer, players)
        self.auction: list[dict[str, Any]] = []  # {"seat", "bid"} in order; bid None is a pass
        self.passed = [False] * players
        self.high: int | None = None
        self.high_seat: int | None = None
        self.declarer: int | None = None
        self.bid: int | None = None
        self.trump: str | None = None
        self.called: list[str] = []
        self.holders: dict[str, int] = {}  # hidden from the table until the card is played
        self.revealed: list[dict[str, Any]] = []  # public: {"seat", "card", "trick"}
        self.points_won = [0] * players
        self.thrown_in = False


class BlackQueenRules(TrickRules):
    players = 6
    hand_size = 8
    removed = REMOVED
    bidding_phase = "auction"

    def deck(self) -> list[str]:
        return deck_without(self.removed)

    def new_hand(self, state: TableState, no: int, dealer: int) -> BQHand:
        return BQHand(no, dealer, state.players)

    def after_card(self, state: TableState, seat: int, card: str) -> None:
        h = state.hand
        if card in h.called:
            h.holders[card] = seat
            h.revealed.append({"seat": seat, "card": card, "trick": h.trick_no})

    def after_trick(self, state: TableState, winner: int, cards: list[str]) -> None:
        state.hand.points_won[winner] += sum(CARD_POINTS[c] for c in cards)

    def penalty(self, state: TableState, seat: int) -> str | None:
        # Said without naming the team: in a known record the referee knows it, the table must not.
        h = state.hand
        if not state.options["renege_decides_contract"]:
            return None
        if h.found:
            return "none: an earlier renege already decides the contract of this hand"
        return (f"decides the contract of hand {h.no} when it is scored: defeated if {state.seat_label(seat)} "
                "is on the declarer's team, made if a defender")

    def trick_winner(self, state: TableState, plays: list[tuple[int, str]]) -> int:
        return trick_winner(plays, state.hand.trump, STANDARD_STRENGTH)

    def score_hand(self, state: TableState) -> tuple[dict[str, Any], list[int]]:
        return hand_sheet(state)

    def game_end(self, state: TableState, totals: list[int]) -> tuple[str, list[int]] | None:
        hands = state.options["hands"]
        if hands and len(state.history) >= hands:
            return ("hands", leaders(totals))
        return None


RULES = BlackQueenRules()
