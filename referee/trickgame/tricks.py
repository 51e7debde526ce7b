"""Trick-taking mechanics shared by every trick game (Queen's Dungeon, Queen Bees, Black Queen).

A game supplies its card strengths (a dict card -> int, higher beats lower within a suit), its
trump suit, and which cards are "wild" for following (Queens in Queen's Dungeon: playable at any
time). Everything else here is the same for all of them: who must follow, who won a trick, the
cards each seat has left, and the cards not yet seen.

Cards are the interned strings of :mod:`referee.cards`; plays are ``(seat, card)`` pairs in the
order they hit the table.

    >>> from referee.cards import STANDARD_STRENGTH, IS_QUEEN
    >>> follow_options(["2H", "QS", "9C"], "H", IS_QUEEN)
    ['2H', 'QS']
    >>> trick_winner([(0, "KH"), (1, "QH"), (2, "3S")], "S", STANDARD_STRENGTH)
    2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from referee.cards import DECK52, SUIT

_NEVER: Mapping[str, bool] = {}


def follow_options(hand: Sequence[str], led_suit: str, wild: Mapping[str, bool] = _NEVER) -> list[str]:
    """Cards of ``hand`` a player may play to a trick led in ``led_suit``.

    A player holding the led suit must play it (or a wild card); a player void in it may play
    anything.
    """
    suit = SUIT
    for c in hand:  # a loop, not any(): this runs for every card a known record lists or checks
        if suit[c] == led_suit:
            is_wild = wild.get
            return [c for c in hand if suit[c] == led_suit or is_wild(c, False)]
    return list(hand)


def is_legal_follow(hand: Sequence[str], led_suit: str, card: str, wild: Mapping[str, bool] = _NEVER) -> bool:
    """True when ``card`` (held in ``hand``) follows the rules for a trick led in ``led_suit``."""
    suit = SUIT
    if suit[card] == led_suit or wild.get(card, False):
        return True
    for c in hand:
        if suit[c] == led_suit:
            return False
    return True


def trick_winner(plays: Sequence[tuple[int, str]], trump: str | None, strength: Mapping[str, int]) -> int:
    """Seat that wins the trick: highest trump if any was played, else highest card of the suit led."""
    suit = SUIT
    led = suit[plays[0][1]]
    best_seat, best_card = plays[0]
    best_is_trump = led == trump
    for seat, card in plays[1:]:
        s = suit[card]
        if s == trump:
            if not best_is_trump or strength[card] > strength[best_card]:
                best_seat, best_card, best_is_trump = seat, card, True
        elif s == led and not best_is_trump and strength[card] > strength[best_card]:
            best_seat, best_card = seat, card
    return best_seat


def cards_left(tricks: Iterable[Mapping], trick: Iterable[tuple[int, str]], seats: int, hand_size: int) -> list[int]:
    """Cards each seat still holds: ``hand_size`` less what it played to the completed ``tricks``
    (records with their ``seats``) and to the ``trick`` in progress. Public in every record."""
    played_by = [0] * seats
    for rec in tricks:
        for s in rec["seats"]:
            played_by[s] += 1
    for s, _ in trick:
        played_by[s] += 1
    return [hand_size - n for n in played_by]


def unseen_cards(played: Mapping[str, int], removed: Iterable[str]) -> list[str]:
    """Cards of the deck not yet played nor removed, in deck order: what a seat may play in a blind
    record, where the referee never sees a hand."""
    removed = set(removed)
    return [c for c in DECK52 if c not in played and c not in removed]
