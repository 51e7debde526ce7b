"""What every trick game shows the same way: who acts, the legal plays and corrections, the scoring
units, the table as everyone sees it, and what only the director sees.

The public view never shows a hidden hand, nor an irregularity the referee keeps silent (detection
on claim); a game adds its own facts (bids, trump, the contract, the dungeon) to it.
"""

from __future__ import annotations

from typing import Any

from referee.words import Names
from referee.cards import DECK52
from referee.fields import MAX_SEAT
from referee.trickgame.reneges import director_irregularities, window_of
from referee.trickgame.shared_commands import TakeBack
from referee.trickgame.hooks import TrickHooks
from referee.trickgame.state import Hand, StateT, TableState
from referee.trickgame.tricks import cards_left, unseen_cards


class TrickViews(TrickHooks[StateT]):
    """The shared views of a trick game; ``self`` is the game."""

    def to_act(self, state: StateT) -> list[int]:
        """Seats that may act now."""
        phase = state.phase
        if phase in self.turn_phases:
            turn = state.in_play.turn
            return [turn] if turn is not None else []
        if phase in self.dealer_phases:
            dealer = state.dealer
            return [dealer] if dealer is not None else []
        return self.others_to_act(state)

    def others_to_act(self, state: StateT) -> list[int]:
        """Who acts in a phase of the game's own that is neither a turn nor the dealer's (Queen's
        Dungeon's cut: whoever has not drawn)."""
        return []

    def legal_actions(self, state: StateT, seat: int) -> list[Any]:
        """Commands ``seat`` may give now: plays (every unseen card in a blind record) and
        corrections, the deal, and what the game's own phases allow (``phase_actions``). Claims are
        not listed: any player may claim against any play at any time."""
        if state.phase == "play":
            return self.play_actions(state, seat)
        if seat not in self.to_act(state):
            return []
        if state.phase == "deal":
            return [self.actions["deal"]()]
        return self.phase_actions(state, seat)

    def play_actions(self, state: StateT, seat: int) -> list[Any]:
        """The plays open to ``seat``, what it may announce at a lead, and its correction."""
        h = state.in_play
        out: list[Any] = []
        if seat == h.turn:
            plays = self._plays[seat]
            if h.hands is not None:
                out = [plays[c] for c in self.legal_cards(state, seat)]
            else:
                out = [plays[c] for c in unseen_cards(h.played, h.removed)]
            if not h.trick:
                out += self.lead_actions(state, seat)
        return out + self.corrections(state, seat) if h.irregular else out

    def corrections(self, state: StateT, seat: int) -> list[Any]:
        """The take-back (window A) or, where the game has one, the voluntary penalty (window B)
        open to ``seat`` for its own irregular card."""
        for irr in state.in_play.irregular:
            if irr.seat != seat or irr.status not in ("open", "found_b"):
                continue
            window = window_of(state, irr)
            if window == "A":
                return [TakeBack(seat)]
            if window == "B" and self.penalty_in_window_b:
                return [self.penalty_in_window_b(seat)]
        return []

    def units(self, state: StateT) -> list[dict[str, Any]]:
        """The scoring units (a player, or a team in a partners game) with their totals."""
        layout = state.table
        return [{"unit": u, "name": state.unit_name(u), "seats": layout.seats_of(u), "total": t}
                for u, t in enumerate(state.totals)]

    def table_view(self, state: StateT) -> dict[str, Any]:
        """What everyone at the table sees; ``hand`` holds the public facts of the hand in play."""
        view: dict[str, Any] = {
            "game": self.name, "version": state.version, "record": state.record, "options": state.options,
            "seats": state.names, "phase": state.phase, "dealer": shown_dealer(state), "to_act": self.to_act(state),
            "units": self.units(state), "totals": list(state.totals), "rulings": self.rulings_said(state.rulings, Names(state.names)),
            "replaced": state.replaced, "outcome": state.outcome, "hand": None,
        }
        h = state.hand
        if h is not None:
            view["hand"] = {
                "no": h.no, "dealer": h.dealer, "trick_no": h.trick_no, "leader": h.leader, "turn": h.turn,
                "trick": [{"seat": s, "card": c} for s, c in h.trick], "tricks": h.tricks,
                "tricks_won": list(h.tricks_won),
                "cards_left": cards_left(h.tricks, h.trick, state.table.seats, state.hand_size) if h.dealt else None,
                "over": h.over,
            }
        return view

    def director_extras(self, state: StateT) -> dict[str, Any]:
        """What only the referee knows of the hand: every hand, every irregularity and its window now."""
        h = state.in_play
        return {"hands": [list(x) for x in h.hands] if h.hands is not None else None, **director_irregularities(state)}


def plays_by_seat(play: type) -> dict[int, dict[str, Any]]:
    """Every play command a game can list, made once: commands are immutable, so a list of legal
    actions costs no allocation."""
    return {s: {c: play(s, c) for c in DECK52} for s in range(MAX_SEAT + 1)}


def seat_lines(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hand sheet's ``seats`` (one line per seat, what the score-sheet workers flatten) from its
    per-player ``units``: the same facts, without the totals the units carry."""
    return [{"seat": u["unit"], **{k: v for k, v in u.items() if k not in ("seats", "before", "hand_total", "total")}}
            for u in units]


def shown_dealer(state: TableState[Hand]) -> int | None:
    """The dealer the table shows: once the game is over, the last hand's (the score sheet's), never
    the next deal's, which will not come."""
    if state.outcome is not None and state.hand is not None:
        return state.in_play.dealer
    return state.dealer
