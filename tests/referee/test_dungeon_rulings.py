"""Dungeon: one test per ruling of docs/rules/dungeon.md (set-up, the turn, passages and
the dungeon tree, creatures and their abilities, Aces, the end), on a known record."""

from __future__ import annotations

import pytest

from dungeon_table import DUNGEON, NAMES, Table, ann_back_in_her_cell, deck_order
from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.checks import IllegalMove
from referee.games.dungeon.options import load_options
from referee.replay import replay

# Two players: Ann (seat 0) wins the contest with AC over Bob's 2C and plays first.
ANN = ["10H", "9H", "8H", "7H", "6H"]
BOB = ["10S", "9S", "8S", "7S", "JS"]


def two(ann=ANN, bob=BOB, pile=()) -> Table:
    return Table([list(ann), list(bob)], ["AC", "2C"], pile)


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("players,decks,expected", [(2, None, 1), (3, None, 1), (3, 2, 2), (4, None, 2), (8, None, 2)])
def test_two_or_three_players_play_one_deck_three_or_more_two_decks(players, decks, expected):
    assert load_options({"players": players, "decks": decks})["decks"] == expected


@pytest.mark.parametrize("players,decks", [(2, 2), (4, 1)])
def test_two_or_three_players_play_one_deck_three_or_more_two_decks_refused_otherwise(players, decks):
    with pytest.raises(errors.InvalidOption):
        load_options({"players": players, "decks": decks})


def test_cells_are_jokers_then_face_down_cards_out_of_play():
    hands = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"], ["2H", "3H", "4H", "5H", "6H"]]
    t = Table(hands, ["KC", "QD", "JH"], cells=["9S"])
    assert t.state.cells == ["JK1", "JK2", "9S"]
    view = DUNGEON.public_view(t.state)
    assert [p["cell"] for p in view["players"]] == ["JK1", "JK2", None]
    assert view["players"][2]["cell_face_down"]
    assert "9S" not in t.state.pile and all("9S" not in h for h in t.state.hands)
    # 52 cards: one cell, 15 in hand, 3 contest cards discarded, the rest is the pile.
    assert len(t.state.pile) == 52 - 1 - 15 - 3


def test_deal_five_each_rest_is_the_draw_pile():
    log = DUNGEON.start({"players": 4}, NAMES[:4], "known", __import__("random").Random(3))
    state = replay(log)
    dealt = DUNGEON.decide(state, cmd.Deal(), __import__("random").Random(3))[0]
    assert [len(h) for h in dealt.hands] == [5, 5, 5, 5]
    assert dealt.cells == ["JK1", "JK2", "JK3", "JK4"] and not any(dealt.cell_face_down)
    assert len(dealt.pile) == 104 - 20
    assert len(set(dealt.pile) | {c for h in dealt.hands for c in h}) == 104


def test_first_player_contest_highest_card_ties_play_again():
    opts = {"players": 3}
    hands = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"], ["2H", "3H", "4H", "5H", "6H"]]
    order = deck_order(opts, hands, ["KS", "KD", "5S"], ["9C", "8C"], cells=["9S"])
    t = Table.__new__(Table)
    t.rng = __import__("random").Random(1)
    t.log = DUNGEON.start(opts, NAMES[:3], "known", t.rng)
    t.state = replay(t.log)
    t.act(cmd.Deal(order))
    t.act(cmd.ContestPlay(0, "KS"))
    t.act(cmd.ContestPlay(1, "KD"))
    tied = t.act(cmd.ContestPlay(2, "5S"))
    assert tied[-1] == ev.DungeonContestTied([0, 1], 2)  # suits do not count
    assert DUNGEON.to_act(t.state) == [0, 1]
    refused = t.refuse(cmd.ContestPlay(2, "6H"), errors.NotYourTurn)
    assert "Cat (seat 2)" in refused.message
    t.act(cmd.ContestPlay(0, "4C"))
    won = t.act(cmd.ContestPlay(1, "6D"))
    assert won[-1] == ev.DungeonFirstPlayerChosen(1)
    assert t.state.discard == ["KS", "KD", "5S", "4C", "6D"]  # face up
    assert t.hand(0)[-1] == "9C" and t.hand(1)[-1] == "8C"  # each replaced from the pile
    assert all(len(h) == 5 for h in t.state.hands)


def test_play_runs_clockwise_from_the_first_player():
    hands = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"], ["2H", "3H", "4H", "5H", "6H"]]
    t = Table(hands, ["QC", "AD", "JH"], cells=["9S"])
    order = []
    for _ in range(4):
        order.append(t.state.turn)
        t.pass_turn(t.state.turn)
    assert order == [1, 2, 0, 1]


