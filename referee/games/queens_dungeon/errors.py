"""Queen's Dungeon's own refusals: a card before the trump change two Queens call for, a trump
change to the trump in force, and what only the dealer may do. Nothing is recorded."""

from __future__ import annotations

from referee.errors import InputError, WrongPhase


class TrumpChangeRequired(WrongPhase):
    """Two Queens fell in one trick: the dealer must name a new trump before the next card."""

    code = "trump_change_required"


class InvalidTrumpChange(InputError):
    """A trump change that names the current trump suit."""

    code = "invalid_trump_change"


class NotDealer(InputError):
    """Only the dealer may do this."""

    code = "not_dealer"
