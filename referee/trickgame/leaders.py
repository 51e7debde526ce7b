"""Who leads and who has won, from the totals of a game's scoring units (players or teams). The
same in every game that plays to a target or may be ended early.

    >>> leaders([120, 90, 120]), winners_at_target([510, 620, 100], 500), winners_at_target([520, 520, 0], 500)
    ([0, 2], [1], None)
"""

from __future__ import annotations


def leaders(totals: list[int]) -> list[int]:
    """Units with the highest total (an early end, or a fixed number of hands, shares the win)."""
    best = max(totals)
    return [u for u, t in enumerate(totals) if t == best]


def winners_at_target(totals: list[int], target: int) -> list[int] | None:
    """The unit that won at the end of a hand, or None to play on (nobody at the target, or a tie
    at the top)."""
    if max(totals) < target:
        return None
    top = leaders(totals)
    return top if len(top) == 1 else None
