"""The parts of the views every plain trick game shares: who acts, the legal plays and take-back,
the table as everyone sees it, and what only the director sees.

The public view never shows a hidden hand, nor an irregularity the referee keeps silent (detection
on claim); a game adds its own facts (bids, trump, the contract) to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.trickgame import commands as cmd
from referee.reneges import director_irregularities, open_in_window
from referee.trickgame.decide import legal_cards
from referee.trickgame.rules import TrickRules
from referee.trickgame.state import TableState
from referee.tricks import cards_left, unseen_cards


def to_act(state: TableState) -> list[int]:
    """Seats that may act now."""
    if state.phase in ("bid", "auction", "declare", "play"):
        return [state.hand.turn]
    if state.phase == "deal":
        return [state.dealer]
    return []


def play_actions(state: TableState, rules: TrickRules, seat: int) -> list[Any]:
    """The plays open to ``seat`` (every unseen card in a blind record) and its take-back."""
    h = state.hand
    out: list[Any] = []
    if seat == h.turn:
        if h.hands is not None:
            out = [cmd.Play(seat, c) for c in legal_cards(state, rules, seat)]
        else:
            out = [cmd.Play(seat, c) for c in unseen_cards(h.played, rules.removed)]
    if h.irregular and open_in_window(state, seat, "A") is not None:
        out.append(cmd.TakeBack(seat))
    return out


def legal_actions(state: TableState, rules: TrickRules, seat: int,
                  bidding: Callable[[TableState, int], list[Any]]) -> list[Any]:
    """Commands ``seat`` may give now: plays (every unseen card in a blind record) and a take-back,
    the deal, and what ``bidding`` lists for the game's own phases (bids, a contract). Claims are
    not listed: any player may claim against any play at any time."""
    if state.phase == "play":
        return play_actions(state, rules, seat)
    if seat not in to_act(state):
        return []
    if state.phase == "deal":
        return [cmd.Deal()]
    return bidding(state, seat)


def units(state: TableState) -> list[dict[str, Any]]:
    """Each player is a scoring unit of their own."""
    return [{"unit": s, "name": state.names[s], "seats": [s], "total": t} for s, t in enumerate(state.totals)]


def table_view(state: TableState, game: str) -> dict[str, Any]:
    """What everyone at the table sees; ``hand`` holds the public facts of the hand in play."""
    view: dict[str, Any] = {
        "game": game, "version": state.version, "record": state.record, "options": state.options,
        "seats": state.names, "phase": state.phase, "dealer": state.dealer, "to_act": to_act(state),
        "units": units(state), "totals": list(state.totals), "rulings": state.rulings,
        "replaced": state.replaced, "outcome": state.outcome, "hand": None,
    }
    h = state.hand
    if h is not None:
        view["hand"] = {
            "no": h.no, "dealer": h.dealer, "trick_no": h.trick_no, "leader": h.leader, "turn": h.turn,
            "trick": [{"seat": s, "card": c} for s, c in h.trick], "tricks": h.tricks,
            "tricks_won": list(h.tricks_won), "cards_left": cards_left(h.tricks, h.trick, state.players, state.hand_size),
            "over": h.over,
        }
    return view


def director_extras(state: TableState) -> dict[str, Any]:
    """What only the referee knows of the hand: every hand, every irregularity and its window now."""
    h = state.hand
    return {"hands": [list(x) for x in h.hands] if h.hands is not None else None, **director_irregularities(state)}


def seat_lines(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hand sheet's ``seats`` (one line per seat, what the score-sheet workers flatten) from its
    per-player ``units``: the same facts, without the totals the units carry."""
    return [{"seat": u["unit"], **{k: v for k, v in u.items() if k not in ("seats", "before", "hand_total", "total")}}
            for u in units]
