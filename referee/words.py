"""Events as sentences a person would say at the table, with the players' names.

Every game turns its events into words through one hook, ``Game.words(kind, payload, names)``
(``referee/game.py``): ``kind`` is the event's class, ``payload`` its stored fields (what every
reader of a record has, from any release), ``names`` the seats' names as :class:`Names`. A game
keeps its table of words in its own folder (``words.py``); this module holds what every game
shares: the one place a seat becomes a name, the phrasing of cards and counts, the events every
game records (the opening, the end, the scorekeeper's undo and redo), and the plain reading of an
event that has no words of its own.

    >>> names = Names(["Ann", "Bob"])
    >>> names(1), names(None)
    ('Bob', 'nobody')
    >>> game_words(GameEnded, {"reason": "target", "winners": [0], "totals": [3, 1]}, names)
    'The game is over (a total reached the target): Ann wins'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.cards import card_words
from referee.events import EntryRedone, EntryUndone, GameCreated, GameEnded
from referee.seat_names import Names as Names  # said here with the words that use it

#: A table of words: an event class -> its sentence (without the full stop) from payload and names.
Said = Callable[[Mapping[str, Any], Names], str]


def and_(words: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> "a, b and c"."""
    words = list(words)
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def count(number: int, thing: str) -> str:
    """``count(2, "card")`` -> "2 cards"."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def owned_words(card: Any) -> str:
    """A card as someone's: "9 of hearts" in "Ann's 9 of hearts", "face-down card", "Joker"."""
    return card_words(card).removeprefix("the ").removeprefix("a ")


#: A seat as the referee's messages once wrote it into a record ("Seat 2 (Cat)"): a text kept in
#: an event (a penalty's words) is read with the player's name alone.
_SEAT_LABEL = re.compile(r"\bSeat \d+ \(([^()]*)\)")


#: A card's code in a text the referee wrote into a record ("QS was already played in trick 3").
_CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


def cards_said(text: str) -> str:
    """``text`` with each card's code as its words: "QS was already played" -> "the queen of spades
    was already played"."""
    return _CARD_CODE.sub(lambda m: card_words(m.group(0)), text)


def unlabelled(text: str) -> str:
    """``text`` with each "Seat 2 (Cat)" written "Cat"."""
    return _SEAT_LABEL.sub(r"\1", text)


REASONS = {"escape": "escaped", "target": "a total reached the target", "hands": "the hands were played",
           "early": "the scorekeeper ended it"}


def reason_words(reason: Any) -> str:
    """Why a game ended, in words: ``escape`` -> "escaped", ``last_alive`` -> "last alive"."""
    return REASONS.get(reason, str(reason or "").replace("_", " "))


def _game_ended(p: Mapping[str, Any], n: Names) -> str:
    winners = p.get("winners") or []
    return f"The game is over ({reason_words(p.get('reason'))}): {n.all(winners)} {'wins' if len(winners) == 1 else 'win'}"


#: The events every game records.
SHARED_WORDS: dict[type, Said] = {
    GameCreated: lambda p, n: f"{p['game']} for {and_(list(p['seats']))} ({p['record']} record)",
    GameEnded: _game_ended,
    EntryUndone: lambda p, n: f"The scorekeeper undoes the last entry ({str(p['action']).replace('_', ' ')}): it did "
                              "not happen at the table",
    EntryRedone: lambda p, n: f"The scorekeeper puts back the entry ({str(p['action']).replace('_', ' ')}) the last "
                              "undo took back: it happened after all",
}

#: Fields that hold a seat, read as the player's name in :func:`plain_words`.
SEAT_FIELDS = frozenset({"seat", "target", "to", "accused", "claimant", "dealer", "declarer"})


def plain_words(kind: type, payload: Mapping[str, Any], names: Names) -> str:
    """An event with no words of its own: its class (``CardDrawn`` reads "card drawn") and its
    fields, each seat as its player's name. Every game's own events have words in its ``words``,
    so this reading is a fallback no game's record needs."""
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind.__name__).strip()
    shown = []
    for key, value in sorted(payload.items()):
        if key == "salt" or value in (None, [], {}):
            continue
        value = names(value) if key in SEAT_FIELDS else _short(value)
        shown.append(f"{key.replace('_', ' ')} {value}")
    return capital(words) + (f" ({', '.join(shown)})" if shown else "")


def _short(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return " ".join(map(str, value)) if len(value) <= 8 else f"{len(value)} cards"
    return str(value) if not isinstance(value, (list, dict)) else f"{len(value)} items"


def game_words(kind: type, payload: Mapping[str, Any], names: Names, table: Mapping[type, Said] = SHARED_WORDS) -> str:
    """The sentence (without its full stop) ``table`` gives an event of class ``kind``, else the
    words every game shares, else its plain reading (:func:`plain_words`)."""
    said = table.get(kind) or SHARED_WORDS.get(kind)
    return said(payload, names) if said is not None else plain_words(kind, payload, names)
