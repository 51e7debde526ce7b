"""Golden Queen Bees games (``tests/golden/qb-*.json``): replayed to the expected score after every
hand, and decided again into the same events."""

from __future__ import annotations

from trick_golden import golden_tests

(test_there_are_at_least_two_golden_games, test_golden_game_replays_to_the_expected_score_after_every_hand,
 test_golden_game_is_decided_again_into_the_same_events) = golden_tests("qb")
