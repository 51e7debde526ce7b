"""Dungeon's rulings explained as disputes, from the log alone: an accusation of a cheater and of an
innocent, with the passages as laid; a look after a denial, true or a lie, with the ask, the denial
and the hand as shown. The games are the golden games of ``tests/referee/test_dungeon_golden_games.py``,
or one of them taken another way at the ruling; a cave-in's, on a table laid out for it."""

from __future__ import annotations

import random

import pytest

from referee.games.dungeon import commands as cmd
from referee.games.dungeon.answers import named_in
from referee.undo import Undo
from tests.referee.test_dungeon_golden_games import BLIND_SCRIPT, DARK, DARK_SCRIPT, SCRIPT, golden_log
from tests.api.test_dungeon_api import DUNGEON, SEATS, real_game
from tests.referee.dungeon_table import Table
from tests.workers.test_text_record import envelopes_of, random_record
from workers.disputes import NotADispute, explain_dispute, list_disputes

#: The base game up to Ann's Myrmiddon, who asks Bob for the two of spades he does not hold.
ASK = SCRIPT.index(cmd.Myrmiddon(0, "QH", 1, "KS"))
TRUTHFUL_LOOK = SCRIPT[:ASK] + [cmd.Myrmiddon(0, "QH", 1, "2S"), cmd.Deny(1), cmd.Look(0)]
#: The dark game up to Bob's accusation of Ann.
TO_ACCUSATION = DARK_SCRIPT[:DARK_SCRIPT.index(cmd.Accuse(1, 0)) + 1]
#: The dark game up to Ann's first passage; then Bob lays his 10 by the rules and Ann accuses him.
INNOCENT = DARK_SCRIPT[:6] + [cmd.Draw(1), cmd.PlayPassage(1, "10S"), cmd.EndTurn(1), cmd.Draw(0), cmd.Accuse(0, 1)]


def disputes_of(options, script, record="known"):
    envelopes = envelopes_of(golden_log(options, script, record))
    return envelopes, {line["dispute"]: line for line in list_disputes(envelopes)}


def test_an_accusation_of_a_cheater_lays_out_the_passages_as_laid_and_names_the_one_that_broke_the_rule():
    envelopes, listed = disputes_of(DARK, DARK_SCRIPT)
    accused = next(e.version for e in envelopes if e.type == "DungeonAccused")
    doc = explain_dispute(envelopes, accused)
    assert (doc["kind"], doc["ruling"]["verdict"], doc["dispute"]) == ("accusation", "cheating", accused)
    laid = [e for e in envelopes[:accused] if e.type == "DungeonPassagePlayed" and e.payload["seat"] == 0]
    assert [(p["version"], p["card"], p["on"], p["broke_rule"]) for p in doc["evidence_events"]] == [
        (laid[0].version, "10H", "cell", False), (laid[1].version, "7H", "10H", True)]
    text = doc["read_aloud"]
    assert f"the 7 of hearts laid on the 10 of hearts at event {laid[1].version} is not one lower" in text
    assert f"Event {laid[0].version}: Ann laid the 10 of hearts face down on the cell." in text
    assert ("Ann discards the whole dungeon but the cell: the 10 of hearts, the 7 of hearts "
            f"(event {accused}).") in text
    assert listed[accused]["summary"] == (f"Bob accused Ann of cheating (event {accused}): the "
                                          "dungeon was turned up and Ann had cheated.")


def test_an_accusation_of_an_innocent_finds_every_passage_fair_and_the_accuser_discards_their_dungeon():
    envelopes, _ = disputes_of(DARK, INNOCENT)
    doc = explain_dispute(envelopes, len(envelopes))
    assert (doc["kind"], doc["ruling"]["verdict"]) == ("accusation", "innocent")
    [passage] = doc["evidence_events"]
    assert (passage["card"], passage["on"], passage["broke_rule"], passage["why"]) == ("10S", "cell", False, None)
    assert envelopes[passage["version"] - 1].payload["card"] == "10S"
    assert "Found: every passage was laid by the rules. Bob did not cheat." in doc["read_aloud"]
    assert "Ann discards their own dungeon: the 10 of hearts" in doc["read_aloud"]


def test_a_look_that_finds_the_card_proves_the_denial_a_lie_with_the_hand_as_shown():
    envelopes, listed = disputes_of(None, SCRIPT)
    look = next(e.version for e in envelopes if e.type == "DungeonHandLookedAt")
    doc = explain_dispute(envelopes, look)
    assert (doc["kind"], doc["ruling"]["verdict"], doc["ruling"]["asked"]) == ("look", "lie", "KS")
    cited = {p["type"]: p for p in doc["evidence_events"]}
    assert envelopes[cited["DungeonMyrmiddonAsked"]["version"] - 1].payload["asked"] == "KS"
    assert cited["DungeonCardDenied"]["version"] == look - 1
    assert cited["DungeonHandLookedAt"]["hand"] == ["10S", "KS", "7D", "6D", "9C"]
    assert "Found: the hand holds the king of spades: the denial was a lie." in doc["read_aloud"]
    assert "Ann takes the king of spades and Bob discards the rest of the hand" in doc["read_aloud"]
    # The one line says what the table saw: the ask, the denial, the ruling; never the hand.
    assert listed[look]["summary"].endswith("the denial was a lie.") and "10 of spades" not in listed[look]["summary"]


