"""The served score sheet of Dungeon says how and in which turn each player left the game, as the
csv and printable records do, and keeps it: a refresh carries the departures of the stored sheet
forward, and folds the record again only when a player left (or an undo was logged) since. The
stored sheet keeps the facts (the turn, the version of the event that took the player out), and
the words are made as it is served, so a change of words leaves the stored sheet what the record
gives."""

from __future__ import annotations

import random

import orjson

from api.views import action_payloads
from referee.registry import get_game
from referee.replay import replay
from tests.workers.dungeon_slain import GOING_ON, OPTIONS, SEATS, SLAIN_IN_TURN, TO_THE_SLAYING
from tests.workers.test_text_record import envelopes_of
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES, build_sheet, kept_departures

DUNGEON = get_game("dungeon")
SLAIN = "slain by the king of clubs"


def new_dungeon(client) -> tuple[str, dict]:
    created = client.post("/games", json={"game": "dungeon", "seats": SEATS, "options": OPTIONS, "record": "known"})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    return body["game_id"], {"Authorization": f"Bearer {body['token']}"}


def log(client, game_id: str, headers: dict, commands: list) -> None:
    for body in action_payloads(DUNGEON, commands):
        response = client.post(f"/games/{game_id}/actions", json=body, headers=headers)
        assert response.status_code == 201, (body, response.get_json())


def served(client, game_id: str) -> dict:
    reply = client.get(f"/games/{game_id}/scores").get_json()
    assert reply["ready"], reply
    return reply["sheet"]


def row_of(sheet: dict, name: str) -> dict:
    return next(row for row in sheet["rows"] if row["name"] == name)


def test_the_served_sheet_says_how_and_in_which_turn_a_player_was_slain(client):
    game_id, headers = new_dungeon(client)
    log(client, game_id, headers, TO_THE_SLAYING)
    sheet = served(client, game_id)
    assert row_of(sheet, "Cat")["result"] == SLAIN and row_of(sheet, "Cat")["turns"] == SLAIN_IN_TURN
    assert row_of(sheet, "Ann")["result"] == "in play"
    # The version of the event that took Cat out: her slaying, the last event logged.
    assert sheet["departures"] == [{"seat": 2, "turn": SLAIN_IN_TURN, "version": sheet["version"], "how": SLAIN}]
    log(client, game_id, headers, GOING_ON)
    later = served(client, game_id)
    assert later["version"] > sheet["version"] and row_of(later, "Ann")["turns"] == SLAIN_IN_TURN + 2
    assert row_of(later, "Cat")["result"] == SLAIN and row_of(later, "Cat")["turns"] == SLAIN_IN_TURN


def slain_and_stored(client, redis_client, departures) -> tuple[str, dict, int]:
    """A game logged to Cat's slaying, its sheet served and stored with ``departures(version)`` (of
    the slaying's version) put in its place: the game, its headers and the slaying's version."""
    game_id, headers = new_dungeon(client)
    log(client, game_id, headers, TO_THE_SLAYING)
    served(client, game_id)
    models = ReadModels(redis_client)
    slain_at, doc = models.get(game_id, SCORES)
    assert doc["departures"] == [{"seat": 2, "turn": SLAIN_IN_TURN, "version": slain_at}]  # facts, no words
    assert row_of(doc, "Cat")["result"] == "out"
    doc["departures"] = departures(slain_at)
    redis_client.hset(models.key(game_id, SCORES), "doc", orjson.dumps(doc))
    return game_id, headers, slain_at


def test_the_departures_are_carried_from_the_stored_sheet_not_folded_again(client, redis_client):
    # The stored sheet's turn is changed under it: a refresh that folded the record again would
    # say turn 7; one that carries the stored departures keeps this one.
    game_id, headers, _ = slain_and_stored(client, redis_client, lambda at: [{"seat": 2, "turn": 99, "version": at}])
    log(client, game_id, headers, GOING_ON)
    sheet = served(client, game_id)
    assert row_of(sheet, "Cat")["turns"] == 99 and row_of(sheet, "Cat")["result"] == SLAIN


def test_the_audit_compares_the_facts_of_the_departures_not_their_words(client, redis_client, monkeypatch):
    from referee.games.dungeon.events import DungeonPlayerSlain
    from referee.games.dungeon.game import Dungeon
    from workers.audit import audit_game
    from events.store import EventStore

    game_id, headers = new_dungeon(client)
    log(client, game_id, headers, TO_THE_SLAYING)
    served(client, game_id)
    stored = ReadModels(redis_client).get(game_id, SCORES)
    # The words change (a later release): the stored sheet is still what the record gives, and
    # the sheet served says the new words.
    monkeypatch.setattr(Dungeon, "departure", lambda self, kind, p: f"killed by {p['creature']}"
                        if kind is DungeonPlayerSlain else None)
    report = audit_game(EventStore(redis_client), game_id, stored)
    assert report["scores"]["matches"] is True, report["scores"]
    assert row_of(served(client, game_id), "Cat")["result"] == "killed by KC"
    # A stored fact that is not the record's is still found.
    stored[1]["departures"][0]["turn"] = SLAIN_IN_TURN + 1
    assert audit_game(EventStore(redis_client), game_id, stored)["scores"]["differences"] == ["departures"]


def test_an_undone_slaying_brings_the_player_back_and_a_new_one_is_told_again(client):
    game_id, headers = new_dungeon(client)
    log(client, game_id, headers, TO_THE_SLAYING)
    assert row_of(served(client, game_id), "Cat")["result"] == SLAIN
    undone = client.post(f"/games/{game_id}/actions", json={"action": "undo"}, headers=headers)
    assert undone.status_code == 201, undone.get_json()
    back = served(client, game_id)
    assert row_of(back, "Cat")["result"] == "in play" and back["departures"] == []
    log(client, game_id, headers, TO_THE_SLAYING[-1:])  # she retreats again, and is slain again
    assert row_of(served(client, game_id), "Cat")["result"] == SLAIN


def test_stored_departures_are_not_carried_past_an_undo_or_a_new_departure():
    rng = random.Random(0)
    events = DUNGEON.start(OPTIONS, SEATS, "known", rng)
    state = replay(events)
    for command in TO_THE_SLAYING:
        for event in DUNGEON.decide(state, command, rng):
            state = DUNGEON.apply(state, event)
            events.append(event)
    envelopes = envelopes_of(events)
    sheet = build_sheet("g1", DUNGEON, state, envelopes)
    since = lambda version: envelopes[version:]  # noqa: E731 - the envelopes after a version
    facts = build_sheet("g1", DUNGEON, state)  # the sheet from the state, before its departures
    assert kept_departures(facts, (state.version, sheet), since) == {2: (SLAIN_IN_TURN, state.version)}
    # The same departures, with an undo logged since the stored sheet: folded again.
    undo = envelopes_of([*events, *DUNGEON.decide(state, DUNGEON.command_schemas["undo"].load({}), rng)])[-1]
    assert kept_departures(facts, (state.version - 1, sheet), lambda v: [undo]) is None
    # A stored sheet from before the slaying knows nobody out: folded again.
    before = build_sheet("g1", DUNGEON, replay([e.event for e in envelopes[:-1]]), envelopes[:-1])
    assert before["departures"] == []
    assert kept_departures(facts, (state.version - 1, before), since) is None
