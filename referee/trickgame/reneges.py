"""Renege mechanics every trick game shares (Queen's Dungeon, Queen Bees, Black Queen): windows,
evidence, blind-record proofs, the judgment of a claim, and the public records of rulings.

They work on the *irregularity records* a hand keeps in ``hand.irregular``: one
:class:`Irregularity` per claim a card makes that breaks, or in a blind record might break, a rule
of play. Records are frozen: a ruling or a proof replaces a record with its changed copy
(:func:`settle`, :func:`mark_proofs`), so a copy of a hand shares them safely.

What a record *claims* is the game's own business: each game passes ``disproved_by(irr, card)``,
true when holding ``card`` contradicts the claim ``irr`` made. The hand object needs ``no``,
``over``, ``trick_no``, ``trick``, ``tricks``, ``played``, ``last_play_version`` and ``irregular``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Optional

from referee import errors
from referee import events as ev
from referee.trickgame.batch import Batch
from referee.closed_sets import FollowRule, Kind, Status, Window, closed

# Statuses of a record not settled yet: "found_b" is Queen's Dungeon's window-B renege waiting for
# its penalty to be accepted; the other games never set it.
UNSETTLED = ("open", "found_b")


@dataclass(frozen=True, slots=True)
class Proof:
    """Blind record: the later card of the same player that proves a claim false, and its trick."""

    card: str
    trick: int


@dataclass(frozen=True, slots=True)
@closed
class Irregularity:
    """A card that breaks, or in a blind record might break, a rule of play: the claim it makes.

    ``version`` is the card's stream version; ``kind`` and ``suit`` say what it claims (Queen Bees
    and Black Queen add ``rule``, the following rule of the trick); ``held`` (known record) the
    cards that make the claim false; ``proof`` (blind record) the later card that does."""

    version: int
    hand: int
    trick: int
    seat: int
    card: str
    kind: Kind
    suit: Optional[str]
    held: Optional[list[str]]
    rule: Optional[FollowRule] = None
    proof: Optional[Proof] = None
    status: Status = "open"
    window: Optional[Window] = None

    def as_json(self) -> dict[str, Any]:
        """The record as views and audits show it (``rule`` only where a game has one)."""
        out: dict[str, Any] = {"version": self.version, "hand": self.hand, "trick": self.trick, "seat": self.seat,
                               "card": self.card, "kind": self.kind}
        if self.rule is not None:
            out["rule"] = self.rule
        out.update({"suit": self.suit, "held": self.held,
                    "proof": {"card": self.proof.card, "trick": self.proof.trick} if self.proof else None,
                    "status": self.status, "window": self.window})
        return out


DisprovedBy = Callable[[Irregularity, str], bool]


@dataclass(frozen=True, slots=True)
@closed
class Established:
    """A renege established in window B or C, as a hand keeps them in order (the first may decide
    a contract): what it costs is the game's."""

    seat: int
    trick: int
    card: str
    window: Window


def settle(hand: Any, seat: int, trick: int, window: Window, status: Status) -> None:
    """Record a ruling on the card ``seat`` played in ``trick`` (every claim it made: one card is
    one offence)."""
    hand.irregular = [dataclasses.replace(irr, window=window, status=status)
                      if irr.seat == seat and irr.trick == trick else irr for irr in hand.irregular]


def last_upheld(state: Any, seat: int, hand: int, trick: int) -> dict[str, Any] | None:
    """The public record of the last upheld ruling on the card ``seat`` played in ``trick`` of
    ``hand`` (None: none yet)."""
    rulings: list[dict[str, Any]] = state.rulings
    return next((r for r in reversed(rulings) if r["type"] == "ruling" and r["verdict"] == "upheld"
                 and (r["accused"], r["hand"], r["trick"]) == (seat, hand, trick)), None)


def upheld_kind(state: Any, irr: Irregularity) -> Optional[Kind]:
    """The kind the last upheld ruling on the card of ``irr`` named (None: not upheld yet): a renege
    found out in window B is ruled again when the window closes, under the same kind."""
    ruling = last_upheld(state, irr.seat, irr.hand, irr.trick)
    return ruling["kind"] if ruling is not None else None


def window_of(state: Any, irr: Irregularity) -> Window:
    """When an irregularity is found out now: A (no later card), B (same trick still), C (the next
    trick was led, hand not over), D (after the hand)."""
    return window_at(state, irr.hand, irr.trick, irr.version)


