"""Corrections every trick game shares: a window-A take-back, or Queen's Dungeon's window-B penalty
with the card replayed, takes back cards, never rulings (RULINGS.md, "All trick games:
corrections").

A hand keeps a *restore point* for each card that breaks, or in a blind record might break, a rule
of play: a tuple whose first item is the hand just before that card (a game adds what else it puts
back, such as the phase). A correction puts the cards back from the restore point, then keeps what
was ruled since: every irregularity still on the table keeps its status, window and proof (a card
the table has seen proves what it proves, taken back or not), and a game keeps its own rulings'
effects (established reneges, settings, penalties). Only the entries from the corrected card on
(the cards, and what their trick's completion did) are marked replaced; the rulings made meanwhile
stay in force and unmarked.

    >>> replaced_ranges(10, 16, {12, 13, 16})
    [[10, 11], [14, 15]]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class KeptRuling:
    """What a ruling did to a total in the middle of a hand (Queen's Dungeon: a renege's setting,
    an accepted penalty), at stream ``version``: a later correction keeps it. ``setting`` or
    ``penalty`` is the line it wrote on the seat's score sheet."""

    version: int
    seat: int
    unit: int
    delta: int
    setting: dict[str, Any] | None = None
    penalty: dict[str, Any] | None = None


def prune_restore_points(hand: Any) -> None:
    """At a lead: drop the restore points no correction can use any more. Taking back (or, in
    Queen's Dungeon, paying for) the lead reopens the trick before it to windows A and B, so its
    restore points live until the trick after is led."""
    hand.restore_points = {v: point for v, point in hand.restore_points.items() if point[0].trick_no >= hand.trick_no - 1}


def restore(current: Any, replaces_from: int) -> tuple[Any, tuple]:
    """The hand as it was just before the card at stream version ``replaces_from``, keeping the
    rulings made since on the irregular cards still on the table, and the restore point (whose
    other items a game puts back itself)."""
    point = current.restore_points[replaces_from]
    restored = point[0].clone()  # a restore point is never changed: it may serve again
    restored.restore_points = {v: p for v, p in current.restore_points.items() if v < replaces_from}
    # One card may make two records (Queen's Dungeon: a renege under the Challenge): one per kind.
    now = {(irr.version, irr.kind): irr for irr in current.irregular}
    restored.irregular = [now.get((irr.version, irr.kind), irr) for irr in restored.irregular]
    return restored, point


def replaced_ranges(first: int, last: int, kept: Iterable[int]) -> list[list[int]]:
    """The ``[first, last]`` stream-version ranges a correction replaces: every version from
    ``first`` to ``last`` but those of the rulings it keeps (``kept``)."""
    keep = set(kept)
    ranges: list[list[int]] = []
    for v in range(first, last + 1):
        if v in keep:
            continue
        if ranges and ranges[-1][1] == v - 1:
            ranges[-1][1] = v
        else:
            ranges.append([v, v])
    return ranges


def ruling_versions(rulings: list[dict[str, Any]], since: int) -> set[int]:
    """Stream versions of the public records of claims, rulings and corrections from ``since`` on:
    a later correction keeps them in force."""
    return {r["version"] for r in rulings if r["version"] >= since}
