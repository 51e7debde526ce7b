"""The referee's errors.

Two kinds of trouble reach the referee. An *input error* is an impossible entry (a card already
played, a card not in the deck, the wrong seat, a command that does not fit the moment): it is
refused, nothing is recorded, and the message says what was wrong and what would be legal. A
*rule breach* by a player (a renege) is not an error at all: it is a fact of the game, recorded
as an event and ruled on (see ``referee.events``).
"""

from __future__ import annotations

from typing import Any


class RefereeError(Exception):
    """Root of every error the referee raises."""


class InputError(RefereeError):
    """An entry the referee refuses; nothing is recorded.

    ``legal`` lists the legal alternatives (card strings or action names) where that helps the
    scorekeeper correct the entry, else ``None``. ``code`` is a short stable slug for APIs, one
    per kind of refusal (each is listed in docs/problems.md).
    """

    code = "invalid_input"

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        card: str | None = None,
        trick: int | None = None,
        legal: list[Any] | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat
        self.card = card
        self.trick = trick
        self.legal = legal
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description (for problem+json bodies)."""
        return {
            "code": self.code,
            "message": self.message,
            "seat": self.seat,
            "card": self.card,
            "trick": self.trick,
            "legal": self.legal,
        }


class UnknownCard(InputError):
    """The text is not a card, or the card is not in this game's deck."""

    code = "unknown_card"


class CardAlreadyPlayed(InputError):
    """The card was already played in this hand."""

    code = "card_already_played"


class CardNotInHand(InputError):
    """Known record: the seat does not hold the card."""

    code = "card_not_in_hand"


class NotYourTurn(InputError):
    """Another seat is to act."""

    code = "not_your_turn"


class WrongPhase(InputError):
    """The command does not fit the current moment of the game."""

    code = "wrong_phase"


class IllegalPlay(InputError):
    """Known record with announced detection: a renege is refused outright (window A)."""

    code = "illegal_play"


class NoIrregularity(InputError):
    """A take-back or penalty acceptance with no renege (in the right window) to act on."""

    code = "no_irregularity"


class InvalidOption(InputError):
    """Game options that do not fit together or are out of range."""

    code = "invalid_options"


class InvalidSeat(InputError):
    """A seat number that is not at this table (or the dummy where a player is needed)."""

    code = "invalid_seat"


class InvalidSeatName(InputError):
    """A new game's seat name that is blank or holds a character no one can see or type (see
    ``referee.seat_names``)."""

    code = "invalid_seat_name"


class InvalidDeal(InputError):
    """Known record: the hands given do not make up the deck."""

    code = "invalid_deal"


class UnknownAction(InputError):
    """A command type this game does not know."""

    code = "unknown_action"


class UnknownGame(RefereeError):
    """No game is registered under that name."""