def test_a_look_that_does_not_find_the_card_proves_the_denial_true_and_the_asker_discards():
    envelopes, _ = disputes_of(None, TRUTHFUL_LOOK)
    doc = explain_dispute(envelopes, len(envelopes))
    assert (doc["ruling"]["verdict"], doc["ruling"]["asked"]) == ("truthful", "2S")
    assert doc["evidence_events"][-1]["hand"] == ["10S", "KS", "7D", "6D", "9C"]
    assert "Found: the 2 of spades is not in the hand: the denial was true." in doc["read_aloud"]
    assert envelopes[-1].payload["discarded"] == ["5H", "2H", "8C", "7C"]
    assert ("Ann discards their whole hand: the 5 of hearts, the 2 of hearts, the 8 of clubs, the 7 of clubs "
            f"(event {len(envelopes)}).") in doc["read_aloud"]


def test_a_liar_found_out_under_suicide_queen_is_explained_with_the_choice_made_after_the_look():
    envelopes, _ = disputes_of(DARK, DARK_SCRIPT)
    look = next(e.version for e in envelopes if e.type == "DungeonHandLookedAt")
    asked = next(e.version for e in envelopes if e.type == "DungeonMyrmiddonAsked")
    closed = max(e.version for e in envelopes[:look] if e.type == "DungeonCountersClosed")
    denied = next(e.version for e in envelopes if e.type == "DungeonCardDenied")
    assert asked < closed < denied < look
    doc = explain_dispute(envelopes, look)
    assert [(p["version"], p["type"]) for p in doc["evidence_events"]] == [
        (asked, "DungeonMyrmiddonAsked"), (closed, "DungeonCountersClosed"), (denied, "DungeonCardDenied"),
        (look, "DungeonHandLookedAt")]
    assert f"(event {look + 1}), and Ann gets nothing." in doc["read_aloud"]


def test_a_liars_choice_the_scorekeeper_undid_is_not_the_choice_explained_the_one_made_instead_is():
    # Bob, found out, hands the king of spades over and discards the rest; the scorekeeper undoes
    # that entry, and Bob discards his whole hand instead.
    script = DARK_SCRIPT[:DARK_SCRIPT.index(cmd.Look(0)) + 1] + [cmd.HandOver(1), Undo(), cmd.DiscardHand(1)]
    envelopes, listed = disputes_of(DARK, script)
    look = next(e.version for e in envelopes if e.type == "DungeonHandLookedAt")
    assert [e.type for e in envelopes[look:]] == [
        "DungeonCardHandedOver", "DungeonHandDiscarded", "EntryUndone", "DungeonHandDiscarded"]
    undone = envelopes[look + 2].payload
    assert (undone["replaces_from"], undone["replaces_to"]) == (look + 1, look + 2)
    doc = explain_dispute(envelopes, look)
    assert (doc["status"], listed[look]["status"]) == ("ruled", "ruled")
    assert doc["consequence"] == [
        "Bob, found out, chooses to hand the card over and discard the rest, or to discard the whole hand.",
        "Bob discards the king of spades, the jack of diamonds, the ace of clubs, the 6 of diamonds "
        f"(event {look + 4}), and Ann gets nothing."]
    assert f"event {look + 1}" not in doc["read_aloud"] and f"event {look + 2}" not in doc["read_aloud"]
    assert [p["version"] for p in doc["evidence_events"]][-1] == look


def test_a_blind_look_is_explained_from_the_hand_the_scorekeeper_entered():
    envelopes, _ = disputes_of(None, BLIND_SCRIPT, "blind")
    look = next(e for e in envelopes if e.type == "DungeonHandLookedAt")
    doc = explain_dispute(envelopes, look.version)
    assert doc["evidence_events"][-1]["hand"] == look.payload["shown"] == ["10S", "KS", "7D", "6D", "9C"]
    assert doc["ruling"]["verdict"] == "lie"


def test_a_pitch_black_cave_in_of_another_value_is_explained_with_the_passage_it_found():
    t = Table([["10H", "9H", "8H", "7H", "6H"], ["9S", "10S", "8S", "7S", "JS"]], ["AC", "2C"], cells=["5D", "5C"],
              darkness="pitch_black")
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.CaveIn(1, "9S", 0))
    envelopes = envelopes_of(t.log)
    doc = explain_dispute(envelopes, len(envelopes))
    laid = next(e.version for e in envelopes if e.type == "DungeonPassagePlayed")
    assert (doc["kind"], doc["ruling"]["passage"]) == ("cave_in", "10H")
    assert [p["version"] for p in doc["evidence_events"]] == [laid, len(envelopes)]
    assert "Found: the 9 of spades is a 9, the passage the 10 of hearts a 10: not the same value." in doc["read_aloud"]


