"""The Queens: a key that can never be played out is said at once, naming its cards, and only when
it is proved (``referee/games/the_queens/lock.py``)."""

from __future__ import annotations

import doctest
import random

from test_tq_solver import exhaustive, small_position
from tq_positions import tableau
from referee.games.the_queens import lock
from referee.games.the_queens.cards import CARD_OF, DECK104
from referee.games.the_queens.lock import key_lock
from referee.games.the_queens.solver import solve

SPADES_AT_9_AND_6 = [["KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"], ["KS", "AS", "2S", "3S", "4S", "5S"]]


def spread(key, foundations):
    """A position with ``key`` (bottom first) and ``foundations``, every other card in the shutter
    and the pack: far too many positions to search."""
    rest = list(DECK104)
    for c in list(key) + [c for f in foundations for c in f]:
        rest.remove(c)
    random.Random(7).shuffle(rest)
    rest = [c for c in rest if c[0] != "K"]  # Kings would go to the foundation row as they turn up
    kings = [c for c in DECK104 if c[0] == "K"]
    for f in foundations:
        kings.remove(f[0])
    return tableau(key=key, foundations=[list(f) for f in foundations] + [[k] for k in kings],
                   piles={f"s{i + 1}": [c] for i, c in enumerate(rest[:7])}, pack=rest[7:])


def test_lock_doctests_pass():
    assert doctest.testmod(lock).failed == 0


def test_a_key_locked_by_the_foundations_heights_is_proved_lost_before_any_search():
    # One 6 of spades is home on the foundation that is past the 7 (at the 8); the 7 on the key must
    # go onto the other, at the 5, which needs the other 6: it lies under the 7 in the key.
    t = spread(["6S", "9C", "7S"], SPADES_AT_9_AND_6)
    verdict = solve(t, seconds=5, max_positions=2000)
    assert verdict.result == "lost" and verdict.positions == 0
    assert verdict.proof == ("the 7 of spades goes home after the other copy (which is home already), so both copies "
                             "of every lower spade must be home first, yet a copy of the 6 of spades lies under it in "
                             "the key: the key can never be played out")


def test_a_key_card_above_both_copies_of_the_card_before_it_names_them():
    t = spread(["6S", "6S", "9C", "7S"], [["KS", "AS", "2S", "3S", "4S", "5S"]])
    assert key_lock(t) == ("the 7 of spades lies above both copies of the 6 of spades in the key: the key can never "
                           "be played out")


def test_a_key_card_that_a_foundation_still_takes_is_not_said_locked():
    # The same key, but a spade foundation stands at the 7 (the 6 on top): the 7 may go there.
    t = spread(["6S", "9C", "7S"], [SPADES_AT_9_AND_6[0][:7], SPADES_AT_9_AND_6[1]])
    assert key_lock(t) is None
    # An 8 of spades above it goes first, onto the foundation at the 7 with the other 7 (in the
    # pack); the key's 7 then needs the other foundation to reach it, which it can while a 6 of
    # spades is left out of the key; with that 6 under the 7, it cannot.
    found = [SPADES_AT_9_AND_6[0][:7], SPADES_AT_9_AND_6[1][:3]]
    assert key_lock(spread(["9C", "7S", "8S"], found)) is None
    assert "a copy of the 6 of spades lies under it" in key_lock(spread(["6S", "9C", "7S", "8S"], found))


def test_a_queen_paid_in_play_frees_the_cards_under_her_so_no_lock_is_said_below_her():
    key = ["4H", "4H", "6H", "2C", "QS", "3C"]
    assert key_lock(tableau(key=key, foundations=[["KH", "AH", "2H", "3H"]])) is not None
    assert key_lock(tableau(key=key, foundations=[["KH", "AH", "2H", "3H"]], key_payment="always")) is None


def test_a_lock_is_said_only_of_positions_an_exhaustive_search_finds_lost():
    said = 0
    for seed in range(150):
        rng = random.Random(seed)
        t = small_position(rng, rng.randint(4, 11))
        if t is not None and key_lock(t) is not None:
            said += 1
            assert exhaustive(t) == "lost", seed
    assert said >= 5


def test_a_card_face_down_is_no_card_in_the_proof():
    t = tableau(key=["?", "?", "7S"], foundations=[["KS", "AS", "2S", "3S", "4S", "5S"]])
    assert key_lock(t) is None
    assert CARD_OF[("S", 6)] == "6S"
