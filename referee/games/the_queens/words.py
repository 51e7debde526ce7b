"""The Queens' events in words. One player, seat 0, whose moves the events record without a seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import card_words
from referee.games.the_queens import events as q
from referee.words import Names, Said, capital, count

#: The places as the table calls them (``s1``-``s7`` are the shutter piles).
_PLACES = {"key": "the key", "pack": "the pack", "talon": "the talon", "foundation": "the foundations"}


def _place(place: Any) -> str:
    return _PLACES.get(place, f"pile {place}")


def _turned(card: Any) -> str:
    return "nothing (the pile is empty)" if card is None else "a card" if card == "?" else card_words(card)


def _ended(p: Mapping[str, Any], n: Names) -> str:
    home = f"{count(p['home'], 'card')} home"
    if p['result'] == "won":
        return f"{n(0)} wins: all {home}"
    if p['result'] == "given_up":
        return f"{n(0)} gives up, with {home}"
    return f"The game is stuck, with {home}: no move, and no new pack"


WORDS: dict[type, Said] = {
    q.QueensDealt: lambda p, n: f"{n(0)} deals the 104 cards: 32 to the key, the rest to the pack" + (
        "" if p.get('order') else ", face down: each card is entered as it turns up"),
    q.QueensCardSeen: lambda p, n: f"{n(0)} sees {card_words(p['card'])} turn up on top of {_place(p['place'])}",
    q.QueensKeyPaid: lambda p, n: "A Queen is on the key's top: she" + (
        f" and the {count(len(p['cards']) - 1, 'card')} under her go" if len(p['cards']) > 1 else " goes")
        + " to the bottom of the pack",
    q.QueensKingFounded: lambda p, n: f"{capital(card_words(p['card']))} turns up "
                                      f"from {_place(p['source'])} and goes to foundation {p['foundation'] + 1}",
    q.QueensSpaceFilled: lambda p, n: f"{capital(card_words(p['card']))} fills the "
                                      f"space of {_place(p['pile'])} from {_place(p['source'])}",
    q.QueensCardMoved: lambda p, n: f"{n(0)} moves {card_words(p['card'])} from {_place(p['source'])} " + (
        f"to foundation {p['foundation'] + 1}" if p.get('foundation') is not None else f"onto {_place(p['target'])}"),
    q.QueensCardTurned: lambda p, n: f"{n(0)} turns {_turned(p['card'])} from the pack onto the talon",
    # true of both new-pack rules (options.py), which the event does not name
    q.QueensNewPackFormed: lambda p, n: f"{n(0)} forms a new pack of {count(len(p['cards']), 'card')} from the "
                                        f"talon ({count(p['queens'], 'Queen')} counted)",
    q.QueensMoveTakenBack: lambda p, n: f"{n(0)} takes back the move of version {p['replaces_from']} and all it brought",
    q.QueensGameEnded: _ended,
}
