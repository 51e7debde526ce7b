"""Irregularities: rulings and their penalties by window, claims with their evidence, the
reneger's own take-back (window A) and voluntary penalty (window B)."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.checks import Batch, card_in_deck, player_seat, require_phase
from referee.games.queens_dungeon.rules import describe, disproves, setting, window_of
from referee.games.queens_dungeon.state import QDState


def rule_upheld(b: Batch, irr: dict[str, Any], window: str, evidence: dict[str, Any], claimant: int | None) -> None:
    """Record an upheld ruling and its penalty for ``window``."""
    b.add(ev.RenegeRuled(irr["seat"], irr["hand"], irr["trick"], irr["card"], irr["kind"], "upheld", window,
                         evidence, claimant))
    if window == "A":
        b.add(ev.CardTakenBack(irr["seat"], irr["hand"], irr["trick"], irr["card"], irr["version"]))
    elif window == "C":
        sim = b.sim()
        unit, before, after = setting(sim, irr["seat"], "renege")
        b.add(ev.TotalSet(irr["seat"], unit, "renege", before, after, irr["hand"], irr["trick"]))


def evidence_of(irr: dict[str, Any]) -> dict[str, Any]:
    """The evidence a ruling cites: the card, its trick, the suit claimed, and the cards held
    (known record) or the later card that proves it (blind record)."""
    out: dict[str, Any] = {"card": irr["card"], "trick": irr["trick"], "suit": irr["suit"]}
    if irr["held"] is not None:
        out["held"] = list(irr["held"])
    if irr["proof"] is not None:
        out["proof"] = dict(irr["proof"])
    return out


def close_found_b(b: Batch, hand_end: bool) -> None:
    """A renege found out in window B whose penalty was not accepted stands: window C applies as
    soon as window B closes (the next trick is led, or the hand ends)."""
    h = (b._sim or b.state).hand
    pending = [irr for irr in h.irregular if irr["status"] == "found_b" and (hand_end or irr["trick"] < h.trick_no)]
    for irr in pending:
        rule_upheld(b, irr, "C", {**evidence_of(irr), "penalty_declined": True}, None)


def rule_proofs(b: Batch, seat: int, card: str) -> None:
    """Blind record, detection announced: rule every earlier claim this card disproves."""
    h = b.state.hand
    if not any(irr["seat"] == seat and irr["status"] == "open" and irr["proof"] is None
               and disproves(irr["kind"], irr["suit"], card) for irr in h.irregular):
        return
    sim = b.sim()
    proven = [irr for irr in sim.hand.irregular if irr["seat"] == seat and irr["status"] == "open"
              and irr["proof"] is not None and irr["proof"]["card"] == card]
    ruled: set[int] = set()
    for irr in proven:
        if irr["version"] not in ruled:  # one card, one offence
            ruled.add(irr["version"])
            rule_upheld(b, irr, window_of(b.sim(), irr), evidence_of(irr), None)




def open_in_window(state: QDState, seat: int, window: str) -> dict[str, Any] | None:
    """An irregularity of ``seat`` not yet settled that would be found out in ``window`` now."""
    h = state.hand
    for irr in h.irregular:
        if irr["seat"] == seat and irr["status"] in ("open", "found_b") and window_of(state, irr) == window:
            return irr
    return None


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


def card_of(state: QDState, seat: int, trick: int) -> str | None:
    """The card ``seat`` played in ``trick`` of the current hand (None if it has not played)."""
    h = state.hand
    plays = h.trick if trick == h.trick_no and h.trick else None
    if plays is None and trick <= len(h.tricks):
        rec = h.tricks[trick - 1]
        plays = list(zip(rec["seats"], rec["cards"]))
    for s, card in plays or ():
        if s == seat:
            return card
    return None


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
    card = card_of(state, accused, c.trick) if isinstance(c.trick, int) and c.trick >= 1 else None
    if card is None:
        raise errors.InputError(f"{state.seat_label(accused)} has played no card in trick {c.trick} of hand {h.no}.",
                                seat=accused, trick=c.trick, code="no_such_play")
    shown = card_in_deck(state, c.shown, accused, c.trick) if c.shown is not None else None
    found = [irr for irr in h.irregular if irr["seat"] == accused and irr["trick"] == c.trick]
    done = [irr for irr in found if irr["status"] != "open"]
    if done:
        raise errors.NoIrregularity(f"{describe(state, done[0])}: this was already ruled.", seat=accused, trick=c.trick)
    b = Batch(state)
    b.add(ev.RenegeClaimed(claimant, accused, h.no, c.trick, shown))
    for irr in found:
        evidence = evidence_of(irr)
        proven = irr["held"] is not None or irr["proof"] is not None
        if not proven and shown is not None and shown not in h.played and disproves(irr["kind"], irr["suit"], shown):
            evidence["shown"] = shown
            proven = True
        if proven:
            rule_upheld(b, irr, window_of(state, irr), evidence, claimant)
            return b.events
    kind = found[0]["kind"] if found else "renege"
    reason = "the log does not prove it" if found else "the card followed the rules"
    if shown is not None and shown in h.played:
        reason += f"; {shown} was already played in trick {h.played[shown]}"
    window = window_of(state, {"hand": h.no, "trick": c.trick, "version": -1})
    b.add(ev.RenegeRuled(accused, h.no, c.trick, card, kind, "not_proven", window,
                         {"card": card, "trick": c.trick, "reason": reason, "shown": shown}, claimant))
    return b.events
