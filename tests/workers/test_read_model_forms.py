"""Read models have a form: a document stored in another form than its kind's current one (as the
previous release stored it, before its shape changed) counts as absent, so it is made again from
the record at the next read instead of being served, and the audit never reports an old form as a
difference from the record. Within a form, a read model still only moves forward.

The API is served as `courtcard serve` runs it (no worker: the request makes what is absent), on
the single server and on the cluster."""

from __future__ import annotations

import orjson
import pytest

from events.store import EventStore
from tests.workers.dungeon_slain import SLAIN_IN_TURN, TO_THE_SLAYING
from tests.workers.test_departures import SLAIN, log, new_dungeon, row_of, served
from tests.workers.test_disputes import file, renege_in_trick_one, ruling_of
from tests.workers.test_html_record import import_reply
from tests.workers.test_text_record import random_record
from workers.audit import audit_game
from workers.disputes import dispute_model
from workers.readmodels import FORMS, ReadModels
from workers.scoresheet import SCORES


@pytest.fixture
def store_backend(every_backend):
    return every_backend


@pytest.fixture
def client(http_client):
    return http_client


def stored_as_the_previous_release(redis_client, game_id: str, name: str, version: int, doc: dict) -> None:
    """The hash as the release before forms wrote it: its version and document, no form."""
    key = ReadModels(redis_client).key(game_id, name)
    redis_client.delete(key)
    redis_client.hset(key, mapping={"version": version, "doc": orjson.dumps(doc)})


def in_words(sheet: dict) -> dict:
    """A served Dungeon sheet (its results in words) as the previous release stored it: each
    departure in words too, with no version of the event that took the player out."""
    return {**sheet, "departures": [{"seat": d["seat"], "turn": d["turn"], "how": d["how"]} for d in sheet["departures"]]}


def test_a_score_sheet_stored_in_an_older_form_is_not_served_but_made_again_from_the_record(client, redis_client):
    game_id, _headers = new_dungeon(client)
    log(client, game_id, _headers, TO_THE_SLAYING)
    slain_at = served(client, game_id)["version"]
    # The words the previous release stored, and a turn the record does not give: served as it
    # was, this sheet would say turn 99.
    earlier = in_words(served(client, game_id))
    earlier["departures"][0]["turn"] = 99
    stored_as_the_previous_release(redis_client, game_id, SCORES, slain_at, earlier)
    models = ReadModels(redis_client)
    assert models.get(game_id, SCORES) is None and models.version(game_id, SCORES) is None  # absent to this release

    sheet = served(client, game_id)
    assert sheet["version"] == slain_at
    assert sheet["departures"] == [{"seat": 2, "turn": SLAIN_IN_TURN, "version": slain_at, "how": SLAIN}]
    assert row_of(sheet, "Cat")["result"] == SLAIN and row_of(sheet, "Cat")["turns"] == SLAIN_IN_TURN
    # Stored again in the current form: the facts, no words.
    assert models.get(game_id, SCORES)[1]["departures"] == [{"seat": 2, "turn": SLAIN_IN_TURN, "version": slain_at}]
    assert int(redis_client.hget(models.key(game_id, SCORES), "form")) == FORMS["scores"]


def test_the_audit_of_a_finished_dungeon_game_whose_sheet_is_of_an_older_form_says_it_matches(client, redis_client):
    reply = import_reply(client, random_record("dungeon", seed=3, steps=3000))
    game_id, scorekeeper = reply["game_id"], {"Authorization": f"Bearer {reply['token']}"}
    sheet = served(client, game_id)
    head = sheet["version"]
    assert sheet["outcome"] is not None and len(sheet["departures"]) == 2  # finished: two players slain
    stored_as_the_previous_release(redis_client, game_id, SCORES, head, in_words(sheet))
    # Compared as it is, the previous release's sheet differs from the record in its shape alone.
    earlier = (head, in_words(sheet))
    assert audit_game(EventStore(redis_client), game_id, earlier)["scores"]["differences"] == ["departures", "rows"]

    report = client.get(f"/games/{game_id}/audit", headers=scorekeeper).get_json()
    assert report["ready"], report
    assert report["audit"]["scores"] == {"stored_version": head, "matches": True, "differences": [],
                                         "note": "the stored sheet matches the record"}
    assert report["audit"]["ok"] is True
    assert served(client, game_id) == sheet  # the sheet made again is served as before


