"""The Queens' refusals: every one names the card and the place, and nothing is recorded."""

from __future__ import annotations

from referee.errors import InputError


class UnknownPlace(InputError):
    """The text names no place of the tableau (key, talon, shutter piles s1-s7, foundation)."""


class CardNotAvailable(InputError):
    """The card is not on top of the place it is said to come from (or of any place)."""


class IllegalMove(InputError):
    """The card is available but may not go where it is sent."""
