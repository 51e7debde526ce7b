"""A Dungeon table for rule tests: a known deal laid out from the hands each seat should hold
after the first-player contest, played through ``decide`` and ``apply`` as the service does."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon.options import joker_cells, load_options, shuffled_deck
from referee.registry import get_game
from referee.replay import replay

DUNGEON = get_game("dungeon")
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def deck_order(options: dict, hands: list[list[str]], contest: list[str], pile: list[str],
               cells: list[str] | None = None) -> list[str]:
    """A deck order that deals ``hands[s][:4] + [contest[s]]``, draws ``hands[s][4]`` as each
    seat's contest replacement (in seat order), then ``pile``; the rest of the deck follows."""
    opts = load_options(options)
    n = opts["players"]
    hidden = list(cells or [])
    assert len(hidden) == n - len(joker_cells(opts))
    dealt = [h[:4] + [contest[s]] for s, h in enumerate(hands)]
    head = hidden + [c for h in dealt for c in h] + [h[4] for h in hands] + list(pile)
    assert len(head) == len(set(head)), "a card twice in the layout"
    return head + [c for c in shuffled_deck(opts) if c not in head]


class Table:
    """A game at the first turn: the contest played (seat order), hands as given."""

    def __init__(self, hands: list[list[str]], contest: list[str], pile: list[str] = (), cells=None,
                 seed: int = 1, **options: Any) -> None:
        options.setdefault("players", len(hands))
        self.rng = random.Random(seed)
        self.log = DUNGEON.start(options, NAMES[:options["players"]], "known", self.rng)
        self.state = replay(self.log)
        self.act(cmd.Deal(deck_order(options, hands, contest, list(pile), cells)))
        for seat, card in enumerate(contest):
            self.act(cmd.ContestPlay(seat, card))

    def act(self, command: Any) -> list[Any]:
        events = DUNGEON.decide(self.state, command, self.rng)
        for event in events:
            self.state = DUNGEON.apply(self.state, event)
        self.log += events
        return events

    def refuse(self, command: Any, kind: type = errors.InputError) -> errors.InputError:
        """``command`` is refused with ``kind`` and changes nothing."""
        before = copy.deepcopy(DUNGEON.director_view(self.state))
        with pytest.raises(kind) as caught:
            DUNGEON.decide(self.state, command, self.rng)
        assert DUNGEON.director_view(self.state) == before
        return caught.value

    def hand(self, seat: int) -> list[str]:
        return self.state.hands[seat]

    def dungeon(self, seat: int) -> list[str]:
        return [card for card, _ in self.state.dungeons[seat]]

    def turn(self, seat: int, *commands: Any, discards: list[str] | None = None) -> None:
        """``seat`` draws, gives ``commands``, and ends the turn."""
        self.act(cmd.Draw(seat))
        for command in commands:
            self.act(command)
        self.act(cmd.EndTurn(seat, discards))

    def pass_turn(self, seat: int) -> None:
        """``seat`` draws and plays nothing, discarding the card drawn if over five."""
        self.act(cmd.Draw(seat))
        hand = self.hand(seat)
        self.act(cmd.EndTurn(seat, [hand[-1]] if len(hand) > 5 else []))


def ann_back_in_her_cell() -> Table:
    """Two players: Ann leaves the cell, Bob's Graverobber drives her back into it, and it is Bob's
    turn again, drawn, with a Myrmiddon (QS) in hand."""
    t = Table([["10H", "9H", "8H", "7H", "6H"], ["JS", "QS", "2S", "3S", "4S"]], ["AC", "2C"])
    t.turn(0, cmd.PlayPassage(0, "10H"))
    t.act(cmd.Draw(1))
    t.act(cmd.Attack(1, "JS", 0))
    t.act(cmd.Retreat(0))
    t.act(cmd.EndTurn(1))
    t.pass_turn(0)
    t.act(cmd.Draw(1))
    return t
