"""The game contract (referee/game.py): every optional capability is declared on the base with a
default that says the game has none, every game inherits it, and the registry's wrappers forward
each member of the contract, and nothing else."""

from __future__ import annotations

import random

import marshmallow
import pytest

from referee.confirmations import Confirmable, confirmable, players_of
from referee.errors import RefereeError
from referee.events import CardPlayed, GameCreated, RenegeClaimed
from referee.game import CONTRACT, Game
from referee.game_wrapper import GameWrapper, own_game
from referee.registry import game_names, game_of_record, get_game
from referee.replay import replay
from referee.trickgame.game import TrickGame
from referee.trickgame.shared_commands import ClaimRenege, TakeBack
from referee.undo import Undoable, undoable

#: The optional capabilities, each with the answer that says "this game has none".
NONE_OF_IT = {"played_in_hands": True, "score_columns": (), "hands_dealt": True, "blind_record_has_secrets": False,
              "dispute_events": (), "ruling_events": (), "verdict_events": (), "claim_commands": (),
              "claim_events": (), "upholding_commands": (), "record_style": "", "record_kept_whole": ()}
NOTHING_SAID = {"hint": None, "audit_notes": None, "picture_html": None, "why_not_made": None, "dummy": None,
                "results_final": False, "explain_rulings": {}, "departure": None, "record_html": "",
                "table_lines": None}


class Bare(Game):
    """A game that implements only what every game must: no capability of its own."""

    name, title, options_schema, command_schemas = "bare", "Bare", marshmallow.Schema, {}


def _call(game: Game, member: str, state: object) -> object:
    """Call an optional capability with arguments of the right shape."""
    args = {"hint": (state, 0.1), "audit_notes": (state, []), "picture_html": (state,),
            "why_not_made": (state, CardPlayed(0, "AS", 1, 1)), "dummy": (state,), "results_final": (state,),
            "explain_rulings": ([], game), "departure": (CardPlayed, {}), "record_html": ({},),
            "table_lines": ({}, None)}[member]
    return getattr(game, member)(*args)


def test_every_optional_capability_has_a_default_saying_the_game_has_none():
    game = Bare()
    for member, none in NONE_OF_IT.items():
        assert getattr(game, member) == none, member
    for member, nothing in NOTHING_SAID.items():
        assert _call(game, member, object()) == nothing, member
    assert set(NONE_OF_IT) | set(NOTHING_SAID) | {"words", "scored_hands"} <= set(CONTRACT)


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_is_a_game_inside_and_out(name):
    served = get_game(name)
    assert issubclass(type(served), Game) and issubclass(type(own_game(served)), Game)


def test_a_game_without_a_solver_has_no_hint_and_one_with_a_solver_hints():
    game = get_game("queen-bees")
    state = replay(game.start({}, ["Ann", "Bob", "Cat", "Dan"], "known", random.Random(1)))
    assert game.hint(state) is None
    queens = get_game("the-queens")
    state = replay(queens.start({}, ["Ann"], "known", random.Random(1)))
    state = replay([queens.decide(state, command, random.Random(1))[0]
                    for command in queens.legal_actions(state, 0)[:1]], state=state)
    assert queens.hint(state, 0.2)["result"] in ("won", "lost", "undecided")


@pytest.mark.parametrize("wrapper", [Undoable, Confirmable])
def test_a_wrapper_defines_every_member_of_the_contract_itself(wrapper):
    served = wrapper(Bare())
    for member in CONTRACT:
        assert member in vars(served) or any(member in vars(k) for k in wrapper.__mro__ if k is not Game), member


