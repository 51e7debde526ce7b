"""Verification of a game's hash chain, online (from the store) or offline (from an export).

An export is JSON lines: one envelope dict per line (:meth:`Envelope.to_dict`), in version
order, then one head line (:func:`head_record`) that states how many events the game had and the
hash of the last one. Without the head line a truncated file would look whole.

    >>> from events.envelope import envelope_hash, GENESIS_HASH
    >>> e = dict(event_id="e1", game_id="g", version=1, type="T", schema_version=1, payload={},
    ...          recorded_at="2026-01-01T00:00:00Z", actor="ann", prev_hash=GENESIS_HASH)
    >>> e["hash"] = envelope_hash(e)
    >>> verify_envelopes([e, head_record("g", 1, e["hash"])]).ok
    True
    >>> verify_envelopes([{**e, "actor": "bob"}]).first_bad_version
    1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, TypeGuard

import orjson

from events.envelope import GENESIS_HASH, RECORDED_FIELDS, RECORDED_SET, Envelope, envelope_hash

HEAD_KEY = "head"
#: Key of the head line's signature: who exported the record (outside the chain, which it signs).
SIGNATURE_KEY = "signature"
#: Key of the placeholder that stands, in the sequence given to the verifier, for a record that
#: could not be parsed at all; its value says why.
UNREADABLE = "_unreadable"


@dataclasses.dataclass(frozen=True)
class VerificationReport:
    """The outcome of checking a chain.

    ``first_bad_version`` is the first version whose event is altered, missing or out of
    place (None when ``ok``, or when the defect is not tied to one version); ``head_hash`` is
    the hash of the last event that verified; ``count`` the number of events examined.
    """

    ok: bool
    first_bad_version: int | None
    reason: str
    head_hash: str
    count: int

    @property
    def trusted_version(self) -> int:
        """How many events, from version 1, verified before the first defect (all of them when
        ``ok``; none when the defect is not tied to a version)."""
        if self.ok:
            return self.count
        return max((self.first_bad_version or 1) - 1, 0)


def head_record(game_id: str, version: int, hash_: str, signature: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The final line of an export: the game's version and the hash of its last event, with the
    signature of the service that exported it when there is one (``events.signing``)."""
    record: dict[str, Any] = {HEAD_KEY: {"game_id": game_id, "version": version, "hash": hash_}}
    if signature is not None:
        record[SIGNATURE_KEY] = dict(signature)
    return record


def is_head_record(item: object) -> TypeGuard[Mapping[str, Any]]:
    """True for the dict made by :func:`head_record`."""
    return isinstance(item, Mapping) and HEAD_KEY in item and "event_id" not in item


class ChainChecker:
    """The chain rules applied one event at a time, for readers that verify as they go.

    :func:`verify_envelopes` and :meth:`events.store.EventStore.read_verified` both walk a record
    through one checker, so the rules (and the one way a hash is computed) live here only.
    """

    __slots__ = ("prev", "count", "game_id", "event_ids")

    def __init__(self) -> None:
        self.prev = GENESIS_HASH
        self.count = 0
        self.game_id: str | None = None
        self.event_ids: set[str] = set()

    def check(self, fields: Mapping[str, Any]) -> str | None:
        """Check the next event's recorded fields; None (and the chain moves on) if it belongs
        here, else why not (and nothing moves)."""
        problem = _check_one(fields, self.count + 1, self.prev, self.game_id)
        if problem is None:
            problem = self._check_event_id(fields["event_id"])
        if problem is None:
            self.game_id = fields["game_id"]
            self.prev = fields["hash"]
            self.count += 1
        return problem

    def _check_event_id(self, event_id: Any) -> str | None:
        # An event id is what makes a retried append safe (the store finds the event by it), so a
        # game's ids are non-empty and distinct; a record that breaks this was not made by a store.
        if type(event_id) is not str or not event_id:
            return f"the event id {event_id!r} is empty or not a string"
        if event_id in self.event_ids:
            return f"the event id {event_id!r} is already used by an earlier event of the game"
        self.event_ids.add(event_id)
        return None

    def failed(self, reason: str, version: int | None = -1) -> VerificationReport:
        """The report of a chain broken at ``version`` (default: the next event's)."""
        return _bad(self.count + 1 if version == -1 else version, reason, self.prev, self.count)

    def against_head(self, head: tuple[int, str] | None, require_head: bool = False) -> VerificationReport:
        """The report once every event has passed :meth:`check`: the count and the last hash
        compared with ``head`` (version, hash)."""
        prev, count = self.prev, self.count
        if head is None:
            if require_head:
                return _bad(None, "no head record: missing final events cannot be ruled out", prev, count)
            return VerificationReport(True, None, "chain verifies (no head to compare)", prev, count)
        head_version, head_hash = head
        if head_version > count:
            return _bad(count + 1, f"events {count + 1}..{head_version} are missing (head is at {head_version})", prev, count)
        if head_version < count:
            return _bad(head_version + 1, f"events beyond the head (version {head_version})", prev, count)
        if head_hash != prev:
            return _bad(count or None, "the head hash does not match the last event", prev, count)
        return VerificationReport(True, None, "chain verifies", prev, count)


