"""A table for Queen Bees and Black Queen tests: decide and apply commands like the service does,
keep the log, and build deals where the cards that matter are placed by hand."""

from __future__ import annotations

from typing import Any

from table_base import BaseTable, events_of, fill_hands
from referee.cards import deck_without
from referee.game_wrapper import own_game
from referee.trickgame import commands as cmd
from referee.registry import get_game

__all__ = ["Table", "events_of", "fill_deal", "game_rules"]


def fill_deal(game: Any, fixed: dict[int, list[str]]) -> list[list[str]]:
    """Hands by seat holding ``fixed`` cards first, then the rest of the deck (see
    ``table_base.fill_hands``)."""
    rules = game_rules(game)
    return fill_hands(deck_without(rules.removed), rules.players, rules.hand_size, fixed)


def game_rules(game: Any):
    """The game object of a plain trick game, inside the registry's wrappers: it holds its players,
    hand size and removed cards (the trick engine's own, no part of the contract)."""
    return own_game(game)


class Table(BaseTable):
    """A Queen Bees or Black Queen game at a test table."""

    Play = cmd.Play

    def __init__(self, game: str, record: str = "known", seed: int = 0, **options: Any):
        self.players = game_rules(get_game(game)).players
        super().__init__(get_game(game), options, self.players, record, seed)

    def deal(self, fixed: dict[int, list[str]] | None = None, hands: list[list[str]] | None = None) -> list[Any]:
        """Deal with ``fixed`` cards placed by hand (known record; a blind record logs no hands)."""
        if self.record == "blind":
            return self.act(cmd.Deal())
        return self.act(cmd.Deal(hands=hands or fill_deal(self.game, fixed or {})))

    def play_out(self, twins: tuple["Table", ...] = ()) -> list[Any]:
        """Finish the hand (known record): every seat plays its first legal card. ``twins`` (the
        same game in other records) get the same commands."""
        out: list[Any] = []
        start = self.hand.no
        while self.state.phase == "play" and self.hand.no == start:
            command = next(a for a in self.game.legal_actions(self.state, self.hand.turn) if isinstance(a, cmd.Play))
            out += self.act(command)
            for twin in twins:
                twin.act(command)
        return out
