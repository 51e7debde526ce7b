"""The closed sets of values the referee records: each a ``Literal``, so that a type checker knows
them, and :func:`closed` makes a record check them when it is made (a wrong value fails there,
not when someone reads it). The values are the strings the record has always held.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... @closed
    ... class Ruling:
    ...     verdict: Verdict
    >>> Ruling("upheld").verdict
    'upheld'
    >>> Ruling("uphold")
    Traceback (most recent call last):
    ...
    ValueError: Ruling.verdict is one of 'upheld', 'not_proven', not 'uphold'
"""

from __future__ import annotations

import types
import typing
from typing import Literal, get_args

#: A known record logs every hand; a blind one only what the table saw.
Record = Literal["known", "blind"]
#: What an irregular card did: did not follow, led unbroken trump, missed a Challenge Queen.
Kind = Literal["renege", "trump_lead", "challenge"]
Verdict = Literal["upheld", "not_proven"]
#: When an irregularity was found out: A (no later card), B (same trick), C (later in the hand),
#: D (after the hand).
Window = Literal["A", "B", "C", "D"]
#: Where an irregularity stands: open, found in window B and waiting for the reneger's penalty
#: (Queen's Dungeon), or ruled.
Status = Literal["open", "found_b", "ruled"]
#: What a trick's lead asks of the cards that follow it (Queen Bees, Black Queen): its suit, or
#: once Queen Bees has trump, a trump (its suit or a Queen), or a plain suit without its Queen.
FollowRule = Literal["suit", "trump", "plain"]
#: Why a game ended: a unit reached the target, the hands were played, or the scorekeeper ended it.
EndReason = Literal["target", "hands", "early"]

RECORDS: tuple[str, ...] = get_args(Record)


def closed(cls: type) -> type:
    """Give a class (before ``dataclass`` makes its ``__init__``) a ``__post_init__`` that refuses
    a value outside the ``Literal`` of any field (``None`` too, where the field is optional)."""
    hints = typing.get_type_hints(cls)
    allowed: dict[str, tuple] = {}
    for name, tp in hints.items():
        args = typing.get_args(tp)
        if typing.get_origin(tp) is Literal:
            allowed[name] = args
        elif typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in args:
            inner = [a for a in args if a is not type(None)]
            if len(inner) == 1 and typing.get_origin(inner[0]) is Literal:
                allowed[name] = typing.get_args(inner[0]) + (None,)
    title = cls.__name__

    def __post_init__(self) -> None:
        for name, values in allowed.items():
            value = getattr(self, name)
            if value not in values:
                raise ValueError(f"{title}.{name} is one of {', '.join(map(repr, values))}, not {value!r}")

    cls.__post_init__ = __post_init__
    return cls
