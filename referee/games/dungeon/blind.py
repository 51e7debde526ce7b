"""The blind record: the scorekeeper logs what the table saw, and the referee checks each card
that turns up against the record so far.

What nobody saw is logged as ``UNKNOWN`` (``?``): the cards dealt and drawn, a face-down cell, a
face-down discard or passage (Almost Black, Pitch Black), a Graverobber's secret take. A hand is
a list of cards the record knows and ``?`` for the others, so its size is always known. When a
card turns up (played face up, handed over, shown to a Myrmiddon's asker, turned up by an
accusation or a cave-in), it takes the place of a ``?`` of where it came from, and the referee
gives it a copy nobody has seen elsewhere: with one deck ``7H`` cannot be seen in two places, with
two decks no more than twice. A card the record knows in a hand is that card: when it is played it
is the one played.

The record only ever knows less than the table, never something false: when a face-down card
leaves a hand that holds cards the record knows, the record can no longer tell which left, and
forgets them (the hand becomes all ``?``); a secret take from a face-down discard pile does the
same to the pile.

    >>> from referee.games.dungeon.state import DungeonState
    >>> s = DungeonState(); s.options = {"decks": 1, "players": 2}; s.record = "blind"
    >>> s.hands, s.discard = [["7H", UNKNOWN], [UNKNOWN]], ["9C"]
    >>> pick(s, s.hands[1], "7h"), pick(s, s.hands[1], "9c"), pick(s, s.hands[1], "8d")
    (None, None, '8D')
    >>> hand = ["7H", UNKNOWN, UNKNOWN]; take_out(hand, "8D"); hand
    ['7H', '?']
    >>> take_out(hand, UNKNOWN); hand
    ['?']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from referee.games.dungeon.cards import identity, is_joker, name_of, normalise, resolve
from referee.games.dungeon.options import joker_cells, shuffled_deck
from referee.games.dungeon.state import DungeonState

#: A card nobody at the table saw.
UNKNOWN = "?"


def is_unknown(text: object) -> bool:
    return isinstance(text, str) and text.strip() == UNKNOWN


def known_cards(state: DungeonState) -> list[str]:
    """Every card identity the record knows to be somewhere: in a hand, a dungeon, a cell, the
    discard pile, the Ace window, facing a defender, waiting on counters, set aside."""
    out = [c for h in state.hands for c in h] + list(state.discard) + list(state.cells) + list(state.pile)
    out += [card for d in state.dungeons for card, _ in d] + [card for _, card in state.aces]
    if state.held:
        out.append(state.held)
    window = state.window or {}
    out += [window[k] for k in ("creature", "card") if k in window]
    out += [card for _, card in window.get("counters", [])]
    return [identity(c) for c in out if c != UNKNOWN]


def free_copy(state: DungeonState, text: str, taken: Iterable[str] = ()) -> str | None:
    """A copy of the card ``text`` names that the record has not seen anywhere (nor in ``taken``),
    with a Joker's declaration; None when every copy is seen. An identity (``7H#2``, ``JK3``) names
    that copy only, a name (``7H``, ``JK``) any copy of it."""
    card = normalise(text)
    wanted, _, declared = card.partition("=")
    seen = set(known_cards(state)) | {identity(c) for c in taken}
    every = shuffled_deck(state.options) + joker_cells(state.options)
    if "#" in wanted or (is_joker(wanted) and wanted != "JK"):
        candidates = [wanted]
    elif wanted == "JK":
        candidates = [c for c in every if is_joker(c)]
    else:
        candidates = [c for c in every if name_of(c) == wanted]
    found = next((c for c in candidates if c in every and c not in seen), None)
    if found is None:
        return None
    return f"{found}={declared}" if declared else found


def free_cards(state: DungeonState, seat: int | None = None) -> list[str]:
    """One copy of each card (one Joker) the record has seen nowhere: what a card nobody saw may be.
    With ``seat`` (what that seat is offered), as far as it can tell: a card the record knows in
    another hand counts as unseen too, since the record may know it from a hand shown to a
    Myrmiddon's asker alone, and a list leaving it out would tell the table."""
    seen = set(known_cards(state))
    if seat is not None:
        seen -= {identity(c) for other, hand in enumerate(state.hands) if other != seat for c in hand}
    out: dict[str, str] = {}
    for card, name in _named_copies(state.options["decks"], state.options["players"], bool(state.options.get("jokers_wild"))):
        if card not in seen:
            out.setdefault(name, card)
    return list(out.values())


@functools.lru_cache(maxsize=32)
def _named_copies(decks: int, players: int, jokers_wild: bool) -> tuple[tuple[str, str], ...]:
    """Each copy in play (the deck shuffled and the Jokers that are cells) with the name a free
    card goes by ("JK" for every Joker): made once per set-up, since the legal lists ask for it at
    every step."""
    opts = {"decks": decks, "players": players, "jokers_wild": jokers_wild}
    return tuple((card, "JK" if is_joker(card) else name_of(card)) for card in shuffled_deck(opts) + joker_cells(opts))


def pick(state: DungeonState, place: list[str], text: str, taken: Iterable[str] = ()) -> str | None:
    """The card ``text`` names in ``place`` (a hand, the discard pile): a copy the record knows
    there, or else, when ``place`` holds a card nobody saw, a copy seen nowhere else; None when
    neither. A known record has no ``?``: this is then the card held, or None."""
    found = resolve(text, [c for c in place if c != UNKNOWN])
    if found is None and UNKNOWN in place:
        found = free_copy(state, text, taken)
    return found


def take_out(place: list[str], card: str) -> None:
    """``card`` leaves ``place``: the copy known there, or else one of its ``?``. A face-down card
    (``?``) leaving a place that holds known cards could be any of them: the record forgets them."""
    if card == UNKNOWN and any(c != UNKNOWN for c in place):
        place[:] = [UNKNOWN] * (len(place) - 1)
        return
    card = identity(card)
    place.remove(card if card in place else UNKNOWN)


def every_copy_seen(text: str) -> str:
    """The words of a refusal: every copy of the card is already seen somewhere."""
    return f"every copy of {normalise(text).partition('=')[0]} is already seen elsewhere on this record"
