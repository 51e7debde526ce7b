"""The audit of one game: the chain, every irregularity, every claim ruled again, the score sheet.

It replays the whole game from its log and reports:

* ``chain``: verified, or the first bad version and why (only the events before it are replayed);
* ``irregularities``: every irregular card the referee found (claimed or not), with its evidence
  and the window it was ruled in, taken from the director's view at the close of each hand;
* ``rulings``: every claim, asked again of the referee on the state just before it, the events
  it decides now (the penalty due) against the events logged then (the penalty applied); rulings
  the referee made without a claim are listed with the penalty applied. The events applied are
  those of the claim's (or ruling's) command, read from their command id, which each lists;
* ``scores``: the score sheet recomputed from scratch against the stored read model (which the
  audit job makes first when none of its current form is stored, ``workers.jobs.update_audit``);
* ``notes``: what the game itself adds, from its end state and events (its optional
  ``audit_notes``: a patience's solver says whether the deal could be won), else None.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from events.errors import CorruptEventError
from events.registry import registry as event_registry
from events.store import EventStore
from referee.errors import RefereeError
from referee.events import RenegeClaimed, RenegeRuled
from workers.claims import CLAIM_ACTION, claim_fields, is_a, same_append, same_command
from workers.envelope_replay import Replay, ReplayError, fold
from workers.scoresheet import build_sheet

#: Read model name: ``courtcard:{<game>}:audit``.
AUDIT = "audit"


def audit_game(store: EventStore, game_id: str, stored_sheet: tuple[int, dict] | None) -> dict[str, Any]:
    """Audit ``game_id`` from its log; ``stored_sheet`` is the score sheet read model (version, doc)."""
    # One pass over the record: the chain is verified and the events decoded together, and only
    # the events before the first bad version come back to be replayed.
    record = store.read_verified(game_id)
    chain = record.report
    head_version = record.head[0]
    report: dict[str, Any] = {
        "game_id": game_id,
        "version": head_version,
        "chain": {"ok": chain.ok, "first_bad_version": chain.first_bad_version, "reason": chain.reason,
                  "events_checked": chain.count},
        "replayed_to": 0,
        "replay_error": None,
        "irregularities": [],
        "rulings": [],
        "scores": None,
        "outcome": None,
        "notes": None,
    }
    if chain.trusted_version == 0:
        report["ok"] = False
        return report
    sheet_version = stored_sheet[0] if stored_sheet else None
    try:
        if record.error is not None:
            raise record.error
        replay = fold(record.envelopes, hand_views=True,
                      keep_before=lambda e: is_a(e, RenegeClaimed) or e.version == (sheet_version or 0) + 1)
    except (CorruptEventError, ReplayError) as exc:
        report["replay_error"] = {"version": getattr(exc, "version", None), "reason": str(exc)}
        report["ok"] = False
        return report
    report["replayed_to"] = replay.state.version
    report["irregularities"] = irregularities(replay)
    report["rulings"] = rulings(replay)
    report["scores"] = compare_sheets(game_id, replay, stored_sheet)
    report["outcome"] = replay.game.outcome(replay.state)
    report["notes"] = game_notes(replay)
    report["ok"] = (chain.ok and report["scores"]["matches"] is not False
                    and all(r["matches"] is not False for r in report["rulings"]))
    return report


def game_notes(replay: Replay) -> dict[str, Any] | None:
    """What the game adds to its audit (``audit_notes``, optional in the game interface)."""
    notes = getattr(replay.game, "audit_notes", None)
    return notes(replay.state, [envelope.event for envelope in replay.envelopes]) if notes else None


def irregularities(replay: Replay) -> list[dict[str, Any]]:
    """Every irregularity in the director's views of the hands, once each, in log order."""
    seen: dict[tuple, dict[str, Any]] = {}
    for view in replay.hand_views:
        hand = view.get("hand") or {}
        for irr in list(hand.get("irregularities") or []) + list(hand.get("unproven_claims") or []):
            key = (irr.get("version"), irr.get("kind"))
            evidence = {k: irr[k] for k in ("held", "proof") if irr.get(k) is not None}
            seen[key] = {
                "version": irr.get("version"), "hand": irr.get("hand"), "trick": irr.get("trick"),
                "seat": irr.get("seat"), "card": irr.get("card"), "kind": irr.get("kind"),
                "suit": irr.get("suit"), "evidence": evidence, "status": irr.get("status"),
                "window": irr.get("window"), "ruled": irr.get("status") != "open",
                "proven": irr.get("held") is not None or irr.get("proof") is not None,
            }
    return sorted(seen.values(), key=lambda r: (r["version"] or 0, r["kind"] or ""))