def test_discard_pile_reshuffled_at_the_end_of_the_turn_the_pile_ran_out():
    t = two()
    while len(t.state.pile) > 1:
        t.pass_turn(t.state.turn)
    seat = t.state.turn
    t.act(cmd.Draw(seat))
    assert t.state.pile == [] and t.state.phase == "turn"
    discards = list(t.state.discard)
    t.act(cmd.EndTurn(seat, [t.hand(seat)[-1]]))
    assert t.state.phase == "reshuffle" and DUNGEON.to_act(t.state) == []
    t.refuse(cmd.Draw(1 - seat), errors.WrongPhase)
    new = list(reversed(t.state.discard))
    shuffled = t.act(cmd.Reshuffle(new))
    assert shuffled == [ev.DungeonPileReshuffled(new)]  # the shuffle result is logged
    assert sorted(new) == sorted(discards + [shuffled[0].pile[0]]) and t.state.discard == []
    assert t.state.turn == 1 - seat and t.state.pile == new


# ---------------------------------------------------------------- the turn


def test_a_turn_draws_one_plays_at_most_one_and_discards_down_to_five():
    t = two(pile=["5C", "4C"])
    refused = t.refuse(cmd.PlayPassage(0, "10H"), errors.WrongPhase)
    assert "draws first" in refused.message
    t.act(cmd.Draw(0))
    t.refuse(cmd.Draw(0), errors.WrongPhase)
    assert t.hand(0)[-1] == "5C"
    t.act(cmd.PlayPassage(0, "10H"))
    refused = t.refuse(cmd.PlayPassage(0, "9H"), errors.WrongPhase)
    assert "one play per turn" in refused.message
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    refused = t.refuse(cmd.EndTurn(1), errors.WrongPhase)
    assert "Bob (seat 1) holds 6 cards: discard exactly 1" in refused.message
    assert t.act(cmd.EndTurn(1, ["4C"])) == [ev.DungeonTurnEnded(1, ["4C"])]
    assert len(t.hand(1)) == 5 and t.state.discard[-1] == "4C"


def test_playing_nothing_is_allowed():
    t = two()
    t.act(cmd.Draw(0))
    t.act(cmd.EndTurn(0, ["6H"]))
    assert t.state.turn == 1 and t.dungeon(0) == []


# ---------------------------------------------------------------- passages and the dungeon tree


def test_a_ten_goes_on_the_cell_when_it_has_no_passage():
    t = two()
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "9H"), IllegalMove)
    assert "9H" in refused.message and "Ann (seat 0)" in refused.message and refused.legal == ["10H on cell"]
    assert t.act(cmd.PlayPassage(0, "10H")) == [ev.DungeonPassagePlayed(0, "10H", "cell")]
    assert t.state.ever_ten[0]


def test_a_passage_goes_on_an_open_card_one_higher():
    t = two()
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    t.refuse(cmd.PlayPassage(0, "8H"), IllegalMove)  # no 9 yet
    t.act(cmd.PlayPassage(0, "9H", "10H"))
    t.act(cmd.EndTurn(0))
    t.pass_turn(1)
    t.turn(0, cmd.PlayPassage(0, "8H"))
    assert t.state.dungeons[0] == [("10H", -1), ("9H", 0), ("8H", 1)]


def _ann_digs(t: Table, *cards: str) -> None:
    for card in cards:
        t.turn(0, cmd.PlayPassage(0, card))
        t.pass_turn(1)


def test_a_branch_is_made_at_the_lowest_value_only():
    t = two(ann=["10H", "9H", "8H", "8D", "9D"], pile=["7H", "2S", "3C", "3S", "4C", "4S", "5C", "5S", "6C", "6S", "8C"])
    _ann_digs(t, "10H", "9H", "8H")
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "9D"), IllegalMove)  # 9 is not the lowest: no branch off the 10
    assert "9D has no place" in refused.message
    t.act(cmd.PlayPassage(0, "8D"))  # beside the 8, on the same 9
    t.act(cmd.EndTurn(0))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "7H", "8D"))  # extending the branch
    t.act(cmd.EndTurn(0))
    assert t.state.dungeons[0] == [("10H", -1), ("9H", 0), ("8H", 1), ("8D", 1), ("7H", 3)]
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    assert t.hand(0)[-1] == "8C"
    refused = t.refuse(cmd.PlayPassage(0, "8C"), IllegalMove)  # 8 is no longer the lowest
    assert not [place for place in refused.legal if place.startswith("8C")]


def test_after_a_retreat_or_cave_in_a_branch_at_the_second_lowest_until_the_next_passage():
    t = two(ann=["10H", "9H", "8H", "7H", "9D"], bob=["7S", "2S", "3S", "4S", "5S"])
    _ann_digs(t, "10H", "9H", "8H")
    t.turn(0, cmd.PlayPassage(0, "7H"))
    t.act(cmd.Draw(1))
    t.act(cmd.CaveIn(1, "7S", 0))
    t.act(cmd.EndTurn(1))
    assert t.dungeon(0) == ["10H", "9H", "8H"] and t.state.setback[0]
    t.act(cmd.Draw(0))
    assert t.act(cmd.PlayPassage(0, "9D")) == [ev.DungeonPassagePlayed(0, "9D", "10H")]  # beside the 9
    assert not t.state.setback[0]


