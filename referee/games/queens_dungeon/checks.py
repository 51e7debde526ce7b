"""What every Queen's Dungeon command checks: phase, seat, suit, card."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.cards import SUIT_NAMES, SUITS, parse_card, parse_suit
from referee.games.queens_dungeon.state import QDState


def require_phase(state: QDState, *allowed: str, doing: str) -> None:
    """Refuse a command outside its phase, saying what the game waits for."""
    if state.phase in allowed:
        return
    h = state.hand
    why = {
        "new": "the game has not been created",
        "cut": "the first dealer has not been cut for",
        "call_trump": f"the dealer has not called trump for hand {len(state.history) + 1}",
        "deal": "the cards have not been dealt",
        "exchange": "the dealer has not decided whether to exchange hands",
        "play": "the hand is being played",
        "over": "the game is over",
    }
    if state.phase == "trump_change":
        raise errors.TrumpChangeRequired(
            f"Cannot {doing} now: two Queens fell in trick {h.trick_no - 1}; the dealer, "
            f"{state.seat_label(h.dealer)}, must first name a new trump suit (not {SUIT_NAMES[h.trump]}).",
            seat=h.dealer, trick=h.trick_no - 1, legal=[s for s in SUITS if s != h.trump],
        )
    raise errors.WrongPhase(f"Cannot {doing} now: {why.get(state.phase, state.phase)}.")


def player_seat(state: QDState, seat: Any, what: str = "seat") -> int:
    """A player seat (never the dummy), or InvalidSeat."""
    players = state.layout.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        dummy = " (the dummy cannot do this)" if seat == state.layout.dummy else ""
        raise errors.InvalidSeat(f"{what} {seat!r} is not a player at this table: seats are 0..{players - 1}{dummy}.", seat=seat if isinstance(seat, int) else None)
    return seat


def dealer_seat(state: QDState, seat: Any, doing: str) -> int:
    """The seat, if it is the dealer's, or NotDealer."""
    seat = player_seat(state, seat)
    if seat != state.dealer:
        raise errors.NotDealer(
            f"{state.seat_label(seat)} cannot {doing}: only the dealer, {state.seat_label(state.dealer)}, can.",
            seat=seat, legal=[state.dealer],
        )
    return seat


def suit_from(text: Any) -> str:
    """A suit letter from what a person typed."""
    try:
        return parse_suit(text)
    except errors.UnknownCard as exc:
        raise errors.InputError(exc.message, code="unknown_suit") from None


def card_in_deck(state: QDState, text: Any, seat: int | None = None, trick: int | None = None) -> str:
    """A card from what a person typed, refused if this game's deck does not hold it."""
    card = parse_card(text)
    removed = state.hand.removed if state.hand is not None and state.hand.dealt else state.options["removed_cards"]
    if card in removed:
        raise errors.UnknownCard(f"{card} is not in the deck: it was removed for a {state.layout.players}-player game.",
                                 seat=seat, card=card, trick=trick)
    return card
