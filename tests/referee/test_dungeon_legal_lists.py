"""What a Dungeon legal list offers a seat: only what that seat may know. A list is what the page
offers, so it must read the same whatever the hidden cards are: a face-down passage's value, a
face-down discard pile's cards, another player's hand; and the answer to an out-of-turn entry the
page offers every seat alike (an Ace, a counter) does not list the hand either."""

from __future__ import annotations

from dungeon_table import DUNGEON, Table
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.cards import passage_value

# Pitch Black, two players, cells 2C and 2D: Ann wins the contest (5S over 3H).
ANN = ["9S", "2S", "3S", "4S", "KD"]
BOB = ["9H", "10H", "6H", "7H", "QC"]


def _cheat_laid(ann_lays: str) -> Table:
    """Ann draws and lays ``ann_lays`` face down on her cell, ends her turn; Bob draws."""
    t = Table([list(ANN), list(BOB)], ["5S", "3H"], pile=["8D", "8C"], cells=["2C", "2D"], darkness="pitch_black")
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, ann_lays, "cell"))
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    return t


def _cave_ins(t: Table, seat: int) -> list:
    return [a for a in DUNGEON.legal_actions(t.state, seat) if isinstance(a, cmd.CaveIn)]


def test_every_passage_card_may_try_a_cave_in_on_a_face_down_last_passage():
    """Bob cannot see Ann's face-down 9S: his list offers each passage card he holds against it
    (not the 9H alone, which would prove her cheat), the same as had she laid a fair 10."""
    t = _cheat_laid("9S")
    passages = [c for c in t.hand(1) if passage_value(c) is not None]
    assert sorted(a.card for a in _cave_ins(t, 1)) == sorted(passages) and len(passages) == 5
    assert _cave_ins(t, 1) == _cave_ins(_cheat_laid("2S"), 1)
    assert DUNGEON.public_view(t.state, 1) == DUNGEON.public_view(_cheat_laid("2S").state, 1)
    # A cave-in of another value is taken, and fails as the rules say.
    assert t.act(cmd.CaveIn(1, "7H", 0)) == [ev.DungeonCaveInFailed(1, "7H", 0)]


def _face_down_pile(darkness: str) -> Table:
    """Ann discards KS face down at the end of her turn, on the contest's 5S and 3H; Bob, holding
    a Jack, draws."""
    t = Table([["KS", "2S", "3S", "4S", "6S"], ["JH", "10H", "6H", "7H", "8C"]], ["5S", "3H"], pile=["9D", "9C"],
              cells=["2C", "2D"], darkness=darkness)
    t.act(cmd.Draw(0))
    t.act(cmd.EndTurn(0, ["KS"]))
    t.act(cmd.Draw(1))
    return t


def test_graverobber_takes_from_a_face_down_pile_are_not_listed_before_the_jack_is_played():
    for darkness in ("almost_black", "pitch_black"):
        t = _face_down_pile(darkness)
        assert sorted(t.state.discard) == ["3H", "5S", "KS"]
        listed = DUNGEON.legal_actions(t.state, 1)
        assert not [a for a in listed if isinstance(a, cmd.Graverobber)], darkness
        assert not {"3H", "5S", "KS"} & {str(v) for a in listed for v in vars_of(a)}, darkness
        # Legal still: the Graverobber looks at the pile secretly and names his take.
        refused = t.refuse(cmd.Graverobber(1, "JH", "2H"))
        assert "3 cards" in refused.message and not {"3H", "5S", "KS"} & set(refused.message.replace(",", " ").split())
        assert t.act(cmd.Graverobber(1, "JH", "KS"))[0].take == "KS"


def vars_of(command) -> list:
    return [getattr(command, f) for f in command.__dataclass_fields__]


def test_an_ace_or_counter_refused_does_not_name_the_hand():
    """The page offers every seat an Ace and a counter alike: the referee's refusal says the card
    is not held, never what is."""
    t = Table([["JH", "9H", "8H", "7H", "6H"], ["JS", "QS", "2S", "3S", "4S"]], ["AC", "2C"], counter_attack=3)
    refused = t.refuse(cmd.PlayAce(1, "AS"))
    assert "does not hold AS" in refused.message and "JS" not in refused.message and not refused.legal
    t.act(cmd.Draw(0))
    t.act(cmd.Graverobber(0, "JH", "2C"))
    refused = t.refuse(cmd.Counter(1, "JD"))
    assert "does not hold JD" in refused.message and "JS" not in refused.message and not refused.legal
    refused = t.refuse(cmd.Counter(1, "QS"))
    assert "only a Jack" in refused.message and "JS" not in refused.message and not refused.legal


def _asked_after_a_look(bob_shows: list[str]):
    """A blind record, three players: Ann asks Bob for the KS, Bob denies, and Ann looks at his hand
    (``bob_shows``, seen by Ann and Bob alone); Ann ends her turn, and Bob asks Cat for the 3D."""
    from dungeon_blind import BlindTable

    t = BlindTable(["AC", "2C", "3C"])
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "KS"))
    t.act(cmd.Deny(1))
    t.act(cmd.Look(0, bob_shows))
    t.act(cmd.EndTurn(0, []))
    t.act(cmd.Draw(1))
    t.act(cmd.Myrmiddon(1, "QS", 2, "3D"))
    return t


def test_a_blind_hand_over_is_listed_whatever_a_hand_shown_to_an_asker_alone_holds():
    """Cat did not see Bob's hand: whether it held the 3D Bob asks her for changes nothing she is
    offered. Her list offers the hand-over in both deals (the table cannot rule it out), and when
    Bob's hand holds the only 3D, handing it over is refused as a card seen elsewhere."""
    holds = _asked_after_a_look(["3D", "4D", "5D", "6D", "7D"])
    lacks = _asked_after_a_look(["8D", "4D", "5D", "6D", "7D"])
    assert DUNGEON.public_view(holds.state, 2) == DUNGEON.public_view(lacks.state, 2)
    assert DUNGEON.legal_actions(holds.state, 2) == DUNGEON.legal_actions(lacks.state, 2)
    assert cmd.HandOver(2) in DUNGEON.legal_actions(holds.state, 2)
    assert "every copy of 3D is already seen" in holds.refuse(cmd.HandOver(2)).message
    assert lacks.act(cmd.HandOver(2)) == [ev.DungeonCardHandedOver(2, "3D", 1)]
    assert holds.act(cmd.Deny(2)) == [ev.DungeonCardDenied(2)]
