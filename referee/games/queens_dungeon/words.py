"""Queen's Dungeon's own events in words: the cut, the trump call, the exchange, the Challenge,
the trump change, the totals set into the dungeon and the penalty accepted in the trick."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.queens_dungeon import events as qd_ev
from referee.cards import SUIT_NAMES, card_words
from referee.trickgame.words import where
from referee.words import Names, Said

#: Why a total is set, as the table says it.
_SET_FOR = {"renege": "for the renege", "three_queens": "for winning three Queens in one trick",
            "four_queens": "for winning four Queens in one trick"}


def _suit(p: Mapping[str, Any]) -> str:
    return SUIT_NAMES.get(p["suit"], str(p["suit"]))


def _total_set(p: Mapping[str, Any], n: Names) -> str:
    lost = p["before"] - p["after"]
    return (f"{n(p['seat'])} loses {lost} points {_SET_FOR.get(p['reason'], str(p['reason']).replace('_', ' '))} "
            f"in {where(p)}: the total goes from {p['before']} to {p['after']}, and the hand's gains are forfeited")


OWN_WORDS: dict[type, Said] = {
    qd_ev.DealerCut: lambda p, n: f"{n(p['seat'])} cuts {card_words(p['card'])}",
    qd_ev.TrumpCalled: lambda p, n: f"{n(p['seat'])} calls {_suit(p)} trump for hand {p['hand']}",
    qd_ev.HandExchanged: lambda p, n: f"{n(p['seat'])} {'takes' if p['exchanged'] else 'keeps'} the extra hand",
    qd_ev.ChallengeAnnounced: lambda p, n: f"{n(p['seat'])} announces the Queen's Challenge in trick {p['trick']}",
    qd_ev.TrumpChanged: lambda p, n: f"{n(p['seat'])} changes trump to {_suit(p)} from trick {p['trick']}",
    qd_ev.TotalSet: _total_set,
    qd_ev.PenaltyAccepted: lambda p, n: f"{n(p['seat'])} takes the {p['penalty']}-point penalty for "
                                     f"{card_words(p['card'])} in {where(p)}: {p['penalty']} points off, and the "
                                     "trick is played again from before that card",
}


#: What the game waits for in its own phases, for a refusal's message.
WAITING_FOR = {"cut": "the first dealer has not been cut for",
                 "exchange": "the dealer has not decided whether to exchange hands"}
