"""The record is permanent: a stored event of form 3 names its type by a code derived from the
type's name, schema version and field names (``events/compact_form.py``), so every code written
so far must still name the same type. ``golden/type_codes.json`` lists them; a type whose fields
change without a new schema version fails here (give it a new version and an upcaster)."""

from __future__ import annotations

import json
from pathlib import Path

import referee.club.leagues  # noqa: F401 - every module that registers event types
import referee.club.roster  # noqa: F401
import referee.club.sessions  # noqa: F401
import referee.confirmations  # noqa: F401
import referee.events  # noqa: F401
import referee.games.black_queen.events  # noqa: F401
import referee.games.dungeon.events  # noqa: F401
import referee.games.queens_dungeon.events  # noqa: F401
import referee.games.the_queens.events  # noqa: F401
from events.compact_form import spec_of
from events.registry import registry

GOLDEN = Path(__file__).parent / "golden" / "type_codes.json"


def _codes() -> dict[str, list]:
    out = {}
    for name in registry.names():
        entry = registry.lookup(name)
        code, _name, version, fields, _values = spec_of(name, entry.version)
        if code is not None:
            out[code.hex()] = [name, version, list(fields)]
    return out


def test_every_stored_type_code_still_names_its_type():
    recorded = json.loads(GOLDEN.read_text())
    now = _codes()
    changed = {code: spec for code, spec in recorded.items() if now.get(code) != spec}
    assert not changed, f"event types whose stored code no longer reads as it was written: {changed}"


def test_every_event_type_of_the_referee_is_stored_by_position():
    assert {spec[0] for spec in _codes().values()} == set(registry.names())
