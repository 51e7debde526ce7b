"""Folding the events every trick game shares into its state. Events are facts: nothing here
validates. A game adds the handlers of its own events (``TrickGame.own_folds``) and shapes these
through its hooks (``referee.trickgame.game``).

Handlers update the state in place; ``apply`` bumps ``state.version`` first, so inside a handler
``state.version`` is the stream version of the event being applied.
"""

from __future__ import annotations

from typing import Any

from referee import events as ev
from referee.trickgame.corrections import prune_restore_points, replaced_ranges, restore, ruling_versions
from referee.trickgame.reneges import Established, Irregularity, claim_entry, mark_proofs, ruling_entry, settle, take_back_entry
from referee.trickgame.hooks import TrickHooks
from referee.trickgame.state import StateT


class TrickFold(TrickHooks[StateT]):
    """The shared handlers of a trick game's events; ``self`` is the game (its hooks and layout)."""

    def shared_folds(self) -> dict[type, Any]:
        return {
            ev.GameCreated: self.fold_game_created,
            ev.DealerChosen: self.fold_dealer_chosen,
            ev.HandDealt: self.fold_hand_dealt,
            ev.CardPlayed: self.fold_card_played,
            ev.TrickWon: self.fold_trick_won,
            ev.RenegeClaimed: self.fold_renege_claimed,
            ev.RenegeRuled: self.fold_renege_ruled,
            ev.CardTakenBack: self.fold_card_taken_back,
            ev.HandScored: self.fold_hand_scored,
            ev.GameEnded: self.fold_game_ended,
        }

    def fold_game_created(self, state: StateT, e: ev.GameCreated) -> None:
        state.game_name = e.game
        state.options = dict(e.options)
        state.record = e.record
        layout = state.layout = self.layout_of(state.options)
        state.names = list(e.seats) + (["Dummy"] if layout.dummy is not None else [])
        state.players = layout.players
        state.hand_size = layout.hand_size
        state.totals = [0] * layout.units
        state.phase = "cut"

    def fold_dealer_chosen(self, state: StateT, e: ev.DealerChosen) -> None:
        state.dealer = e.seat
        state.phase = self.opening_phase

    def fold_hand_dealt(self, state: StateT, e: ev.HandDealt) -> None:
        """A new hand, its play order from the dealer's left; a game whose hand starts before the
        deal (Queen's Dungeon's blind trump) overrides this."""
        h = state.hand = self.new_hand(e.hand, e.dealer, state.table.seats)
        h.removed = list(e.removed)
        h.hands = [list(x) for x in e.hands] if e.hands is not None else None
        h.seat_order([(e.dealer + 1 + i) % state.players for i in range(state.players)])
        h.dealt = True
        state.dealer = e.dealer
        state.phase = self.bidding_phase

    def restore_point(self, state: StateT) -> tuple[Any, ...]:
        """A restore point: the hand, the totals and the phase just before a suspect card."""
        hand = state.in_play.clone()
        hand.restore_points = {}
        return hand, list(state.totals), state.phase

    def fold_card_played(self, state: StateT, e: ev.CardPlayed) -> None:
        h = state.in_play
        seat, card = e.seat, e.card
        if not h.trick:
            if h.restore_points:
                prune_restore_points(h)
            h.leader = seat
            if self.keeps_lead_rule:
                h.rule = self.lead_rule(state, card)
        hands = h.hands
        if state.record == "blind" and h.irregular:
            mark_proofs(h, seat, card, self.disproved_by)
        claims = self.claims_of(state, seat, card)
        if claims:
            new = []
            for kind, suit, rule in claims:
                held = None
                if hands is not None:
                    held = self.claim_is_false(kind, suit, rule, hands[seat])
                    if not held:
                        continue
                new.append(Irregularity(state.version, h.no, h.trick_no, seat, card, kind, suit, held, rule))
            if new:
                h.restore_points[state.version] = self.restore_point(state)
                h.irregular.extend(new)
        if hands is not None:
            hands[seat].remove(card)
        h.trick.append((seat, card))
        h.played[card] = h.trick_no
        h.last_play_version = state.version
        h.turn = h.next_of[seat]
        if self._after_card is not None:
            self._after_card(state, seat, card)

    def fold_trick_won(self, state: StateT, e: ev.TrickWon) -> None:
        h = state.in_play
        h.tricks_won[e.seat] += 1
        h.tricks.append(self.trick_record(h, e))
        last = e.trick >= state.hand_size
        self.after_trick(state, e, last)
        h.trick = []
        h.rule = None
        h.leader = h.turn = None if last else e.seat
        if not last:
            h.trick_no += 1

    def fold_renege_claimed(self, state: StateT, e: ev.RenegeClaimed) -> None:
        state.rulings.append(claim_entry(state.version, e))

    def fold_renege_ruled(self, state: StateT, e: ev.RenegeRuled) -> None:
        state.rulings.append(ruling_entry(state.version, e))
        h = state.hand
        if e.verdict != "upheld" or h is None or h.no != e.hand:
            return
        # One card is one offence: a card that broke two rules at once (a renege under Queen's
        # Dungeon's Challenge) is ruled once, and every claim it made is settled with it.
        waits = e.window == "B" and self.penalty_in_window_b
        settle(h, e.accused, e.trick, e.window, "found_b" if waits else "ruled")
        if e.window in ("B", "C") and not waits:
            h.found.append(Established(e.accused, e.trick, e.card, e.window))

    def restore(self, state: StateT, replaces_from: int) -> None:
        """Put the cards back as they were just before the card at ``replaces_from``, keeping every
        ruling since: established reneges, and the settings and penalties each at what it cost."""
        current = state.in_play
        restored, (_, totals, phase) = restore(current, replaces_from)
        totals = list(totals)
        for kept in current.ruled:
            if kept.version > replaces_from:
                totals[kept.unit] += kept.delta
                self.keep_ruling(restored, kept)
        restored.ruled = list(current.ruled)
        restored.found = list(current.found)
        state.hand = restored
        state.totals = totals
        state.phase = phase
        kept_versions = ruling_versions(state.rulings, replaces_from) | {x.version for x in current.ruled}
        state.replaced.extend(replaced_ranges(replaces_from, state.version - 1, kept_versions))

    def fold_card_taken_back(self, state: StateT, e: ev.CardTakenBack) -> None:
        self.restore(state, e.replaces_from)
        state.rulings.append(take_back_entry(state.version, e))

    def fold_hand_scored(self, state: StateT, e: ev.HandScored) -> None:
        state.totals = list(e.totals)
        state.history.append(e.sheet)
        h = state.in_play
        h.over = True
        h.restore_points = {}
        h.turn = None
        state.dealer = (e.dealer + 1) % state.players
        state.phase = self.opening_phase

    def fold_game_ended(self, state: StateT, e: ev.GameEnded) -> None:
        state.phase = "over"
        state.outcome = {"reason": e.reason, "hand": e.hand, "winners": list(e.winners), "totals": list(e.totals)}
