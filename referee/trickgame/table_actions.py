"""The table's actions in a record: which events record a command given to the referee, and which.

A record holds two kinds of events. Table actions are what a scorekeeper logged (a cut, a trump
call, the deal, a bid, a card played, a claim, a take-back, an early end): each is the first fact
of the batch ``decide`` made for its command, and carries that command whole. Everything else is
the referee's own (the settings, a trick won, a total set, a ruling, the hand's score, the end at
the target): it follows from the table's actions, so verification decides it again
(``referee.redecide_record``). Each game's ``command_of(event)`` says which is which; these helpers are
the mappings the games share.
"""

from __future__ import annotations

from typing import Any

from referee import events as ev
from referee.trickgame.shared_commands import ClaimRenege, EndGame, TakeBack
from referee.trickgame import commands as trick


def shared_command_of(event: Any) -> Any:
    """The command of a claim, a take-back or an early end (every trick game's), else None.

    A take-back the referee makes itself (a claim upheld in window A) follows the claim in the
    same batch, so re-deciding that claim makes it; only a batch's first event is read as a command.
    """
    kind = type(event)
    if kind is ev.RenegeClaimed:
        return ClaimRenege(event.claimant, event.accused, event.trick, event.hand, event.shown)
    if kind is ev.CardTakenBack:
        return TakeBack(event.seat)
    if kind is ev.GameEnded and event.reason == "early":
        return EndGame()
    return None


def trick_command_of(event: Any) -> Any:
    """The command of an event of the bidding trick games' shared actions (deal, bid, play, and the
    shared ones), else None."""
    kind = type(event)
    if kind is ev.HandDealt:
        return trick.Deal(event.hands)
    if kind is ev.CardPlayed:
        return trick.Play(event.seat, event.card)
    if kind is ev.BidMade and event.bid is not None:
        return trick.Bid(event.seat, event.bid)
    return shared_command_of(event)
