"""What the table sees of a game of The Queens, all the referee knows, and the score sheet.

The pack is face down and the key and the talon show only their tops, so the public view gives
their sizes and tops; the director's view adds every card's place (the pack's order included).
"""

from __future__ import annotations

from typing import Any

from referee.cards import SUIT
from referee.games.the_queens.cards import UNSEEN
from referee.games.the_queens.lock import key_lock
from referee.games.the_queens.rules import PILES, Tableau, awaiting, next_needed
from referee.games.the_queens.state import QueensState


def phase(state: QueensState) -> str:
    t = state.tableau
    return "over" if t.ended else "play" if t.dealt else "deal"


def _tableau(t: Tableau) -> dict[str, Any]:
    return {
        # as dealt, the key's top is face down (None) until it is entered
        "key": {"top": t.key[-1] if t.key and t.key[-1] != UNSEEN else None, "count": len(t.key)},
        "shutter": {name: list(pile) for name, pile in zip(PILES, t.piles)},
        "foundations": [{"suit": SUIT[f[0]], "top": f[-1], "count": len(f), "next": next_needed(f)}
                        for f in t.foundations],
        "talon": {"top": t.talon[-1] if t.talon else None, "count": len(t.talon)},
        "pack": {"count": len(t.pack)},
        "queens_counted": t.queens_counted(),
        "home": t.home(),
        "result": t.ended,
        "awaiting": awaiting(t),  # as dealt: the place whose card turned up, to be entered first
    }


def public_view(state: QueensState, seat: int | None = None) -> dict[str, Any]:
    """The tableau as it lies on the table. The player's own view (``seat`` 0, asked for with the
    token) adds ``lost``: why the key can never be played out, as soon as it is so, or None.
    It reads the key's hidden cards, as a hint does, so the table's view (no seat) never holds it."""
    view = {"game": state.game_name, "seats": list(state.names), "record": state.record, "phase": phase(state),
            "moves": state.moves, "corrections": list(state.corrections), **_tableau(state.tableau)}
    if seat is not None:
        view["lost"] = lost(state)
    return view


def lost(state: QueensState) -> str | None:
    """Why the game, dealt and not over, is lost (``lock.key_lock``), or None."""
    t = state.tableau
    return key_lock(t) if t.dealt and not t.ended else None


def director_view(state: QueensState) -> dict[str, Any]:
    """Everything: the key, the talon and the pack card by card (the pack's next card first; as
    dealt, a card face down is ``?``), and the player's ``lost``."""
    view = public_view(state, 0)
    t = state.tableau
    view["key"]["cards"] = list(t.key)
    view["talon"]["cards"] = list(t.talon)
    view["pack"]["cards"] = list(reversed(t.pack))
    view["foundations"] = [dict(f, cards=list(cards)) for f, cards in zip(view["foundations"], t.foundations)]
    return view


def scores(state: QueensState) -> dict[str, Any]:
    """The score sheet: one line, the cards on the foundations (104 wins); the game is the one hand."""
    name = state.names[0] if state.names else "player"
    t = state.tableau
    home = t.home()
    units = [{"unit": 0, "name": name, "seats": [0], "total": home}]
    if not t.ended:
        return {"units": units, "hands": [], "totals": [home], "current": {"hand": 1, "home": home}}
    sheet = {"hand": 1, "result": t.ended, "seats": [{"seat": 0, "unit": 0, "name": name, "home": home,
                                                      "result": t.ended}],
             "units": [{"unit": 0, "name": name, "hand_total": home, "total": home}], "totals": [home]}
    return {"units": units, "hands": [sheet], "totals": [home], "current": None}
