"""A Queen's Dungeon table for tests: decide and apply commands like the service does, keep the
log, and build deals where the cards that matter are placed by hand."""

from __future__ import annotations

from typing import Any

from table_base import BaseTable, events_of, fill_hands
from referee.cards import deck_without
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.options import layout_of, load_options
from referee.registry import get_game

QD = get_game("queens-dungeon")
__all__ = ["QD", "Table", "events_of", "fill_deal"]


def fill_deal(options: dict[str, Any], fixed: dict[int, list[str]]) -> tuple[list[list[str]], list[str] | None]:
    """Hands by seat (and the extra hand) holding ``fixed`` cards first, then the rest of the deck
    (see ``table_base.fill_hands``)."""
    layout = layout_of(load_options(options))
    hands = fill_hands(deck_without(layout.removed), layout.hands_dealt, layout.hand_size, fixed)
    extra = hands[layout.seats] if layout.hands_dealt > layout.seats else None
    return hands[:layout.seats], extra


class Table(BaseTable):
    """A Queen's Dungeon game at a test table."""

    Play = cmd.Play

    def __init__(self, players: int = 4, record: str = "known", dealer: int | None = 0, seed: int = 0, **options: Any):
        super().__init__(QD, {"players": players, "first_dealer": dealer, **options}, players, record, seed)

    def start_hand(self, trump: str = "H", fixed: dict[int, list[str]] | None = None, hands: list[list[str]] | None = None) -> None:
        """Call trump and deal: ``fixed`` cards placed by hand (known record; blind logs no hands)."""
        self.act(cmd.CallTrump(self.state.dealer, trump))
        if self.record == "blind":
            self.act(cmd.Deal())
            return
        extra = None
        if hands is None:
            hands, extra = fill_deal(self.options, fixed or {})
        self.act(cmd.Deal(hands=hands, extra=extra))

    def play_out(self, twins: tuple["Table", ...] = ()) -> list[Any]:
        """Finish the hand (known record): every seat plays its first legal card, and the dealer
        names the next suit when a trump change is due. ``twins`` (tables of the same game, e.g.
        its blind record) get the same commands."""
        out: list[Any] = []
        start = self.hand.no
        while self.state.phase in ("play", "trump_change") and self.hand.no == start:
            if self.state.phase == "trump_change":
                trump = self.hand.trump
                command: Any = cmd.ChangeTrump(self.state.dealer, next(s for s in "CDHS" if s != trump))
            else:
                command = QD.legal_actions(self.state, self.hand.turn)[0]
            out += self.act(command)
            for twin in twins:
                twin.act(command)
        return out
