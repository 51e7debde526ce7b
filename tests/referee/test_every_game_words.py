"""Every registered event type of every game has words of its game's own (`Game.words`), with the
players' names: no sentence reads as an event's type and fields, and none shows a seat number.

The events come from the golden records of every game (between them nearly every event type, as
recorded), and a recorded payload for each of the few types no golden game holds."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from events.registry import registry
from referee import words
from referee.registry import game_names, get_game
from referee.words import Names

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

#: Payloads, as recorded, of the event types no golden game holds, by the game that records them.
RECORDED_ELSEWHERE = [
    ("queens-dungeon", "CardTakenBack", {"seat": 2, "hand": 1, "trick": 3, "card": "4C", "replaces_from": 17}),
    ("queens-dungeon", "PenaltyAccepted", {"seat": 2, "hand": 1, "trick": 3, "card": "4C", "penalty": 25,
                                           "replaces_from": 17}),
    ("queens-dungeon", "HandExchanged", {"seat": 0, "hand": 1, "exchanged": True}),
    ("dungeon", "DungeonHandDiscarded", {"seat": 3, "cards": ["9H", "4S"]}),
    ("queen-bees", "EntryUndone", {"action": "play", "replaces_from": 9, "replaces_to": 9}),
    ("black-queen", "EntryRedone", {"action": "play", "undo": 10}),
    ("queen-bees", "HandConfirmed", {"seat": 2, "hand": 3, "agree": True, "note": None}),
    ("dungeon", "HandConfirmed", {"seat": 1, "hand": 0, "agree": False, "note": "Bob escaped first"}),
]

SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

#: A seat said by its number: "seat 2", "Seat 2 (Cat)".
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)


def recorded() -> dict[tuple[str, str], list[dict]]:
    """Every (game, event type) recorded, with its payloads."""
    found: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text())
        for event in data["events"]:
            found[data["game"], event["type"]].append(event["payload"])
    for game, kind, payload in RECORDED_ELSEWHERE:
        found[game, kind].append(payload)
    return found


RECORDED = recorded()


def said(game: str, kind: str, payload: dict) -> str:
    cls = registry.lookup(kind).cls
    return get_game(game).words(cls, payload, Names(SEATS))


def game_event_names() -> set[str]:
    """The registered event types a game records: every one but the club's (the roster, sessions and
    leagues of ``referee/club/``, which are records of their own, never a game's)."""
    return {name for name in registry.names() if not registry.lookup(name).cls.__module__.startswith("referee.club.")}


def test_every_registered_event_type_is_recorded_by_some_game_here():
    assert {kind for _, kind in RECORDED} == game_event_names()
    assert {game for game, _ in RECORDED} == set(game_names())


@pytest.mark.parametrize("game, kind", sorted(RECORDED), ids=lambda x: x)
def test_every_registered_event_type_of_every_game_has_words(game, kind, monkeypatch):
    def no_words(kind, payload, names):
        raise AssertionError(f"{game} has no words for {kind.__name__}")

    monkeypatch.setattr(words, "plain_words", no_words)
    for payload in RECORDED[game, kind]:
        text = said(game, kind, payload)
        assert text and not text.endswith("."), text


@pytest.mark.parametrize("game, kind", sorted(RECORDED), ids=lambda x: x)
def test_no_sentence_shows_a_seat_number(game, kind):
    for payload in RECORDED[game, kind]:
        text = said(game, kind, payload)
        assert not SEAT_NUMBER.search(text), text
