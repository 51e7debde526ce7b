"""Ratings: a rating per player and per game, from finished results in record order, with the
OpenSkill Plackett-Luce model (the ``openskill`` package), which rates free-for-all games,
partnerships (a team) and ties (a shared place).

Each finished game updates the ratings of its players in that game, and nothing else: a game of
Black Queen never moves a player's Queen's Dungeon rating. The model's parameters are set here,
not left to the package's defaults, so the same record gives the same ratings, exactly, in every
release: the arithmetic is the same floating-point operations in the same order.

* A rating starts at mu 25, sigma 25/3 (the model's usual start); its ``ordinal`` (mu - 3 sigma,
  a cautious estimate that rises as a player's results accumulate) is what a list is sorted by.
* The seats of one scoring unit (partners) are one team; teams are ranked by their place, and
  teams sharing a place tie.
* A game in play, or one with a single team (a patience), rates nobody.
* Each rating keeps its history: the rating after every game that moved it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee.club.results import TableResult

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
KAPPA = 0.0001
TAU = MU / 300


@dataclass(frozen=True, slots=True)
class RatingStep:
    """A rating just after one game."""

    game_id: str
    place: int
    mu: float
    sigma: float
    ordinal: float

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "place": self.place, "mu": self.mu, "sigma": self.sigma,
                "ordinal": self.ordinal}


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game, now, and its history."""

    player: str
    game: str
    mu: float
    sigma: float
    ordinal: float
    history: tuple[RatingStep, ...]

    @property
    def games(self) -> int:
        return len(self.history)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "game": self.game, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal,
                "games": self.games, "history": [h.to_json() for h in self.history]}


def _model() -> Any:
    from openskill.models import PlackettLuce  # loaded only when ratings are made

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, margin=0.0, limit_sigma=False,
                        balance=False)


def ratings(results_in_record_order: Iterable[TableResult]) -> dict[tuple[str, str], Rating]:
    """Every player's rating in every game they finished, keyed by ``(player, game)``.

    ``results_in_record_order`` must come in the order the games finished in the record (a
    session's rounds, then its tables by number; a league's sessions in the order they were
    added), since a rating depends on the order of its games."""
    model = _model()
    now: dict[tuple[str, str], Any] = {}
    steps: dict[tuple[str, str], list[RatingStep]] = {}
    for r in results_in_record_order:
        if not r.finished:
            continue
        teams: dict[int, list[int]] = {}
        for seat in range(len(r.players)):
            teams.setdefault(r.unit_of(seat), []).append(seat)
        if len(teams) < 2:
            continue
        order = list(teams.values())
        keys = [[(r.players[s], r.game) for s in seats] for seats in order]
        current = [[now.get(k) or model.rating(mu=MU, sigma=SIGMA) for k in team] for team in keys]
        ranks = [min(r.places[s] for s in seats) for seats in order]
        rated = model.rate(current, ranks=ranks)
        for team, seats, new in zip(keys, order, rated):
            for k, s, rating in zip(team, seats, new):
                now[k] = rating
                steps.setdefault(k, []).append(RatingStep(r.game_id, r.places[s], rating.mu, rating.sigma,
                                                          rating.ordinal()))
    return {k: Rating(k[0], k[1], v.mu, v.sigma, v.ordinal(), tuple(steps[k])) for k, v in now.items()}


def table(rated: dict[tuple[str, str], Rating], game: str) -> list[Rating]:
    """The ratings of one game, best first (by ordinal, then player id, so that equal ratings keep
    one order)."""
    return sorted((x for x in rated.values() if x.game == game), key=lambda x: (-x.ordinal, x.player))


def history_of(rated: dict[tuple[str, str], Rating], player: str) -> dict[str, list[dict[str, Any]]]:
    """A player's rating history in every game they were rated in, as JSON."""
    return {x.game: [h.to_json() for h in x.history] for x in rated.values() if x.player == player}