def test_an_audit_stored_in_an_older_form_that_found_an_old_sheet_differing_is_made_again(client, redis_client):
    """A finished game's audit of the previous release (it compared the sheet in words) reflects
    the head: in its old form it would be served for ever, saying the sheet differs."""
    reply = import_reply(client, random_record("dungeon", seed=3, steps=3000))
    game_id, scorekeeper = reply["game_id"], {"Authorization": f"Bearer {reply['token']}"}
    sheet = served(client, game_id)
    head = sheet["version"]
    earlier = audit_game(EventStore(redis_client), game_id, (head, in_words(sheet)))
    assert earlier["scores"]["matches"] is False
    stored_as_the_previous_release(redis_client, game_id, "audit", head, earlier)

    report = client.get(f"/games/{game_id}/audit", headers=scorekeeper).get_json()
    assert report["ready"] and report["audit"]["ok"] is True, report
    assert report["audit"]["scores"]["matches"] is True


def test_a_dispute_explained_in_an_older_form_is_explained_again_from_the_record(client, redis_client):
    table = renege_in_trick_one(client)
    n = file(table, seat=3, accused=2, trick=1)["dispute"]
    ruling = ruling_of(table, n)
    head = EventStore(redis_client).version(table.game_id)
    stored_as_the_previous_release(redis_client, table.game_id, dispute_model(n), head,
                                   {"kind": "claim", "status": "ruled", "summary": "as an earlier release put it"})
    assert ruling_of(table, n) == ruling


def test_within_a_form_an_older_version_never_overwrites_a_newer_one(redis_client):
    models = ReadModels(redis_client)
    assert models.put("g1", SCORES, 5, {"at": 5})
    assert not models.put("g1", SCORES, 4, {"at": 4})
    assert not models.put("g1", SCORES, 5, {"again": 5})
    assert models.get("g1", SCORES) == (5, {"at": 5})
    assert models.put("g1", SCORES, 6, {"at": 6}) and models.get("g1", SCORES) == (6, {"at": 6})


def test_a_document_of_an_older_form_is_overwritten_whatever_version_it_reflects(redis_client):
    models = ReadModels(redis_client)
    stored_as_the_previous_release(redis_client, "g1", SCORES, 99, {"at": 99})
    assert models.put("g1", SCORES, 5, {"at": 5})
    assert models.get("g1", SCORES) == (5, {"at": 5})
    assert not models.put("g1", SCORES, 4, {"at": 4})  # and it moves only forward from there


def test_a_document_of_a_newer_form_is_neither_served_nor_overwritten_by_an_older_one(redis_client):
    # A release ahead of this one, running beside it, stored it: it never moves back a form.
    models = ReadModels(redis_client)
    key = models.key("g1", SCORES)
    redis_client.hset(key, mapping={"form": FORMS["scores"] + 1, "version": 3, "doc": orjson.dumps({"ahead": True})})
    assert models.get("g1", SCORES) is None and models.version("g1", SCORES) is None
    assert not models.put("g1", SCORES, 7, {"at": 7})
    assert orjson.loads(redis_client.hget(key, "doc")) == {"ahead": True}


def test_a_dispute_model_has_the_form_of_its_kind_and_an_unknown_kind_none(redis_client):
    models = ReadModels(redis_client)
    assert models.put("g1", dispute_model(17), 3, {"n": 17})
    assert int(redis_client.hget(models.key("g1", "dispute:17"), "form")) == FORMS["dispute"]
    with pytest.raises(ValueError, match="'tables'"):
        models.put("g1", "tables", 3, {})
