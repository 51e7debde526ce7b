"""Turning the commands every trick game shares into events: the deal, the play of a card and what
it completes (a trick, the hand's score, the end of the game), claims of an irregularity and their
rulings by window, the reneger's take-back, an early end.

``decide`` never changes the state it is given. Where a consequence depends on the state after the
first events (the hand's score, a window) it works on the look-ahead state of a
``referee.trickgame.batch.Batch``. Windows, evidence and the judgment of a claim are the same in every trick
game: ``referee.trickgame.reneges``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import errors
from referee import events as ev
from referee.trickgame.batch import Batch
from referee.closed_sets import Window
from referee.cards import IS_QUEEN, deck_without, parse_card
from referee.dealing import check_makes_up_deck, deal_salt, shuffled_hands
from referee.trickgame.reneges import (
    claim_evidence, claimed_card, evidence_of, last_upheld, not_proven, one_per_card, open_in_window, proven_by_play,
    Irregularity, uphold, upheld_kind, window_of,
)
from referee.trickgame.shared_commands import ClaimRenege, EndGame, TakeBack
from referee.trickgame.leaders import leaders
from referee.trickgame.hooks import TrickHooks
from referee.trickgame.state import StateT
from referee.trickgame.words import IRREGULAR_WORDS

#: What the game waits for in each phase every trick game has, for a refusal's message.
WAITING_FOR = {
    "new": "the game has not been created", "deal": "the cards have not been dealt",
    "play": "the hand is being played", "over": "the game is over",
}



class TrickDecide(TrickHooks[StateT]):
    """The shared commands of a trick game; ``self`` is the game (its hooks and its ``apply``)."""

    #: What the game waits for in each phase; a game with phases of its own adds their words.
    waiting_words: Mapping[str, str] = WAITING_FOR

    def shared_deciders(self) -> dict[type, Any]:
        return {self.actions["deal"]: self.decide_deal, self.actions["play"]: self.decide_play,
                ClaimRenege: self.decide_claim, TakeBack: self.decide_take_back, EndGame: self.decide_end_game}

    def decide(self, state: StateT, command: Any, rng: Any) -> list[Any]:
        """Validate ``command`` against ``state`` and return the events it produces."""
        handler = self._deciders.get(type(command))
        if handler is None:
            raise errors.UnknownAction(f"{self.title} has no command {type(command).__name__}.",
                                       legal=sorted(self.actions))
        if state.phase == "new":
            raise errors.WrongPhase("The game has not been created.")
        if state.phase == "over" and type(command) is not ClaimRenege:
            raise errors.WrongPhase("The game is over.")
        return handler(state, command, rng)

    # ------------------------------------------------------------ checks

    def require_phase(self, state: StateT, *allowed: str, doing: str) -> None:
        """Refuse a command outside its phase, saying what the game waits for."""
        if state.phase not in allowed:
            raise errors.WrongPhase(f"Cannot {doing} now: {self.waiting_for(state)}.")

    def waiting_for(self, state: StateT) -> str:
        return self.waiting_words.get(state.phase, state.phase)

    def player_seat(self, state: StateT, seat: Any, what: str = "seat") -> int:
        """A player's seat (never the dummy), or InvalidSeat."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            dummy = " (the dummy cannot do this)" if seat == state.table.dummy else ""
            raise errors.InvalidSeat(f"{what} {seat!r} is not a player at this table: seats are "
                                     f"0..{state.players - 1}{dummy}.", seat=seat if isinstance(seat, int) else None)
        return seat

    def card_in_deck(self, state: StateT, text: Any, seat: int | None = None, trick: int | None = None) -> str:
        """A card from what a person typed, refused if this game's deck does not hold it."""
        card = parse_card(text)
        if card in state.table.removed:
            raise errors.UnknownCard(f"{card} is not in the deck: it was removed for a {state.players}-player game.",
                                     seat=seat, card=card, trick=trick)
        return card

    def describe(self, state: StateT, irr: Irregularity) -> str:
        """``Seat 1 (Bob) did not follow suit with 3C in trick 4`` for rulings and messages."""
        return f"{state.seat_label(irr.seat)} {IRREGULAR_WORDS[irr.kind]} with {irr.card} in trick {irr.trick}"

    # ------------------------------------------------------------ the deal

    def decide_deal(self, state: StateT, c: Any, rng: Any) -> list[Any]:
        """Known record: the hands typed (checked to make up the deck) or the referee's shuffle,
        sealed with a salt. Blind record: no hands."""
        self.require_phase(state, "deal", doing="deal")
        layout = state.table
        removed = list(layout.removed)
        deck = deck_without(removed)
        no, dealer = len(state.history) + 1, state.known_dealer
        given = self.hands_given(c)
        if state.record == "blind":
            if given is not None:
                raise errors.InvalidDeal("A blind record logs no hands: deal without cards.")
            return [ev.HandDealt(no, dealer, removed)]
        count, size = layout.hands_dealt, layout.hand_size
        if given is None:
            dealt = shuffled_hands(deck, rng, count, size)
        else:
            dealt = [[parse_card(x) for x in hand] for hand in given]
            if len(dealt) != count or any(len(x) != size for x in dealt):
                spare = ", then the extra hand" if count > layout.seats else ""
                raise errors.InvalidDeal(f"Deal {count} hands of {size} cards, in seat order{spare}.")
            check_makes_up_deck(dealt, deck, removed)
        extra = dealt[layout.seats] if count > layout.seats else None
        return [ev.HandDealt(no, dealer, removed, dealt[:layout.seats], extra, deal_salt(rng))]

    def hands_given(self, c: Any) -> list[list[str]] | None:
        """The hands a deal command types, in seat order (None: the referee shuffles)."""
        hands: list[list[str]] | None = c.hands
        return hands

    # ------------------------------------------------------------ play

    def decide_play(self, state: StateT, c: Any, rng: Any) -> list[Any]:
        if state.phase != "play":
            self.require_phase(state, "play", doing="play a card")
        h = state.in_play
        layout = state.table
        seat = c.seat
        if type(seat) is not int or not 0 <= seat < layout.seats:  # not a bool either
            raise errors.InvalidSeat(f"Seat {seat!r} is not at this table.", seat=None)
        t = h.trick_no
        if seat != h.turn:
            turn = h.whose_turn
            raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot play in trick {t}: it is "
                                     f"{state.seat_label(turn)}'s turn.", seat=seat, trick=t, legal=[turn])
        text = c.card
        if text is None:
            if h.hands is None or seat != layout.dummy:
                raise errors.InputError(f"{state.seat_label(seat)} must name the card played in trick {t}.",
                                        seat=seat, trick=t, code="card_required")
            text = h.hands[seat][0]  # the dummy plays the top card of its pile
        card = self.card_in_deck(state, text, seat, t)
        if card in h.played:
            raise errors.CardAlreadyPlayed(
                f"{state.seat_label(seat)} cannot play {card} in trick {t}: {card} was already played in trick "
                f"{h.played[card]}.", seat=seat, card=card, trick=t,
                legal=self.legal_cards(state, seat) if h.hands is not None else None)
        if h.hands is not None and not self.is_legal(state, seat, card):
            self.refuse_or_record(state, seat, card, t)
        b = Batch(state, self.apply)
        if h.irregular and not h.trick and any(irr.status == "found_b" for irr in h.irregular):
            self.close_found_b(b, hand_end=False)
        b.add(ev.CardPlayed(seat, card, h.no, t))
        if state.record == "blind" and state.options["detection"] == "announced" and h.irregular:
            self.rule_proofs(b, seat, card)
        if len(h.trick) + 1 == len(h.order):
            self.finish_trick(b)
        return b.events

    def refuse_or_record(self, state: StateT, seat: int, card: str, t: int) -> None:
        """Known record, a card the rules do not allow: refuse an impossible entry, or a renege when
        detection is announced (window A); with detection on claim it is recorded silently."""
        h = state.in_play
        label = state.seat_label(seat)
        legal = self.legal_cards(state, seat)
        if card not in h.known_hands[seat]:
            raise errors.CardNotInHand(f"{label} cannot play {card} in trick {t}: they do not hold it.",
                                       seat=seat, card=card, trick=t, legal=legal)
        if seat == state.table.dummy:
            raise errors.InputError(f"The dummy plays the top card of its pile, {legal[0]}, not {card}.",
                                    seat=seat, card=card, trick=t, legal=legal, code="dummy_top_card")
        if state.options["detection"] == "announced":
            raise errors.IllegalPlay(
                f"{label} cannot play {card} in trick {t}: {self.illegal_reason(state, seat, card)}. "
                f"Legal: {', '.join(legal)}.", seat=seat, card=card, trick=t, legal=legal)

    def illegal_reason(self, state: StateT, seat: int, card: str) -> str:
        """``spades were led and they hold 3S``: the first claim of the card its hand makes false."""
        hand = state.in_play.known_hands[seat]
        for kind, suit, rule in self.claims_of(state, seat, card):
            held = self.claim_is_false(kind, suit, rule, hand)
            if held:
                return f"{self.claim_text(kind, suit, rule)} and they hold {', '.join(held)}"
        return "it breaks the rules of play"

    def finish_trick(self, b: Batch) -> None:
        """The trick's winner, what the trick does (a game's own consequences), and at the last
        trick the hand's score and, maybe, the end of the game."""
        state = b.state
        last = state.in_play.trick_no >= state.hand_size
        # Mid-hand, only the last card is new: skip the look-ahead copy unless the batch has one.
        sim = b.sim() if last or b.simulated else state
        h = sim.in_play
        played = b.events[-1]
        plays = h.trick if sim is not state else h.trick + [(played.seat, played.card)]
        winner = self.trick_winner(sim, plays)
        cards = [x for _, x in plays]
        queens = sum(1 for x in cards if IS_QUEEN[x])
        # Read before TrickWon is added: on a look-ahead state it moves ``h`` on to the next trick.
        trick = h.trick_no
        b.add(ev.TrickWon(h.no, trick, winner, cards, queens))
        self.after_trick_won(b, sim, winner, queens, trick)
        if last:
            self.close_found_b(b, hand_end=True)
            sim = b.sim()
            sheet, totals = self.hand_sheet(sim)
            b.add(ev.HandScored(sim.in_play.no, sim.in_play.dealer, sheet, totals))
            end = self.game_end(sim, totals)
            if end is not None:
                b.add(ev.GameEnded(end[0], sim.in_play.no, end[1], totals))

    # ------------------------------------------------------------ irregularities

    def rule_upheld(self, b: Batch, irr: Irregularity, window: Window, evidence: dict[str, Any],
                    claimant: int | None) -> None:
        """Record an upheld ruling; in window B or C its ruling says what the renege costs, and the
        game adds what it costs at once (Queen's Dungeon's setting in window C)."""
        if window in ("B", "C"):
            penalty = self.penalty(b.state, irr.seat)
            if penalty:
                evidence = {**evidence, "penalty": penalty}
        uphold(b, irr, window, evidence, claimant)
        self.after_upheld(b, irr, window)

    def rule_proofs(self, b: Batch, seat: int, card: str) -> None:
        """Blind record, detection announced: rule every earlier claim this card disproves."""
        for irr in proven_by_play(b, seat, card, self.disproved_by):
            self.rule_upheld(b, irr, window_of(b.sim(), irr), evidence_of(irr), None)

    def close_found_b(self, b: Batch, hand_end: bool) -> None:
        """A renege found out in window B whose penalty was not accepted stands: window C applies as
        soon as window B closes (the next trick is led, the hand ends, or the game is ended early). Only a game with a
        window-B penalty (``penalty_in_window_b``) leaves a renege waiting so."""
        latest = b.latest()
        h = latest.hand
        pending = [irr for irr in h.irregular if irr.status == "found_b" and (hand_end or irr.trick < h.trick_no)]
        # One card is one offence: a card that broke two rules at once (a renege under Queen's
        # Dungeon's Challenge) waits with a record for each, and is ruled once, as window B named it.
        for irr in one_per_card(pending, lambda irr: upheld_kind(latest, irr)):
            self.rule_upheld(b, irr, "C", {**evidence_of(irr), "penalty_declined": True}, None)

    def decide_take_back(self, state: StateT, c: TakeBack, rng: Any) -> list[Any]:
        """Window A: the reneger takes the card back, no penalty."""
        self.require_phase(state, *self.correction_phases, doing="take a card back")
        seat = self.player_seat(state, c.seat)
        irr = open_in_window(state, seat, "A")
        if irr is None:
            raise errors.NoIrregularity(
                f"{state.seat_label(seat)} cannot take a card back: only an irregular card with no later card played "
                "after it can be taken back.", seat=seat)
        h = state.in_play
        return [ev.CardTakenBack(seat, h.no, irr.trick, irr.card, irr.version)]

    def decide_claim(self, state: StateT, c: ClaimRenege, rng: Any) -> list[Any]:
        """A player's claim: upheld with its evidence and penalty by window, or "not proven" saying why."""
        h = state.hand
        if h is None or not h.dealt:
            raise errors.WrongPhase("No card has been played yet: there is nothing to claim.")
        claimant = self.player_seat(state, c.seat, "claimant")
        accused = self.player_seat(state, c.accused, "accused")
        if accused == claimant:
            instead = "take the card back or accept the penalty" if self.penalty_in_window_b else \
                "take the card back instead"
            raise errors.InvalidSeat(f"A player cannot claim against themselves: {instead}.", seat=claimant)
        if (c.hand if c.hand is not None else h.no) != h.no:
            raise errors.WrongPhase(f"Only hand {h.no} (the current or last hand) is open to claims.", seat=claimant)
        card = claimed_card(state, accused, c.trick)
        shown = self.card_in_deck(state, c.shown, accused, c.trick) if c.shown is not None else None
        found = [irr for irr in h.irregular if irr.seat == accused and irr.trick == c.trick]
        done = [irr for irr in found if irr.status != "open"]
        if done:
            raise errors.NoIrregularity(f"{self.describe(state, done[0])}: this was already ruled.", seat=accused,
                                        trick=c.trick)
        b = Batch(state, self.apply)
        b.add(ev.RenegeClaimed(claimant, accused, h.no, c.trick, shown))
        for irr in found:
            evidence = claim_evidence(irr, shown, h.played, self.disproved_by)
            if evidence is not None:
                self.rule_upheld(b, irr, window_of(state, irr), evidence, claimant)
                return b.events
        b.add(not_proven(state, accused, c.trick, card, found, shown, claimant))
        return b.events

    def why_not_made(self, state: StateT, e: Any) -> str | None:
        """Re-deciding a record (``referee.redecide_batches``): a ruling on a card already ruled. A
        record made before one card was one offence may rule a card that broke two rules at once
        (a renege under Queen's Dungeon's Challenge) once for each when window B closed."""
        h = state.hand
        if type(e) is not ev.RenegeRuled or e.verdict != "upheld" or h is None or h.no != e.hand:
            return None
        records = [irr for irr in h.irregular if irr.seat == e.accused and irr.trick == e.trick]
        if not records or any(irr.status != "ruled" for irr in records):
            return None
        ruled = last_upheld(state, e.accused, e.hand, e.trick)
        when = f" at event {ruled['version']}" if ruled is not None else ""
        return (f"{state.seat_label(e.accused)}'s {records[0].card} in trick {e.trick} of hand {e.hand} was already "
                f"ruled{when}: one card is one offence, ruled once with one penalty (this record rules it "
                "again, as the referee did before it applied that rule)")

    # ------------------------------------------------------------ the end

    def decide_end_game(self, state: StateT, c: EndGame, rng: Any) -> list[Any]:
        """The scorekeeper ends the game: the totals of that moment (after a renege whose penalty
        was not taken is ruled), tied leaders share the win."""
        h = state.hand
        b = Batch(state, self.apply)
        if h is not None and not h.over and any(irr.status == "found_b" for irr in h.irregular):
            self.close_found_b(b, hand_end=True)  # the end closes window B: the renege stands
        end = b.latest()
        b.add(ev.GameEnded("early", h.no if h is not None else 0, self.seats_of_units(end, leaders(end.totals)),
                           list(end.totals)))
        return b.events
