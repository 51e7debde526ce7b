"""Leagues (``referee.club.leagues``): their record and their standings by their own rule."""

from __future__ import annotations

import pytest

from events.registry import registry
from referee.club.leagues import (InvalidLeague, LeagueCreated, SessionAddedToLeague, add_session, create, fold,
                                  league_standings)
from referee.club.results import TableResult
from referee.club.standings import Adjustment, session_standings


def tr(game_id: str, players: str, places, totals) -> TableResult:
    return TableResult(game_id, "queen-bees", 1, 1, tuple(players), tuple(places), tuple(totals), True, True)


# Night 1: A 1st, B 2nd, C 3rd (one table of three): A 4, B 2, C 0 match points.
NIGHT1 = session_standings([tr("n1g1", "ABC", (1, 2, 3), (90, 50, 10))])
# Night 2: C 1st, B 2nd, A 3rd: C 4, B 2, A 0. The director then rules B first, C second (as ruled:
# B 4, C 2, A 0).
NIGHT2 = session_standings([tr("n2g1", "CBA", (1, 2, 3), (80, 60, 20))],
                           [Adjustment("n2g1", (2, 1, 3), (60, 80, 20), "misscored last hand")])
# Night 3: D and A, D first: D 2, A 0.
NIGHT3 = session_standings([tr("n3g1", "DA", (1, 2), (40, 30))])
NIGHTS = {"S1": NIGHT1, "S2": NIGHT2, "S3": NIGHT3}


def league(rule: str = "sum", best: int = 0, sessions=("S1", "S2", "S3")):
    return fold(create("Winter league", rule, best) + [SessionAddedToLeague(s) for s in sessions])


def test_league_standings_sum_every_nights_match_points_as_ruled():
    """Sum, as ruled: B 2 + 4 = 6 (won night 2), A 4 + 0 + 0 = 4 (won night 1), C 0 + 2 = 2,
    D 2 (won night 3; 2 points, level with C: D has one night won, C none)."""
    lines = league_standings(league(), NIGHTS).lines
    assert [(x.rank, x.player, x.points, x.nights, x.nights_won) for x in lines] == [
        (1, "B", 6, 2, 1), (2, "A", 4, 3, 1), (3, "D", 2, 1, 1), (4, "C", 2, 2, 0)]
    assert lines[3].tie_break == "level on league points (2); fewer nights won (0 against 1)"
    assert lines[1].by_session == (("S1", 4, 1), ("S2", 0, 3), ("S3", 0, 2))


def test_league_standings_best_n_of_m_nights_count_only_the_best():
    """Best 1 night: A 4 (night 1), B 4 (night 2), C 2, D 2. A and B level on 4 points and one
    night won each: totals, as ruled, break it (A 90 + 20 + 30 = 140; B 50 + 80 = 130)."""
    lines = league_standings(league("best", 1), NIGHTS).lines
    assert [(x.rank, x.player, x.points, x.counted) for x in lines] == [
        (1, "A", 4, ("S1",)), (2, "B", 4, ("S2",)), (3, "D", 2, ("S3",)), (4, "C", 2, ("S2",))]
    assert lines[1].tie_break == "level on league points (4) and nights won (1); a lower total (130 against 140)"


def test_league_standings_skip_a_session_without_results_yet():
    lines = league_standings(league(), {"S1": NIGHT1}).lines
    assert [(x.player, x.points) for x in lines] == [("A", 4), ("B", 2), ("C", 0)]


def test_league_record_folds_to_its_rule_and_sessions_in_order():
    lg = league("best", 2, ("S2", "S1"))
    assert (lg.name, lg.rule, lg.best, lg.sessions) == ("Winter league", "best", 2, ("S2", "S1"))
    assert lg.rule_words() == "the best 2 nights of match points count"
    doc = league_standings(lg, NIGHTS).to_json()
    assert doc["league"]["sessions"] == ["S2", "S1"] and doc["ranking"][0].startswith("league points")


def test_league_events_are_registered_by_name():
    for cls in (LeagueCreated, SessionAddedToLeague):
        assert registry.lookup(cls.__name__).cls is cls


@pytest.mark.parametrize("name, rule, best, says", [
    ("", "sum", 0, "a league's name"),
    ("Winter\nleague", "sum", 0, "a league's name"),
    ("Winter", "most", 0, "not 'most'"),
    ("Winter", "best", 0, "'best' is the number of nights"),
    ("Winter", "sum", 3, "'best' is the number of nights"),
])
def test_a_league_with_a_bad_name_or_rule_is_refused_naming_it(name, rule, best, says):
    with pytest.raises(InvalidLeague, match=says):
        create(name, rule, best)


def test_a_session_is_added_to_a_league_once():
    with pytest.raises(InvalidLeague, match="already in the league"):
        add_session(league(), "S2")