def test_the_second_lowest_branch_ends_with_the_next_passage():
    t = two(ann=["10H", "9H", "8H", "7H", "9D"], bob=["JS", "2S", "3S", "4S", "5S"],
            pile=["3C", "4C", "5C", "6C", "7C", "8C", "8D"])
    _ann_digs(t, "10H", "9H")
    t.turn(0, cmd.PlayPassage(0, "8H"))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, "JS", 0))
    t.act(cmd.Retreat(0))  # the 8 is abandoned: 10 9 left, and a 7 waits in hand
    t.act(cmd.EndTurn(1))
    assert t.state.setback[0]
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "8D"))
    t.act(cmd.EndTurn(0))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.PlayPassage(0, "9D"), IllegalMove)
    assert "9D has no place" in refused.message


def test_the_last_passage_is_the_most_recent_still_in_the_dungeon():
    t = two(ann=["10H", "9H", "8H", "8D", "3D"], bob=["8S", "9S", "2S", "3S", "4S"])
    _ann_digs(t, "10H", "9H", "8H")
    t.turn(0, cmd.PlayPassage(0, "8D"))
    assert DUNGEON.public_view(t.state)["players"][0]["last_passage"] == "8D"
    t.act(cmd.Draw(1))
    assert t.act(cmd.CaveIn(1, "8S", 0))[0].passage == "8D"
    t.act(cmd.EndTurn(1))
    assert DUNGEON.public_view(t.state)["players"][0]["last_passage"] == "8H"


def test_one_line_from_ten_to_two_escapes_and_wins():
    t = two(ann=["10H", "9H", "8H", "7H", "6H"], pile=["5H", "2S", "4H", "3S", "3H", "4S", "2H"])
    _ann_digs(t, "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H")
    t.act(cmd.Draw(0))
    won = t.act(cmd.PlayPassage(0, "2H"))
    assert won[-1] == ev.DungeonGameWon(0, "escape")
    assert DUNGEON.outcome(t.state) == {"reason": "escape", "winners": [0]}
    t.refuse(cmd.EndTurn(0), errors.WrongPhase)


def test_cave_in_takes_the_same_value_as_the_last_passage_and_discards_both():
    t = two(bob=["9S", "10S", "8S", "2S", "3S"])
    _ann_digs(t, "10H")
    t.turn(0, cmd.PlayPassage(0, "9H"))
    t.act(cmd.Draw(1))
    refused = t.refuse(cmd.CaveIn(1, "8S", 0), IllegalMove)
    assert "takes a 9, not 8S" in refused.message
    t.refuse(cmd.CaveIn(1, "9S", 1), errors.InvalidSeat)  # not one's own dungeon
    assert t.act(cmd.CaveIn(1, "9S", 0)) == [ev.DungeonCaveIn(1, "9S", 0, "9H")]
    assert t.dungeon(0) == ["10H"] and t.state.discard[-2:] == ["9H", "9S"]


# ---------------------------------------------------------------- creatures


def test_creatures_attack_only_after_the_defender_has_played_a_ten():
    t = two()
    t.pass_turn(0)
    t.act(cmd.Draw(1))
    refused = t.refuse(cmd.Attack(1, "JS", 0), IllegalMove)
    assert "Ann (seat 0) has not left the cell" in refused.message
    t.act(cmd.EndTurn(1, [t.hand(1)[-1]]))
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    assert t.act(cmd.Attack(1, "JS", 0)) == [ev.DungeonCreatureAttacked(1, "JS", 0, "10H")]
    assert DUNGEON.to_act(t.state) == [0]


def _attacked(creature: str, ann: list[str]) -> Table:
    t = two(ann=["10H", *ann], bob=[creature, "2S", "3S", "4S", "5S"])
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, creature, 0))
    return t


@pytest.mark.parametrize("creature,defence", [("QS", ["7D", "5D"]), ("QS", ["KD"]), ("QS", ["QD"]), ("JS", ["9D", "2D"]),
                                              ("KS", ["9D", "4D"])])
def test_defence_by_passages_adding_up_or_an_equal_or_higher_creature(creature, defence):
    t = _attacked(creature, [*defence, *["3C", "4C", "5C"]][:4])
    assert t.act(cmd.Defend(0, defence)) == [ev.DungeonCreatureDefeated(0, creature, defence)]
    assert t.dungeon(0) == ["10H"] and t.state.discard[-len(defence) - 1:] == [creature, *defence]


@pytest.mark.parametrize("creature,defence", [("QS", ["7D", "4D"]), ("QS", ["JD"]), ("KS", ["QD"]), ("QS", ["JD", "2D"])])
def test_defence_too_weak_is_refused_naming_what_would_do(creature, defence):
    t = _attacked(creature, [*defence, "KC", "6C", "6D"][:4])
    refused = t.refuse(cmd.Defend(0, defence), IllegalMove)
    assert f"do not defeat {creature}" in refused.message and "retreat" in refused.legal


