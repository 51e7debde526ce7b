"""Golden Queen Bees games (``tests/golden/qb-*.json``): replayed to the expected score after every
hand, and decided again into the same events."""

from __future__ import annotations

import pytest

from trick_golden import GOLDEN_DIR, check_decided_again_into_the_same_events, check_replays_to_the_expected_scores

GOLDEN = sorted(GOLDEN_DIR.glob("qb-*.json"))


def test_there_are_at_least_two_golden_games():
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_the_expected_score_after_every_hand(path):
    check_replays_to_the_expected_scores(path)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_is_decided_again_into_the_same_events(path):
    check_decided_again_into_the_same_events(path)
