"""The events one command produces, with a look-ahead state that has them applied.

``decide`` never changes the state it is given. Where a consequence depends on the state after the
first events (a trick's winner, the hand's score, a window) it asks the batch for ``sim()``: a
private clone with the batch's events folded in by the game's own ``apply``, the one the replay
uses, so decide and replay cannot disagree. Every game with a ``clone()``-able state uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Batch:
    """The events a command produces, with a look-ahead state that has them applied."""

    __slots__ = ("state", "apply", "events", "_sim")

    def __init__(self, state: Any, apply: Callable[[Any, Any], Any]) -> None:
        self.state = state
        self.apply = apply
        self.events: list[Any] = []
        self._sim: Any = None

    def add(self, event: Any) -> None:
        self.events.append(event)
        if self._sim is not None:
            self.apply(self._sim, event)

    def sim(self) -> Any:
        """The state with this batch's events applied (made on first use)."""
        if self._sim is None:
            self._sim = self.state.clone()
            for event in self.events:
                self.apply(self._sim, event)
        return self._sim

    @property
    def simulated(self) -> bool:
        """Whether the look-ahead state exists yet (reading it then costs no copy)."""
        return self._sim is not None

    def latest(self) -> Any:
        """The look-ahead state if it exists, else the state given (for facts the batch's events
        so far cannot have changed)."""
        return self._sim if self._sim is not None else self.state