class Spy(Bare):
    """A game whose every capability answers with its own name, so a forwarded call is seen."""

    played_in_hands, score_columns, hands_dealt = False, ("spied",), False
    blind_record_has_secrets, dispute_events = True, (CardPlayed,)
    ruling_events, verdict_events = (CardPlayed,), (GameCreated,)
    claim_commands, claim_events, upholding_commands = (int,), (CardPlayed,), (str,)
    record_style, record_kept_whole = ".spied{}", (".spied",)
    own_secret = "no part of the contract"

    def __getattribute__(self, name: str) -> object:
        if name in NOTHING_SAID or name in ("to_act", "public_view", "director_view", "scores", "score_mark",
                                            "outcome", "scored_hands"):
            return lambda *args: ("spy", name)
        return super().__getattribute__(name)


def test_the_registrys_wrappers_forward_each_capability_to_the_game_and_nothing_else():
    served = undoable(confirmable(Spy()))
    assert not hasattr(served, "own_secret")
    for member, none in NONE_OF_IT.items():
        assert getattr(served, member) == getattr(Spy, member) != none, member
    for member in NOTHING_SAID:
        assert _call(served, member, object()) == ("spy", member), member
    for member in ("to_act", "public_view", "director_view", "scores", "score_mark", "outcome", "scored_hands"):
        assert getattr(served, member)(object()) == ("spy", member), member


def test_a_wrapper_reaches_nothing_of_the_game_outside_the_contract():
    served = get_game("queens-dungeon")
    assert isinstance(served, GameWrapper) and isinstance(own_game(served), TrickGame)
    with pytest.raises(AttributeError):
        served.legal_cards  # the trick engine's own: read it on the game itself (own_game)


def test_a_dummy_is_said_by_the_game_and_confirms_nothing():
    game = get_game("queens-dungeon")
    two = replay(game.start({"players": 2, "first_dealer": 0}, ["Ann", "Bob"], "known", random.Random(1)))
    four = replay(game.start({"players": 4, "first_dealer": 0}, ["Ann", "Bob", "Cat", "Dan"], "known",
                             random.Random(1)))
    assert game.dummy(two) == 2 and game.dummy(four) is None
    assert players_of(game, two) == [0, 1] and players_of(game, four) == [0, 1, 2, 3]


def test_a_record_is_of_the_game_its_first_event_names():
    opening = get_game("black-queen").start({}, [f"P{i}" for i in range(6)], "known", random.Random(1))
    assert game_of_record(opening[0]) is get_game("black-queen")
    with pytest.raises(RefereeError, match="starts with GameCreated, not CardPlayed"):
        game_of_record(CardPlayed(0, "AS", 1, 1))
    with pytest.raises(RefereeError, match="no game 'whist'"):
        game_of_record(GameCreated("whist", {}, ["A", "B", "C", "D"], "known"))


def test_a_trick_game_lists_its_tricks_as_its_score_columns_unless_it_says_its_own():
    assert TrickGame.score_columns == ("tricks",)
    assert get_game("queen-bees").score_columns == ("bid", "tricks", "made", "renege")
    assert get_game("the-queens").hands_dealt is False and get_game("dungeon").hands_dealt is True


def test_a_trick_game_declares_its_claim_of_a_renege_to_the_undo_and_other_games_none():
    """The undo never takes back a claim the referee ruled on (``referee.undo``): the trick engine
    says which table action is one, which event records it, and which action upholds it."""
    served = get_game("queens-dungeon")
    assert served.claim_commands == (ClaimRenege,) and served.claim_events == (RenegeClaimed,)
    assert served.upholding_commands == (TakeBack,)
    for name in ("dungeon", "the-queens"):
        game = get_game(name)
        assert game.claim_commands == game.claim_events == game.upholding_commands == ()


def test_only_a_game_that_draws_for_the_record_brings_a_style_to_it():
    """Dungeon draws its dungeons for the printable record and writes its table for ``courtcard
    show`` (``referee/games/dungeon/drawing.py``); a trick game leaves both to the shared code."""
    dungeon, trick = get_game("dungeon"), get_game("queens-dungeon")
    assert ".dungeon{" in dungeon.record_style and dungeon.record_kept_whole == (".dungeon",)
    assert trick.record_style == "" and trick.record_html({"players": []}) == ""
    assert trick.table_lines({}, None) is None
