"""Players confirm what was logged: at the end of each hand (or of the game, for a game played in
no hands: Dungeon, The Queens), a player says the score the scorekeeper logged is right, or is not.

A confirmation is a table action, ``confirm``, in every game, the way the undo is (the registry
wraps each game in :class:`Confirmable`, and the undo around it). Its event, :class:`HandConfirmed`,
names the seat, the hand (``GAME``, 0, for a game played in no hands: the game as a whole) and
``agree``, with an optional note. It changes no score and no ruling: the game folds nothing of it but the state's
``confirmations``, which :func:`confirmation_status` reads.

Who may confirm: any seat of the game (a player, never a dummy), through the game's token, so on
the scorekeeper's device (the player picks their seat) or on their own through the table's link.
The record does not know which seat kept the score; the table's custom is that another player
confirms.

What a confirmation refuses, naming the hand and the seat, with nothing recorded: a hand not scored
yet (:class:`ConfirmRefused`, ``wrong_phase``), a second confirmation of one hand by one seat, a
seat that is no player (``invalid_seat``), a note that is not one line of readable text.

A confirmation is an entry like any other for the undo (``referee.undo``): it may itself be undone
(a wrong seat tapped), an entry logged after it is undone without touching it, and an undo walks
back through it before it reaches the entries of the hand it confirmed. So a confirmation never
stands for a hand whose entries changed: undoing that hand's entries takes its confirmations back
first, and the players confirm the hand again once it is scored again.
"""

from __future__ import annotations

from typing import Any, Optional

from events.registry import event_type
from referee.errors import InvalidSeat, InputError, WrongPhase
from typing import Annotated

from referee.fields import MAX_HAND, ExactInteger, Seat
from referee.game import Game
from referee.game_wrapper import GameWrapper
from referee.seat_names import unseen_character
from referee.command_schemas import schemas_of
from referee.frozen import frozen as _frozen

#: The action name of a confirmation, in every game.
CONFIRM_ACTION = "confirm"
#: The "hand" of a game played in no hands: the game as a whole (hands are numbered from 1).
GAME = 0
#: A note is a line said to the director, not a letter.
MAX_NOTE = 200


#: A confirmation's hand: 1 and up, or 0 (``GAME``) for the game as a whole.
HandOrGame = Annotated[int, type("HandOrGameField", (ExactInteger,), {"low": 0, "high": MAX_HAND})]


@event_type("HandConfirmed", version=1)
@_frozen
class HandConfirmed:
    """Seat ``seat`` confirmed the score logged for hand ``hand`` (``GAME``, 0: the game as a whole,
    in a game played in no hands): ``agree`` true, or false with an optional ``note`` saying what is wrong."""

    seat: int
    hand: int
    agree: bool
    note: Optional[str] = None


@_frozen
class Confirm:
    """Seat ``seat`` confirms hand ``hand`` (default: the latest hand scored; a game played in no
    hands is confirmed as a whole, hand ``GAME``) with ``agree`` true, or disagrees with ``agree``
    false and an optional ``note``."""

    seat: Seat
    hand: Optional[HandOrGame] = None
    agree: bool = True
    note: Optional[str] = None


@_frozen
class Confirmation:
    """A confirmation as the state keeps it: the stream ``version`` of its event, and what it says."""

    version: int
    seat: int
    hand: int
    agree: bool
    note: Optional[str]


CONFIRM_SCHEMAS, _ = schemas_of({CONFIRM_ACTION: Confirm})


class ConfirmRefused(WrongPhase):
    """A confirmation the referee refuses now (``wrong_phase``): the hand is not scored yet, or
    the seat confirmed it already."""


def played_in_hands(game: Game[Any]) -> bool:
    """Whether ``game`` scores hand by hand (each hand is confirmed), or only the game as a whole
    (Dungeon, The Queens: the game is confirmed once, as hand ``GAME``)."""
    return game.played_in_hands


def scored_hands(game: Game[Any], state: Any) -> list[int]:
    """The hands a player may confirm: each hand scored, or ``[GAME]`` once a game played in no
    hands is over. Read through the game's interface (``scored_hands``, ``outcome``): public facts only."""
    if not game.played_in_hands:
        return [GAME] if game.outcome(state) is not None else []
    return game.scored_hands(state)


def players_of(game: Game[Any], state: Any) -> list[int]:
    """The seats that may confirm: every seat but a dummy's."""
    dummy = game.dummy(state)
    return [s for s in range(len(state.names)) if s != dummy]


def what(hand: int) -> str:
    """``hand 3`` or ``the game`` (``GAME``), for messages and words."""
    return "the game" if hand == GAME else f"hand {hand}"


def confirmation_status(game: Any, state: Any) -> dict[str, Any]:
    """What the players confirmed: ``confirmed`` (the game is over, and each hand scored, or the game,
    has a seat's agreement and no disagreement), ``unconfirmed_hands`` (scored hands no seat agreed
    to yet, or disagreed with) and ``disagreements`` (each ``{"hand", "seat", "name", "note",
    "version"}``). Pure: the desk, a session's results and the score sheet read it.

    >>> from referee.registry import get_game
    >>> import random
    >>> qd = get_game("queens-dungeon")
    >>> state = qd.initial_state()
    >>> for e in qd.start({"players": 4, "first_dealer": 0}, ["A", "B", "C", "D"], "known", random.Random(1)):
    ...     state = qd.apply(state, e)
    >>> confirmation_status(qd, state)
    {'confirmed': False, 'unconfirmed_hands': [], 'disagreements': []}
    """
    hands = scored_hands(game, state)
    kept = [c for c in state.confirmations if c.hand in hands]
    disagreed = [c for c in kept if not c.agree]
    agreed = {c.hand for c in kept if c.agree}
    unconfirmed = [h for h in hands if h not in agreed or any(c.hand == h for c in disagreed)]
    return {"confirmed": bool(hands) and not unconfirmed and game.outcome(state) is not None,
            "unconfirmed_hands": unconfirmed,
            "disagreements": [{"hand": c.hand, "seat": c.seat, "name": state.names[c.seat], "note": c.note,
                               "version": c.version} for c in disagreed]}


