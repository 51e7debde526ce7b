"""Read models: documents derived from a game's event log, stored beside it, only ever moving forward.

Each read model is a Redis hash ``courtcard:{<game>}:<name>`` with three fields: ``form`` (the
shape of its document, :data:`FORMS`), ``version`` (the event version the document reflects) and
``doc`` (the document as JSON). Keys are hash-tagged by game, like the event store's, so a game's
record and its read models share a cluster slot.

A write carries the version it reflects, and a script refuses it unless that version is newer
than the stored one of the same form. A slow job that finishes after a faster one, or a job run
twice, can therefore never put an older (or the same) document back: the later state always wins.

A document is read only in its kind's current form. The record is the truth and every read model
can be made again from it, so one stored in another form counts as absent: it is made again by
the same path a missing one is (a worker's job, or the request when no worker takes it), and that
write replaces it whatever version it reflects. One of a newer form (a later release's, running
beside this one) is absent to this release too, and never replaced by an older form. (A release
from before forms writes ``version`` and ``doc`` alone, leaving the form of the document it
replaces: its workers are stopped before this release's start.)

**Change a read model's shape, bump its form** in :data:`FORMS`: a field added, removed, renamed
or meaning something else. Otherwise a document the previous release stored, which already
reflects the record's head, is served in its old shape for as long as the record does not grow,
which for a finished game is forever (and its audit finds it differing from the record). A change
of what a document says from the same record, in the same shape, needs a new form as well.
"""

from __future__ import annotations

from typing import Any

import orjson
import redis

#: The current form of each kind of read model. A model's kind is its name up to the first colon:
#: ``scores``, ``audit``, ``dispute`` (``dispute:17``), ``disputes``, ``standings`` (a session's,
#: keyed by the session's id in the club's namespace, ``workers.standings_model``). Bump a kind's form whenever
#: its document changes shape or what it says (scores 1 kept each departure in words, with no event
#: version; audit 1 compared such a sheet, and found it differing, where the record gives the facts).
FORMS = {"scores": 2, "audit": 2, "dispute": 3, "disputes": 2, "standings": 1}
#: The form of a document stored with none: read models had no form before their first change.
FIRST_FORM = 1

# Refuses a write that does not move the model forward: one of an older form than the stored
# document's, or of its form and no newer version. A document of an older form is replaced
# whatever version it reflects. Returns {1, new version} when written, else {0, stored version}.
_PUT_IF_NEWER = """
local stored = redis.call('HMGET', KEYS[1], 'form', 'version')
local form = tonumber(stored[1] or ARGV[4])
local version = tonumber(stored[2] or '-1')
local offered_form, offered = tonumber(ARGV[1]), tonumber(ARGV[2])
if form > offered_form or (form == offered_form and version >= offered) then
  return {0, version}
end
redis.call('HSET', KEYS[1], 'form', ARGV[1], 'version', ARGV[2], 'doc', ARGV[3])
return {1, offered}
"""


def form_of(name: str) -> int:
    """The current form of read model ``name`` (``scores``, ``dispute:17``): its kind's, in :data:`FORMS`."""
    kind = name.split(":", 1)[0]
    if kind not in FORMS:
        raise ValueError(f"read model {name!r} is of no known kind: its kind {kind!r} needs a form in FORMS")
    return FORMS[kind]


class ReadModels:
    """Forward-only storage of the documents workers derive from games' logs."""

    def __init__(self, client: redis.Redis, namespace: str = "courtcard") -> None:
        self.redis = client
        self.namespace = namespace
        self._put = client.register_script(_PUT_IF_NEWER)

    def key(self, game_id: str, name: str) -> str:
        """``courtcard:{<game>}:<name>``, e.g. ``courtcard:{g1}:scores`` or ``courtcard:{g1}:dispute:17``."""
        if "{" in game_id or "}" in game_id:
            raise ValueError(f"a game id may not contain braces: {game_id!r}")
        return f"{self.namespace}:{{{game_id}}}:{name}"

    def put(self, game_id: str, name: str, version: int, doc: Any) -> bool:
        """Store ``doc`` (in its kind's current form) as reflecting ``version`` if that moves the
        model forward: a newer version than the stored document's, or any version over a document
        of an older form.

        Returns True when written, False when an equal or newer document was already there.
        """
        written, _stored = self._put(keys=[self.key(game_id, name)],
                                     args=[form_of(name), int(version), orjson.dumps(doc), FIRST_FORM])
        return bool(written)

    def version(self, game_id: str, name: str) -> int | None:
        """The version the stored document reflects, or None if there is none in the current form."""
        form, version = self.redis.hmget(self.key(game_id, name), ["form", "version"])
        return int(version) if version is not None and _current(form, name) else None

    def get(self, game_id: str, name: str) -> tuple[int, Any] | None:
        """``(version, document)`` or None if nothing is stored in the current form."""
        form, version, doc = self.redis.hmget(self.key(game_id, name), ["form", "version", "doc"])
        if version is None or doc is None or not _current(form, name):
            return None
        return int(version), orjson.loads(doc)


def _current(form: bytes | str | None, name: str) -> bool:
    """Whether a stored ``form`` field (None: stored before forms were) is ``name``'s current form."""
    return (FIRST_FORM if form is None else int(form)) == form_of(name)
