"""Black Queen's own events in words: the auction, the hand thrown in, the contract; and what a
renege's penalty does to the contract."""

from __future__ import annotations

from referee import events as ev
from referee.games.black_queen import events as bq_ev
from referee.cards import SUIT_NAMES, card_words
from referee.words import Said, and_, unlabelled

OWN_WORDS: dict[type, Said] = {
    ev.BidMade: lambda p, n: f"{n(p['seat'])} bids {p['bid']}" if p.get("bid") is not None else f"{n(p['seat'])} passes",
    bq_ev.HandThrownIn: lambda p, n: f"Everyone passed: {n(p['dealer'])} deals hand {p['hand']} again",
    bq_ev.ContractDeclared: lambda p, n: f"{n(p['seat'])} declares {p['bid']} in {SUIT_NAMES.get(p['trump'], p['trump'])}, "
                                      f"calling {and_([card_words(c) for c in p['called']])}",
}


def penalty_words(penalty: str) -> str:
    """The penalty the referee wrote into a ruling ("decides the contract of hand 2 when it is
    scored: ...", or "none: ...") as a sentence."""
    text = unlabelled(penalty)
    if text.startswith("none: "):
        return "No penalty: " + text.removeprefix("none: ")
    return "The renege " + text


#: What the game waits for in its own phases, for a refusal's message.
WAITING_FOR = {"auction": "the auction is on", "declare": "the high bidder has not named trump and the called cards"}