def test_a_two_alone_defeats_a_king():
    t = _attacked("KS", ["2D", "3C", "4C", "5C"])
    assert t.act(cmd.Defend(0, ["2D"])) == [ev.DungeonCreatureDefeated(0, "KS", ["2D"])]
    t = _attacked("QS", ["2D", "3C", "4C", "5C"])
    t.refuse(cmd.Defend(0, ["2D"]), IllegalMove)  # the 2 is the King's bane only


def test_aces_have_no_combat_value():
    t = _attacked("JS", ["AD", "9C", "4C", "5C"])
    t.refuse(cmd.Defend(0, ["AD", "9C"]), IllegalMove)
    t.refuse(cmd.Defend(0, ["AD"]), IllegalMove)


def test_retreat_discards_the_last_passage_and_the_creature():
    t = _attacked("QS", ["9H", "3C", "4C", "5C"])
    assert t.act(cmd.Retreat(0)) == [ev.DungeonRetreated(0, "QS", "10H")]
    assert t.dungeon(0) == [] and t.state.discard[-2:] == ["QS", "10H"] and t.state.window is None


def test_a_defender_in_the_cell_who_does_not_defeat_the_creature_is_slain():
    t = ann_back_in_her_cell()
    assert t.act(cmd.Attack(1, "QS", 0)) == [ev.DungeonCreatureAttacked(1, "QS", 0, None)]  # in the cell
    hand = list(t.hand(0))
    slain = t.act(cmd.Retreat(0))
    assert slain == [ev.DungeonPlayerSlain(0, "QS", hand), ev.DungeonGameWon(1, "last_alive")]
    assert not t.state.alive[0] and t.hand(0) == []


def test_defending_is_not_the_defenders_turn_play_passes_left_of_the_attacker():
    hands = [["10H", "9D", "3C", "4C", "5C"], ["JS", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6H"]]
    t = Table(hands, ["KC", "QD", "2C"], cells=["9S"])  # Ann, Bob, Cat; Ann first
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, "JS", 0))
    refused = t.refuse(cmd.Draw(0), errors.WrongPhase)
    assert "Ann (seat 0) must answer JS" in refused.message
    t.refuse(cmd.EndTurn(1), errors.WrongPhase)
    t.act(cmd.Defend(0, ["9D", "3C"]))
    assert t.state.turn == 1 and t.state.played  # still Bob's turn, his play made
    t.act(cmd.EndTurn(1))
    assert t.state.turn == 2


# ---------------------------------------------------------------- Graverobber and Myrmiddon


def test_graverobber_takes_a_discard_and_is_discarded_at_the_end_of_the_turn():
    t = two(ann=["JD", "9H", "8H", "7H", "6H"])
    t.act(cmd.Draw(0))
    refused = t.refuse(cmd.Graverobber(0, "JD", "QS"), IllegalMove)
    assert refused.legal == ["AC", "2C"]
    assert t.act(cmd.Graverobber(0, "JD", "ac")) == [ev.DungeonGraverobberPlayed(0, "JD", "AC")]
    assert "AC" in t.hand(0) and "JD" not in t.state.discard and DUNGEON.public_view(t.state)["graverobber"] == "JD"
    t.act(cmd.EndTurn(0, ["6H"]))
    assert t.state.discard == ["2C", "6H", "JD"] and len(t.hand(0)) == 5


def test_graverobber_on_the_last_card_searches_the_discards_before_the_reshuffle():
    t = two(bob=["JS", "9S", "8S", "7S", "6S"])
    while len(t.state.pile) > 1:
        t.pass_turn(t.state.turn)
    assert t.state.turn == 1  # 40 draws: Bob draws the last card
    t.act(cmd.Draw(1))
    take = t.state.discard[0]
    t.act(cmd.Graverobber(1, "JS", take))
    t.act(cmd.EndTurn(1, ["9S"]))
    assert t.state.phase == "reshuffle" and "JS" in t.state.discard and take not in t.state.discard


def _asked(ann_asks: str, bob: list[str], ann=("QH", "9H", "8H", "7H", "6H"), **kw) -> Table:
    t = two(ann=list(ann), bob=bob, **kw)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, ann_asks))
    return t


def test_myrmiddon_target_hands_over_the_card_asked():
    t = _asked("7c", ["7C", "2S", "3S", "4S", "5S"])
    assert DUNGEON.to_act(t.state) == [1]
    assert t.act(cmd.HandOver(1)) == [ev.DungeonCardHandedOver(1, "7C", 0)]
    assert "7C" in t.hand(0) and "QH" in t.state.discard


