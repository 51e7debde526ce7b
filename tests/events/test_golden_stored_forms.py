"""The record is permanent: a record in each stored form, byte for byte as Redis held it
(``golden/stored_forms.json``: form 1, each envelope whole as a JSON object with an index record
per event; form 2, the compact entries with one index record per append; form 3, positional
entries with raw command ids, indexed in small buckets by raw keys), still reads to the same
envelopes and typed events, verifies, exports the same lines, and takes new events."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from store_samples import notes

from events.envelope import canonical_json

GOLDEN = json.loads((Path(__file__).parent / "golden" / "stored_forms.json").read_text())


def _load(redis_client, store, game: str, form: dict) -> None:
    stream, index, requests = store._keys(game)
    raw = base64.b64decode
    for entry_id, value in form["entries"]:
        redis_client.xadd(stream, {"e": raw(value)}, id=entry_id)
    redis_client.hset(index, mapping={raw(k): raw(v) for k, v in form["index"].items()})
    if form["requests"]:
        redis_client.hset(requests, mapping={raw(k): raw(v) for k, v in form["requests"].items()})
    for bucket, records in form.get("buckets", {}).items():
        redis_client.hset(store._bucket_key(game, bucket), mapping={raw(k): raw(v) for k, v in records.items()})


@pytest.mark.parametrize("game", ["form1", "form2", "form3"])
def test_a_record_of_every_stored_form_reads_verifies_and_exports_as_it_did(store, redis_client, game):
    form = GOLDEN[game]
    _load(redis_client, store, game, form)
    envelopes = list(store.read(game))
    assert [canonical_json(e.to_dict()).decode() for e in envelopes] == form["export"]
    assert [repr(e.event) for e in envelopes] == form["events"]
    assert list(store.head(game)) == form["head"] and store.verify(game).ok
    assert store.read_verified(game).envelopes == envelopes

    version = len(envelopes)
    added = store.append(game, notes(2), version, "dan", command_id="action:later").envelopes
    assert added[0].prev_hash == form["head"][1] and store.verify(game).ok


def test_a_retry_of_a_request_recorded_in_any_form_is_answered_from_the_record(store, redis_client):
    for game in ("form1", "form2", "form3"):
        _load(redis_client, store, game, GOLDEN[game])
    assert store.recorded_request("form1", "action k4") == "digest 4"
    assert store.recorded_request("form2", "action b") == "digest b"
    assert store.append("form2", notes(1), 6, "ann", request=("action b", "digest b")).request_seen == "digest b"
    assert store.version("form2") == 6
    # Form 3: a request named by a random command id, recorded in its raw index record.
    key = "action:" + "a1" * 16
    assert store.recorded_request("form3", key) == "d1" * 8
    assert store.append("form3", notes(1), 8, "ann", command_id=key, request=(key, "d1" * 32)).request_seen == "d1" * 32
    assert store.append("form3", notes(1), 8, "ann", command_id=key, request=(key, "e1" * 32)).request_seen == "d1" * 8
    assert store.recorded_request("form3", "action k3") == "digest 3"
    assert [e.version for e in store.find_events("form3", [f"{key}#0", "create:" + "0f" * 16 + "#1", "note-own"])] == [4, 3, 7]
    assert store.version("form3") == 8
