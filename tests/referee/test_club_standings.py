"""A session's standings (``referee.club.standings``): match points, first places and totals,
as played and as ruled, checked against numbers worked out by hand."""

from __future__ import annotations

import json

import pytest

from referee.club.results import TableResult
from referee.club.standings import Adjustment, match_points, session_standings


def tr(game_id: str, rnd: int, table: int, players: str, places, totals, finished: bool = True) -> TableResult:
    return TableResult(game_id, "queen-bees", rnd, table, tuple(players), tuple(places), tuple(totals), finished, True)


# A night of six players, two rounds of two tables of three.
SESSION = [
    tr("g1", 1, 1, "ABC", (1, 2, 3), (120, 60, 30)),
    tr("g2", 1, 2, "DEF", (1, 1, 3), (100, 100, 30)),
    tr("g3", 2, 1, "ADE", (2, 1, 3), (80, 130, 10)),
    tr("g4", 2, 2, "BCF", (1, 2, 2), (90, 40, 40)),
]


def line(lines, player):
    return next(x for x in lines if x.player == player)


def test_session_standings_match_the_numbers_worked_out_by_hand():
    """Match points: 2 for each player at the table finishing below, 1 for each sharing the place.

    g1 (A 1st, B 2nd, C 3rd):        A 2+2 = 4, B 2, C 0
    g2 (D and E share 1st, F 3rd):   D 1+2 = 3, E 1+2 = 3, F 0
    g3 (D 1st, A 2nd, E 3rd):        D 4, A 2, E 0
    g4 (B 1st, C and F share 2nd):   B 4, C 1, F 1

    player  MP          firsts  total
    D       3+4 = 7     2       100+130 = 230
    A       4+2 = 6     1       120+80  = 200
    B       2+4 = 6     1       60+90   = 150
    E       3+0 = 3     1       100+10  = 110
    C       0+1 = 1     0       30+40   = 70
    F       0+1 = 1     0       30+40   = 70

    D first on match points; A above B on total (level on 6 MP and one first); E 4th; C and F
    level on all three: they share 5th (listed by player id).
    """
    lines = session_standings(SESSION).as_played
    assert [(x.rank, x.player, x.match_points, x.firsts, x.total) for x in lines] == [
        (1, "D", 7, 2, 230), (2, "A", 6, 1, 200), (3, "B", 6, 1, 150), (4, "E", 3, 1, 110),
        (5, "C", 1, 0, 70), (5, "F", 1, 0, 70)]
    assert lines[0].tie_break is None
    assert lines[1].tie_break == "fewer match points (6 against 7)"
    assert lines[2].tie_break == "level on match points (6) and first places (1); a lower total (150 against 200)"
    assert lines[5].tie_break.startswith("tied with the line above")


def test_each_standings_line_is_traced_to_its_games_and_places():
    a = line(session_standings(SESSION).as_played, "A")
    assert a.game_ids == ("g1", "g3") and a.places == (1, 2) and a.games == 2


def test_standings_as_ruled_take_the_directors_adjustment_and_as_played_keep_the_game():
    """The appeal of g3 rules A first and D second (totals 130 and 80):

    A: 4 (g1) + 4 (g3) = 8 MP, 2 firsts, total 120+130 = 250
    D: 3 (g2) + 2 (g3) = 5 MP, 1 first, total 100+80 = 180
    B 6 MP stays second; E 3, C and F 1 are unchanged.
    """
    ruling = Adjustment("g3", (1, 2, 3), (130, 80, 10), "the renege ruled at trick 4 was disproved", "appeal")
    standings = session_standings(SESSION, [ruling])
    assert [x.player for x in standings.as_played][:3] == ["D", "A", "B"]
    ruled = standings.as_ruled
    assert [(x.rank, x.player, x.match_points, x.total) for x in ruled][:3] == [(1, "A", 8, 250), (2, "B", 6, 150),
                                                                           (3, "D", 5, 180)]
    assert line(ruled, "A").adjusted == ("g3",) and line(standings.as_played, "A").adjusted == ()
    assert standings.to_json()["adjustments"][0]["reason"] == "the renege ruled at trick 4 was disproved"


def test_standings_level_on_match_points_are_separated_by_first_places():
    """g1 (P 1st, Q 2nd): P 2, Q 0. g2 (R 1st, Q 2nd, S 3rd): R 4, Q 2, S 0.
    R 4 MP; P and Q level on 2 MP, P with one first and Q none: P above Q; S 0.
    Dungeon keeps no totals, so no line has one."""
    games = [TableResult("g1", "dungeon", 1, 1, ("P", "Q"), (1, 2), (None, None), True, True),
             TableResult("g2", "dungeon", 1, 2, ("R", "Q", "S"), (1, 2, 3), (None, None, None), True, True)]
    lines = session_standings(games).as_played
    assert [(x.rank, x.player, x.match_points, x.firsts, x.total) for x in lines] == [
        (1, "R", 4, 1, None), (2, "P", 2, 1, None), (3, "Q", 2, 0, None), (4, "S", 0, 0, None)]
    assert lines[2].tie_break == "level on match points (2); fewer first places (0 against 1)"


def test_a_game_in_play_counts_nothing_in_the_standings():
    lines = session_standings(SESSION + [tr("g5", 3, 1, "ABC", (0, 0, 0), (10, 0, 0), finished=False)]).as_played
    assert line(lines, "A").game_ids == ("g1", "g3")


def test_match_points_count_partners_as_sharing_a_place():
    assert [match_points((1, 3, 1, 3), s) for s in range(4)] == [5, 1, 5, 1]


def test_standings_refuse_an_adjustment_of_a_game_not_in_the_session():
    with pytest.raises(ValueError, match="names game g9, which is not in this session"):
        session_standings(SESSION, [Adjustment("g9", (1, 2, 3), (1, 2, 3), "typo")])


def test_standings_refuse_an_adjustment_for_another_number_of_seats():
    with pytest.raises(ValueError, match="gives 2 places and 2 totals for its 3 seats"):
        session_standings(SESSION, [Adjustment("g1", (1, 2), (1, 2), "short")])


def test_an_adjustment_needs_a_known_kind_and_a_reason():
    with pytest.raises(ValueError, match="'adjusted' or 'appeal'"):
        Adjustment("g1", (1, 2, 3), (1, 2, 3), "why", "overruled")
    with pytest.raises(ValueError, match="needs a reason"):
        Adjustment("g1", (1, 2, 3), (1, 2, 3), "  ")


def test_standings_are_json_and_name_their_ranking():
    doc = session_standings(SESSION).to_json()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["ranking"][0].startswith("match points")
    assert doc["games"] == 4


def test_standings_rulings_without_totals_keep_the_games_totals():
    from types import SimpleNamespace

    from referee.club.standings import adjustments_from

    rulings = [SimpleNamespace(game_id="g1", places=[2, 1, 3], totals=None, reason="slip misread", kind="adjusted"),
               SimpleNamespace(game_id="g9", places=[1, 2], totals=[1, 2], reason="not ours", kind="appeal")]
    assert adjustments_from(rulings, SESSION) == [Adjustment("g1", (2, 1, 3), (120, 60, 30), "slip misread")]