def test_myrmiddon_target_cannot_hand_over_a_card_they_do_not_hold():
    t = _asked("7C", ["8C", "2S", "3S", "4S", "5S"])
    refused = t.refuse(cmd.HandOver(1), errors.CardNotInHand)
    assert "Bob (seat 1) holds no 7C" in refused.message and refused.legal == ["deny"]


def test_myrmiddon_look_at_a_truthful_denial_costs_the_asker_their_hand():
    t = _asked("7C", ["8C", "2S", "3S", "4S", "5S"])
    t.act(cmd.Deny(1))
    ann = list(t.hand(0))
    assert t.act(cmd.Look(0)) == [ev.DungeonHandLookedAt(0, 1, True, ann)]
    assert t.hand(0) == [] and len(t.hand(1)) == 5


def test_myrmiddon_look_at_a_false_denial_gives_the_card_and_costs_the_target_their_hand():
    t = _asked("7C", ["7C", "2S", "3S", "4S", "5S"])
    t.act(cmd.Deny(1))  # a bluff: a fact of the game, not an input error
    assert DUNGEON.to_act(t.state) == [0]
    assert t.act(cmd.Look(0)) == [ev.DungeonHandLookedAt(0, 1, False, ["2S", "3S", "4S", "5S"], "7C")]
    assert "7C" in t.hand(0) and t.hand(1) == []


def test_a_denial_believed_stands():
    t = _asked("7C", ["7C", "2S", "3S", "4S", "5S"])
    t.act(cmd.Deny(1))
    assert DUNGEON.director_view(t.state)["window"]["target_holds"] == "7C"
    assert "target_holds" not in (DUNGEON.public_view(t.state)["window"] or {})
    t.act(cmd.Believe(0))
    assert "7C" in t.hand(1) and t.state.window is None


def test_a_card_named_by_a_myrmiddon_is_either_copy_with_two_decks():
    hands = [["QH", "9H", "8H", "7H", "6H"], ["7C#2", "2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H", "6C"],
             ["2D", "3D", "4D", "5D", "6D"]]
    t = Table(hands, ["KC", "2C", "3C", "4C"])
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "7C"))
    assert t.act(cmd.HandOver(1)) == [ev.DungeonCardHandedOver(1, "7C#2", 0)]


# ---------------------------------------------------------------- Aces


def test_aces_out_of_turn_do_not_use_the_turns_play():
    t = two(ann=["10H", "AH", "8H", "7H", "6H"], bob=["AS", "2S", "3S", "4S", "5S"], pile=["9C", "9D", "9S"])
    t.act(cmd.Draw(0))
    t.act(cmd.PlayAce(1, "AS"))  # out of turn
    assert DUNGEON.to_act(t.state) == []  # the scorekeeper closes the window; no one's Aces are shown
    t.refuse(cmd.PlayPassage(0, "10H"), errors.WrongPhase)
    resolved = t.act(cmd.CloseAces())
    assert resolved == [ev.DungeonAcesResolved([{"seat": 1, "ace": "AS", "cards": ["9D", "9S"]}])]
    t.act(cmd.PlayAce(0, "AH"))
    t.act(cmd.CloseAces())
    t.act(cmd.PlayPassage(0, "10H"))  # the turn's one play is still there
    assert len(t.hand(0)) == 6


def test_stacked_aces_resolve_last_played_first():
    t = two(ann=["10H", "AH", "8H", "7H", "6H"], bob=["AS", "2S", "3S", "4S", "5S"], pile=["9C", "9D", "9S", "8D", "8C"])
    t.act(cmd.Draw(0))
    t.act(cmd.PlayAce(0, "AH"))
    t.act(cmd.PlayAce(1, "AS"))
    resolved = t.act(cmd.CloseAces())[0]
    assert resolved.draws == [{"seat": 1, "ace": "AS", "cards": ["9D", "9S"]},
                              {"seat": 0, "ace": "AH", "cards": ["8D", "8C"]}]
    t.refuse(cmd.CloseAces(), errors.WrongPhase)


def test_hand_size_is_checked_only_at_the_end_of_ones_own_turn():
    t = two(ann=["10H", "9H", "8H", "7H", "6H"], bob=["AS", "2S", "3S", "4S", "5S"], pile=["9C", "9D", "9S", "8D"])
    t.act(cmd.Draw(0))
    t.act(cmd.PlayAce(1, "AS"))
    t.act(cmd.CloseAces())
    assert len(t.hand(1)) == 6
    t.act(cmd.EndTurn(0, ["9C"]))  # Ann's own hand is checked; Bob keeps six
    t.act(cmd.Draw(1))
    t.refuse(cmd.EndTurn(1, ["2S"]), errors.WrongPhase)
    t.act(cmd.EndTurn(1, ["2S", "3S"]))
    assert len(t.hand(1)) == 5


# ---------------------------------------------------------------- the end


