"""The checks every Dungeon command shares, each refusing with a message that names the card, the
player and what would be legal. The refusals are the referee's input errors
(``referee.errors``); ``IllegalMove`` is the one Dungeon adds: a move the rules forbid."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.dealing import deal_salt
from referee.games.dungeon.blind import UNKNOWN, every_copy_seen, pick
from referee.games.dungeon.cards import deck, identity, is_joker, normalise
from referee.games.dungeon.options import face_down_discards
from referee.games.dungeon.state import DungeonState


class IllegalMove(errors.IllegalPlay):
    """A move Dungeon's rules forbid in a known record (a passage with no place to go, a cave-in
    of another value, an attack on a player still in the cell, a defence too weak, ...)."""

    code = "illegal_play"


def who(state: DungeonState, seat: int) -> str:
    """A player as messages name them: ``Ann (seat 0)``."""
    return f"{state.names[seat]} (seat {seat})"


def check_seat(state: DungeonState, seat: int, *, alive: bool = True) -> None:
    if not 0 <= seat < state.players:
        raise errors.InvalidSeat(f"There is no seat {seat}: this table seats 0 to {state.players - 1}.", seat=seat)
    if alive and not state.alive[seat]:
        raise errors.InvalidSeat(f"{who(state, seat)} was slain and is out of the game.", seat=seat)


def check_target(state: DungeonState, seat: int, target: int, what: str) -> None:
    check_seat(state, target)
    if target == seat:
        others = [s for s in range(state.players) if s != seat and state.alive[s]]
        raise errors.InvalidSeat(f"{who(state, seat)} cannot {what} their own dungeon: choose another player.",
                                 seat=seat, legal=others)


def in_deck(state: DungeonState, text: object) -> str:
    """``text`` as a card identity or name of this game's deck (``JK``: any Joker), else UnknownCard."""
    card = normalise(text)
    if identity(card) not in _DECKS[state.options["decks"]] and identity(card) != "JK":
        raise errors.UnknownCard(f"{card} is not a card of this game's {state.options['decks']}-deck pack.", card=card)
    return card


def held_card(state: DungeonState, seat: int, text: str, hand: list[str] | None = None,
              taken: tuple[str, ...] = (), *, out_of_turn: bool = False) -> str:
    """The card ``text`` names in ``seat``'s hand (or in ``hand``, what is left of it), as it is
    played: its identity, and a Joker's declaration (which a Joker needs); else CardNotInHand. In a
    blind record a card the record does not know in the hand is a copy seen nowhere else (nor in
    ``taken``, the cards named with it). ``out_of_turn`` (an Ace, a counter: entries the page offers
    every seat alike): a refusal does not list the hand, which the table would read."""
    in_deck(state, text)
    hand = state.hands[seat] if hand is None else hand
    card = pick(state, hand, text, taken)
    if card is None and UNKNOWN in hand:
        raise errors.CardNotInHand(f"{normalise(text)} cannot be in {who(state, seat)}'s hand: {every_copy_seen(text)}.",
                                   seat=seat, card=normalise(text))
    if card is None and out_of_turn:
        raise errors.CardNotInHand(f"{who(state, seat)} does not hold {normalise(text)}.", seat=seat, card=normalise(text))
    if card is None:
        more = "" if hand is state.hands[seat] else " more"
        raise errors.CardNotInHand(f"{who(state, seat)} does not hold{more} {normalise(text)}; they hold "
                                   f"{_cards(hand)}{more and ' besides'}.", seat=seat, card=normalise(text), legal=list(hand))
    if is_joker(card) and "=" not in card:
        raise IllegalMove(f"A Joker is played as a card: say which, like {card}=9H.", seat=seat, card=card)
    return card


def check_no_aces_open(state: DungeonState) -> None:
    if state.aces:
        raise errors.WrongPhase("The Ace window is open: another Ace may be played on it, or the scorekeeper "
                                "closes it (close_aces) before play goes on.", legal=["ace", "close_aces"])


def check_phase(state: DungeonState, phase: str, action: str) -> None:
    if state.phase != phase:
        raise errors.WrongPhase(f"No {action} now: the game is at {_PHASE_WORDS[state.phase]}.",
                                legal=_PHASE_ACTIONS[state.phase])


