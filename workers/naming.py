"""Seat names for the texts workers write, read from the record's first event (``GameCreated``)."""

from __future__ import annotations

from events.envelope import Envelope


def seat_names(envelopes: list[Envelope]) -> list[str]:
    """The names of the seats, by seat number, as the game was created with."""
    seats = envelopes[0].payload.get("seats") if envelopes else None
    return list(seats) if isinstance(seats, list) else []