def test_the_game_goes_on_until_one_player_is_left_alive():
    hands = [["10H", "3C", "4C", "5C", "6C"], ["KS", "2S", "3S", "4S", "5S"], ["QD", "2H", "3H", "4H", "5H"]]
    t = Table(hands, ["KC", "JD", "2C"], cells=["9S"])  # Ann, Bob, Cat; Ann first
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, "KS", 0))
    t.act(cmd.Retreat(0))
    t.act(cmd.EndTurn(1))
    t.act(cmd.Draw(2))
    t.act(cmd.Attack(2, "QD", 0))
    assert t.act(cmd.Retreat(0))[-1] == ev.DungeonPlayerSlain(0, "QD", t.state.discard[-5:])
    assert DUNGEON.outcome(t.state) is None and t.state.alive == [False, True, True]
    t.act(cmd.EndTurn(2))
    assert t.state.turn == 1  # the slain player's turn is skipped
    t.refuse(cmd.PlayAce(0, "AS"), errors.InvalidSeat)


# ---------------------------------------------------------------- variants


def test_suicide_queen_a_caught_liar_may_discard_the_whole_hand_instead_of_giving_the_card():
    t = Table([["QH", "9H", "8H", "7H", "6H"], ["7C", "2S", "3S", "4S", "5S"]], ["AC", "2C"], suicide_queen=True)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "7C"))
    t.act(cmd.Deny(1))
    assert t.act(cmd.Look(0)) == [ev.DungeonHandLookedAt(0, 1, False, [], liar_chooses=True)]
    assert DUNGEON.to_act(t.state) == [1] and t.hand(1)[0] == "7C"
    assert t.act(cmd.DiscardHand(1)) == [ev.DungeonHandDiscarded(1, ["7C", "2S", "3S", "4S", "5S"])]
    assert "7C" not in t.hand(0) and t.hand(1) == [] and t.state.window is None


def test_suicide_queen_a_caught_liar_who_hands_the_card_over_discards_the_rest():
    t = Table([["QH", "9H", "8H", "7H", "6H"], ["7C", "2S", "3S", "4S", "5S"]], ["AC", "2C"], suicide_queen=True)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "7C"))
    t.act(cmd.Deny(1))
    t.act(cmd.Look(0))
    assert t.act(cmd.HandOver(1)) == [ev.DungeonCardHandedOver(1, "7C", 0),
                                      ev.DungeonHandDiscarded(1, ["2S", "3S", "4S", "5S"])]
    assert "7C" in t.hand(0) and t.hand(1) == []


def test_without_suicide_queen_a_caught_liar_has_no_choice():
    t = _asked("7C", ["7C", "2S", "3S", "4S", "5S"])
    t.act(cmd.Deny(1))
    t.act(cmd.Look(0))
    t.refuse(cmd.DiscardHand(1), errors.WrongPhase)


def _graverobber_played(level: int) -> Table:
    t = Table([["JH", "9H", "8H", "10H", "6H"], ["JS", "JD", "3S", "4S", "5S"]], ["AC", "2C"], counter_attack=level)
    t.act(cmd.Draw(0))
    t.act(cmd.Graverobber(0, "JH", "AC"))
    return t


def test_counter_attack_a_matching_creature_cancels_the_graverobber():
    t = _graverobber_played(1)
    assert t.state.window["kind"] == "counter" and DUNGEON.to_act(t.state) == []  # who holds a Jack stays unsaid
    refused = t.refuse(cmd.Counter(1, "3S"), IllegalMove)
    assert "only a Jack counters it" in refused.message and refused.legal is None  # the Jacks held stay unsaid
    t.act(cmd.Counter(1, "JS"))
    assert t.act(cmd.CloseCounters()) == [ev.DungeonCountersClosed(False)]
    assert "AC" in t.state.discard and "AC" not in t.hand(0)
    assert t.state.discard[-2:] == ["JS", "JH"] and t.state.held is None
    t.refuse(cmd.PlayPassage(0, "10H"), errors.WrongPhase)  # the Graverobber was the turn's play
    assert len(t.hand(1)) == 4  # the counter was no play of Bob's, and drew nothing


def test_counter_attack_a_second_counter_negates_the_reversal():
    t = _graverobber_played(3)
    t.act(cmd.Counter(1, "JS"))
    t.act(cmd.Counter(1, "JD"))
    assert t.act(cmd.CloseCounters()) == [ev.DungeonCountersClosed(True)]
    assert "AC" in t.hand(0) and t.state.held == "JH" and t.state.discard[-2:] == ["JS", "JD"]


def test_counter_attack_with_no_counter_the_ability_stands():
    t = _graverobber_played(1)
    t.act(cmd.CloseCounters())
    assert "AC" in t.hand(0) and t.state.held == "JH"


