"""A play (one event of a command with a random id: every action a table logs) is appended by a
path of its own, ``events.batch_builder.play``, that writes what the general batch builder writes,
byte for byte, with less of the client's work."""

from __future__ import annotations

import hashlib
import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from store_samples import HandDealt, notes

from events import batch_builder
from events.batch_builder import build_batch, play, recorded_now
from events.envelope import canonical_json, envelope_hash
from events.compact_form import raw_command
from events.registry import registry
from events.stored_form import time_code, time_text
from tests.workers.longgame import random_game_events

GAME = "g1"
HEAD = "e" * 64
COMMAND = "action:" + "ab" * 16
DIGEST = "cd" * 32


def _general(item, event, actor: str, at: str, command_id: str = COMMAND, request_digest: str | None = None):
    """The batch the general loop builds for the same play (events.batch_builder.build_batch with
    the play path turned off)."""
    saved = batch_builder._play
    batch_builder._play = lambda *args: None
    try:
        request = None if request_digest is None else (command_id, request_digest)
        return build_batch(GAME, 4, HEAD, [actor], [at], [f"{command_id}#0"], [item], [event], [command_id], request)
    finally:
        batch_builder._play = saved


def _play(item, event, actor: str, command_id: str = COMMAND, request_digest: str | None = None):
    at, code = recorded_now()
    raw = raw_command(command_id)
    assert raw is not None
    return play(GAME, 4, HEAD, actor, at, code, command_id, raw, item, event, request_digest), at


def _same_as_the_general_loop(item, event, actor: str, command_id: str = COMMAND, request_digest: str | None = None):
    batch, at = _play(item, event, actor, command_id, request_digest)
    assert batch is not None
    (envelope,) = batch.envelopes
    # The chain's hash is SHA-256 of canonical JSON of the hashed fields, whatever they hold.
    assert envelope.hash == envelope_hash(envelope.to_dict())
    general = _general(item, event, actor, at, command_id, request_digest)
    assert general.envelopes[0].to_dict() == envelope.to_dict() and general.envelopes[0].event is event
    # The general form's arguments hold the play's: its head records, index record, event id, entry.
    assert general.args[:3] == batch.args[:3] and general.bucket == batch.bucket
    assert general.args[9:11] == batch.args[3:5] and general.args[11] == batch.args[5]
    assert general.args[12] == batch.args[6]


def test_a_plays_stored_entry_and_hash_are_the_general_loops_for_every_real_event():
    events = random_game_events(hands=6, seed=3)
    for n, event in enumerate(events):
        _same_as_the_general_loop(registry.encode(event), event, ["scorekeeper", "Zoë Ångström", "席 2"][n % 3],
                                  request_digest=DIGEST if n % 2 else None)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(text=st.text(), seat=st.integers(-(2**63), 2**63 - 1), extra=st.dictionaries(st.text(max_size=4), _json, max_size=2),
       actor=st.text(min_size=1, max_size=80), scope=st.sampled_from(["", "action:", "dispute:", "x_1-z:"]))
def test_a_plays_hashed_fields_are_canonical_json_for_any_payload_and_actor(text, seat, extra, actor, scope):
    """Unicode actors and payloads, nested values, keys in any order, fields a type does not have
    (stored with their keys): the hash is canonical JSON's, the entry the general loop's."""
    payload = {**extra, "text": text, "seat": seat} if extra.keys().isdisjoint({"text", "seat"}) else {"text": text, "seat": seat}
    _same_as_the_general_loop(("NoteTaken", 1, dict(reversed(list(payload.items())))), None, actor,
                              scope + os.urandom(16).hex(), DIGEST)


def test_a_plays_hash_covers_the_fields_canonical_json_writes_in_its_order():
    payload = {"hands": [["AS", "é"]], "dealer": 1, "note": None, "tags": ["x"]}
    batch, at = _play(("HandDealt", 1, payload), HandDealt((("AS", "é"),), 1, None, ["x"]), "ann")
    assert batch is not None
    fields = dict(event_id=f"{COMMAND}#0", game_id=GAME, version=5, type="HandDealt", schema_version=1,
                  payload=payload, recorded_at=at, actor="ann", prev_hash=HEAD, command_id=COMMAND)
    assert batch.envelopes[0].hash == hashlib.sha256(canonical_json(fields)).hexdigest()


def test_the_time_a_play_records_reads_back_as_the_code_it_stores():
    for _ in range(1000):
        text, code = recorded_now()
        assert time_code(text) == code and time_text(code) == text


def test_a_play_is_built_without_the_general_batch_builder(store):
    """The store appends a play without the general path's lists and checks: the batch builder's
    general loop is never entered, nor its checks of given event ids."""
    store.append(GAME, notes(1), 0, "ann")
    entered = []

    def watch(frame, event, _arg):
        if event == "call" and frame.f_code.co_name in ("build_batch", "event_ids", "_append_encoded"):
            entered.append(frame.f_code.co_name)

    sys.setprofile(watch)
    try:
        store.append(GAME, notes(1, 1), 1, "ann")
        store.append(GAME, notes(1, 2), 2, "ann", event_ids=[f"{COMMAND}#0"], command_id=COMMAND,
                     request=(COMMAND, DIGEST))
    finally:
        sys.setprofile(None)
    assert entered == []
    assert store.version(GAME) == 3 and store.verify(GAME).ok
    assert [e.command_id for e in store.read(GAME)][2] == COMMAND


def test_an_append_the_play_path_does_not_take_is_appended_or_refused_as_before(store):
    store.append(GAME, notes(1), 0, "ann")
    # Given ids that are not the command's, a tuple of events, a scope no raw id has, a long actor.
    assert store.append(GAME, notes(1, 1), 1, "ann", event_ids=["mine"]).version == 2
    assert store.append(GAME, tuple(notes(1, 2)), 2, "ann", command_id="not raw").version == 3
    assert store.append(GAME, notes(1, 3), 3, "a" * 300).version == 4
    assert store.append(GAME, notes(1, 4), 4, "ann", command_id="", request=("route:k", DIGEST)).version == 5
    assert store.verify(GAME).ok and store.verify(GAME).count == 5
    assert [e.event_id for e in store.read(GAME)][1:3] == ["mine", "not raw#0"]


@pytest.mark.parametrize(("game_id", "version", "actor", "event_ids", "message"), [
    (["g1"], 1, "ann", None, "a game id is a non-empty string"),
    ("a{b", 1, "ann", None, "braces"),
    (GAME, True, "ann", None, "expected_version must be an int"),
    (GAME, -1, "ann", None, "expected_version must be an int"),
    (GAME, 1, "", None, "actor must be a non-empty string"),
    (GAME, 1, 7, None, "actor must be a non-empty string"),
    (GAME, 1, "ann", ["a", "b"], "2 event ids for 1 events"),
    (GAME, 1, "ann", [""], "event ids must be non-empty strings"),
])
def test_a_play_with_a_bad_input_is_refused_as_any_append_is_and_writes_nothing(store, game_id, version, actor,
                                                                               event_ids, message):
    store.append(GAME, notes(1), 0, "ann")
    with pytest.raises(ValueError, match=message):
        store.append(game_id, notes(1, 1), version, actor, event_ids=event_ids)
    assert store.version(GAME) == 1 and store.verify(GAME).ok
