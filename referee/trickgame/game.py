"""The trick game: one engine, the ``referee.game.Game`` interface, for every trick game.

A game is a small subclass, in the manner of python-chess's variants: it sets its data (name,
options, actions, phases, the table its options make) and overrides the hooks below where its
rules differ from plain follow-suit; it adds the events and commands of its own phases through
``own_folds`` and ``own_deciders``. The engine does everything the games share: the deal, the
turn, following, trick completion, renege windows, claims, corrections, the score at the end of a
hand and the end of the game (``apply``: ``referee.trickgame.apply``, ``decide``:
``referee.trickgame.decide``, views: ``referee.trickgame.views``).

A *claim* is what an irregular card says about the hand it came from: ``(kind, suit, rule)``,
such as ("renege", "H", "suit"), "I hold no card that follows a hearts lead". A known record checks
it against the hand at once; a blind record keeps it until a later card of the same player
disproves it (``disproved_by``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import marshmallow
from marshmallow import fields, validate

from referee import errors
from referee import events as ev
from referee.trickgame.batch import Batch
from referee.cards import SUIT, SUIT_NAMES
from referee.trickgame.corrections import KeptRuling
from referee.game import Game, loaded_options
from referee.closed_sets import EndReason, FollowRule, is_record
from referee.command_schemas import schemas_of
from referee.trickgame.apply import TrickFold
from referee.trickgame.decide import TrickDecide
from referee.trickgame.reneges import Irregularity
from referee.trickgame.hooks import Claim
from referee.trickgame.shared_commands import ClaimRenege, TakeBack
from referee.trickgame.state import Hand, Layout, StateT, TableState
from referee.trickgame.views import TrickViews, plays_by_seat
from referee.trickgame.words import TrickWords


def _followed(rule: str | None, suit: str | None) -> tuple[str, str]:
    """The following rule and the suit a claim of the engine's own ``claims_of`` names (a game whose
    claims name no rule, Queen's Dungeon, overrides what reads them)."""
    assert rule is not None and suit is not None, "a renege claim names the rule and the suit it broke"
    return rule, suit


class TrickOptionsSchema(marshmallow.Schema):
    """The options every trick game has; a game's schema adds its own."""

    detection = fields.String(load_default="announced", validate=validate.OneOf(["announced", "on_claim"]))


