"""Queen's Dungeon irregularities: rulings and their penalties by window, claims, the reneger's
own take-back (window A) and voluntary penalty (window B). Windows, evidence and the judgment of a
claim are the same in every trick game: ``referee.reneges``."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.batch import Batch
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.apply import apply_event
from referee.games.queens_dungeon.checks import card_in_deck, player_seat, require_phase
from referee.games.queens_dungeon.rules import describe, disproved_by, setting
from referee.games.queens_dungeon.state import QDState
from referee.reneges import (
    claim_evidence, claimed_card, evidence_of, not_proven, open_in_window, proven_by_play, uphold, window_of,
)


def rule_upheld(b: Batch, irr: dict[str, Any], window: str, evidence: dict[str, Any], claimant: int | None) -> None:
    """Record an upheld ruling and its penalty for ``window``: window C sets the reneger's total."""
    uphold(b, irr, window, evidence, claimant)
    if window == "C":
        sim = b.sim()
        unit, before, after = setting(sim, irr["seat"], "renege")
        b.add(ev.TotalSet(irr["seat"], unit, "renege", before, after, irr["hand"], irr["trick"]))


def close_found_b(b: Batch, hand_end: bool) -> None:
    """A renege found out in window B whose penalty was not accepted stands: window C applies as
    soon as window B closes (the next trick is led, or the hand ends)."""
    h = b.latest().hand
    pending = [irr for irr in h.irregular if irr["status"] == "found_b" and (hand_end or irr["trick"] < h.trick_no)]
    for irr in pending:
        rule_upheld(b, irr, "C", {**evidence_of(irr), "penalty_declined": True}, None)


def rule_proofs(b: Batch, seat: int, card: str) -> None:
    """Blind record, detection announced: rule every earlier claim this card disproves."""
    for irr in proven_by_play(b, seat, card, disproved_by):
        rule_upheld(b, irr, window_of(b.sim(), irr), evidence_of(irr), None)


def accept_penalty(state: QDState, c: cmd.AcceptPenalty, rng: Any) -> list[Any]:
    """Window B: the reneger takes the voluntary penalty and the cards from the renege on go back."""
    require_phase(state, "play", "trump_change", doing="accept a renege penalty")
    seat = player_seat(state, c.seat)
    irr = open_in_window(state, seat, "B")
    if irr is None:
        hint = " (the card can still be taken back without penalty)" if open_in_window(state, seat, "A") else ""
        raise errors.NoIrregularity(f"{state.seat_label(seat)} has no renege in window B to accept a penalty for{hint}.", seat=seat)
    h = state.hand
    return [ev.PenaltyAccepted(seat, h.no, irr["trick"], irr["card"], state.options["renege_penalty"], irr["version"])]


def take_back(state: QDState, c: cmd.TakeBack, rng: Any) -> list[Any]:
    """Window A: the reneger takes the card back, no penalty."""
    require_phase(state, "play", "trump_change", doing="take a card back")
    seat = player_seat(state, c.seat)
    irr = open_in_window(state, seat, "A")
    if irr is None:
        raise errors.NoIrregularity(
            f"{state.seat_label(seat)} cannot take a card back: only an irregular card with no later card played "
            "after it can be taken back.", seat=seat)
    h = state.hand
    return [ev.CardTakenBack(seat, h.no, irr["trick"], irr["card"], irr["version"])]


def claim(state: QDState, c: cmd.ClaimRenege, rng: Any) -> list[Any]:
    """A player's claim: upheld with its evidence and penalty by window, or "not proven" saying why."""
    h = state.hand
    if h is None or not h.dealt:
        raise errors.WrongPhase("No card has been played yet: there is nothing to claim.")
    claimant = player_seat(state, c.seat, "claimant")
    accused = player_seat(state, c.accused, "accused")
    if accused == claimant:
        raise errors.InvalidSeat("A player cannot claim against themselves: take the card back or accept the penalty.", seat=claimant)
    hand_no = h.no if c.hand is None else c.hand
    if hand_no != h.no:
        raise errors.WrongPhase(f"Only hand {h.no} (the current or last hand) is open to claims.", seat=claimant)
    card = claimed_card(state, accused, c.trick)
    shown = card_in_deck(state, c.shown, accused, c.trick) if c.shown is not None else None
    found = [irr for irr in h.irregular if irr["seat"] == accused and irr["trick"] == c.trick]
    done = [irr for irr in found if irr["status"] != "open"]
    if done:
        raise errors.NoIrregularity(f"{describe(state, done[0])}: this was already ruled.", seat=accused, trick=c.trick)
    b = Batch(state, apply_event)
    b.add(ev.RenegeClaimed(claimant, accused, h.no, c.trick, shown))
    for irr in found:
        evidence = claim_evidence(irr, shown, h.played, disproved_by)
        if evidence is not None:
            rule_upheld(b, irr, window_of(state, irr), evidence, claimant)
            return b.events
    b.add(not_proven(state, accused, c.trick, card, found, shown, claimant))
    return b.events