def window_at(state: Any, hand: int, trick: int, version: int) -> Window:
    """The window of a card played at stream ``version`` in ``trick`` of ``hand``, now."""
    h = state.hand
    if h is None or h.no != hand or h.over or state.outcome is not None:
        return "D"  # after the hand, or once the game has ended (even early, mid-hand)
    if h.trick_no > trick + 1 or (h.trick_no == trick + 1 and h.trick):
        return "C"
    if h.last_play_version == version:
        return "A"
    return "B"


def open_in_window(state: Any, seat: int, window: str) -> Irregularity | None:
    """An irregularity of ``seat`` not yet settled that would be found out in ``window`` now."""
    irregular: list[Irregularity] = state.in_play.irregular
    for irr in irregular:
        if irr.seat == seat and irr.status in UNSETTLED and window_of(state, irr) == window:
            return irr
    return None


def evidence_of(irr: Irregularity) -> dict[str, Any]:
    """What a ruling cites: the card, its trick, the rule broken, and the cards held (known record)
    or the later card that proves it (blind record). Queen's Dungeon records have no ``rule``: the
    ruling's ``kind`` names the rule there."""
    out: dict[str, Any] = {"card": irr.card, "trick": irr.trick}
    if irr.rule is not None:
        out["rule"] = irr.rule
    out["suit"] = irr.suit
    if irr.held is not None:
        out["held"] = list(irr.held)
    if irr.proof is not None:
        out["proof"] = {"card": irr.proof.card, "trick": irr.proof.trick}
    return out


def card_of(hand: Any, seat: int, trick: Any) -> str | None:
    """The card ``seat`` played in ``trick`` of ``hand`` (None if it has not, or no such trick)."""
    if not isinstance(trick, int) or trick < 1:
        return None
    plays = hand.trick if trick == hand.trick_no and hand.trick else None
    if plays is None and trick <= len(hand.tricks):
        rec = hand.tricks[trick - 1]
        plays = list(zip(rec["seats"], rec["cards"]))
    seen: list[tuple[int, str]] = plays or []
    for s, card in seen:
        if s == seat:
            return card
    return None


def claimed_card(state: Any, seat: int, trick: Any) -> str:
    """The card a claim is about: the one ``seat`` played in ``trick`` of the current hand, or an
    input error saying it played none."""
    h = state.in_play
    card = card_of(h, seat, trick)
    if card is None:
        raise errors.InputError(f"{state.seat_label(seat)} has played no card in trick {trick} of hand {h.no}.",
                                seat=seat, trick=trick, code="no_such_play")
    return card


# ---------------------------------------------------------------- blind-record proofs


def mark_proofs(hand: Any, seat: int, card: str, disproved_by: DisprovedBy) -> None:
    """Blind record, as ``seat`` plays ``card``: it proves every earlier claim of that seat it
    contradicts (cards never change hands within a hand). Called by ``apply`` before the play."""
    if any(irr.seat == seat and irr.proof is None and disproved_by(irr, card) for irr in hand.irregular):
        proof = Proof(card, hand.trick_no)
        hand.irregular = [dataclasses.replace(irr, proof=proof)
                          if irr.seat == seat and irr.proof is None and disproved_by(irr, card) else irr
                          for irr in hand.irregular]


def proven_by_play(b: Batch, seat: int, card: str, disproved_by: DisprovedBy) -> list[Irregularity]:
    """Blind record, detection announced: the open claims of ``seat`` that ``card`` (just added to
    the batch) proves, as the look-ahead state has them. A card that made two claims at once (a
    renege under Queen's Dungeon's Challenge) is one offence: it is listed once."""
    if not any(irr.seat == seat and irr.status == "open" and irr.proof is None
               and disproved_by(irr, card) for irr in b.state.in_play.irregular):
        return []
    return one_per_card(irr for irr in b.sim().hand.irregular
                        if irr.seat == seat and irr.status == "open" and irr.proof is not None
                        and irr.proof.card == card)


def one_per_card(records: Iterable[Irregularity],
                 named: Callable[[Irregularity], Optional[Kind]] | None = None) -> list[Irregularity]:
    """``records`` one per card, in order: a card that broke two rules at once is one offence,
    ruled once. Each card's first record stands for it, or the one of the kind ``named(irr)`` gives
    (the kind a ruling already named for that card)."""
    chosen: dict[int, Irregularity] = {}
    for irr in records:
        if irr.version not in chosen or (named is not None and irr.kind == named(irr)):
            chosen[irr.version] = irr
    return list(chosen.values())


