"""Deciding the deal, the first-player contest and the reshuffle of the discard pile: the moments
of chance, whose result the events record (the known record's deck order), so a replay draws
nothing."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.dealing import deal_salt
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN
from referee.games.dungeon.cards import contest_rank, normalise
from referee.games.dungeon.checks import check_phase, check_seat, held_card, who
from referee.games.dungeon.options import joker_cells, shuffled_deck
from referee.games.dungeon.state import DungeonState

HAND_SIZE = 5


def decide_deal(state: DungeonState, c: cmd.Deal, rng: Any) -> list[Any]:
    """The deal: Jokers as the first seats' cells, face-down cells for the rest, five cards each,
    the rest the draw pile (from the order given, or shuffled)."""
    check_phase(state, "deal", "deal")
    cards = shuffled_deck(state.options)
    if state.record == "blind":
        if c.order is not None:
            raise errors.InvalidDeal("A blind record logs no deck order: nobody saw the cards dealt. Deal without one.")
        cards = [UNKNOWN] * len(cards)
    if c.order is None:
        order = list(cards)
        rng.shuffle(order)
    else:
        order = _permutation_of(c.order, cards, "the deck")
    jokers = joker_cells(state.options)
    hidden = state.players - len(jokers)
    cells = jokers + order[:hidden]
    hands = [order[hidden + i * HAND_SIZE: hidden + (i + 1) * HAND_SIZE] for i in range(state.players)]
    pile = order[hidden + state.players * HAND_SIZE:]
    return [ev.DungeonDealt(cells, [False] * len(jokers) + [True] * hidden, hands, pile, deal_salt(rng))]


def decide_reshuffle(state: DungeonState, c: cmd.Reshuffle, rng: Any) -> list[Any]:
    """The discard pile, shuffled (or in the order given), becomes the draw pile."""
    check_phase(state, "reshuffle", "reshuffle")
    if state.record == "blind":
        if c.order is not None:
            raise errors.InvalidDeal("A blind record logs no order for the reshuffle: nobody sees the new draw pile.")
        return [ev.DungeonPileReshuffled([UNKNOWN] * len(state.discard))]
    if c.order is None:
        pile = list(state.discard)
        rng.shuffle(pile)
    else:
        pile = _permutation_of(c.order, state.discard, "the discard pile")
    return [ev.DungeonPileReshuffled(pile, deal_salt(rng))]


def decide_contest(state: DungeonState, c: cmd.ContestPlay, rng: Any) -> list[Any]:
    """A contest card: face up, replaced from the pile; the round's last card settles it (the
    highest card, A K Q J 10 .. 2, suits not counting, goes first; tied players play again)."""
    check_phase(state, "contest", "contest card")
    check_seat(state, c.seat)
    if c.seat not in state.contenders:
        raise errors.NotYourTurn(f"{who(state, c.seat)} is not in this contest round: "
                                 f"seats {state.contenders} play again.", seat=c.seat, legal=state.contenders)
    if c.seat in state.contest_plays:
        waiting = [s for s in state.contenders if s not in state.contest_plays]
        raise errors.NotYourTurn(f"{who(state, c.seat)} has played {state.contest_plays[c.seat]} in this round; "
                                 f"waiting for seats {waiting}.", seat=c.seat, legal=waiting)
    card = held_card(state, c.seat, c.card)
    drawn = state.pile[0] if state.pile else None
    out: list[Any] = [ev.DungeonContestCardPlayed(c.seat, card, state.contest_round, drawn, deal_salt(rng))]
    plays = {**state.contest_plays, c.seat: card}
    if len(plays) < len(state.contenders):
        return out
    top = max(contest_rank(x) for x in plays.values())
    tied = sorted(s for s, x in plays.items() if contest_rank(x) == top)
    if len(tied) == 1:
        out.append(ev.DungeonFirstPlayerChosen(tied[0]))
    else:
        out.append(ev.DungeonContestTied(tied, state.contest_round + 1))
    return out


def _permutation_of(given: list[str], cards: list[str], what: str) -> list[str]:
    """``given`` as identities, when it is exactly ``cards`` in some order; a bare name stands for
    the first copy of it not yet used."""
    left = list(cards)
    out = []
    for text in given:
        card = normalise(text)
        if card not in left and "#" not in card and f"{card}#2" in left:
            card = f"{card}#2"
        if card not in left:
            reason = "repeated" if card in out else "not in it"
            raise errors.InvalidDeal(f"The order given is not {what}: {card} is {reason}. It holds "
                                     f"{len(cards)} cards.", card=card)
        left.remove(card)
        out.append(card)
    if left:
        raise errors.InvalidDeal(f"The order given is not {what}: it lacks {', '.join(left[:10])}"
                                 f"{' ...' if len(left) > 10 else ''} ({len(left)} missing).")
    return out
