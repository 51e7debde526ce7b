"""What a plain trick game (Queen Bees, Black Queen) tells the shared engine of this package.

The engine (``referee.trickgame``: ``apply``, ``decide``, ``views``) does everything those games share:
dealing, the turn, following, trick completion, renege windows, claims, take-backs, the end of a
game. A game subclasses :class:`TrickRules` for what is its own.

A *following rule* is a pair ``(kind, suit)`` fixed by a trick's lead; ``follows(kind, suit, card)``
says whether ``card`` obeys it. A card that does not is a claim of holding no card that does, and
a later card that does proves the renege (cards never change hands within a hand).
"""

from __future__ import annotations

from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee.cards import SUIT, SUIT_NAMES
from referee.trickgame.state import Hand, TableState


class TrickRules:
    """Hooks a plain trick game supplies; the defaults are plain follow-suit."""

    players = 4
    hand_size = 13
    removed: tuple[str, ...] = ()
    bidding_phase = "bid"  # the phase a fresh deal starts in

    def new_hand(self, state: TableState, no: int, dealer: int) -> Hand:
        return Hand(no, dealer, state.players)

    def lead_rule(self, state: TableState, card: str) -> tuple[str, str]:
        """The following rule a lead of ``card`` sets for its trick."""
        return ("suit", SUIT[card])

    def follows(self, kind: str, suit: str, card: str) -> bool:
        return SUIT[card] == suit

    def disproved_by(self, irr: dict[str, Any], card: str) -> bool:
        """A card that obeys the rule the irregular card broke disproves its void claim (the test
        ``referee.reneges`` asks of a game)."""
        return self.follows(irr["rule"], irr["suit"], card)

    def rule_text(self, kind: str, suit: str) -> str:
        """``hearts were led`` for messages."""
        return f"{SUIT_NAMES[suit]} were led"

    def after_card(self, state: TableState, seat: int, card: str) -> None:
        """What a card does beyond the trick (Queen Bees: the first Queen fixes trump)."""

    def after_trick(self, state: TableState, winner: int, cards: list[str]) -> None:
        """What a trick does beyond its winner (Black Queen: card points)."""

    def penalty(self, state: TableState, seat: int) -> str | None:
        """What an established renege (window B or C) by ``seat`` costs, said in its ruling (None:
        nothing). It must not tell the table anything hidden."""
        return None

    def trick_winner(self, state: TableState, plays: list[tuple[int, str]]) -> int:
        raise NotImplementedError

    def score_hand(self, state: TableState) -> tuple[dict[str, Any], list[int]]:
        """The finished hand's score sheet and the new totals."""
        raise NotImplementedError

    def game_end(self, state: TableState, totals: list[int]) -> tuple[str, list[int]] | None:
        """After a hand is scored: (reason, winners) when the game is over, else None."""
        raise NotImplementedError


class TrickOptionsSchema(marshmallow.Schema):
    """The options every plain trick game has; a game's schema adds its own."""

    detection = fields.String(load_default="announced", validate=validate.OneOf(["announced", "on_claim"]))