# ---------------------------------------------------------------- claims and rulings


def claim_evidence(irr: Irregularity, shown: str | None, played: dict[str, int],
                   disproved_by: DisprovedBy) -> dict[str, Any] | None:
    """The evidence that upholds a claim against ``irr``: the record's own (cards held, a later
    card), or else a card of the accused's ``shown`` at the table that contradicts it and is not
    already played. None when nothing proves it."""
    evidence = evidence_of(irr)
    if irr.held is not None or irr.proof is not None:
        return evidence
    if shown is not None and shown not in played and disproved_by(irr, shown):
        evidence["shown"] = shown
        return evidence
    return None


def uphold(b: Batch, irr: Irregularity, window: Window, evidence: dict[str, Any], claimant: int | None) -> None:
    """Record the upheld ruling on ``irr`` and, in window A, the take-back it brings (no penalty).
    A game adds its own penalties for windows B and C."""
    b.add(ev.RenegeRuled(irr.seat, irr.hand, irr.trick, irr.card, irr.kind, "upheld", window, evidence, claimant))
    if window == "A":
        b.add(ev.CardTakenBack(irr.seat, irr.hand, irr.trick, irr.card, irr.version))


def not_proven(state: Any, accused: int, trick: int, card: str, found: list[Irregularity], shown: str | None,
               claimant: int) -> ev.RenegeRuled:
    """The ruling on a claim nothing proves, saying why: the log does not prove the irregular card
    ``found`` holds, or the card followed the rules; and a ``shown`` card already played."""
    h = state.in_play
    kind = found[0].kind if found else "renege"
    reason = "the log does not prove it" if found else "the card followed the rules"
    if shown is not None and shown in h.played:
        reason += f"; {shown} was already played in trick {h.played[shown]}"
    window = window_at(state, h.no, trick, -1)
    return ev.RenegeRuled(accused, h.no, trick, card, kind, "not_proven", window,
                          {"card": card, "trick": trick, "reason": reason, "shown": shown}, claimant)


# ---------------------------------------------------------------- what the table and the director see


def claim_entry(version: int, e: ev.RenegeClaimed) -> dict[str, Any]:
    """The public record of a claim (``state.rulings``)."""
    return {"type": "claim", "version": version, "claimant": e.claimant, "accused": e.accused,
            "hand": e.hand, "trick": e.trick, "shown": e.shown}


def ruling_entry(version: int, e: ev.RenegeRuled) -> dict[str, Any]:
    """The public record of a ruling (``state.rulings``)."""
    return {"type": "ruling", "version": version, "accused": e.accused, "hand": e.hand,
            "trick": e.trick, "card": e.card, "kind": e.kind, "verdict": e.verdict,
            "window": e.window, "evidence": public_evidence(e.evidence), "claimant": e.claimant}


def public_evidence(evidence: dict[str, Any]) -> dict[str, Any]:
    """Evidence as the table may hear it: without ``held``, the cards of the led suit the accused
    still holds, which the table has not seen (in Black Queen, holding a called card would even
    name a hidden partner). The director view and the audit keep it."""
    return {k: v for k, v in evidence.items() if k != "held"}


def take_back_entry(version: int, e: ev.CardTakenBack) -> dict[str, Any]:
    """The public record of a card taken back (``state.rulings``)."""
    return {"type": "card_taken_back", "version": version, "seat": e.seat, "hand": e.hand,
            "trick": e.trick, "card": e.card, "replaces_from": e.replaces_from}


def director_irregularities(state: Any) -> dict[str, list[dict[str, Any]]]:
    """What only the director sees: the irregularities (known record: all; blind: those proven or
    settled), each with its window now, and the blind record's claims nothing has proven yet."""
    h = state.in_play
    blind = state.record == "blind"
    return {
        "irregularities": [{**irr.as_json(), "window_now": window_of(state, irr)} for irr in h.irregular
                           if not blind or irr.proof is not None or irr.status != "open"],
        "unproven_claims": [irr.as_json() for irr in h.irregular
                            if blind and irr.proof is None and irr.status == "open"],
    }
