"""What each audience may see of a Queen's Dungeon game, the score sheet, and the legal actions.

The public view never shows a hidden hand (a seat sees its own hand in a known record) nor an
irregularity the referee keeps silent (detection on claim); the director view shows everything.
"""

from __future__ import annotations

from typing import Any

from referee.cards import DECK52, SUITS, sort_hand
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.decide import challenge_refusal
from referee.games.queens_dungeon.rules import legal_cards
from referee.games.queens_dungeon.scoring import unit_name, unit_seats
from referee.games.queens_dungeon.state import QDState
from referee.reneges import director_irregularities, window_of
from referee.tricks import cards_left, unseen_cards

# Play commands are immutable: build each once, so legal-action lists cost no allocation.
_PLAYS: dict[int, dict[str, cmd.Play]] = {s: {c: cmd.Play(s, c) for c in DECK52} for s in range(9)}


def to_act(state: QDState) -> list[int]:
    """Seats that may act now."""
    phase = state.phase
    if phase == "play":
        return [state.hand.turn]
    if phase == "cut":
        return [s for s in state.cut_players if s not in state.cut_draws]
    if phase in ("call_trump", "deal", "exchange", "trump_change"):
        return [state.dealer]
    return []


def legal_actions(state: QDState, seat: int) -> list[Any]:
    """Commands ``seat`` may give now. In a blind record any unseen card is a possible play.

    Claims are not listed: any player may claim against any play at any time.
    """
    phase = state.phase
    h = state.hand
    if phase == "play":
        out: list[Any] = []
        if seat == h.turn:
            plays = _PLAYS[seat]
            if h.hands is not None:
                out = [plays[c] for c in legal_cards(state, seat)]
            else:
                out = [plays[c] for c in unseen_cards(h.played, h.removed)]
            if not h.trick and state.options.get("challenge") and challenge_refusal(state, seat) is None:
                out.append(cmd.AnnounceChallenge(seat))
        return out + _corrections(state, seat) if h.irregular else out
    if phase == "trump_change":
        extra = _corrections(state, seat)
        if seat == state.dealer:
            return [cmd.ChangeTrump(seat, s) for s in SUITS if s != h.trump] + extra
        return extra
    if seat not in to_act(state):
        return []
    if phase == "cut":
        return [cmd.Cut(seat)]
    if phase == "call_trump":
        return [cmd.CallTrump(seat, s) for s in SUITS]
    if phase == "deal":
        return [cmd.Deal()]
    if phase == "exchange":
        return [cmd.ExchangeHand(seat, False), cmd.ExchangeHand(seat, True)]
    return []


def _corrections(state: QDState, seat: int) -> list[Any]:
    """Take-back or voluntary penalty open to ``seat`` for its own irregular card."""
    out: list[Any] = []
    for irr in state.hand.irregular:
        if irr["seat"] != seat or irr["status"] not in ("open", "found_b"):
            continue
        window = window_of(state, irr)
        if window == "A":
            out.append(cmd.TakeBack(seat))
        elif window == "B":
            out.append(cmd.AcceptPenalty(seat))
    return out[:1]


def _units(state: QDState) -> list[dict[str, Any]]:
    return [{"unit": u, "name": unit_name(state, u), "seats": unit_seats(state, u), "total": t}
            for u, t in enumerate(state.totals)]


def public_view(state: QDState, seat: int | None = None) -> dict[str, Any]:
    """What the table sees (and, with ``seat``, that seat's own hand in a known record)."""
    h = state.hand
    view: dict[str, Any] = {
        "game": "queens-dungeon", "version": state.version, "record": state.record, "options": state.options,
        "seats": state.names, "phase": state.phase, "dealer": state.dealer, "to_act": to_act(state),
        "units": _units(state), "totals": list(state.totals), "cuts": state.cuts,
        "rulings": state.rulings, "replaced": state.replaced, "outcome": state.outcome, "hand": None,
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
        if seat is not None and h.hands is not None and 0 <= seat < len(h.hands) and seat != state.layout.dummy:
            view["hand"]["your_hand"] = sort_hand(h.hands[seat])
    return view


def director_view(state: QDState) -> dict[str, Any]:
    """Everything the referee knows: hands, the extra hand, every irregularity and its status."""
    view = public_view(state)
    h = state.hand
    if h is not None:
        view["hand"]["hands"] = [list(x) for x in h.hands] if h.hands is not None else None
        view["hand"]["extra"] = list(h.extra) if h.extra is not None else None
        view["hand"].update(director_irregularities(state))
    return view


def scores(state: QDState) -> dict[str, Any]:
    """The score sheet: one sheet per finished hand, the current totals, and in-hand settings."""
    h = state.hand
    current = None
    if h is not None and not h.over:
        current = {"hand": h.no, "settings": h.settings, "penalties": h.penalties, "tricks_won": list(h.tricks_won),
                   "queens_won": list(h.queens_won)}
    return {"units": _units(state), "hands": state.history, "totals": list(state.totals), "current": current}