def rulings(replay: Replay) -> list[dict[str, Any]]:
    """Each ruling in the log with the penalty applied; claims are decided again by the referee."""
    envelopes = replay.envelopes
    out = []
    for index, envelope in enumerate(envelopes):
        if is_a(envelope, RenegeClaimed):
            out.append(_claim_ruled_again(replay, index))
        elif is_a(envelope, RenegeRuled) and (index == 0 or not _claimed_in_same_append(envelopes, index)):
            batch = same_append(envelopes, index)
            out.append({"claim_version": None, "ruling_version": envelope.version, "command_id": envelope.command_id,
                        "ruling": envelope.payload,
                        "applied": [_brief(e) for e in batch[1:]], "due": None, "matches": None,
                        "note": "ruled by the referee as the cards were played (no claim)"})
    return out


def _claimed_in_same_append(envelopes, index: int) -> bool:
    ruling = envelopes[index]
    for earlier in reversed(envelopes[:index]):
        if not same_command(earlier, ruling):
            return False
        if is_a(earlier, RenegeClaimed):
            return True
    return False


def _claim_ruled_again(replay: Replay, index: int) -> dict[str, Any]:
    claim = replay.envelopes[index]
    logged = same_append(replay.envelopes, index)
    ruling = next((e for e in logged if is_a(e, RenegeRuled)), None)
    entry: dict[str, Any] = {"claim_version": claim.version, "ruling_version": ruling.version if ruling else None,
                             "command_id": claim.command_id,
                             "ruling": ruling.payload if ruling else None,
                             "applied": [_brief(e) for e in logged[1:] if e is not ruling]}
    game, before = replay.game, replay.before[claim.version]
    try:
        command = game.command_schemas[CLAIM_ACTION].load(claim_fields(claim.payload))
        decided_events = game.decide(before, command, random.Random(0))
        decided = [event_registry.encode(e) for e in decided_events]
    except (RefereeError, KeyError, ValueError) as exc:
        entry.update(due=None, matches=False, note=f"the referee now refuses this claim: {exc}")
        return entry
    logged_encoded = [(e.type, e.schema_version, e.payload) for e in logged]
    due = [{"type": t, "payload": p} for event, (t, _v, p) in zip(decided_events, decided)
           if not isinstance(event, (RenegeClaimed, RenegeRuled))]
    entry["due"] = due
    entry["matches"] = _normal(decided) == _normal(logged_encoded[:len(decided)])
    entry["note"] = "the referee decides the same today" if entry["matches"] else "the referee decides differently today"
    return entry


def compare_sheets(game_id: str, replay: Replay, stored: tuple[int, dict] | None) -> dict[str, Any]:
    """The recomputed score sheet against the stored one, at the stored sheet's version. Both hold
    the facts only (a Dungeon player out of the game is the version of the event that took them
    out, not its words: ``workers.scoresheet.sheet_in_words`` words it when served), so rewording
    an event leaves a stored sheet matching the record."""
    if stored is None:
        return {"stored_version": None, "matches": None, "differences": [], "note": "no score sheet stored yet"}
    version, doc = stored
    if version > replay.state.version:
        return {"stored_version": version, "matches": False, "differences": ["version"],
                "note": f"the stored sheet reflects version {version}, beyond the verified record"}
    state = replay.state if version == replay.state.version else replay.before[version + 1]
    recomputed = _normal(build_sheet(game_id, replay.game, state, replay.envelopes[:version]))
    differences = sorted(k for k in set(recomputed) | set(doc) if recomputed.get(k) != doc.get(k))
    return {"stored_version": version, "matches": not differences, "differences": differences,
            "note": "the stored sheet matches the record" if not differences else "the stored sheet differs from the record"}


def _brief(envelope) -> dict[str, Any]:
    return {"version": envelope.version, "type": envelope.type, "payload": envelope.payload,
            "command_id": envelope.command_id}


def _normal(value: Any) -> Any:
    """The value as JSON would carry it (tuples become lists), for comparisons."""
    return orjson.loads(orjson.dumps(value))
