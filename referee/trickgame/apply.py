"""Folding the events every plain trick game shares into its state. Events are facts: nothing
here validates. A game builds its ``apply`` with :func:`make_apply`, adding its own handlers.

Handlers update the state in place; ``apply`` bumps ``state.version`` first, so inside a handler
``state.version`` is the stream version of the event being applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee import events as ev
from referee.corrections import prune_restore_points, replaced_ranges, restore, ruling_versions
from referee.reneges import claim_entry, irregularity, mark_proofs, ruling_entry, take_back_entry
from referee.trickgame.rules import TrickRules
from referee.trickgame.state import TableState

Handler = Callable[[TableState, Any], None]


def _game_created(rules: TrickRules, state: TableState, e: ev.GameCreated) -> None:
    state.game_name = e.game
    state.options = dict(e.options)
    state.record = e.record
    state.names = list(e.seats)
    state.players = rules.players
    state.hand_size = rules.hand_size
    state.totals = [0] * rules.players
    state.phase = "cut"


def _dealer_chosen(rules: TrickRules, state: TableState, e: ev.DealerChosen) -> None:
    state.dealer = e.seat
    state.phase = "deal"


def _hand_dealt(rules: TrickRules, state: TableState, e: ev.HandDealt) -> None:
    h = state.hand = rules.new_hand(state, e.hand, e.dealer)
    h.removed = list(e.removed)
    h.hands = [list(x) for x in e.hands] if e.hands is not None else None
    state.dealer = e.dealer
    state.phase = rules.bidding_phase


def _card_played(rules: TrickRules, state: TableState, e: ev.CardPlayed) -> None:
    h = state.hand
    seat, card = e.seat, e.card
    if not h.trick:
        prune_restore_points(h)
        h.rule = rules.lead_rule(state, card)
        h.leader = seat
    follows = rules.follows
    if state.record == "blind":
        mark_proofs(h, seat, card, rules.disproved_by)
    if h.trick:
        kind, suit = h.rule
        if not follows(kind, suit, card):
            held = None
            if h.hands is not None:
                held = [c for c in h.hands[seat] if follows(kind, suit, c)]
            if held is None or held:
                h.snapshots[state.version] = (h.clone(), state.phase)
                h.irregular.append(irregularity(state.version, h.no, h.trick_no, seat, card, "renege", suit, held,
                                                rule=kind))
    if h.hands is not None:
        h.hands[seat].remove(card)
    h.trick.append((seat, card))
    h.played[card] = h.trick_no
    h.last_play_version = state.version
    order = h.order
    h.turn = order[(order.index(seat) + 1) % len(order)]
    rules.after_card(state, seat, card)


def _trick_won(rules: TrickRules, state: TableState, e: ev.TrickWon) -> None:
    h = state.hand
    h.tricks_won[e.seat] += 1
    h.tricks.append({"trick": e.trick, "leader": h.leader, "cards": list(e.cards),
                     "seats": [s for s, _ in h.trick], "winner": e.seat})
    rules.after_trick(state, e.seat, list(e.cards))
    h.trick = []
    h.rule = None
    last = e.trick >= state.hand_size
    h.leader = h.turn = None if last else e.seat
    if not last:
        h.trick_no += 1


def _renege_claimed(rules: TrickRules, state: TableState, e: ev.RenegeClaimed) -> None:
    state.rulings.append(claim_entry(state.version, e))


def _renege_ruled(rules: TrickRules, state: TableState, e: ev.RenegeRuled) -> None:
    state.rulings.append(ruling_entry(state.version, e))
    h = state.hand
    if e.verdict != "upheld" or h is None or h.no != e.hand:
        return
    for irr in h.irregular:
        if irr["seat"] == e.accused and irr["trick"] == e.trick:
            irr["window"] = e.window
            irr["status"] = "ruled"
    if e.window in ("B", "C"):
        h.found.append({"seat": e.accused, "trick": e.trick, "card": e.card, "window": e.window})


def _card_taken_back(rules: TrickRules, state: TableState, e: ev.CardTakenBack) -> None:
    # The cards go back; the reneges established meanwhile stay (no total moves mid-hand here,
    # unlike Queen's Dungeon, whose settings and penalties are kept by its own apply).
    current = state.hand
    restored, (_, phase) = restore(current, e.replaces_from)
    restored.found = list(current.found)
    state.hand = restored
    state.phase = phase
    state.replaced.extend(replaced_ranges(e.replaces_from, state.version - 1,
                                          ruling_versions(state.rulings, e.replaces_from)))
    state.rulings.append(take_back_entry(state.version, e))


def _hand_scored(rules: TrickRules, state: TableState, e: ev.HandScored) -> None:
    state.totals = list(e.totals)
    state.history.append(e.sheet)
    h = state.hand
    h.over = True
    h.snapshots = {}
    h.turn = None
    state.dealer = (e.dealer + 1) % state.players
    state.phase = "deal"


def _game_ended(rules: TrickRules, state: TableState, e: ev.GameEnded) -> None:
    state.phase = "over"
    state.outcome = {"reason": e.reason, "hand": e.hand, "winners": list(e.winners), "totals": list(e.totals)}


SHARED: dict[type, Callable[[TrickRules, TableState, Any], None]] = {
    ev.GameCreated: _game_created,
    ev.DealerChosen: _dealer_chosen,
    ev.HandDealt: _hand_dealt,
    ev.CardPlayed: _card_played,
    ev.TrickWon: _trick_won,
    ev.RenegeClaimed: _renege_claimed,
    ev.RenegeRuled: _renege_ruled,
    ev.CardTakenBack: _card_taken_back,
    ev.HandScored: _hand_scored,
    ev.GameEnded: _game_ended,
}


def make_apply(rules: TrickRules, own: Mapping[type, Handler]) -> Callable[[TableState, Any], TableState]:
    """The ``apply`` of a game: the shared handlers bound to its rules, plus its ``own``."""
    handlers: dict[type, Handler] = {t: (lambda s, e, f=f: f(rules, s, e)) for t, f in SHARED.items()}
    handlers.update(own)

    def apply_event(state: TableState, event: Any) -> TableState:
        """Fold one event into ``state`` (in place) and return it."""
        state.version += 1
        handlers[type(event)](state, event)
        return state

    return apply_event