class TrickGame(TrickWords[StateT], TrickFold[StateT], TrickDecide[StateT], TrickViews[StateT], Game[StateT]):
    """A trick game; the defaults are plain follow-suit, one player a scoring unit."""

    #: Scored hand by hand: the players confirm each hand (``referee.confirmations``).
    played_in_hands: bool = True
    #: A trick game's hand counts each side's tricks; a game lists its own columns around them.
    score_columns: tuple[str, ...] = ("tricks",)
    #: A claim of a renege is ruled on as it is logged, and upheld in window A by the reneger's
    #: take-back: the undo of mis-entries takes back neither (``referee.undo``).
    claim_commands: tuple[type, ...] = (ClaimRenege,)
    claim_events: tuple[type, ...] = (ev.RenegeClaimed,)
    upholding_commands: tuple[type, ...] = (TakeBack,)
    command_schemas: Mapping[str, marshmallow.Schema]
    # Its actions, phases and window-B penalty: ``referee.trickgame.hooks``.

    def __init__(self) -> None:
        self.command_schemas, self._action_of = schemas_of(dict(self.actions))
        self._folds = {**self.shared_folds(), **self.own_folds()}
        self._deciders = {**self.shared_deciders(), **self.own_deciders()}
        self._plays = plays_by_seat(self.actions["play"])
        # A card is the event folded most: skip the call of an ``after_card`` the game left empty.
        self._after_card = self.after_card if type(self).after_card is not TrickGame.after_card else None

    def own_folds(self) -> dict[type, Any]:
        """Event type -> handler of the events of the game's own phases."""
        return {}

    def own_deciders(self) -> dict[type, Any]:
        """Command class -> handler of the commands of the game's own phases."""
        return {}

    # ------------------------------------------------------------ the table

    def layout_of(self, options: Mapping[str, Any]) -> Layout:
        """The table the (loaded) options make."""
        raise NotImplementedError

    def load_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate and complete options; raises InvalidOption with a readable message."""
        return loaded_options(self.options_schema, options)

    def new_hand(self, no: int, dealer: int, seats: int) -> Hand:
        return Hand(no, dealer, seats)

    def initial_state(self) -> StateT:
        # A game whose state is the engine's own (TableState of its hands) inherits this; a game
        # with a state class of its own overrides it. The checker cannot see which StateT is which.
        return TableState(self.name)  # type: ignore[return-value]

    def seats_of_units(self, state: StateT, units: list[int]) -> list[int]:
        """The seats of scoring units (winners are named by seat)."""
        return sorted(s for u in units for s in state.table.seats_of(u))

    # ------------------------------------------------------------ following

    def lead_rule(self, state: StateT, card: str) -> tuple[FollowRule, str]:
        """The following rule ``(kind, suit)`` a lead of ``card`` sets for its trick."""
        return ("suit", SUIT[card])

    def follows(self, kind: str, suit: str, card: str) -> bool:
        return SUIT[card] == suit

    def rule_text(self, kind: str, suit: str) -> str:
        """``hearts were led`` for messages."""
        return f"{SUIT_NAMES[suit]} were led"

    def claims_of(self, state: StateT, seat: int, card: str) -> Sequence[Claim]:
        """The claims playing ``card`` now makes about ``seat``'s hand: a card that does not obey
        the trick's following rule claims to hold none that does."""
        h = state.in_play
        if h.trick:
            kind, suit = h.led_rule
            if not self.follows(kind, suit, card):
                return [("renege", suit, kind)]
        return []

    def claim_is_false(self, kind: str, suit: str | None, rule: str | None, hand: list[str]) -> list[str]:
        """Known record: the cards of ``hand`` that make the claim false (empty when it is true)."""
        follow, led = _followed(rule, suit)
        return [c for c in hand if self.follows(follow, led, c)]

    def disproved_by(self, irr: Irregularity, card: str) -> bool:
        """True when holding ``card`` contradicts the claim ``irr`` made (a later play, a shown card)."""
        return self.follows(*_followed(irr.rule, irr.suit), card)

    def claim_text(self, kind: str, suit: str | None, rule: str | None) -> str:
        """What made the claim, for messages: ``hearts were led``."""
        return self.rule_text(*_followed(rule, suit))

    def legal_cards(self, state: StateT, seat: int) -> list[str]:
        """Known record: the cards ``seat`` may play now."""
        h = state.in_play
        hand = h.known_hands[seat]
        if not h.trick:
            return list(hand)
        kind, suit = h.led_rule
        following = [c for c in hand if self.follows(kind, suit, c)]
        return following or list(hand)

    def is_legal(self, state: StateT, seat: int, card: str) -> bool:
        """Known record: whether ``seat`` holds ``card`` and may play it now."""
        return card in self.legal_cards(state, seat)

    # ------------------------------------------------------------ what cards and tricks do

    def after_card(self, state: StateT, seat: int, card: str) -> None:
        """What a card does beyond the trick (Queen Bees: the first Queen fixes trump)."""

    def trick_record(self, hand: Hand, e: ev.TrickWon) -> dict[str, Any]:
        """A won trick as the hand keeps it and the views show it (Queen's Dungeon adds its Queens
        and the trump it was played under)."""
        return {"trick": e.trick, "leader": hand.leader, "cards": list(e.cards), "seats": [s for s, _ in hand.trick],
                "winner": e.seat}

    def after_trick(self, state: StateT, e: ev.TrickWon, last: bool) -> None:
        """What a won trick does beyond its winner (Black Queen: card points)."""

    def after_trick_won(self, b: Batch, sim: StateT, winner: int, queens: int, trick: int) -> None:
        """The events a won trick brings beyond ``TrickWon`` (Queen's Dungeon: its settings)."""

    def trick_winner(self, state: StateT, plays: list[tuple[int, str]]) -> int:
        raise NotImplementedError

    def lead_actions(self, state: StateT, seat: int) -> list[Any]:
        """What the seat about to lead may announce besides its card (Queen's Challenge)."""
        return []

    def phase_actions(self, state: StateT, seat: int) -> list[Any]:
        """The commands of the game's own phases open to ``seat`` (bids, a contract)."""
        return []

    # ------------------------------------------------------------ irregularities

    def penalty(self, state: StateT, seat: int) -> str | None:
        """What an established renege (window B or C) by ``seat`` costs, said in its ruling (None:
        nothing to say). It must not tell the table anything hidden."""
        return None

    def after_upheld(self, b: Batch, irr: Irregularity, window: str) -> None:
        """The events an upheld ruling brings beyond itself (Queen's Dungeon: window C's setting)."""

    def keep_ruling(self, hand: Hand, kept: KeptRuling) -> None:
        """A correction keeps what a ruling since did to the hand (Queen's Dungeon: a setting or
        a penalty on the score sheet); the engine keeps its effect on the totals."""

    # ------------------------------------------------------------ scoring

    def hand_sheet(self, state: StateT) -> tuple[dict[str, Any], list[int]]:
        """The finished hand's score sheet and the new totals."""
        raise NotImplementedError

    def game_end(self, state: StateT, totals: list[int]) -> tuple[EndReason, list[int]] | None:
        """After a hand is scored: (reason, winning seats) when the game is over, else None."""
        raise NotImplementedError

    # ------------------------------------------------------------ the Game interface

    def start(self, options: Mapping[str, Any], seats: list[str], record: str, rng: Any) -> list[Any]:
        """``GameCreated`` with every option, then the first dealer when the options name one."""
        opts = self.load_options(options)
        if not is_record(record):
            raise errors.InvalidOption(f"record must be 'known' or 'blind', not {record!r}.")
        names = [str(s) for s in seats]
        if len(names) != opts["players"]:
            raise errors.InvalidOption(f"{opts['players']} players need {opts['players']} seat names, got {len(names)}.")
        out: list[Any] = [ev.GameCreated(self.name, opts, names, record)]
        if opts["first_dealer"] is not None:
            out.append(ev.DealerChosen(opts["first_dealer"]))
        return out

    def apply(self, state: StateT, event: Any) -> StateT:
        """Fold one event into ``state`` (in place) and return it."""
        state.version += 1
        self._folds[type(event)](state, event)
        return state

    def action_of(self, command: Any) -> str:
        """The action name of a command object (a key of ``command_schemas``)."""
        try:
            return self._action_of[type(command)]
        except KeyError:
            raise errors.UnknownAction(f"{type(command).__name__} is not a {self.title} command.") from None

    def command_of(self, event: Any) -> Any:
        raise NotImplementedError

    def public_view(self, state: StateT, seat: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def director_view(self, state: StateT) -> dict[str, Any]:
        raise NotImplementedError

    def scores(self, state: StateT) -> dict[str, Any]:
        raise NotImplementedError

    def score_mark(self, state: StateT) -> tuple[Any, ...]:
        return len(state.history), tuple(state.totals)

    def scored_hands(self, state: StateT) -> list[int]:
        """The numbers of the hands scored (each sheet of ``history``), without building the score
        sheet: a legal list asks at every version (``referee.confirmations``)."""
        return [sheet["hand"] for sheet in state.history]

    def outcome(self, state: StateT) -> dict[str, Any] | None:
        return state.outcome

    def dummy(self, state: StateT) -> int | None:
        """The dummy's seat, when the table has one (``Layout.dummy``)."""
        return state.table.dummy
