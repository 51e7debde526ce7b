"""What each audience may see of a Queen's Dungeon game, and its score sheet.

The public view never shows a hidden hand (a seat sees its own hand in a known record) nor an
irregularity the referee keeps silent (detection on claim); the director view shows everything.
Who acts and the legal actions are the trick engine's (``referee.trickgame.views``).
"""

from __future__ import annotations

from typing import Any

from referee.words import Names
from referee.cards import sort_hand
from referee.games.queens_dungeon import rules
from referee.games.queens_dungeon.state import QDState
from referee.trickgame.reneges import director_irregularities
from referee.trickgame.game import TrickGame
from referee.trickgame.views import shown_dealer
from referee.trickgame.tricks import cards_left


def public_view(game: TrickGame, state: QDState, seat: int | None = None) -> dict[str, Any]:
    """What the table sees (and, with ``seat``, that seat's own hand in a known record)."""
    h = state.hand
    view: dict[str, Any] = {
        "game": game.name, "version": state.version, "record": state.record, "options": state.options,
        "seats": state.names, "phase": state.phase, "dealer": shown_dealer(state), "to_act": game.to_act(state),
        "units": game.units(state), "totals": list(state.totals), "cuts": state.cuts,
        "rulings": game.rulings_said(state.rulings, Names(state.names)), "replaced": state.replaced, "outcome": state.outcome, "hand": None,
    }
    if h is not None:
        layout = state.layout
        view["hand"] = {
            "no": h.no, "dealer": h.dealer, "trump": h.trump, "trump_broken": h.broken, "quota": h.quota,
            "exchanged": h.exchanged, "trick_no": h.trick_no, "leader": h.leader, "turn": h.turn,
            "trick": [{"seat": s, "card": c} for s, c in h.trick], "tricks": h.tricks,
            "tricks_won": list(h.tricks_won), "queens_won": list(h.queens_won),
            "cards_left": cards_left(h.tricks, h.trick, layout.seats, layout.hand_size) if h.dealt else None,
            "challenge": h.challenge, "trump_change_due": h.change_due, "settings": h.settings,
            "penalties": h.penalties, "removed": h.removed, "over": h.over,
        }
        if seat is not None and h.hands is not None and 0 <= seat < len(h.hands) and seat != layout.dummy:
            view["hand"]["your_hand"] = sort_hand(h.hands[seat], rules.STRENGTH)
    return view


def director_view(game: TrickGame, state: QDState) -> dict[str, Any]:
    """Everything the referee knows: hands, the extra hand, every irregularity and its status."""
    view = public_view(game, state)
    h = state.hand
    if h is not None:
        view["hand"]["hands"] = [list(x) for x in h.hands] if h.hands is not None else None
        view["hand"]["extra"] = list(h.extra) if h.extra is not None else None
        view["hand"].update(director_irregularities(state))
    return view


def scores(game: TrickGame, state: QDState) -> dict[str, Any]:
    """The score sheet: one sheet per finished hand, the current totals, and in-hand settings."""
    h = state.hand
    current = None
    if h is not None and not h.over:
        current = {"hand": h.no, "settings": h.settings, "penalties": h.penalties, "tricks_won": list(h.tricks_won),
                   "queens_won": list(h.queens_won)}
    return {"units": game.units(state), "hands": state.history, "totals": list(state.totals), "current": current}