#: Who answers each window a named player must answer (the others are open to anyone).
ANSWERER = {"defence": "defender", "ask": "target", "doubt": "asker", "caught": "target", "save": "target"}


def check_window(state: DungeonState, kinds: tuple[str, ...], seat: int, action: str) -> dict[str, Any]:
    """The open window (one of ``kinds``) in which ``seat`` is the one to answer."""
    check_phase(state, "turn", action)
    check_seat(state, seat)
    check_no_aces_open(state)
    window = state.window
    if window is None or window["kind"] not in kinds:
        raise errors.WrongPhase(f"No {action} now: {waiting_for(state)}.", seat=seat)
    if window[ANSWERER[window["kind"]]] != seat:
        raise errors.NotYourTurn(f"{who(state, seat)} cannot {action}: {waiting_for(state)}.", seat=seat)
    return window


def check_own_turn(state: DungeonState, seat: int, action: str) -> None:
    """``seat`` may give a turn's action now: the turn is theirs and no window is open."""
    check_phase(state, "turn", action)
    check_seat(state, seat)
    check_no_aces_open(state)
    if state.window is not None:
        raise errors.WrongPhase(f"No {action} now: {waiting_for(state)}.", seat=seat)
    if seat != state.turn:
        raise errors.NotYourTurn(f"It is {who(state, state.on_turn)}'s turn, not {who(state, seat)}'s.", seat=seat)


def check_may_play(state: DungeonState, seat: int, action: str) -> None:
    """``seat`` may make the turn's one play: their turn, drawn, nothing played yet."""
    check_own_turn(state, seat, action)
    if not state.drawn:
        raise errors.WrongPhase(f"{who(state, seat)} draws first (draw), then plays.", seat=seat, legal=["draw"])
    if state.played:
        raise errors.WrongPhase(f"{who(state, seat)} has already played this turn: one play per turn (Aces "
                                "excepted). Play an Ace or end the turn (end_turn).", seat=seat, legal=["ace", "end_turn"])


def seal(state: DungeonState, rng: Any, hidden: bool | None = None) -> str | None:
    """A salt for an event whose cards the table does not see (``hidden``; by default, when
    discards are face down), else None."""
    hidden = face_down_discards(state.options) if hidden is None else hidden
    return deal_salt(rng) if hidden else None


def waiting_for(state: DungeonState) -> str:
    """What the game waits for, in words."""
    window = state.window
    if state.aces:
        return "the Ace window is open"
    if window is None:
        return f"it is {who(state, state.turn)}'s turn" if state.turn is not None else _PHASE_WORDS[state.phase]
    if window["kind"] == "defence":
        return (f"{who(state, window['defender'])} must answer {window['creature']} (defend or retreat)")
    if window["kind"] == "ask":
        return f"{who(state, window['target'])} must answer the Myrmiddon's ask for {window['asked']} (hand_over or deny)"
    if window["kind"] == "save":
        return (f"{who(state, window['target'])} may save the Joker passage {window['passage']} from the cave-in "
                "with a card of its value (save_joker) or let it fall (let_fall)")
    if window["kind"] == "counter":
        return (f"the {window['ability'].capitalize()} {window['card']} may be countered: anyone may play a matching "
                "creature (counter) until the scorekeeper closes the window (close_counters)")
    if window["kind"] == "caught":
        return (f"{who(state, window['target'])}, caught lying about {window['asked']}, chooses to hand it over "
                "(hand_over) or to discard the whole hand (discard_hand)")
    return f"{who(state, window['asker'])} decides whether to look at {who(state, window['target'])}'s hand (look or believe)"


def _cards(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "no cards"


_DECKS = {n: frozenset(deck(n)) for n in (1, 2)}
_PHASE_WORDS = {"deal": "the deal", "contest": "the first-player contest", "turn": "a turn",
                "reshuffle": "the reshuffle of the discard pile", "over": "its end"}
_PHASE_ACTIONS = {"deal": ["deal"], "contest": ["contest"], "turn": None, "reshuffle": ["reshuffle"], "over": []}