def test_counter_attack_1_is_for_graverobbers_and_2_for_myrmiddons():
    for level, window in ((1, "ask"), (2, "counter"), (3, "counter")):
        t = Table([["QH", "9H", "8H", "10H", "6H"], ["QS", "JD", "3S", "4S", "5S"]], ["AC", "2C"], counter_attack=level)
        t.act(cmd.Draw(0))
        t.act(cmd.Myrmiddon(0, "QH", 1, "JD"))
        assert t.state.window["kind"] == window
    t.act(cmd.Counter(1, "QS"))
    t.act(cmd.CloseCounters())
    assert t.state.window is None and "JD" in t.hand(1) and t.state.discard[-2:] == ["QS", "QH"]
    t = _graverobber_played(2)
    assert t.state.window is None and "AC" in t.hand(0)


def test_random_cell_every_cell_is_a_face_down_card_and_the_jokers_are_in_the_deck():
    hands = [["JK1", "9H", "8H", "7H", "6H"], ["10S", "9S", "8S", "7S", "JS"]]
    t = Table(hands, ["AC", "2C"], cells=["5D", "JK2"], jokers_wild=True)
    assert t.state.cells == ["5D", "JK2"] and t.state.cell_hidden == [True, True]
    assert [p["cell"] for p in DUNGEON.public_view(t.state)["players"]] == [None, None]
    assert "JK1" in t.hand(0)


def _joker_passage() -> Table:
    hands = [["JK1", "9H", "8H", "10C", "6H"], ["10S", "10D", "8S", "7S", "JS"]]
    t = Table(hands, ["AC", "2C"], cells=["5D", "JK2"], jokers_wild=True)
    t.act(cmd.Draw(0))
    return t


def test_jokers_wild_a_joker_is_played_declared_and_keeps_the_declared_cards_attributes():
    t = _joker_passage()
    refused = t.refuse(cmd.PlayPassage(0, "JK1"), IllegalMove)
    assert "say which, like JK1=9H" in refused.message
    assert t.act(cmd.PlayPassage(0, "jk=10h")) == [ev.DungeonPassagePlayed(0, "JK1=10H", "cell")]
    assert t.state.ever_ten[0]  # a 10 in every way: Ann has left the cell
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, "JS", 0))
    assert t.state.window["passage"] == "JK1=10H"


def _joker_caved_in() -> Table:
    t = _joker_passage()
    t.act(cmd.PlayPassage(0, "JK1=10H"))
    t.act(cmd.EndTurn(0))
    t.act(cmd.Draw(1))
    t.act(cmd.CaveIn(1, "10S", 0))
    return t


def test_jokers_wild_a_joker_passage_caved_in_may_be_saved_with_a_card_of_its_value():
    t = _joker_caved_in()
    assert DUNGEON.to_act(t.state) == [0] and t.dungeon(0) == ["JK1=10H"]
    t.refuse(cmd.SaveJoker(0, "9H"), IllegalMove)
    assert t.act(cmd.SaveJoker(0, "10C")) == [ev.DungeonJokerSaved(0, "10C")]
    assert t.dungeon(0) == ["JK1=10H"] and t.state.discard[-2:] == ["10C", "10S"] and not t.state.setback[0]
    assert t.state.turn == 1 and t.state.played


def test_jokers_wild_a_joker_passage_let_fall_is_discarded_as_a_joker():
    t = _joker_caved_in()
    assert t.act(cmd.LetFall(0)) == [ev.DungeonPassageCollapsed(0)]
    assert t.dungeon(0) == [] and t.state.discard[-2:] == ["JK1", "10S"] and t.state.setback[0]


def test_without_jokers_wild_a_cave_in_is_not_saved():
    t = two(bob=["9S", "10S", "8S", "2S", "3S"])
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.CaveIn(1, "10S", 0))
    assert t.state.window is None and t.dungeon(0) == []


def test_jokers_wild_a_myrmiddon_may_ask_for_a_joker_any_joker():
    hands = [["QH", "9H", "8H", "10C", "6H"], ["JK2", "10D", "8S", "7S", "JS"]]
    t = Table(hands, ["AC", "2C"], cells=["5D", "JK1"], jokers_wild=True)
    t.act(cmd.Draw(0))
    t.act(cmd.Myrmiddon(0, "QH", 1, "JK1"))
    assert t.state.window["asked"] == "JK"
    assert t.act(cmd.HandOver(1)) == [ev.DungeonCardHandedOver(1, "JK2", 0)]


def _dark(darkness: str, ann=("10H", "9H", "8H", "7H", "6H"), bob=("10S", "9S", "8S", "7S", "JS"), pile=()) -> Table:
    return Table([list(ann), list(bob)], ["AC", "2C"], pile, cells=["5D", "5C"], darkness=darkness)


def test_almost_black_and_pitch_black_play_the_jokers_wild_rules():
    for darkness in ("almost_black", "pitch_black"):
        assert load_options({"players": 2, "darkness": darkness})["jokers_wild"]


