"""The Queens on the game interface (``referee.game.Game``): one player, no hands, no tricks.

A known record: the deal logs the order of the 104 cards (given, or shuffled by the referee), so
every impossible move is refused at once. An as-dealt record ("blind", a physical game): the deal
logs no order, and each card is entered as it turns up (``seen``, or with the ``turn``); the
referee checks that no card turns up more than twice and every move with what has been seen. A take-back is a correction event that restores the
tableau from before the last move still standing; the events it takes back stay in the record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import marshmallow

from referee.game import Game, TableNames, loaded_options
from referee.closed_sets import is_record
from referee.games.the_queens import words
from referee.words import Names, game_words
from referee import errors
from referee.dealing import deal_salt
from referee.events import GameCreated
from referee.games.the_queens import commands as cmd
from referee.games.the_queens import events as ev
from referee.games.the_queens import audit, rules, table_text, views
from referee.games.the_queens.cards import DECK104, UNSEEN, parse_order
from referee.games.the_queens.options import RULE_OPTIONS, OptionsSchema
from referee.games.the_queens.picture import tableau_html
from referee.games.the_queens.solver import solve
from referee.games.the_queens.state import QueensState, apply_event


class TheQueens(Game[QueensState]):
    """The Queens: a two-pack patience for one player."""

    name: str = "the-queens"
    title: str = "The Queens"
    options_schema: type[marshmallow.Schema] = OptionsSchema
    command_schemas = cmd.COMMAND_SCHEMAS
    #: Scored as a whole, not hand by hand: the players confirm the game once (``referee.confirmations``).
    played_in_hands: bool = False
    #: Its one hand's columns (docs/records.md); a patience has no dealer.
    score_columns: tuple[str, ...] = ("home", "result")
    hands_dealt: bool = False

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        """``GameCreated`` with every option (a given order checked and written out in full).

        A new game comes here with its options loaded (``referee.service``), every rule named;
        a record is decided again from its own ``GameCreated`` (``referee.redecide_record``), and one made
        before a rule option existed names none: it stays without it, and is played under the rule
        of its time (``options.rules_of``)."""
        opts = loaded_options(OptionsSchema, options)
        for name in RULE_OPTIONS:
            if name not in options:
                del opts[name]
        if not is_record(record):
            raise errors.InvalidOption(f"The Queens keeps a known record (every card's place logged at the deal) or "
                                       f"a blind one (each card entered as it turns up), not {record!r}.")
        if record == "blind" and opts["order"] is not None:
            raise errors.InvalidOption("A blind (as-dealt) record logs each card as it turns up: it takes no order.")
        if len(seats) != 1:
            raise errors.InvalidOption(f"The Queens is played alone: give one seat name, not {len(seats)}.")
        if opts["order"] is not None:
            try:
                opts["order"] = parse_order(opts["order"])
            except errors.InputError as exc:
                raise errors.InvalidOption(f"Invalid options: order: {exc.message}") from exc
        return [GameCreated(self.name, opts, [str(seats[0])], record)]

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        return game_words(kind, payload, names, words.WORDS)

    def initial_state(self) -> QueensState:
        return QueensState(self.name)

    def apply(self, state: QueensState, event: Any) -> QueensState:
        return apply_event(state, event)

    def decide(self, state: QueensState, command: Any, rng: Any) -> list[Any]:
        t = state.tableau
        kind = type(command)
        if command.seat != 0:
            raise errors.InvalidSeat(f"The Queens has one player, seat 0, not seat {command.seat}.",
                                     seat=command.seat, legal=[0])
        if kind is cmd.Move:
            return rules.move(t, command.card, command.target, command.source)
        if kind is cmd.Turn:
            return rules.turn(t, command.card)
        if kind is cmd.Seen:
            return rules.seen(t, command.card)
        if kind is cmd.NewPack:
            return rules.new_pack(t)
        if kind is cmd.TakeBack:
            return self._take_back(state)
        if kind is cmd.GiveUp:
            rules.playing(t, "give up")
            return [ev.QueensGameEnded(cmd.GIVEN_UP, t.home())]
        if kind is cmd.Deal:
            return self._deal(state, command, rng)
        raise errors.UnknownAction(f"{type(command).__name__} is not a {self.title} command.")

    def _deal(self, state: QueensState, command: cmd.Deal, rng: Any) -> list[Any]:
        if state.tableau.dealt:
            raise errors.WrongPhase("The cards are dealt already: a game of The Queens has one deal.")
        given = state.options.get("order")
        if state.record == "blind":
            if command.order is not None:
                raise errors.InvalidDeal("A blind (as-dealt) record takes no order: enter each card as it turns up.")
            return rules.deal(None, deal_salt(rng), state.tableau)
        if command.order is not None:
            order = parse_order(command.order)
            if given is not None and order != given:
                raise errors.InvalidDeal("This game was created with its order of the cards: deal without one, "
                                         "or with that same order.")
        elif given is not None:
            order = list(given)
        else:
            order = list(DECK104)
            rng.shuffle(order)
        return rules.deal(order, deal_salt(rng), state.tableau)

    def _take_back(self, state: QueensState) -> list[Any]:
        t = state.tableau
        if t.ended:
            raise errors.WrongPhase(f"The game is over ({t.ended}): its last move can no longer be taken back.")
        if not state.standing:
            raise errors.WrongPhase("There is no move to take back (the deal stays).")
        return [ev.QueensMoveTakenBack(state.standing[-1][0])]

    def hint(self, state: QueensState, seconds: float = 1.0) -> dict[str, Any]:
        """The solver on the current position: ``result`` "won" with ``move``, the next move of a
        winning line (``moves_left`` in all), "lost" with its ``proof``, or "undecided" within
        ``seconds``."""
        t = state.tableau
        if state.record == "blind":
            raise errors.WrongPhase("A blind (as-dealt) record does not know the cards face down: no hint can be given.")
        if not t.dealt or t.ended:
            raise errors.WrongPhase("A hint needs a game dealt and not over." if t.ended is None
                                    else f"The game is over ({t.ended}): there is nothing left to hint.")
        verdict = solve(t, seconds=seconds)
        move = _command(verdict.line[0]) if verdict.line else None
        return {"result": verdict.result, "move": move, "moves_left": len(verdict.line), "proof": verdict.proof or None,
                "positions": verdict.positions}

    def picture_html(self, state: QueensState) -> str:
        """The tableau as it lies, for the printable record."""
        return tableau_html(views.public_view(state))

    def table_lines(self, view: dict[str, Any], names: TableNames) -> tuple[list[str], set[str]]:
        """The tableau as lines of text for the command line (``table_text``); one player, so no
        seat is named."""
        return table_text.table_lines(view)

    def audit_notes(self, state: QueensState, events: Sequence[Any]) -> dict[str, Any]:
        """For the audit: whether the deal could be won, and where the player left the last winning
        line (``audit.audit_notes``)."""
        return audit.audit_notes(state, events) if state.record == "known" else {
            "note": "A blind (as-dealt) record does not know the cards that never turned up: the solver cannot say "
                    "whether the deal could be won."}

    def legal_actions(self, state: QueensState, seat: int) -> list[Any]:
        """Every move the player may make now (seat 0; nobody else plays), and a take-back."""
        t = state.tableau
        if seat != 0 or t.ended:
            return []
        if not t.dealt:
            return [cmd.Deal(0)]
        if rules.awaiting(t):
            return [cmd.Seen(0, card) for card in rules.may_turn_up(t)]
        out = [_command(m) for m in rules.legal_moves(t)]
        if t.pack and t.pack[-1] == UNSEEN:  # as dealt: the turn names the card turned
            out = [c for c in out if type(c) is not cmd.Turn] + [cmd.Turn(0, card) for card in rules.may_turn_up(t)]
        if state.standing:
            out.append(cmd.TakeBack(0))
        out.append(cmd.GiveUp(0))
        return out

    def action_of(self, command: Any) -> str:
        try:
            return cmd.ACTION_OF[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a {self.title} command.") from None

    def command_of(self, event: Any) -> Any:
        return cmd.command_of(event)

    def to_act(self, state: QueensState) -> list[int]:
        return [] if state.tableau.ended else [0]

    def public_view(self, state: QueensState, seat: int | None = None) -> dict[str, Any]:
        return views.public_view(state, seat)

    def director_view(self, state: QueensState) -> dict[str, Any]:
        return views.director_view(state)

    def scores(self, state: QueensState) -> dict[str, Any]:
        return views.scores(state)

    def score_mark(self, state: QueensState) -> tuple[Any, ...]:
        return state.tableau.ended, state.tableau.home()

    def outcome(self, state: QueensState) -> dict[str, Any] | None:
        t = state.tableau
        if not t.ended:
            return None
        home = t.home()
        return {"reason": t.ended, "winners": [0] if t.ended == "won" else [], "home": home, "totals": [home]}


def _command(move: tuple[str, ...]) -> Any:
    """The command of a move as ``rules.legal_moves`` and the solver write it."""
    if move[0] == "move":
        return cmd.Move(0, move[1], move[3], move[2])
    return cmd.Turn(0) if move[0] == "turn" else cmd.NewPack(0)
