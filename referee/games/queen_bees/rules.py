"""Queen Bees play rules (RULINGS.md, Queen Bees): no trump until the first Queen, which wins its
trick and makes its suit trump; from then on the four Queens are trumps above the trump suit and
belong to it for following.

Following rules a lead sets (``(kind, suit)``, fixed at the lead for the whole trick):

* ``suit``: before trump, the led suit, its Queen included;
* ``trump``: a lead of a trump-suit card or of any Queen: a trump-suit card or a Queen;
* ``plain``: a lead of another suit: a card of that suit that is not its Queen.

    >>> r = QueenBeesRules()
    >>> r.follows("trump", "S", "QH"), r.follows("plain", "H", "QH"), r.follows("suit", "H", "QH")
    (True, False, True)
"""

from __future__ import annotations

from typing import Any

from referee.cards import IS_QUEEN, STANDARD_STRENGTH, SUIT, SUIT_NAMES
from referee.games.queen_bees.scoring import hand_sheet
from referee.standings import winners_at_target
from referee.trickgame.rules import TrickRules
from referee.trickgame.state import Hand, TableState
from referee.tricks import trick_winner


class QBHand(Hand):
    """A Queen Bees hand: the bids, and the trump the first Queen fixed."""

    def __init__(self, no: int, dealer: int, players: int) -> None:
        super().__init__(no, dealer, players)
        self.bids: list[int | None] = [None] * players
        self.trump: str | None = None
        self.trump_by: dict[str, Any] | None = None  # the first Queen: seat, card, trick


class QueenBeesRules(TrickRules):
    players = 4
    hand_size = 13
    removed = ()
    bidding_phase = "bid"

    def new_hand(self, state: TableState, no: int, dealer: int) -> QBHand:
        return QBHand(no, dealer, state.players)

    def lead_rule(self, state: TableState, card: str) -> tuple[str, str]:
        trump = state.hand.trump
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

    def after_card(self, state: TableState, seat: int, card: str) -> None:
        h = state.hand
        if h.trump is None and IS_QUEEN[card]:
            h.trump = SUIT[card]
            h.trump_by = {"seat": seat, "card": card, "trick": h.trick_no}

    def penalty(self, state: TableState, seat: int) -> str | None:
        h = state.hand
        if not state.options["renege_costs_bid"]:
            return None
        bid = h.bids[seat]
        again = " (already due for an earlier renege)" if any(f["seat"] == seat for f in h.found) else ""
        return f"{state.seat_label(seat)} scores -10 x {bid} = {-10 * bid} for hand {h.no} instead of its normal score{again}"

    def trick_winner(self, state: TableState, plays: list[tuple[int, str]]) -> int:
        """The first Queen played to the trick; else the highest trump; else the highest of the suit led."""
        for seat, card in plays:
            if IS_QUEEN[card]:
                return seat
        return trick_winner(plays, state.hand.trump, STANDARD_STRENGTH)

    def score_hand(self, state: TableState) -> tuple[dict[str, Any], list[int]]:
        return hand_sheet(state)

    def game_end(self, state: TableState, totals: list[int]) -> tuple[str, list[int]] | None:
        won = winners_at_target(totals, state.options["target"])
        return ("target", won) if won is not None else None


RULES = QueenBeesRules()
