"""What the workers know of claims and rulings: which events make up one append, and a claim's
fields. Their words are the games' own (``Game.words``).

A dispute is a claim logged through the referee's ``claim_renege`` action; the referee answers it
at once with ``RenegeClaimed`` and ``RenegeRuled`` (and the penalty's events) in one append. These
events belong to ``referee.events`` (shared by every trick-taking game), not to one game. Which
events make up one append is read from their command id (``Envelope.command_id``). Workers
match a recorded event by its class (:func:`is_a`), never by its type's name: a name misspelt in
the workers fails when they are imported, not by matching nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.envelope import Envelope

CLAIM_ACTION = "claim_renege"


def is_a(envelope: Envelope, *kinds: type) -> bool:
    """Is the envelope's typed event (as the registry decoded it) one of the classes ``kinds``?"""
    return isinstance(envelope.event, kinds)

def claim_fields(claim: dict[str, Any]) -> dict[str, Any]:
    """The ``claim_renege`` action's fields for a logged ``RenegeClaimed`` payload."""
    fields = {"seat": claim["claimant"], "accused": claim["accused"], "trick": claim["trick"], "hand": claim["hand"]}
    if claim.get("shown") is not None:
        fields["shown"] = claim["shown"]
    return fields


def same_append(envelopes: Sequence[Envelope], index: int) -> list[Envelope]:
    """The envelopes logged in one append with ``envelopes[index]``, from it on."""
    first = envelopes[index]
    batch = [first]
    for envelope in envelopes[index + 1:]:
        if not same_command(first, envelope):
            break
        batch.append(envelope)
    return batch


def same_command(one: Envelope, other: Envelope) -> bool:
    """Were the two (neighbouring) envelopes appended by one command? Read from their command id;
    in a record made before envelopes carried one, from their shared time and actor."""
    if one.command_id is not None or other.command_id is not None:
        return one.command_id == other.command_id
    return one.recorded_at == other.recorded_at and one.actor == other.actor
