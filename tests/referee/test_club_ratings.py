"""Ratings (``referee.club.ratings``): OpenSkill's Plackett-Luce, per player and per game, from
results in record order."""

from __future__ import annotations

from referee.club.ratings import MU, SIGMA, history_of, ratings, table
from referee.club.results import TableResult


def tr(game_id: str, players: str, places, game: str = "queen-bees", units=(), finished: bool = True) -> TableResult:
    return TableResult(game_id, game, 1, 1, tuple(players), tuple(places), (None,) * len(players), finished, True,
                       tuple(units))


def test_the_winners_rating_rises_and_the_losers_falls():
    rated = ratings([tr("g1", "AB", (1, 2))])
    a, b = rated[("A", "queen-bees")], rated[("B", "queen-bees")]
    start = MU - 3 * SIGMA  # 0: a new rating's ordinal
    assert a.mu > MU > b.mu
    assert a.ordinal > start and a.ordinal > b.ordinal
    assert a.sigma < SIGMA and b.sigma < SIGMA


def test_a_tie_moves_both_ratings_alike():
    rated = ratings([tr("g1", "ABC", (1, 1, 3))])
    a, b, c = (rated[(p, "queen-bees")] for p in "ABC")
    assert (a.mu, a.sigma) == (b.mu, b.sigma)
    assert c.mu < MU < a.mu


def test_the_same_record_gives_identical_ratings():
    games = [tr("g1", "ABCD", (1, 2, 3, 4)), tr("g2", "ACBD", (2, 1, 1, 4)), tr("g3", "DCBA", (1, 2, 3, 4))]
    first, again = ratings(games), ratings(list(games))
    assert first == again
    assert [x.to_json() for x in table(first, "queen-bees")] == [x.to_json() for x in table(again, "queen-bees")]


def test_partners_are_rated_as_one_team():
    rated = ratings([tr("g1", "ABCD", (1, 3, 1, 3), game="queens-dungeon", units=(0, 1, 0, 1))])
    a, b, c, d = (rated[(p, "queens-dungeon")] for p in "ABCD")
    assert (a.mu, a.sigma) == (c.mu, c.sigma) and (b.mu, b.sigma) == (d.mu, d.sigma)
    assert a.mu > MU > b.mu
    # Two teams of two: not the same as a four-player free-for-all with the same places.
    alone = ratings([tr("g1", "ABCD", (1, 3, 1, 3), game="queens-dungeon")])
    assert alone[("A", "queens-dungeon")].mu != a.mu


def test_a_rating_is_kept_per_game():
    rated = ratings([tr("g1", "AB", (1, 2)), tr("g2", "AB", (2, 1), game="black-queen")])
    assert rated[("A", "queen-bees")].mu > MU > rated[("A", "black-queen")].mu


def test_a_rating_keeps_its_history_game_by_game():
    rated = ratings([tr("g1", "AB", (1, 2)), tr("g2", "AB", (1, 2)), tr("g3", "AC", (2, 1))])
    a = rated[("A", "queen-bees")]
    assert [h.game_id for h in a.history] == ["g1", "g2", "g3"] and a.games == 3
    assert [h.place for h in a.history] == [1, 1, 2]
    assert a.history[0].mu < a.history[1].mu and a.history[2].mu < a.history[1].mu
    assert (a.history[-1].mu, a.history[-1].ordinal) == (a.mu, a.ordinal)
    assert [h["game_id"] for h in history_of(rated, "A")["queen-bees"]] == ["g1", "g2", "g3"]


def test_rating_order_follows_the_record():
    """Ratings are updated in record order: the same games in another order rate differently."""
    games = [tr("g1", "AB", (1, 2)), tr("g2", "AC", (2, 1)), tr("g3", "BC", (1, 2))]
    assert ratings(games)[("A", "queen-bees")].mu != ratings(games[::-1])[("A", "queen-bees")].mu


def test_a_patience_or_a_game_in_play_rates_nobody():
    rated = ratings([tr("g1", "A", (1,), game="the-queens"), tr("g2", "AB", (0, 0), finished=False)])
    assert rated == {}


def test_the_rating_table_is_best_first():
    rated = ratings([tr("g1", "ABC", (2, 1, 3))])
    assert [x.player for x in table(rated, "queen-bees")] == ["B", "A", "C"]
