"""Event types of the event store's own tests, on a private registry (the store knows no card games)."""

from __future__ import annotations

from dataclasses import dataclass, field

from events.registry import EventRegistry

sample_registry = EventRegistry()


@sample_registry.event_type("NoteTaken")
@dataclass(frozen=True)
class NoteTaken:
    text: str
    seat: int


@sample_registry.event_type("ScoreRecorded", version=2, upcasters={1: lambda p: {**p, "bonus": 0}})
@dataclass(frozen=True)
class ScoreRecorded:
    """Version 1 had no ``bonus``; its upcaster adds one of 0."""

    seat: int
    points: int
    bonus: int


@sample_registry.event_type("HandDealt")
@dataclass(frozen=True)
class HandDealt:
    hands: tuple[tuple[str, ...], ...]
    dealer: int
    note: str | None = None
    tags: list[str] = field(default_factory=list)


def notes(count: int, start: int = 0) -> list[NoteTaken]:
    """``count`` distinct NoteTaken events."""
    return [NoteTaken(f"note {i}", i % 4) for i in range(start, start + count)]
