"""A new trick game needs only its own folder: Two-Suit Tricks (``tests/sample_game/``), built on the
trick engine alone and never registered, passes every check ``test_every_game.py`` runs on the
registered games, unchanged. The registry serves it as it would serve a registered game
(``referee.registry.served``: with the undo and the players' confirmations) and stays as it was."""

from __future__ import annotations

import pytest

from referee.registry import game_names, served
from tests.sample_game import TwoSuitTricks
from test_every_game import SEEDS, check_corrections_at_random, check_random_play_to_the_end, records_of

GAME = served(TwoSuitTricks())


@pytest.mark.parametrize("seed", SEEDS)
def test_a_trick_game_defined_outside_the_referee_plays_to_its_end_under_every_check(seed):
    twins = check_random_play_to_the_end(GAME, seed)
    assert GAME.outcome(twins.known.state)["reason"] == "hands"
    assert sum(GAME.scores(twins.known.state)["totals"]) == 2 * 3  # one point a trick, two hands of three


@pytest.mark.parametrize("record", ["known", "blind"])
def test_a_trick_game_defined_outside_the_referee_takes_its_corrections(record):
    check_corrections_at_random(GAME, record, seed=7)


def test_a_game_served_without_registering_keeps_both_records_and_leaves_the_registry_alone():
    assert records_of(GAME) == ["known", "blind"]
    assert TwoSuitTricks.name not in game_names()
