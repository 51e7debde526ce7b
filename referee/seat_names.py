"""The names of a game's seats: the one place a seat becomes a name (:class:`Names`), and the
names a new game's seats may have.

A seat's name is printed on terminals (``courtcard show``), written into text and html records
and shown on the page, so it must be text a person can see and type on one line: not blank, and
with no character of the kinds below. A terminal obeys control characters (ESC clears the screen),
a newline would start a forged line in a text record, and format characters (the bidi overrides
U+202A..U+202E and U+2066..U+2069, zero-width ones) make a name read as another.

Only a new game is checked: a record written by an earlier release may hold such a name, and it
still replays, verifies and exports; whatever prints a name escapes it (``escape_unseen``).

>>> check_seat_names(["Ann", "Bob"])
>>> check_seat_names(["Ann", "Bob\\x1b[2J"])
Traceback (most recent call last):
...
referee.errors.InvalidSeatName: Seat 1's name holds a control character (U+001B): a seat's name is text a person can read, on one line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from referee.errors import InvalidSeatName

#: The Unicode categories of the characters no name may hold, and what each is called.
UNSEEN = {"Cc": "a control character", "Cf": "a format character", "Zl": "a line separator",
          "Zp": "a paragraph separator", "Cs": "a lone surrogate"}


def unseen_character(char: str) -> str | None:
    """What ``char`` is, if it is a character that is not shown as itself (see ``UNSEEN``), else None."""
    return UNSEEN.get(unicodedata.category(char))


def escape_unseen(text: str) -> str:
    r"""``text`` with each unseen character written as its JSON escape (``\u001b``; beyond U+FFFF,
    its surrogate pair), so that it shows as what it is and cannot act on a terminal or break a line.
    A JSON reader gives the character back, so a quoted string escaped so still reads as itself.

    >>> print(escape_unseen("Bob\x1b[2J\u202eCat"))
    Bob\u001b[2J\u202eCat
    """
    if text.isprintable():  # the usual case, at C speed (isprintable is False for every UNSEEN kind)
        return text
    return "".join(_escaped(char) if unseen_character(char) else char for char in text)


def _escaped(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def check_seat_names(names: Iterable[str]) -> None:
    """Raise ``InvalidSeatName`` naming the first seat (numbered from 0) whose name is blank or
    holds an unseen character, and which character (as ``U+001B``, never the character itself)."""
    for seat, name in enumerate(names):
        if not name.strip():
            raise InvalidSeatName(f"Seat {seat}'s name is blank: give every seat a name a person can read.",
                                  seat=seat)
        for char in name:
            if kind := unseen_character(char):
                raise InvalidSeatName(f"Seat {seat}'s name holds {kind} (U+{ord(char):04X}): a seat's name is "
                                      "text a person can read, on one line.", seat=seat)


class Names:
    """The one place a seat becomes a name. ``names(2)`` is seat 2's player. The seats after the
    named ones are hands no player holds (a dummy, which the record's seat names leave out): "the
    dummy". No seat is ever read as its number.

    >>> names = Names(["Ann", "Bob"])
    >>> names(1), names(2), names(None), names.all([0, 1])
    ('Bob', 'the dummy', 'nobody', 'Ann and Bob')
    """

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = [str(s) for s in seats]

    def __call__(self, seat: Any) -> str:
        if seat is None:
            return "nobody"
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.seats):
            return self.seats[seat]
        return "the dummy" if isinstance(seat, int) and seat >= len(self.seats) else "a player not at the table"

    def all(self, seats: Sequence[Any]) -> str:
        """Several seats in one phrase: "Ann, Bob and Cat"."""
        said = [self(s) for s in seats]
        return (", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]) if said else "nobody"
