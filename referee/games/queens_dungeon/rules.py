"""Queen's Dungeon play rules: legal cards, the claims a card makes, settings.

Irregularities (a renege, an illegal lead of unbroken trump, a missed Queen under the Challenge)
are all handled the same way. Each card that breaks, or in a blind record *might* break, one of
these rules makes a claim about the hand it came from:

* ``renege``: a non-Queen off the led suit claims "I hold none of the led suit (Queen included)";
* ``trump_lead``: a non-Queen trump led before trump is broken claims "I hold only trumps";
* ``challenge``: a non-Queen in a Challenge trick claims "I hold no Queen".

A known record checks the claim against the hand at once; a blind record keeps it until a later
card of the same player disproves it (or a card shown at the table does).
"""

from __future__ import annotations


from referee.cards import IS_QUEEN, SUIT, SUIT_NAMES, strength_table
from referee.games.queens_dungeon.state import QDState
from referee.trickgame.hooks import Claim
from referee.trickgame.reneges import Irregularity
from referee.trickgame.tricks import follow_options, is_legal_follow

#: Queen's Dungeon's rank order, high to low: the Queens first.
RANK_ORDER = ("Q", "A", "K", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
STRENGTH = strength_table(RANK_ORDER)


def legal_cards(state: QDState, seat: int) -> list[str]:
    """Known record: the cards ``seat`` may play now (the dummy: its top card only)."""
    h = state.in_play
    hand = h.known_hands[seat]
    if seat == state.table.dummy:
        return hand[:1]
    if h.challenge is not None:
        queens = [c for c in hand if IS_QUEEN[c]]
        if queens:
            return queens
    if h.trick:
        return follow_options(hand, SUIT[h.trick[0][1]], IS_QUEEN)
    trump = h.trump
    if not h.broken and any(SUIT[c] != trump for c in hand):
        return [c for c in hand if SUIT[c] != trump or IS_QUEEN[c]]
    return list(hand)


def is_legal(state: QDState, seat: int, card: str) -> bool:
    """Known record: whether ``seat`` may play ``card`` now (the same rules as ``legal_cards``,
    without building the list)."""
    h = state.in_play
    hand = h.known_hands[seat]
    if card not in hand:
        return False
    if seat == state.table.dummy:
        return hand[0] == card
    if IS_QUEEN[card]:
        return True
    if h.challenge is not None and any(IS_QUEEN[c] for c in hand):
        return False
    if h.trick:
        return is_legal_follow(hand, SUIT[h.trick[0][1]], card, IS_QUEEN)
    if not h.broken and SUIT[card] == h.trump:
        return all(SUIT[c] == h.trump for c in hand)
    return True


_NONE: tuple[()] = ()  # most cards claim nothing: the same empty answer, made once


def claims_of(state: QDState, seat: int, card: str) -> list[Claim] | tuple[()]:
    """The claims playing ``card`` now makes about ``seat``'s hand, as (kind, suit, rule): the
    kind names the rule here, so ``rule`` is None."""
    if IS_QUEEN[card] or seat == state.table.dummy:
        return _NONE
    h = state.in_play
    trick = h.trick
    if h.challenge is None and (SUIT[card] == SUIT[trick[0][1]] if trick else h.broken or SUIT[card] != h.trump):
        return _NONE
    found: list[Claim] = []
    if h.challenge is not None:
        found.append(("challenge", None, None))
    if trick:
        led = SUIT[trick[0][1]]
        if SUIT[card] != led:
            found.append(("renege", led, None))
    elif not h.broken and SUIT[card] == h.trump:
        found.append(("trump_lead", h.trump, None))
    return found


def claim_is_false(kind: str, suit: str | None, hand: list[str]) -> list[str]:
    """Known record: the cards in ``hand`` that make the claim false (empty when it is true)."""
    if kind == "renege":
        return [c for c in hand if SUIT[c] == suit]
    if kind == "trump_lead":
        return [c for c in hand if SUIT[c] != suit]
    return [c for c in hand if IS_QUEEN[c]]


def disproves(kind: str, suit: str | None, card: str) -> bool:
    """True when holding ``card`` contradicts the claim (a later play or a shown card)."""
    if kind == "renege":
        return SUIT[card] == suit
    if kind == "trump_lead":
        return SUIT[card] != suit
    return IS_QUEEN[card]


def disproved_by(irr: Irregularity, card: str) -> bool:
    """True when holding ``card`` contradicts the claim the irregularity record ``irr`` made (the
    test ``referee.trickgame.reneges`` asks of a game)."""
    return disproves(irr.kind, irr.suit, card)


def setting(state: QDState, seat: int, reason: str) -> tuple[int, int, int]:
    """A dungeon setting for ``seat``: (unit, total before, total after), from the totals now.

    Three Queens and a renege in window C: the lower of (own - 100) and (lowest other - 1).
    Four Queens: the lower of (own - 250) and 0.
    """
    unit = state.table.player_unit(seat)
    totals = state.totals
    before = totals[unit]
    if reason == "four_queens":
        return unit, before, min(before - 250, 0)
    lowest_other = min(t for u, t in enumerate(totals) if u != unit)
    return unit, before, min(before - 100, lowest_other - 1)


def claim_text(kind: str, suit: str | None) -> str:
    """What made a claim, for messages: ``spades were led``."""
    if kind in ("renege", "trump_lead"):
        assert suit is not None, f"a {kind} claim names its suit"
        return f"{SUIT_NAMES[suit]} were led" if kind == "renege" else f"trump ({SUIT_NAMES[suit]}) is not broken"
    return "the Queen's Challenge is on"
