"""Two-Suit Tricks: 4 players, the 9 to the Ace of hearts and of spades (12 cards, 3 each), follow
suit if able, the highest card of the suit led wins the trick, one point a trick; the game lasts
``hands`` hands and the most points win (a tie shares the win).

It sets the data of a trick game and overrides only the hooks where a game must say something of
its own (who wins a trick, the hand's score, the end, the views); the engine does the rest."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import DECK52, RANK, STANDARD_STRENGTH, SUIT, sort_hand
from referee.fields import ExactInteger
from referee.trickgame.table_actions import trick_command_of
from referee.trickgame import commands as cmd
from referee.trickgame.game import TrickGame, TrickOptionsSchema
from referee.trickgame.state import Layout, TableState
from referee.trickgame.views import seat_lines

IN_PLAY = {"9", "10", "J", "Q", "K", "A"}
REMOVED = tuple(c for c in DECK52 if SUIT[c] not in ("H", "S") or RANK[c] not in IN_PLAY)
LAYOUT = Layout(players=4, seats=4, dummy=None, hands_dealt=4, hand_size=3, removed=REMOVED)


class OptionsSchema(TrickOptionsSchema):
    players = ExactInteger(4, 4, load_default=4)
    hands = ExactInteger(1, 20, load_default=2)
    first_dealer = ExactInteger(0, 3, load_default=0)


class TwoSuitTricks(TrickGame):
    name = "two-suit-tricks"
    title = "Two-Suit Tricks"
    options_schema = OptionsSchema
    actions: ClassVar[dict[str, type]] = {k: v for k, v in cmd.SHARED_ACTIONS.items() if k != "bid"}
    bidding_phase = "play"  # no bidding: the deal goes straight to the play
    turn_phases = ("play",)
    players, hand_size, removed = LAYOUT.players, LAYOUT.hand_size, LAYOUT.removed

    def layout_of(self, options: Any) -> Layout:
        return LAYOUT

    def trick_winner(self, state: TableState, plays: list[tuple[int, str]]) -> int:
        led = SUIT[plays[0][1]]
        return max((p for p in plays if SUIT[p[1]] == led), key=lambda p: STANDARD_STRENGTH[p[1]])[0]

    def hand_sheet(self, state: TableState) -> tuple[dict[str, Any], list[int]]:
        h = state.hand
        totals = [t + won for t, won in zip(state.totals, h.tricks_won)]
        rows = [{"unit": s, "name": state.names[s], "seats": [s], "tricks": h.tricks_won[s], "before": state.totals[s],
                 "hand_total": h.tricks_won[s], "total": totals[s]} for s in range(state.players)]
        return {"hand": h.no, "dealer": h.dealer, "seats": seat_lines(rows), "units": rows, "totals": totals}, totals

    def game_end(self, state: TableState, totals: list[int]) -> tuple[str, list[int]] | None:
        if state.hand.no < state.options["hands"]:  # ``state`` is the hand just played, before its score
            return None
        best = max(totals)
        return "hands", [s for s, t in enumerate(totals) if t == best]

    def command_of(self, event: Any) -> Any:
        return trick_command_of(event)

    def public_view(self, state: TableState, seat: int | None = None) -> dict[str, Any]:
        view = self.table_view(state)
        h = state.hand
        if h is not None and seat is not None and h.hands is not None and 0 <= seat < state.players:
            view["hand"]["your_hand"] = sort_hand(h.hands[seat], STANDARD_STRENGTH)
        return view

    def director_view(self, state: TableState) -> dict[str, Any]:
        view = self.public_view(state)
        if state.hand is not None:
            view["hand"].update(self.director_extras(state))
        return view

    def scores(self, state: TableState) -> dict[str, Any]:
        return {"units": self.units(state), "hands": state.history, "totals": list(state.totals)}
