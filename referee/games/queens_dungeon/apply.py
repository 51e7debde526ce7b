"""Folding Queen's Dungeon events into state. Events are facts: nothing here validates.

Handlers update the state in place; ``apply`` bumps ``state.version`` first, so inside a handler
``state.version`` is the stream version of the event being applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import events as ev
from referee.cards import IS_QUEEN, QD_STRENGTH, SUIT
from referee.games.queens_dungeon.options import layout_of
from referee.games.queens_dungeon.rules import claim_is_false, claims_of, disproved_by
from referee.games.queens_dungeon.state import HandState, QDState
from referee.corrections import prune_restore_points, replaced_ranges, restore, ruling_versions
from referee.reneges import claim_entry, irregularity, mark_proofs, ruling_entry, take_back_entry


def _game_created(state: QDState, e: ev.GameCreated) -> None:
    state.game_name = e.game
    state.options = dict(e.options)
    state.record = e.record
    layout = state.layout = layout_of(state.options)
    state.names = list(e.seats) + (["Dummy"] if layout.dummy is not None else [])
    state.totals = [0] * layout.units
    state.phase = "cut"
    state.cut_players = list(range(layout.players))


def _dealer_cut(state: QDState, e: ev.DealerCut) -> None:
    state.cut_draws[e.seat] = e.card
    state.cuts.append({"seat": e.seat, "card": e.card, "round": e.round})
    if len(state.cut_draws) == len(state.cut_players):
        best = max(QD_STRENGTH[c] for c in state.cut_draws.values())
        tied = [s for s, c in state.cut_draws.items() if QD_STRENGTH[c] == best]
        state.cut_draws = {}
        if len(tied) > 1:  # tied players draw again
            state.cut_players = sorted(tied)
            state.cut_round += 1
        else:
            state.cut_players = []


def _dealer_chosen(state: QDState, e: ev.DealerChosen) -> None:
    state.dealer = e.seat
    state.cut_players = []
    state.phase = "call_trump"


def _trump_called(state: QDState, e: ev.TrumpCalled) -> None:
    state.dealer = e.seat
    state.hand = HandState(e.hand, e.seat, e.suit, state.layout.seats, list(state.totals))
    state.phase = "deal"


def _hand_dealt(state: QDState, e: ev.HandDealt) -> None:
    h = state.hand
    layout = state.layout
    h.removed = list(e.removed)
    h.hands = [list(x) for x in e.hands] if e.hands is not None else None
    h.extra = list(e.extra) if e.extra is not None else None
    n = layout.seats
    if layout.dummy is not None:
        # The dummy sits at the dealer's right: opponent, dummy, dealer.
        h.order = [1 - e.dealer, layout.dummy, e.dealer]
    else:
        h.order = [(e.dealer + 1 + i) % n for i in range(n)]
    h.next_of = {s: h.order[(i + 1) % n] for i, s in enumerate(h.order)}
    h.quota = layout.quota
    h.turn = h.leader = h.order[0]
    h.dealt = True
    state.phase = "exchange" if state.options.get("four_hands") else "play"


def _hand_exchanged(state: QDState, e: ev.HandExchanged) -> None:
    h = state.hand
    if e.exchanged:
        h.exchanged = True
        h.quota += 1
        if h.hands is not None and h.extra is not None:
            h.hands[e.seat], h.extra = h.extra, h.hands[e.seat]
    state.phase = "play"


def _challenge_announced(state: QDState, e: ev.ChallengeAnnounced) -> None:
    state.hand.challenge = e.seat
    state.hand.challenge_used = True


def _snapshot(state: QDState) -> tuple:
    hand = state.hand.clone()
    hand.snapshots = {}
    return hand, list(state.totals), state.phase


def _card_played(state: QDState, e: ev.CardPlayed) -> None:
    h = state.hand
    seat, card = e.seat, e.card
    if not h.trick and h.snapshots:
        prune_restore_points(h)
    hands = h.hands
    irregular = h.irregular
    if state.record == "blind" and irregular:
        mark_proofs(h, seat, card, disproved_by)
    if not IS_QUEEN[card] and seat != state.layout.dummy and (h.trick or h.challenge is not None or not h.broken):
        claims = claims_of(state, seat, card)
        if claims:
            new = []
            for kind, suit in claims:
                held = None
                if hands is not None:
                    held = claim_is_false(kind, suit, hands[seat])
                    if not held:
                        continue
                new.append(irregularity(state.version, h.no, h.trick_no, seat, card, kind, suit, held))
            if new:
                h.snapshots[state.version] = _snapshot(state)
                irregular.extend(new)
    if hands is not None:
        hands[seat].remove(card)
    h.trick.append((seat, card))
    h.played[card] = h.trick_no
    h.last_play_version = state.version
    h.turn = h.next_of[seat]


def _trick_won(state: QDState, e: ev.TrickWon) -> None:
    h = state.hand
    h.tricks_won[e.seat] += 1
    h.queens_won[e.seat] += e.queens
    h.tricks.append({"trick": e.trick, "leader": h.leader, "cards": list(e.cards), "seats": [s for s, _ in h.trick],
                     "winner": e.seat, "queens": e.queens, "trump": h.trump})
    trump = h.trump
    if not h.broken and any(SUIT[c] == trump for c in e.cards):
        h.broken = True
    h.challenge = None
    last = e.trick >= state.layout.hand_size
    if e.queens == 2 and not last:
        h.change_due = True
        state.phase = "trump_change"
    h.trick = []
    h.leader = h.turn = None if last else e.seat
    if not last:
        h.trick_no += 1


def _trump_changed(state: QDState, e: ev.TrumpChanged) -> None:
    h = state.hand
    h.trump = e.suit
    h.broken = False  # the new trump suit starts unbroken
    h.change_due = False
    h.trump_history.append({"trick": e.trick, "suit": e.suit})
    state.phase = "play"


def _total_set(state: QDState, e: ev.TotalSet) -> None:
    state.totals[e.unit] = e.after
    h = state.hand
    h.lost[e.seat] = True
    setting = {"reason": e.reason, "trick": e.trick, "before": e.before, "after": e.after}
    h.settings[e.seat].append(setting)
    if e.reason == "renege":  # a ruling: a correction keeps it (a Queens setting is the trick's)
        h.ruled.append({"version": state.version, "seat": e.seat, "unit": e.unit, "delta": e.after - e.before,
                        "setting": setting})


def _irregular_of(state: QDState, seat: int, hand: int, trick: int) -> list[dict[str, Any]]:
    """The irregularity records of the card ``seat`` played in ``trick`` (one card per trick)."""
    h = state.hand
    if h is None or h.no != hand:
        return []
    return [irr for irr in h.irregular if irr["seat"] == seat and irr["trick"] == trick]


def _renege_claimed(state: QDState, e: ev.RenegeClaimed) -> None:
    state.rulings.append(claim_entry(state.version, e))


def _renege_ruled(state: QDState, e: ev.RenegeRuled) -> None:
    state.rulings.append(ruling_entry(state.version, e))
    if e.verdict != "upheld":
        return
    # One card is one offence: a card that broke two rules at once (a renege under the Challenge)
    # is ruled once, and every claim it made is settled with it.
    for irr in _irregular_of(state, e.accused, e.hand, e.trick):
        irr["window"] = e.window
        irr["status"] = "found_b" if e.window == "B" else "ruled"


def _restore(state: QDState, replaces_from: int) -> None:
    """Put the cards back as they were just before the card at ``replaces_from``, keeping every
    setting and penalty ruled since (each costs what it cost when ruled)."""
    current = state.hand
    restored, (_, totals, phase) = restore(current, replaces_from)
    totals = list(totals)
    for kept in current.ruled:
        if kept["version"] > replaces_from:
            totals[kept["unit"]] += kept["delta"]
            if "setting" in kept:
                restored.settings[kept["seat"]].append(kept["setting"])
                restored.lost[kept["seat"]] = True
            else:
                restored.penalties[kept["seat"]].append(kept["penalty"])
    restored.ruled = list(current.ruled)
    state.hand = restored
    state.totals = totals
    state.phase = phase
    kept_versions = ruling_versions(state.rulings, replaces_from) | {x["version"] for x in current.ruled}
    state.replaced.extend(replaced_ranges(replaces_from, state.version - 1, kept_versions))


def _penalty_accepted(state: QDState, e: ev.PenaltyAccepted) -> None:
    _restore(state, e.replaces_from)
    unit = state.layout.unit_of(e.seat)
    state.totals[unit] -= e.penalty
    h = state.hand
    penalty = {"reason": "renege_penalty", "trick": e.trick, "amount": -e.penalty}
    h.penalties[e.seat].append(penalty)
    h.ruled.append({"version": state.version, "seat": e.seat, "unit": unit, "delta": -e.penalty, "penalty": penalty})
    state.rulings.append({"type": "penalty_accepted", "version": state.version, "seat": e.seat, "hand": e.hand,
                          "trick": e.trick, "card": e.card, "penalty": e.penalty, "replaces_from": e.replaces_from})


def _card_taken_back(state: QDState, e: ev.CardTakenBack) -> None:
    _restore(state, e.replaces_from)
    state.rulings.append(take_back_entry(state.version, e))


def _hand_scored(state: QDState, e: ev.HandScored) -> None:
    state.totals = list(e.totals)
    state.history.append(e.sheet)
    h = state.hand
    h.over = True
    h.snapshots = {}
    state.dealer = (e.dealer + 1) % state.layout.players
    state.phase = "call_trump"


def _game_ended(state: QDState, e: ev.GameEnded) -> None:
    state.phase = "over"
    state.outcome = {"reason": e.reason, "hand": e.hand, "winners": list(e.winners), "totals": list(e.totals)}


HANDLERS: dict[type, Callable[[QDState, Any], None]] = {
    ev.GameCreated: _game_created,
    ev.DealerCut: _dealer_cut,
    ev.DealerChosen: _dealer_chosen,
    ev.TrumpCalled: _trump_called,
    ev.HandDealt: _hand_dealt,
    ev.HandExchanged: _hand_exchanged,
    ev.ChallengeAnnounced: _challenge_announced,
    ev.CardPlayed: _card_played,
    ev.TrickWon: _trick_won,
    ev.TrumpChanged: _trump_changed,
    ev.TotalSet: _total_set,
    ev.RenegeClaimed: _renege_claimed,
    ev.RenegeRuled: _renege_ruled,
    ev.PenaltyAccepted: _penalty_accepted,
    ev.CardTakenBack: _card_taken_back,
    ev.HandScored: _hand_scored,
    ev.GameEnded: _game_ended,
}


def apply_event(state: QDState, event: Any) -> QDState:
    """Fold one event into ``state`` (in place) and return it."""
    state.version += 1
    HANDLERS[type(event)](state, event)
    return state
