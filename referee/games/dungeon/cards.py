"""Dungeon's cards: copy-aware identities over one or two decks with their Jokers.

With two decks combined, ``7H`` names two cards. Inside the Dungeon referee every card has an
*identity* of its own: the first deck's copy is written as the card (``7H``), the second deck's
with its copy number (``7H#2``). Jokers are numbered across the decks (``JK1``, ``JK2`` in the
first, ``JK3``, ``JK4`` in the second), so they need no copy number. A person may type a card's
*name* (``7h``); the referee resolves it to a copy the player holds, and the record keeps the
identity, so a card seen twice is always told apart from its twin.

With Jokers Wild a Joker is played *declared* as a card, written ``JK1=9H``: it has that card's
every attribute until it is discarded (then it is ``JK1`` again). The functions below read a
played card's face, declared or not.

    >>> deck(2)[:3], deck(2)[54:57]
    (['2C', '3C', '4C'], ['2C#2', '3C#2', '4C#2'])
    >>> name_of("7H#2"), passage_value("10D#2"), creature_value("QS"), contest_rank("AH")
    ('7H', 10, 12, 14)
    >>> identity("JK1=9H"), name_of("JK1=9H"), passage_value("JK1=9H"), normalise("jk2 = td")
    ('JK1', '9H', 9, 'JK2=10D')
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import DECK52, RANK
from referee.errors import UnknownCard

_VALUES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def deck(decks: int) -> list[str]:
    """Every card identity of ``decks`` decks (1 or 2), Jokers last in each deck."""
    out: list[str] = []
    for copy in range(1, decks + 1):
        suffix = "" if copy == 1 else f"#{copy}"
        out += [c + suffix for c in DECK52]
        out += [f"JK{2 * copy - 1}", f"JK{2 * copy}"]
    return out


def jokers(decks: int) -> list[str]:
    return [f"JK{i}" for i in range(1, 2 * decks + 1)]


def identity(card: str) -> str:
    """The card itself, without a Joker's declaration: ``JK1=9H`` -> ``JK1``."""
    return card.split("=", 1)[0]


def name_of(card: str) -> str:
    """The card a person reads on the face: ``7H#2`` -> ``7H``; a declared Joker is what it was
    declared as (``JK1=9H`` -> ``9H``); an undeclared Joker is itself."""
    return card.rsplit("=", 1)[-1].split("#", 1)[0]


def is_joker(card: str) -> bool:
    return card.startswith("JK")


def _rank(card: str) -> str | None:
    return RANK.get(name_of(card))


def passage_value(card: str) -> int | None:
    """2..10 for a passage card, else None."""
    value = _VALUES.get(_rank(card) or "")
    return value if value is not None and value <= 10 else None


def creature_value(card: str) -> int | None:
    """11 (Graverobber, J), 12 (Myrmiddon, Q), 13 (Wight, K), else None."""
    value = _VALUES.get(_rank(card) or "")
    return value if value is not None and 11 <= value <= 13 else None


def is_ace(card: str) -> bool:
    return _rank(card) == "A"


def contest_rank(card: str) -> int:
    """The first-player contest's order: A K Q J 10 .. 2 (suits do not count); a Joker is lowest."""
    return _VALUES.get(_rank(card) or "", 0)


def normalise(text: object) -> str:
    """A typed card (``7h``, ``10d#2``, ``td``, ``jk1``, ``jk1=9h``) as an identity or name, upper
    case; a declared Joker with its declaration (a card of one deck)."""
    if not isinstance(text, str) or not text.strip():
        raise UnknownCard(f"{text!r} is not a card: write rank then suit, like QS, 10D or 7H#2, or a Joker, like JK1.",
                          card=str(text))
    cleaned = text.strip().upper().replace(" ", "")
    if "=" in cleaned:
        card, _, declared = cleaned.partition("=")
        card, declared = _one(card, text), _one(declared, text)
        if not is_joker(card) or is_joker(declared) or "#" in declared:
            raise UnknownCard(f"{text!r}: only a Joker is declared, and as a card (like JK1=9H).", card=str(text))
        return f"{card}={declared}"
    return _one(cleaned, text)


def _one(cleaned: str, text: object) -> str:
    face, _, copy = cleaned.partition("#")
    if face.startswith("T"):
        face = "10" + face[1:]
    if face in DECK52 and (not copy or copy == "1"):
        return face
    if face in DECK52 and copy == "2":
        return f"{face}#2"
    if face.startswith("JK") and (face[2:].isdigit() or not face[2:]) and not copy:
        return face
    raise UnknownCard(f"{text!r} is not a card: write rank (2-10, J, Q, K, A) then suit (C, D, H, S), like QS, "
                      "10D, or 7H#2 for the second deck's copy, or a Joker, like JK1.", card=str(text))


def resolve(text: object, held: Iterable[str]) -> str | None:
    """The card in ``held`` that ``text`` names: itself, or else (a bare name) the first copy of
    that name held (``JK`` is any Joker); None when none is held. A declaration goes with it."""
    card = normalise(text)
    card, _, declared = card.partition("=")
    held = list(held)
    found = next((c for c in held if identity(c) == card), None)
    if found is None and "#" not in card:
        found = next((c for c in held if name_of(c) == card or (card == "JK" and is_joker(c))), None)
    if found is None:
        return None
    return f"{identity(found)}={declared}" if declared else found
