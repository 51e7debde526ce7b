"""What the table hears of its game, in the game's own words (`Game.words`): rulings as a player
would say them, the view carrying each ruling's words, and an end screen that agrees with the score
sheet. Pure: the golden records, folded, with no store."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.registry import get_game
from referee.words import Names
from tests.referee.trick_golden import load

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TRICK_GOLDEN = sorted(p for p in GOLDEN.glob("*.json") if not p.stem.startswith(("dungeon", "tq")))


def folded(path: Path):
    data, events = load(path)
    game = get_game(data["game"])
    state = game.initial_state()
    for event in events:
        state = game.apply(state, event)
    return game, state, events


def rulings(path: Path) -> list[tuple[str, ev.RenegeRuled]]:
    game, state, events = folded(path)
    names = Names(state.names)
    return [(game.words(ev.RenegeRuled, payload_of(e), names), e) for e in events if isinstance(e, ev.RenegeRuled)]


def payload_of(event) -> dict:
    from events.registry import registry

    return registry.encode(event)[2]


def test_queen_bees_says_a_queen_of_the_suit_led_is_a_trump_never_that_it_did_not_follow_its_suit():
    game = get_game("queen-bees")
    said = game.words(ev.RenegeRuled, {"accused": 1, "claimant": 0, "hand": 2, "trick": 3, "card": "QH",
                                       "kind": "renege", "verdict": "upheld", "window": "C",
                                       "evidence": {"card": "QH", "trick": 3, "rule": "plain", "suit": "H"}},
                      Names(["Ann", "Bob", "Cat", "Dan"]))
    assert said.startswith("Bob reneged in trick 3 of hand 2: hearts were led (a Queen is a trump now, not one of "
                           "the hearts), and Bob played the queen of hearts though able to follow")
    assert "queen of hearts did not follow" not in said


def test_a_queen_bees_renege_penalty_names_the_player_and_the_points_as_said_at_the_table():
    [(said, _)] = rulings(GOLDEN / "qb-blind-renege-c.json")
    cost = "Bob scores -110 for hand 2 (10 for each trick bid), instead of the hand's score"
    assert cost in said
    assert not re.search(r"\bSeat \d|\bx \d+ =", said), said
    game, state, _ = folded(GOLDEN / "qb-blind-renege-c.json")
    [ruling] = [r for r in game.public_view(state)["rulings"] if r["type"] == "ruling"]
    assert ruling["cost"] == cost + "."  # what the page's latest ruling says it costs


@pytest.mark.parametrize("path", TRICK_GOLDEN, ids=lambda p: p.stem)
def test_rulings_the_table_hears_say_when_they_were_found_in_words_never_by_window_letter(path):
    for said, _ in rulings(path):
        assert "window" not in said.lower() and "found out" in said, said


def test_a_ruling_on_a_card_that_followed_suit_says_the_claim_and_why_it_failed():
    said = get_game("queens-dungeon").words(
        ev.RenegeRuled, {"accused": 2, "claimant": 0, "hand": 1, "trick": 2, "card": "6S", "kind": "renege",
                         "verdict": "not_proven", "window": "C",
                         "evidence": {"card": "6S", "trick": 2, "reason": "the card followed the rules; QS was "
                                                                          "already played in trick 1"}},
        Names(["Ann", "Bob", "Cat", "Dan"]))
    assert said == ("Ann's claim against Cat's 6 of spades in trick 2 of hand 1 is not proven: the card followed "
                    "the rules; the queen of spades was already played in trick 1")


@pytest.mark.parametrize("path", TRICK_GOLDEN, ids=lambda p: p.stem)
def test_the_tables_view_carries_each_rulings_words(path):
    game, state, _ = folded(path)
    names = Names(state.names)
    kinds = {"claim": ev.RenegeClaimed, "ruling": ev.RenegeRuled, "card_taken_back": ev.CardTakenBack,
             "penalty_accepted": qd_ev.PenaltyAccepted}
    for entry in game.public_view(state)["rulings"]:
        bare = {k: v for k, v in entry.items() if k not in ("said", "why", "cost")}
        assert entry["said"] == game.words(kinds[entry["type"]], bare, names) + "."


@pytest.mark.parametrize("path", TRICK_GOLDEN, ids=lambda p: p.stem)
def test_after_the_game_ends_the_table_shows_the_dealer_the_score_sheet_gives_its_last_hand(path):
    game, state, _ = folded(path)
    assert game.outcome(state) is not None
    view, sheet = game.public_view(state), game.scores(state)
    last = sheet["hands"][-1]
    assert view["hand"]["no"] == last["hand"]
    assert view["dealer"] == view["hand"]["dealer"] == last["dealer"]
