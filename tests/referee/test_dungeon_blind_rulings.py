"""The blind record of Dungeon, one test per ruling (``docs/rules/dungeon.md``, "The blind
record"): the scorekeeper logs what the table saw, what nobody saw is ``?``, and every card that
turns up is checked against the record so far."""

from __future__ import annotations

import random

import pytest

from dungeon_blind import BlindTable
from dungeon_table import DUNGEON, NAMES
from referee import errors
from referee.game import record_has_secrets
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN
from referee.registry import get_game

HIDDEN_HAND = [UNKNOWN] * 5


def test_a_blind_deal_logs_no_card_and_takes_no_order():
    t = BlindTable(["AC", "2C"])
    dealt = t.log[1]
    assert dealt.hands == [HIDDEN_HAND, HIDDEN_HAND] and set(dealt.pile) == {UNKNOWN} and len(dealt.pile) == 42
    assert dealt.cells == ["JK1", "JK2"]  # the Jokers are face up
    fresh = DUNGEON.start({"players": 2}, NAMES[:2], "blind", random.Random(1))
    state = DUNGEON.initial_state()
    for e in fresh:
        state = DUNGEON.apply(state, e)
    with pytest.raises(errors.InvalidDeal):
        DUNGEON.decide(state, cmd.Deal(["AC"]), random.Random(1))


def test_a_card_nobody_saw_is_drawn_as_unknown_and_played_by_name():
    t = BlindTable(["AC", "2C"])
    assert t.act(cmd.Draw(0)) == [ev.DungeonCardDrawn(0, UNKNOWN)]
    assert t.act(cmd.PlayPassage(0, "10h")) == [ev.DungeonPassagePlayed(0, "10H", "cell")]
    assert t.state.hands[0] == HIDDEN_HAND


def test_the_same_card_cannot_be_seen_in_two_places():
    t = BlindTable(["AC", "2C"])  # one deck: the 2C is in the discard pile
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.EndTurn(0, ["2C"]))
    assert "every copy of 2C is already seen" in refused.message


def test_with_two_decks_a_card_may_be_seen_twice_not_three_times():
    t = BlindTable(["AC", "2C", "2C"], players=3, decks=2)
    assert t.state.discard == ["AC", "2C", "2C#2"]
    t.act(cmd.Draw(0))
    t.refuse(cmd.EndTurn(0, ["2C"]))
    assert t.act(cmd.EndTurn(0, ["AC"])) == [ev.DungeonTurnEnded(0, ["AC#2"])]


def test_a_card_the_record_knows_in_a_hand_is_the_one_played():
    t = BlindTable(["AC", "KS", "2C"], players=3, decks=2)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    assert t.act(cmd.HandOver(1)) == [ev.DungeonCardHandedOver(1, "KS#2", 0)]
    assert t.act(cmd.EndTurn(0, ["KS"])) == [ev.DungeonTurnEnded(0, ["KS#2"])]


def test_a_card_handed_over_must_be_one_nobody_has_seen_elsewhere():
    t = BlindTable(["AC", "2C"])
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "2C"))
    assert "every copy of 2C" in t.refuse(cmd.HandOver(1)).message
    assert t.act(cmd.Deny(1)) == [ev.DungeonCardDenied(1)]


def _asked_and_denied(**options) -> BlindTable:
    """Ann asks Bob for the KS with her QH, and Bob says he has none."""
    t = BlindTable(["AC", "2C"], **options)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.Deny(1))
    return t


def test_a_look_takes_the_hand_as_the_asker_saw_it():
    t = _asked_and_denied()
    assert "shown" in t.refuse(cmd.Look(0)).message


def test_a_hand_shown_must_add_up_to_the_hand_size():
    t = _asked_and_denied()
    refused = t.refuse(cmd.Look(0, ["3D", "4D", "5D", "6D"]))
    assert "holds 5 cards by the record, not 4" in refused.message


def test_a_hand_shown_cannot_hold_a_card_seen_elsewhere():
    t = _asked_and_denied()
    assert "every copy of 2C" in t.refuse(cmd.Look(0, ["2C", "4D", "5D", "6D", "7D"])).message


def test_a_denial_the_hand_shown_bears_out_costs_the_asker_their_hand():
    t = _asked_and_denied()
    shown = ["3D", "4D", "5D", "6D", "7D"]
    [looked] = t.act(cmd.Look(0, shown))
    assert (looked.truthful, looked.discarded, looked.shown) == (True, HIDDEN_HAND, shown)
    assert t.state.hands == [[], shown]


