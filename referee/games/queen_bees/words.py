"""Queen Bees' own events in words (the bids), and a renege's penalty as the table says it."""

from __future__ import annotations

import re

from referee import events as ev
from referee.words import Said, unlabelled

OWN_WORDS: dict[type, Said] = {
    ev.BidMade: lambda p, n: f"{n(p['seat'])} bids {p['bid']}" if p.get("bid") is not None else f"{n(p['seat'])} passes",
}

#: The penalty as the referee writes it into a ruling (the record keeps it so, and verification
#: decides it again word for word): "Seat 3 (Dan) scores -10 x 2 = -20 for hand 4 instead of its
#: normal score".
_PENALTY = re.compile(r"^(?P<who>.*) scores -10 x (?P<bid>\d+) = (?P<points>-?\d+) for hand (?P<hand>\d+) "
                      r"instead of its normal score(?P<rest>.*)$")


def penalty_words(penalty: str) -> str:
    """``Dan scores -20 for hand 4 (10 for each trick bid), instead of the hand's score``."""
    text = unlabelled(penalty)
    said = _PENALTY.match(text)
    if said is None:
        return text[:1].upper() + text[1:]
    return (f"{said['who']} scores {said['points']} for hand {said['hand']} (10 for each trick bid), instead of "
            f"the hand's score{said['rest']}")


#: What the game waits for in its own phases, for a refusal's message.
WAITING_FOR = {"bid": "the players are bidding"}
