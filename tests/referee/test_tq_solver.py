"""The Queens' solver: its verdict agrees with a plain exhaustive search over the rules on small
positions, its winning lines win when the rules replay them, and a deadlocked key is lost."""

from __future__ import annotations

import doctest
import random

import pytest

from tq_positions import foundations_without, tableau
from referee.cards import SUITS
from referee.games.the_queens import rules, solver
from referee.games.the_queens.cards import CARD_OF
from referee.games.the_queens.rules import Tableau, apply, legal_moves
from referee.games.the_queens.lock import key_lock
from referee.games.the_queens.solver import solve


def play(t: Tableau, m: tuple) -> Tableau:
    events = rules.move(t, m[1], m[3], m[2]) if m[0] == "move" else getattr(rules, m[0])(t)
    t = t.clone()
    for e in events:
        apply(t, e)
    return t


def exhaustive(t: Tableau) -> str:
    """Won or lost, by trying every legal move from every position reachable (no pruning)."""
    def key(t):
        return (tuple(t.key), tuple(t.pack), tuple(map(tuple, t.piles)), tuple(map(tuple, t.foundations)),
                tuple(t.talon), t.pass_base)

    seen, stack = {key(t)}, [t]
    while stack:
        t = stack.pop()
        if t.ended == "won" or t.home() == rules.ALL_HOME:
            return "won"
        for m in legal_moves(t):
            nxt = play(t, m)
            if key(nxt) not in seen:
                seen.add(key(nxt))
                stack.append(nxt)
    return "lost"


def small_position(rng: random.Random, left_count: int) -> Tableau | None:
    """A position with ``left_count`` cards or so off the foundations, spread at random over the
    key, the pack, the talon and the shutter (its spaces are filled after the first move)."""
    left = []
    tops = [(s, c) for s in SUITS for c in (1, 2)]
    rng.shuffle(tops)
    for suit, copy in tops:
        if len(left) >= left_count:
            break
        low = rng.randint(max(1, 13 - (left_count - len(left))), 12)
        left += [CARD_OF[(suit, v)] for v in range(low, 13)]
    rng.shuffle(left)
    places = [rng.choice(("key", "pack", "pack", "talon", "talon", "pile", "pile")) for _ in left]
    piles: dict[str, list[str]] = {}
    pile_names = list(rules.PILES)
    t = tableau(foundations=foundations_without(left), fill=False,
                key=[c for c, p in zip(left, places) if p == "key"],
                pack=[c for c, p in zip(left, places) if p == "pack"],
                talon=[c for c, p in zip(left, places) if p == "talon"])
    for c, p in zip(left, places):
        if p == "pile":
            piles.setdefault(rng.choice(pile_names[:4]), []).append(c)
    for name, cards in piles.items():
        t.piles[rules.PILES.index(name)] = cards
    t.pass_base = rng.randint(0, len(t.talon))
    return t if legal_moves(t) else None


def test_solver_doctests_pass():
    assert doctest.testmod(solver).failed == 0


@pytest.mark.parametrize("seed", range(120))
def test_solver_verdict_matches_exhaustive_search_on_small_positions(seed):
    rng = random.Random(seed)
    t = None
    while t is None:  # a position with no move is drawn again
        t = small_position(rng, rng.randint(4, 11))
    verdict = solve(t, seconds=20)
    assert verdict.result == exhaustive(t)
    if verdict.result == "won":
        for m in verdict.line:
            assert m in legal_moves(t), f"{m} is not legal"
            t = play(t, m)
        assert t.ended == "won"


@pytest.mark.parametrize("seed", range(40))
def test_solver_verdict_matches_exhaustive_search_when_a_queen_is_paid_in_play(seed):
    rng = random.Random(seed)
    t = None
    while t is None:
        t = small_position(rng, rng.randint(4, 11))
    t.key_payment = "always"
    assert solve(t, seconds=20).result == exhaustive(t)


def test_both_verdicts_occur_among_the_small_positions():
    seen = set()
    for seed in range(120):
        rng = random.Random(seed)
        t = small_position(rng, rng.randint(4, 11))
        if t is not None:
            seen.add(solve(t, seconds=20).result)
    assert seen == {"won", "lost"}


def test_a_key_card_above_both_copies_of_a_lower_card_is_a_lost_game():
    t = tableau(key=["4H", "4H", "6H"], foundations=foundations_without(
        ["4H", "4H", "5H", "5H", "6H", "6H", "7H", "7H", "8H", "8H", "9H", "9H", "10H", "10H", "JH", "JH", "QH", "QH"]),
        piles={"s1": ["QH", "JH", "10H", "9H", "8H", "7H", "6H"], "s2": ["QH", "JH", "10H", "9H", "8H", "7H", "5H", "5H"]})
    verdict = solve(t)
    assert verdict.result == "lost" and verdict.proof == ("the 6 of hearts lies above both copies of the 4 of hearts in "
                                                          "the key: the key can never be played out")
    assert exhaustive(t) == "lost"


def test_undecided_when_the_budget_runs_out():
    order = list(rules.DECK104)
    random.Random(284).shuffle(order)  # a deal the solver cannot settle in a moment
    t = Tableau()
    for e in rules.deal(order):
        apply(t, e)
    assert key_lock(t) is None
    assert solve(t, seconds=0.2).result == "undecided"