@pytest.mark.parametrize("answer,verdict,found", [
    (cmd.SaveJoker(0, "10C"), "saved", "Found: the 10 of clubs is a 10, the Joker passage's value: the Joker is saved."),
    (cmd.LetFall(0), "fallen", "Found: Ann did not save the Joker passage with a 10 from hand.")])
def test_a_joker_passage_caved_in_is_explained_saved_or_let_fall(answer, verdict, found):
    t = Table([["JK1", "9H", "8H", "10C", "6H"], ["10S", "10D", "8S", "7S", "JS"]], ["AC", "2C"], cells=["5D", "JK2"],
              jokers_wild=True)
    t.turn(0, cmd.PlayPassage(0, "JK1=10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.CaveIn(1, "10S", 0))
    t.act(answer)
    envelopes = envelopes_of(t.log)
    doc = explain_dispute(envelopes, len(envelopes))
    assert (doc["kind"], doc["ruling"]["verdict"], doc["ruling"]["passage"]) == ("joker_save", verdict, "JK1=10H")
    assert doc["evidence_events"][0]["says"] == "Ann laid a Joker as the 10 of hearts, the last passage"
    assert found in doc["read_aloud"]


def test_an_accusation_the_scorekeeper_undid_is_explained_as_undone():
    envelopes, listed = disputes_of(DARK, TO_ACCUSATION + [Undo()])
    accused = next(e.version for e in envelopes if e.type == "DungeonAccused")
    doc = explain_dispute(envelopes, accused)
    assert (doc["status"], doc["undone"], listed[accused]["status"]) == ("undone", len(envelopes), "undone")
    assert doc["read_aloud"].endswith(f"The scorekeeper undid this entry at event {len(envelopes)}: it did not happen "
                                      "at the table.")


@pytest.mark.parametrize("version", [0, 3, 10**6])
def test_an_event_that_is_no_ruling_is_no_dispute(version):
    envelopes, listed = disputes_of(DARK, DARK_SCRIPT)
    assert sorted(line["kind"] for line in listed.values()) == ["accusation", "look"]
    with pytest.raises(NotADispute):
        explain_dispute(envelopes, version)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_random_pitch_black_games_every_explanation_agrees_with_the_ruling(seed):
    setup = ({"players": 4, "darkness": "pitch_black", "suicide_queen": True}, ["Ann", "Bob", "Cat", "Dan"], "known")
    envelopes = envelopes_of(random_record("dungeon", seed=seed, steps=3000, setup=setup))
    listed = list_disputes(envelopes)
    assert {"accusation", "look"} <= {line["kind"] for line in listed}
    looks = [line for line in listed if line["kind"] == "look"]
    for line in looks + [line for line in listed if line["kind"] != "look"][:30]:  # random play accuses a lot
        doc = explain_dispute(envelopes, line["dispute"])
        assert doc["summary"] == line["summary"]
        if doc["kind"] == "accusation":
            broke = [p for p in doc["evidence_events"] if p["broke_rule"]]
            assert bool(broke) == (doc["ruling"]["verdict"] == "cheating"), doc["read_aloud"]
            for p in doc["evidence_events"]:  # each passage cited by the event that laid it, as it laid it
                laid = envelopes[p["version"] - 1].payload
                assert (laid["card"], laid["on"], laid["cheat"]) == (p["card"], p["on"], p["broke_rule"])
        if doc["kind"] == "look":
            hand = doc["evidence_events"][-1]["hand"]
            held = named_in(hand, doc["ruling"]["asked"]) is not None
            assert held == (doc["ruling"]["verdict"] == "lie"), doc["read_aloud"]


@pytest.mark.parametrize("seed", [7, 8])
def test_in_random_blind_pitch_black_records_an_accusation_is_explained_from_the_dungeon_as_turned_up(seed):
    options = {"players": 3, "darkness": "pitch_black", "counter_attack": 3}
    log = DUNGEON.start(options, SEATS, "blind", random.Random(seed))
    log += [event for _, made in real_game(options, random.Random(seed)) for event in made]
    envelopes = envelopes_of(log)
    accusations = [e for e in envelopes if e.type == "DungeonAccused"]
    assert accusations
    for accused in accusations:
        doc = explain_dispute(envelopes, accused.version)
        assert [p["card"] for p in doc["evidence_events"]] == accused.payload["revealed"]
        for p in doc["evidence_events"]:  # each passage cited by the event that laid it, where it laid it
            laid = envelopes[p["version"] - 1]
            assert (laid.type, laid.payload["seat"]) == ("DungeonPassagePlayed", accused.payload["target"])
            assert laid.payload["on"] == ("cell" if p["on"] == "cell" else str(accused.payload["revealed"].index(p["on"])))
        assert any(p["broke_rule"] for p in doc["evidence_events"]) == accused.payload["cheating"], doc["read_aloud"]
