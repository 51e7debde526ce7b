"""A player's dungeon as a tree rooted at the cell, and where a passage may go.

The dungeon is kept as its passages in the order they were played, each with its parent (the
index of the passage it lies on, or ``CELL``). A card is only ever played onto a card already
there, so the most recent passage never has a card on it: retreats and cave-ins, which always take
the most recent passage ("the last passage"), pop the end of the list and the tree stays a tree.

    >>> d = [("10H", CELL), ("9H", 0), ("8H", 1)]
    >>> places(d, 8, setback=False), places(d, 7, setback=False)
    ([1], [2])
    >>> places(d, 9, setback=False), places(d, 9, setback=True)
    ([], [0])
    >>> places(d + [("KS", 2)], 8, setback=False)  # a King laid as a passage (Pitch Black) has no value
    [1]
    >>> escaped(d + [("7H", 2), ("6H", 3), ("5H", 4), ("4H", 5), ("3H", 6), ("2H", 7)]), escaped([("2H", CELL)])
    (True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.dungeon.cards import passage_value

#: The parent of a passage played on the cell.
CELL = -1

Passage = tuple[str, int]  # (card identity, parent index or CELL)


def place_of(dungeon: list[Passage], on: str) -> int:
    """The parent ``on`` names in a dungeon: ``cell``, a passage's card, or (a face-down passage the
    record does not know, in a blind Pitch Black record) its position, counted from 0 in the order
    laid.

        >>> place_of([("10H", CELL), ("?", 0)], "cell"), place_of([("10H", CELL), ("?", 0)], "10H"), place_of([("?", CELL)], "0")
        (-1, 0, 0)
    """
    if on == "cell":
        return CELL
    if on.isdigit():
        return int(on)
    return next(i for i, (card, _) in enumerate(dungeon) if card == on)


def values_in_play(dungeon: list[Passage], value_of: Callable[[str], int]) -> list[int]:
    """The distinct passage values in the dungeon, lowest first (a card that is no passage, laid
    as one in Pitch Black, has none)."""
    return sorted({value_of(card) for card, _ in dungeon} - {0})


def places(dungeon: list[Passage], value: int, setback: bool, value_of: Callable[[str], int] | None = None) -> list[int]:
    """Every parent (a passage index, or CELL) a passage of ``value`` may be played on.

    - a 10 on the cell when the cell has no passage;
    - on any passage of ``value + 1`` with no card on it yet;
    - a branch: beside a passage of the lowest value in play (on its parent); after a retreat or a
      cave-in (``setback``), until the next passage, also beside one of the second-lowest value.
    """
    value_of = value_of or _face_value
    out: set[int] = set()
    has_child = {parent for _, parent in dungeon}
    if value == 10 and CELL not in has_child:
        out.add(CELL)
    for i, (card, _) in enumerate(dungeon):
        if value_of(card) == value + 1 and i not in has_child:
            out.add(i)
    levels = values_in_play(dungeon, value_of)
    branch_values = levels[:2] if setback else levels[:1]
    if value in branch_values:
        out.update(parent for card, parent in dungeon if value_of(card) == value)
    return sorted(out)


def escaped(dungeon: list[Passage], value_of: Callable[[str], int] | None = None) -> bool:
    """One line from the cell holds 10 down to 2: a 2 whose passages down to the cell are 3, 4,
    .., 10. (Played by the rules, every passage lies on one a value higher down from a 10 on the
    cell, so any 2 does; a Pitch Black dungeon may hold cards laid out of order.)"""
    value_of = value_of or _face_value
    for i, (card, _) in enumerate(dungeon):
        want = 2
        while i != CELL and value_of(dungeon[i][0]) == want:
            i, want = dungeon[i][1], want + 1
        if i == CELL and want == 11:
            return True
    return False


def _face_value(card: str) -> int:
    """A passage's value; 0 for a card that is no passage (laid as one in Pitch Black)."""
    return passage_value(card) or 0