def check_note(note: Optional[str]) -> None:
    """A note is one line of readable text, at most ``MAX_NOTE`` characters."""
    if note is None:
        return
    if not note.strip() or len(note) > MAX_NOTE:
        raise InputError(f"A confirmation's note is one line of 1 to {MAX_NOTE} characters, not {len(note)}: "
                         "say briefly what is wrong with the score.")
    for char in note:
        if kind := unseen_character(char):
            raise InputError(f"A confirmation's note holds {kind} (U+{ord(char):04X}): write it as text a person "
                             "can read, on one line.")


#: The offers made so far, by (seat, hand): a command is never changed, and making a frozen one
#: costs more than the rest of the offer (a few thousand at most: seats times hands).
_OFFERS: dict[tuple[int, int], Confirm] = {}


def _offer(seat: int, hand: int) -> Confirm:
    """The offer to ``seat`` to confirm ``hand``, agreeing."""
    offer = _OFFERS.get((seat, hand))
    if offer is None:
        offer = _OFFERS[(seat, hand)] = Confirm(seat, hand)
    return offer


class Confirmable(GameWrapper[Any]):
    """A game (``referee.game.Game``) with the ``confirm`` action: everything else is the game's own
    (forwarded by :class:`~referee.game_wrapper.GameWrapper`)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._apply, self._decide, self._legal_actions = game.apply, game.decide, game.legal_actions
        self.command_schemas = {**game.command_schemas, **CONFIRM_SCHEMAS}

    def apply(self, state: Any, event: Any) -> Any:
        """The game's ``apply``, with a confirmation folded into ``confirmations`` alone."""
        if type(event) is not HandConfirmed:
            return self._apply(state, event)
        state.version += 1
        # A new tuple: clones share the old one, and a state's copies are never changed.
        state.confirmations = (*state.confirmations, Confirmation(state.version, event.seat, event.hand,
                                                                   event.agree, event.note))
        return state

    def decide(self, state: Any, command: Any, rng: Any) -> list[Any]:
        if type(command) is Confirm:
            return [self.confirmation(state, command)]
        return self._decide(state, command, rng)

    def confirmation(self, state: Any, command: Confirm) -> HandConfirmed:
        """The event of ``command``, or an input error naming the hand and the seat."""
        game, seat = self.inner, command.seat
        if seat not in players_of(game, state):
            raise InvalidSeat(f"Seat {seat} is no player of this game: a confirmation names a player's seat "
                              f"({', '.join(f'{s} ({state.names[s]})' for s in players_of(game, state))}).", seat=seat)
        name, hands = f"Seat {seat} ({state.names[seat]})", scored_hands(game, state)
        if not hands:
            raise ConfirmRefused(f"{name} cannot confirm yet: nothing is scored. "
                                 + ("A hand is confirmed once it is scored." if played_in_hands(game)
                                    else "The game is confirmed once it is over."), seat=seat)
        hand = hands[-1] if command.hand is None else command.hand
        if hand not in hands:
            raise ConfirmRefused(f"{name} cannot confirm {what(hand)}: it is not scored yet (hands scored: "
                                 f"{', '.join(map(str, hands))})." if played_in_hands(game) else
                                 f"{name} cannot confirm hand {hand}: this game is played in no hands, and is "
                                 f"confirmed as a whole (leave out the hand, or give hand {GAME}).", seat=seat)
        done = next((c for c in state.confirmations if c.seat == seat and c.hand == hand), None)
        if done is not None:
            raise ConfirmRefused(f"{name} already confirmed {what(hand)} (event {done.version}, "
                                 f"{'agreeing' if done.agree else 'disagreeing'}): a seat confirms it once. Undo that "
                                 "confirmation if it was a mis-entry.", seat=seat)
        check_note(command.note)
        return HandConfirmed(seat, hand, command.agree, command.note)

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        """The game's legal actions, and a confirmation of each scored hand the seat has not
        confirmed yet (agreeing; a disagreement is the same action with ``agree`` false)."""
        actions = self._legal_actions(state, seat)
        if not (isinstance(seat, int) and seat in players_of(self.inner, state)):
            return actions
        hands = scored_hands(self.inner, state)
        if not hands:
            return actions
        done = {c.hand for c in state.confirmations if c.seat == seat}
        offered = [_offer(seat, h) for h in hands if h not in done]
        return [*actions, *offered] if offered else actions

    def action_of(self, command: Any) -> str:
        return CONFIRM_ACTION if type(command) is Confirm else self.inner.action_of(command)

    def words(self, kind: type, payload: Any, names: Any) -> str:
        """A confirmation in words ("Cat confirms hand 3's score"); any other event in the game's."""
        if kind is not HandConfirmed:
            return self.inner.words(kind, payload, names)
        said = "the game's result" if payload["hand"] == GAME else f"hand {payload['hand']}'s score"
        if payload["agree"]:
            return f"{names(payload['seat'])} confirms {said}"
        note = payload.get("note")
        return f"{names(payload['seat'])} disagrees with {said}" + (f": {note}" if note else "")

    def command_of(self, event: Any) -> Any:
        if type(event) is HandConfirmed:
            return Confirm(event.seat, event.hand, event.agree, event.note)
        return self.inner.command_of(event)


def confirmable(game: Game[Any]) -> Confirmable:
    """``game`` with the ``confirm`` action (the registry registers every game so)."""
    return Confirmable(game)