def test_a_denial_the_hand_shown_disproves_is_a_proven_lie():
    t = _asked_and_denied()
    [looked] = t.act(cmd.Look(0, ["4D", "KS", "5D", "6D", "7D"]))
    assert (looked.truthful, looked.card, looked.discarded) == (False, "KS", ["4D", "5D", "6D", "7D"])
    assert t.state.hands == [HIDDEN_HAND + ["KS"], []]
    assert t.state.discard[-4:] == ["4D", "5D", "6D", "7D"]


def test_a_liar_found_out_with_suicide_queen_chooses_from_the_hand_shown():
    t = _asked_and_denied(suicide_queen=True)
    [looked] = t.act(cmd.Look(0, ["4D", "KS", "5D", "6D", "7D"]))
    assert looked.liar_chooses and looked.shown == ["4D", "KS", "5D", "6D", "7D"]
    assert t.act(cmd.DiscardHand(1)) == [ev.DungeonHandDiscarded(1, ["4D", "KS", "5D", "6D", "7D"])]


def test_a_hand_shown_must_hold_the_cards_the_record_knows_there():
    t = BlindTable(["AC", "2C"])
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.HandOver(1))  # the table saw Ann get the KS
    t.act(cmd.EndTurn(0, ["3H"]))
    t.act(cmd.Draw(1))
    t.act(cmd.Myrmiddon(1, "QS", 0, "KS"))
    t.act(cmd.Deny(0))
    refused = t.refuse(cmd.Look(1, ["4D", "5D", "6D", "7D", "8D"]))
    assert "the record knows Ann (seat 0) holds KS" in refused.message
    [looked] = t.act(cmd.Look(1, ["4D", "5D", "KS", "7D", "8D"]))
    assert not looked.truthful and looked.card == "KS"


def test_the_hand_shown_is_seen_by_the_asker_alone():
    t = _asked_and_denied()
    [looked] = t.act(cmd.Look(0, ["3D", "4D", "5D", "6D", "7D"]))
    assert len(looked.salt) == 32  # the public hash of the withheld payload cannot be matched by guessing
    shown = repr(DUNGEON.public_view(t.state)) + repr(DUNGEON.public_view(t.state, 0))
    assert not any(card in shown for card in looked.shown)
    assert record_has_secrets(DUNGEON, "blind")  # its payloads are withheld while the game is on
    assert not record_has_secrets(get_game("queens-dungeon"), "blind")


def test_a_believed_denial_is_never_ruled_on():
    t = _asked_and_denied()
    assert t.act(cmd.Believe(0)) == [ev.DungeonDenialAccepted(0)]
    assert t.state.hands[1] == HIDDEN_HAND and t.state.window is None


def test_face_down_discards_are_logged_as_how_many():
    t = BlindTable(["AC", "2C"], darkness="almost_black")
    t.act(cmd.Draw(0))
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    t.refuse(cmd.EndTurn(1, ["3H"]))
    assert t.act(cmd.EndTurn(1)) == [ev.DungeonTurnEnded(1, [UNKNOWN])]


def test_a_face_down_card_leaving_a_hand_makes_its_known_cards_unknown():
    t = BlindTable(["AC", "2C"], darkness="almost_black")
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.HandOver(1))
    assert t.state.hands[0] == HIDDEN_HAND + ["KS"]
    t.act(cmd.EndTurn(0))  # one card, face down: the KS or another
    assert t.state.hands[0] == HIDDEN_HAND


def test_a_secret_take_from_face_down_discards_is_logged_unknown():
    t = BlindTable(["AC", "2C"], darkness="almost_black")
    t.act(cmd.Draw(0))
    t.refuse(cmd.Graverobber(0, "JH", "AC"))
    assert t.act(cmd.Graverobber(0, "JH", "?")) == [ev.DungeonGraverobberPlayed(0, "JH", UNKNOWN)]
    assert t.state.discard == [UNKNOWN]  # the AC or the 2C is gone: the record cannot tell which
    assert t.state.hands[0] == HIDDEN_HAND + [UNKNOWN]


def _pitch_black() -> BlindTable:
    """Ann lays two passages face down; Bob passes."""
    t = BlindTable(["AC", "2C"], darkness="pitch_black")
    t.act(cmd.Draw(0))
    assert t.act(cmd.PlayPassage(0, "?")) == [ev.DungeonPassagePlayed(0, UNKNOWN, "cell")]
    t.act(cmd.EndTurn(0))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "?", "0"))
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    return t


