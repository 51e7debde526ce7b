"""Dungeon's events in words: the deal, who goes first, the turns, passages and cave-ins,
creatures and their defeat, the abilities and their counters, the accusations and the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import RANK, RANK_WORDS, SUIT, SUIT_NAMES, card_words
from referee.games.dungeon import events as d
from referee.games.dungeon.blind import UNKNOWN
from referee.words import Names, Said, and_, count, owned_words, reason_words


def cards_words(cards: Any) -> str:
    """Cards in one phrase: "the 8 and 3 of hearts", "the 4 of clubs and the queen of spades"; the
    cards nobody saw only counted ("2 cards", "the 9 of clubs and a card")."""
    cards = list(cards or [])
    seen = [c for c in cards if c != UNKNOWN]
    hidden = len(cards) - len(seen)
    plain = [c for c in seen if c in RANK]  # one deck's cards: no second copy, no Joker
    if len(seen) > 1 and len(plain) == len(seen) and len({SUIT[c] for c in seen}) == 1:
        parts = ["the " + and_([RANK_WORDS.get(RANK[c], RANK[c]) for c in seen]) + f" of {SUIT_NAMES[SUIT[seen[0]]]}"]
    else:
        parts = [card_words(c) for c in seen]
    if hidden:
        parts.append("a card" if hidden == 1 else count(hidden, "card"))
    return and_(parts) or "nothing"


def drawn(card: Any) -> str:
    """A card drawn or taken: named where the record knows it, "a card" where nobody saw it,
    "nothing" when the pile was empty."""
    return "nothing (the pile is empty)" if card is None else "a card" if card == UNKNOWN else card_words(card)


def _dealt(p: Mapping[str, Any], n: Names) -> str:
    cells = [f"{n(s)} {card_words(c)}" if not down else f"{n(s)} a face-down card"
             for s, (c, down) in enumerate(zip(p['cells'], p['cell_face_down']))]
    return f"The cards are dealt: five to each player, and a cell each ({', '.join(cells)})"


def _passage(p: Mapping[str, Any], n: Names) -> str:
    on = p['on']
    where = ("their cell" if on == "cell" else f"passage {int(on) + 1} of their dungeon" if on.isdigit()
             else f"their {owned_words(on)}")
    text = f"{n(p['seat'])} plays {card_words(p['card'])} on {where}"
    if p.get('cheat'):
        text += ", against the rules"
    if p.get('revealed'):
        text += f", and turns the dungeon up to escape: {cards_words(p['revealed'])}"
    return text


def _looked(p: Mapping[str, Any], n: Names) -> str:
    seat, target = n(p['seat']), n(p['target'])
    if p['truthful']:
        return f"{seat} looks at {target}'s hand: the denial was true, so {seat} discards their whole hand"
    if p.get('liar_chooses'):
        return f"{seat} looks at {target}'s hand: {target} lied and, found out, chooses what happens next"
    return f"{seat} looks at {target}'s hand: {target} lied: {seat} takes {card_words(p.get('card'))} and {target} discards the rest"


WORDS: dict[type, Said] = {
    d.DungeonDealt: _dealt,
    d.DungeonContestCardPlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])} to choose who goes first"
                                             + (f" (round {p['round']})" if p['round'] > 1 else "")
                                             + f" and draws {drawn(p.get('drawn'))}",
    d.DungeonContestTied: lambda p, n: f"{n.all(p['seats'])} tie and draw again",
    d.DungeonFirstPlayerChosen: lambda p, n: f"{n(p['seat'])} plays first",
    d.DungeonCardDrawn: lambda p, n: f"{n(p['seat'])} draws {drawn(p.get('card'))}",
    d.DungeonAcePlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])}",
    d.DungeonAcesResolved: lambda p, n: "The Aces resolve, the last played first: " + "; ".join(
        f"{n(x['seat'])} draws {cards_words(x['cards'])} for {card_words(x['ace'])}" for x in p['draws']),
    d.DungeonPassagePlayed: _passage,
    d.DungeonCaveIn: lambda p, n: f"{n(p['seat'])} caves in {n(p['target'])}'s {owned_words(p['passage'])} "
                                  f"with {card_words(p['card'])}",
    d.DungeonCaveInFailed: lambda p, n: f"{n(p['seat'])} tries to cave in {n(p['target'])}'s last passage"
                                        + (f", {card_words(p['passage'])}," if p.get('passage') else "")
                                        + f" with {card_words(p['card'])}: it is of another value and stands",
    d.DungeonAccused: lambda p, n: f"{n(p['seat'])} accuses {n(p['target'])} of cheating: "
                                   + (f"{n(p['target'])} cheated and discards the whole dungeon but the cell" if p['cheating']
                                      else f"{n(p['target'])} did not cheat, and {n(p['seat'])} discards their dungeon"),
    d.DungeonJokerSaved: lambda p, n: f"{n(p['seat'])} saves their Joker passage with {card_words(p['card'])}",
    d.DungeonPassageCollapsed: lambda p, n: f"{n(p['seat'])} lets their Joker passage cave in",
    d.DungeonCreatureAttacked: lambda p, n: f"{n(p['seat'])} sends {card_words(p['card'])} against {n(p['target'])}"
                                            + ("" if p.get('passage') else ", in the cell"),
    d.DungeonCreatureDefeated: lambda p, n: f"{n(p['seat'])} defeats {card_words(p['creature'])} with "
                                            f"{cards_words(p['cards'])}",
    d.DungeonRetreated: lambda p, n: f"{n(p['seat'])} retreats from {card_words(p['creature'])}, giving up their "
                                     f"{owned_words(p['passage'])}",
    d.DungeonPlayerSlain: lambda p, n: f"{n(p['seat'])} is slain by {card_words(p['creature'])} and is out of the game",
    d.DungeonGraverobberPlayed: lambda p, n: f"{n(p['seat'])} plays the Graverobber, {card_words(p['card'])}, and "
                                             f"takes {drawn(p['take'])} from the discard pile",
    d.DungeonCounterPlayed: lambda p, n: f"{n(p['seat'])} counters with {card_words(p['card'])}",
    d.DungeonCountersClosed: lambda p, n: "The counters are over: the ability " + (
        "stands" if p['stands'] else "is cancelled"),
    d.DungeonMyrmiddonAsked: lambda p, n: f"{n(p['seat'])} plays the Myrmiddon, {card_words(p['card'])}, and asks "
                                          f"{n(p['target'])} for {card_words(p['asked'])}",
    d.DungeonCardHandedOver: lambda p, n: f"{n(p['seat'])} hands {card_words(p['card'])} to {n(p['to'])}",
    d.DungeonCardDenied: lambda p, n: f"{n(p['seat'])} says they do not hold the card asked",
    d.DungeonDenialAccepted: lambda p, n: f"{n(p['seat'])} believes the denial",
    d.DungeonHandLookedAt: _looked,
    d.DungeonHandDiscarded: lambda p, n: f"{n(p['seat'])} discards their hand, {cards_words(p['cards'])}",
    d.DungeonTurnEnded: lambda p, n: f"{n(p['seat'])} ends the turn" + (
        f", discarding {cards_words(p['discards'])}" if p.get('discards') else ""),
    d.DungeonPileReshuffled: lambda p, n: f"The discard pile is shuffled into a new draw pile of {len(p['pile'])} cards",
    d.DungeonGameWon: lambda p, n: f"{n(p['seat'])} wins the game ({reason_words(p['reason'])})",
}