def verify_envelopes(
    items: Iterable[Envelope | Mapping[str, Any]],
    head: tuple[int, str] | None = None,
    require_head: bool = False,
) -> VerificationReport:
    """Check envelopes (or their dicts) in order against the chain rules.

    Each event must sit at the version that follows the one before, carry the previous
    event's hash as ``prev_hash`` (the genesis hash for version 1), belong to the same game,
    and hash to its own ``hash``. ``head`` (version, hash) is what the game's head says; a head
    record among ``items`` supplies it too. With ``require_head`` a missing head is a failure,
    since removing the last events would otherwise go unnoticed.
    """
    checker = ChainChecker()
    seen_head_record = False
    for item in items:
        if is_head_record(item):
            if seen_head_record or head is not None:
                return checker.failed("more than one head record", None)
            head = _parse_head(item[HEAD_KEY])
            if head is None:
                return checker.failed("malformed head record", None)
            seen_head_record = True
            continue
        if seen_head_record:
            return checker.failed("an event follows the head record")
        problem = checker.check(item.to_dict() if isinstance(item, Envelope) else item)
        if problem:
            return checker.failed(problem)
    return checker.against_head(head, require_head)


def verify_lines(lines: Iterable[str | bytes]) -> VerificationReport:
    """Verify an exported JSON-lines file (envelopes then a head line); the head is required."""
    return verify_envelopes(_parse_lines(lines), require_head=True)


def _parse_lines(lines: Iterable[str | bytes]) -> Iterable[Mapping[str, Any]]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)  # about five times faster than json; refuses NaN, which no valid record holds
        except ValueError:
            value = None
        # An unreadable line still occupies a place in the chain, so it is reported there.
        yield value if isinstance(value, Mapping) else {UNREADABLE: f"line {number} is not a JSON object"}


def _check_one(fields: Mapping[str, Any], expected: int, prev: str, game_id: str | None) -> str | None:
    if UNREADABLE in fields:
        unreadable: str = fields[UNREADABLE]
        return unreadable
    if not fields.keys() >= RECORDED_SET:  # one set comparison: this runs for every event read
        missing = [name for name in RECORDED_FIELDS if name not in fields]
        return f"event lacks field(s) {', '.join(missing)}"
    if fields["version"] != expected:
        return f"expected version {expected} here, found version {fields['version']!r} (an event is missing or out of order)"
    if game_id is not None and fields["game_id"] != game_id:
        return f"event belongs to game {fields['game_id']!r}, not {game_id!r}"
    if fields["prev_hash"] != prev:
        return "prev_hash does not match the hash of the previous event"
    try:
        actual = envelope_hash(fields)
    except (TypeError, ValueError) as exc:
        return f"content cannot be encoded: {exc}"
    if actual != fields["hash"]:
        return "hash does not match the event's content (altered)"
    return None


def _parse_head(value: object) -> tuple[int, str] | None:
    if not isinstance(value, Mapping):
        return None
    version, hash_ = value.get("version"), value.get("hash")
    if not isinstance(version, int) or not isinstance(hash_, str):
        return None
    return version, hash_


def _bad(version: int | None, reason: str, head_hash: str, count: int) -> VerificationReport:
    return VerificationReport(False, version, reason, head_hash, count)