def test_a_face_down_passage_is_logged_unknown_on_a_position():
    t = _pitch_black()
    assert t.state.dungeons[0] == [(UNKNOWN, -1), (UNKNOWN, 0)]
    t.act(cmd.EndTurn(1))
    t.act(cmd.Draw(0))
    t.refuse(cmd.PlayPassage(0, "8H", "1"))  # face down: nobody saw it
    t.refuse(cmd.PlayPassage(0, "?", "2"))  # no passage at position 2
    view = DUNGEON.public_view(t.state)["players"][0]["dungeon"]
    assert view == [{"position": 0, "on": "cell"}, {"position": 1, "on": 0}]


def test_an_accusation_takes_the_dungeon_as_it_was_turned_up():
    t = _pitch_black()
    assert "revealed" in t.refuse(cmd.Accuse(1, 0)).message
    t.refuse(cmd.Accuse(1, 0, ["10H"]))  # two passages
    t.refuse(cmd.Accuse(1, 0, ["10H", "2C"]))  # the 2C is in the discard pile


def test_an_accusation_of_a_fair_dungeon_costs_the_accuser_theirs():
    t = _pitch_black()
    [accused] = t.act(cmd.Accuse(1, 0, ["10H", "9H"]))
    assert (accused.cheating, accused.revealed, accused.discarded) == (False, ["10H", "9H"], [])
    assert t.state.dungeons[0] == [("10H", -1), ("9H", 0)]


def test_an_accusation_finding_a_cheat_costs_the_cheater_the_dungeon():
    t = _pitch_black()
    [accused] = t.act(cmd.Accuse(1, 0, ["10H", "KS"]))
    assert accused.cheating and accused.discarded == ["10H", "KS"] and t.state.dungeons[0] == []


def test_an_accusation_judges_each_passage_as_it_could_be_laid_then():
    """A second 10 on the cell is fair only while the second-lowest branch is open (after a
    cave-in), and stays fair after."""
    def table(cave_in: bool) -> BlindTable:
        t = _pitch_black()
        if cave_in:  # Bob caves in Ann's 9: the passage, turned up, is a 9H
            assert t.act(cmd.CaveIn(1, "9D", 0, "9H")) == [ev.DungeonCaveIn(1, "9D", 0, "9H")]
        t.act(cmd.EndTurn(1))
        t.act(cmd.Draw(0))
        t.act(cmd.PlayPassage(0, "?", "cell"))
        t.act(cmd.EndTurn(0))
        t.act(cmd.Draw(1))
        return t

    fair = table(cave_in=True)
    assert not fair.act(cmd.Accuse(1, 0, ["10H", "10D"]))[0].cheating
    unfair = table(cave_in=False)
    assert unfair.act(cmd.Accuse(1, 0, ["10H", "9H", "10D"]))[0].cheating


def test_a_cave_in_turns_up_the_face_down_passage():
    t = _pitch_black()
    assert "say which card" in t.refuse(cmd.CaveIn(1, "8D", 0)).message
    assert t.act(cmd.CaveIn(1, "8D", 0, "7H")) == [ev.DungeonCaveInFailed(1, "8D", 0, "7H")]
    assert t.state.dungeons[0][-1] == ("7H", 0)  # the table saw it: the record knows it now


def test_a_passage_turned_up_is_that_card_when_the_dungeon_is_revealed():
    t = _pitch_black()
    t.act(cmd.CaveIn(1, "8D", 0, "7H"))
    t.refuse(cmd.Accuse(1, 0, ["10H", "9H"]))
    assert t.act(cmd.Accuse(1, 0, ["10H", "7H"]))[0].cheating


def test_a_blind_pitch_black_escape_turns_the_dungeon_up():
    t = BlindTable(["AC", "2C"], darkness="pitch_black")
    line = ["10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    for position in range(8):
        t.act(cmd.Draw(0))
        t.act(cmd.PlayPassage(0, "?", "cell" if position == 0 else str(position - 1)))
        t.act(cmd.EndTurn(0))
        t.pass_turn(1)
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "?", "7", line[:-1] + ["2D#2"]))
    assert "2D#2" in refused.message
    refused = t.refuse(cmd.PlayPassage(0, "?", "7", line[:-1] + ["3D"]))
    assert "no escape" in refused.message
    assert t.act(cmd.PlayPassage(0, "?", "7", line)) == [
        ev.DungeonPassagePlayed(0, "2H", "7", revealed=line), ev.DungeonGameWon(0, "escape")]


