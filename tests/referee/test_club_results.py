"""A finished game's result at its table (``referee.club.results``), from the golden games of
every registered game: places from the game's own outcome and totals, read through its
interface only."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.club.results import TableResult, result_of
from referee.registry import game_names
from referee.replay import replay
from trick_golden import GOLDEN_DIR, load


def result(name: str, players: tuple[str, ...] | None = None, upto: int | None = None, **kw) -> TableResult:
    data, events = load(GOLDEN_DIR / f"{name}.json")
    events = events[:upto] if upto is not None else events
    return result_of(name, data["game"], replay(events), players or tuple(events[0].seats), **kw)


def test_every_registered_game_has_a_finished_golden_game_with_a_result():
    games = {load(p)[0]["game"]: p.stem for p in sorted(GOLDEN_DIR.glob("*.json"))}
    assert set(games) == set(game_names())
    for stem in games.values():
        r = result(stem)
        assert r.finished and len(r.places) == len(r.players) == len(r.totals)
        assert min(r.places) >= 1


def test_places_follow_the_final_totals_with_the_winner_first():
    r = result("qd-4p-cut", ("p1", "p2", "p3", "p4"), round=2, table=3, confirmed=True)
    assert r.totals == (35, 190, 95, 155)
    assert r.places == (4, 1, 3, 2)
    assert (r.game, r.round, r.table, r.confirmed) == ("queens-dungeon", 2, 3, True)
    assert r.players == ("p1", "p2", "p3", "p4")


def test_partners_share_their_place_and_their_total():
    r = result("qd-partners")
    assert r.places == (1, 3, 1, 3)
    assert r.totals == (150, 75, 150, 75)
    assert r.units == (0, 1, 0, 1)


def test_black_queen_places_each_player_by_their_own_total():
    """Black Queen's sides change every hand (the declarer's hidden partners), so a player's
    place over the game is by their own total: two players on 0 share fifth place."""
    r = result("bq-known-variable-shares")
    assert r.totals == (160, 0, 85, 310, 0, 165)
    assert r.places == (3, 5, 4, 1, 5, 2)
    assert r.units == (0, 1, 2, 3, 4, 5)


def test_dungeon_escape_is_first_and_the_rest_share_second():
    assert result("dungeon-escape-after-reshuffle").places == (1, 2)
    r = result("dungeon-three-players-two-decks")
    assert r.places == (1, 2, 2) and r.totals == (None, None, None)


def test_the_queens_is_first_only_when_won():
    assert result("tq-won").places == (1,) and result("tq-won").totals == (104,)
    assert result("tq-stuck").places == (2,) and result("tq-stuck").totals == (14,)


def test_a_game_in_play_has_no_places_yet():
    r = result("qd-3p", upto=20)
    assert not r.finished and r.places == (0, 0, 0)


def test_a_result_needs_the_player_at_each_seat():
    data, events = load(GOLDEN_DIR / "qd-3p.json")
    with pytest.raises(ValueError, match="player at each seat"):
        result_of("g", "queens-dungeon", replay(events), ())


def test_a_result_is_the_same_whatever_the_hidden_hands_were():
    """A result is read from what the whole table saw: a state whose hands are unknown (as in a
    blind record) or other gives the same places and totals."""
    data, events = load(GOLDEN_DIR / "qd-4p-cut.json")
    known = replay(events)
    seen = result_of("g", data["game"], known, events[0].seats)
    for hands in (None, [list(reversed(h)) for h in known.hand.hands]):
        other = replay(events)
        other.hand.hands = hands
        assert result_of("g", data["game"], other, events[0].seats) == seen