def test_almost_black_discards_are_face_down_and_passages_face_up():
    t = _dark("almost_black")
    t.act(cmd.Draw(0))
    t.act(cmd.PlayPassage(0, "10H"))
    t.act(cmd.EndTurn(0))
    view = DUNGEON.public_view(t.state)
    assert view["discard"] is None and view["discard_size"] == 2  # the contest's cards
    assert view["players"][0]["dungeon"] == [{"position": 0, "card": "10H", "on": "cell"}]
    assert DUNGEON.director_view(t.state)["discard"] == ["AC", "2C"]


def test_pitch_black_passages_are_face_down_and_a_cheat_is_recorded_not_refused():
    t = _dark("pitch_black")
    t.act(cmd.Draw(0))
    played = t.act(cmd.PlayPassage(0, "7H"))  # out of order: a cheat, the player's risk
    assert played == [ev.DungeonPassagePlayed(0, "7H", "cell", cheat=True)] and played[0].salt
    view = DUNGEON.public_view(t.state)["players"][0]
    assert view["dungeon"] == [{"position": 0, "on": "cell"}] and view["last_passage"] is None and view["left_cell"]
    assert DUNGEON.director_view(t.state)["cheats"] == [[0], []]


def test_pitch_black_an_accused_cheater_discards_the_whole_dungeon_but_the_cell():
    t = _dark("pitch_black")
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.pass_turn(1)
    t.turn(0, cmd.PlayPassage(0, "7H", "10H"))
    assert t.act(cmd.Accuse(1, 0)) == [ev.DungeonAccused(1, 0, True, ["10H", "7H"])]
    assert t.dungeon(0) == [] and t.state.cells[0] == "5D" and t.state.discard[-2:] == ["10H", "7H"]


def test_pitch_black_an_innocent_accused_makes_the_accuser_discard_their_dungeon():
    t = _dark("pitch_black")
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.turn(1, cmd.PlayPassage(1, "10S"), discards=None)
    t.act(cmd.Draw(0))
    assert t.act(cmd.Accuse(0, 1)) == [ev.DungeonAccused(0, 1, False, ["10H"])]  # out of no turn's play
    assert t.dungeon(0) == [] and t.dungeon(1) == ["10S"]
    t.act(cmd.PlayPassage(0, "9H"))  # the accusation was not the turn's play (a cheat now: no 10)


def test_pitch_black_a_cave_in_of_another_value_leaves_the_face_down_passage():
    t = _dark("pitch_black", bob=("9S", "10S", "8S", "7S", "JS"))
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    assert t.act(cmd.CaveIn(1, "9S", 0)) == [ev.DungeonCaveInFailed(1, "9S", 0)]
    assert t.dungeon(0) == ["10H"] and t.state.discard[-1] == "9S" and t.state.played


def test_pitch_black_escape_needs_one_true_line_from_ten_to_two():
    t = _dark("pitch_black", ann=("10H", "2H", "8H", "7H", "6H"))
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    assert t.act(cmd.PlayPassage(0, "2H", "10H")) == [ev.DungeonPassagePlayed(0, "2H", "10H", cheat=True)]
    assert DUNGEON.outcome(t.state) is None


def test_pitch_black_the_graverobbers_take_is_secret():
    t = _dark("pitch_black", ann=("JH", "9H", "8H", "7H", "6H"))
    t.act(cmd.Draw(0))
    t.act(cmd.Graverobber(0, "JH", "AC"))
    view = DUNGEON.public_view(t.state)
    assert "AC" not in str(view) and view["graverobber"] == "JH"


def test_accusations_are_for_pitch_black_only():
    t = two()
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.refuse(cmd.Accuse(1, 0), IllegalMove)


def test_counter_attack_a_third_counter_cancels_the_ability_again():
    t = Table([["JH", "JC", "8H", "10H", "6H"], ["JS", "JD", "3S", "4S", "5S"]], ["AC", "2C"], counter_attack=1)
    t.act(cmd.Draw(0))
    t.act(cmd.Graverobber(0, "JH", "AC"))
    for seat, jack in ((1, "JS"), (0, "JC"), (1, "JD")):  # the ability's own player may counter too
        t.act(cmd.Counter(seat, jack))
    assert t.act(cmd.CloseCounters()) == [ev.DungeonCountersClosed(False)]
    assert "AC" not in t.hand(0) and t.state.held is None


def test_jokers_wild_a_joker_discarded_or_taken_back_is_a_plain_joker_whatever_it_is_called():
    hands = [["JK1", "JD", "8H", "10C", "6H"], ["10S", "10D", "8S", "7S", "JS"]]
    t = Table(hands, ["AC", "2C"], cells=["5D", "JK2"], jokers_wild=True)
    t.act(cmd.Draw(0))
    assert t.act(cmd.EndTurn(0, ["JK1=9H"])) == [ev.DungeonTurnEnded(0, ["JK1"])]
    t.pass_turn(1)
    t.act(cmd.Draw(0))
    assert t.act(cmd.Graverobber(0, "JD", "JK1=2S")) == [ev.DungeonGraverobberPlayed(0, "JD", "JK1")]
    assert "JK1" in t.hand(0)