def test_a_graverobber_takes_another_copy_than_the_jack_it_is():
    """Two decks: Bob's Jack of clubs takes a Jack of clubs from the discards nobody saw (Ann's
    hand, thrown away after a look): the other copy."""
    t = BlindTable(["AC", "2C", "3C"], players=3, decks=2)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.Deny(1))
    t.act(cmd.Look(0, ["3D", "4D", "5D", "6D", "7D"]))  # Ann's hand goes to the discard pile, unseen
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    assert t.act(cmd.Graverobber(1, "JC", "JC")) == [ev.DungeonGraverobberPlayed(1, "JC", "JC#2")]


def test_a_graverobber_take_of_a_card_the_pile_shows_is_listed_as_the_copy_it_holds():
    """Two decks: the 3C is face up in the discards beside cards nobody saw (Ann's hand, thrown
    away after a look), and the record knows the 3C#2 in Bob's hand (shown to Ann alone). Cat's
    Graverobber is offered the 3C as the pile holds it, never the 3C#2 a take would be refused:
    every take listed is taken."""
    t = BlindTable(["AC", "2C", "3C"], players=3, decks=2)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.Deny(1))
    t.act(cmd.Look(0, ["3C", "4D", "5D", "6D", "7D"]))  # Bob's 3C is the second copy
    t.act(cmd.EndTurn(0))
    t.pass_turn(1, ["4D"])
    t.act(cmd.Draw(2))
    assert "3C" in t.state.discard and UNKNOWN in t.state.discard and "3C#2" in t.state.hands[1]
    takes = [c for c in DUNGEON.legal_actions(t.state, 2) if isinstance(c, cmd.Graverobber)]
    jack = takes[0].card
    assert cmd.Graverobber(2, jack, "3C") in takes and cmd.Graverobber(2, jack, "3C#2") not in takes
    for take in takes:
        assert DUNGEON.decide(t.state, take, random.Random(0)), take


def test_a_place_named_by_a_card_two_passages_bear_is_refused_as_ambiguous():
    """Jokers Wild, two decks: Ann's dungeon holds JK1 declared as the ten of hearts and, beside
    it, a real ten of hearts (the second deck's copy: the first was seen in the contest). A 9 laid
    ``on: 10H`` could go on either: refused, naming both, and nothing changes; named exactly, it goes."""
    t = BlindTable(["AC", "10H", "3C"], players=3, decks=2, jokers_wild=True)
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "JK=10H", "cell"))
    t.act(cmd.EndTurn(0))
    t.pass_turn(1, ["4D"])
    t.pass_turn(2, ["5D"])
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "10H", "cell"))
    t.act(cmd.EndTurn(0))
    t.pass_turn(1, ["6D"])
    t.pass_turn(2, ["7D"])
    t.act(cmd.Draw(0))
    assert [card for card, _ in t.state.dungeons[0]] == ["JK1=10H", "10H#2"]
    refused = t.refuse(cmd.PlayPassage(0, "9H", "10H"))
    assert "ambiguous" in refused.message and refused.legal == ["JK1=10H", "10H#2"]
    assert t.act(cmd.PlayPassage(0, "9H", "10H#2"))[0].on == "10H#2"


def test_a_hand_shown_to_the_asker_alone_changes_no_other_players_legal_list():
    """Bob's hand, shown to Ann's Myrmiddon, is known to the record; Cat did not see it, so the
    cards her unseen ones may be (her Aces, here) are the same whether Bob showed an Ace or not."""
    def looked(shown: list[str]) -> BlindTable:
        t = BlindTable(["AC", "2C", "3C"], players=3)
        t.act(cmd.Draw(0))
        t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
        t.act(cmd.Deny(1))
        t.act(cmd.Look(0, shown))
        return t

    def aces(t: BlindTable) -> list:
        return [a for a in DUNGEON.legal_actions(t.state, 2) if isinstance(a, cmd.PlayAce)]

    with_ace, without = looked(["AD", "4D", "5D", "6D", "7D"]), looked(["8D", "4D", "5D", "6D", "7D"])
    assert with_ace.state.hands[1][0] == "AD"
    assert aces(with_ace) == aces(without) and cmd.PlayAce(2, "AD") in aces(with_ace)
