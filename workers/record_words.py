"""Events as sentences for people, for the printable record and the text record's comments.

One function reads any game's events: the events every trick game shares, the rulings and their
consequences, and Dungeon's and The Queens' own facts have words here; any other event reads as
its type and fields. A card reads as ``referee.cards.card_words`` says it, as everywhere. A ruling
is credited to whoever made it: the referee on its own, a player's claim, or a dispute (a claim
logged through ``POST /games/{id}/disputes``, whose command id says so).

    >>> card_words("QS"), card_words("7H#2")
    ('the queen of spades', 'the 7 of hearts (second pack)')
    >>> reason_words("escape"), reason_words("last_alive")
    ('escaped', 'last alive')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.envelope import Envelope
from events.registry import EventTypeError, registry
from referee import events as ev
from referee.cards import RANK, RANK_WORDS, SUIT, SUIT_NAMES, card_words
from referee.confirmations import GAME, HandConfirmed
from referee.games.dungeon import events as dungeon
from referee.games.dungeon.blind import UNKNOWN
from referee.games.the_queens import events as queens
from referee.registry import get_game
from workers.claims import KIND_WORDS, WINDOW_WORDS

#: The events that are claims, rulings or a ruling's consequence, for the printable record's "Rulings".
_RULINGS = (ev.RenegeRuled, ev.RenegeClaimed, ev.TotalSet, ev.PenaltyAccepted, ev.CardTakenBack,
            dungeon.DungeonAccused, dungeon.DungeonHandLookedAt, dungeon.DungeonCardDenied, dungeon.DungeonDenialAccepted)

def owned_words(card: Any) -> str:
    """A card as someone's: "9 of hearts" in "Ann's 9 of hearts", "face-down card", "Joker"."""
    words = card_words(card)
    return words.removeprefix("the ").removeprefix("a ")


def cards_words(cards: Any) -> str:
    """Cards in one phrase: "the 8 and 3 of hearts", "the 4 of clubs and the queen of spades"; the
    cards nobody saw only counted ("2 cards", "the 9 of clubs and a card")."""
    cards = list(cards or [])
    seen = [c for c in cards if c != UNKNOWN]
    hidden = len(cards) - len(seen)
    plain = [c for c in seen if c in RANK]  # one deck's cards: no second copy, no Joker
    if len(seen) > 1 and len(plain) == len(seen) and len({SUIT[c] for c in seen}) == 1:
        parts = ["the " + _and([RANK_WORDS.get(RANK[c], RANK[c]) for c in seen]) + f" of {SUIT_NAMES[SUIT[seen[0]]]}"]
    else:
        parts = [card_words(c) for c in seen]
    if hidden:
        parts.append("a card" if hidden == 1 else _count(hidden, "card"))
    return _and(parts) or "nothing"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


def reason_words(reason: Any) -> str:
    """Why a game ended, in words: ``escape`` -> "escaped", ``last_alive`` -> "last alive"."""
    return _REASONS.get(reason, str(reason or "").replace("_", " "))


def result_words(outcome: dict[str, Any] | None, names: list[str]) -> str:
    """How a game ended, as a text record's Result tag and ``courtcard verify`` say it: "Dan wins
    (last alive)", "Ann and Cat win (target)", "no winner (stuck)"; "*" while it is on (PGN's game
    in progress)."""
    if not outcome:
        return "*"
    winners = [name_of(names, w) for w in outcome.get("winners") or []]
    reason = reason_words(outcome.get("reason"))
    said = (" and ".join(winners) + (" wins" if len(winners) == 1 else " win")) if winners else "no winner"
    return f"{said} ({reason})" if reason else said


def departure(envelope: Envelope) -> str | None:
    """How the event took a player out of the game, for a score sheet's result ("slain by the king
    of spades"), or None when it says nothing of the kind."""
    words = _LEAVING.get(type(_event(envelope)))
    return words(envelope.payload) if words is not None else None


def name_of(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


#: Table actions whose event also carries the referee's verdict on them or what they led to (an
#: accusation upheld or not, a look that finds a lie, a defence that defeats the creature, a retreat
#: that slays, a cave-in that fails, the penalty's points): a text record's comment says it.
_VERDICTS = (dungeon.DungeonAccused, dungeon.DungeonHandLookedAt, dungeon.DungeonCreatureDefeated,
             dungeon.DungeonPlayerSlain, dungeon.DungeonCaveInFailed, ev.PenaltyAccepted)


def carries_verdict(envelope: Envelope) -> bool:
    """True for a table action's event that also says what the referee ruled on it."""
    return isinstance(_event(envelope), _VERDICTS)


def is_ruling(envelope: Envelope) -> bool:
    """A claim, a ruling or what a ruling cost (a dungeon setting for three Queens is the trick's, not a ruling)."""
    return isinstance(_event(envelope), _RULINGS) and envelope.payload.get("reason", "renege") == "renege"


def _event(envelope: Envelope) -> Any:
    """The envelope's typed event (decoded here for an envelope read back without it)."""
    if envelope.event is None:
        return registry.decode(envelope.type, envelope.schema_version, envelope.payload)
    return envelope.event


def credit(envelope: Envelope, names: list[str]) -> str:
    """Who made a ruling: a dispute, a player's claim, or the referee on its own."""
    claimant = envelope.payload.get("claimant")
    if claimant is None:
        return "Ruled by the referee on its own."
    by = "dispute" if (envelope.command_id or "").startswith("dispute:") else "claim"
    return f"Ruled on {name_of(names, claimant)}'s {by}."


def words_of(kind: str, payload: dict[str, Any], names: list[str]) -> str | None:
    """The words of an event of type ``kind`` (its registered name) with ``payload``, without the
    full stop: "Bob sends the jack of spades against Ann"; None for a type without words of its own
    (as ``courtcard log`` reads an event it answers with)."""
    try:
        words = _WORDS.get(registry.lookup(kind).cls)
    except EventTypeError:
        return None
    return words(payload, lambda seat: name_of(names, seat)) if words is not None else None


def sentence(envelope: Envelope, names: list[str], record: Sequence[Envelope] | None = None) -> str:
    """One event as a sentence (it ends with a full stop). ``record``: the whole record in version
    order, from which an undo or a redo says what it took back or put back."""
    p, n = envelope.payload, (lambda seat: name_of(names, seat))
    if p.get("withheld"):
        return f"{envelope.type} (withheld until the game is over)."
    event = _event(envelope)
    if record is not None and isinstance(event, _UNDOING):
        redone = isinstance(event, ev.EntryRedone)
        undo = record[p["undo"] - 1] if redone else envelope
        entry = record[undo.payload["replaces_from"] - 1:undo.payload["replaces_to"]]
        said = entry_words(envelope, entry, names, record[0].payload["game"])
        versions = f"versions {undo.payload['replaces_from']} to {undo.payload['replaces_to']}"
        return said[:-1] + (f" ({versions}: it did not happen at the table)." if not redone
                            else f" ({versions}, which the undo at version {p['undo']} took back: it happened after all).")
    words = _WORDS.get(type(event))
    text = words(p, n) if words is not None else _fields(envelope.type, p, n)
    text = text if text.endswith(".") else text + "."
    return f"{text} {credit(envelope, names)}" if isinstance(event, ev.RenegeRuled) else text


#: The events of the scorekeeper's undo and redo, which name an entry of the record.
_UNDOING = (ev.EntryUndone, ev.EntryRedone)


def is_undoing(envelope: Envelope) -> bool:
    """An undo or a redo: the scorekeeper's events that name an entry of the record."""
    return isinstance(_event(envelope), _UNDOING)


def entry_words(undoing: Envelope, entry: Sequence[Envelope], names: list[str], game: str) -> str:
    """What an undo (or a redo: ``undoing``) took back (or put back), the ``entry``'s envelopes,
    in the words of its table action as the table saw it: "Undone: Cat plays the 7 of clubs." A
    table action whose payload is hidden from the table (withheld, or salted: a hidden card's
    commitment) is named by its action and its player alone: "Undone: Ann's draw."."""
    said = "Redone" if isinstance(_event(undoing), ev.EntryRedone) else "Undone"
    action = undoing.payload["action"]
    command_of = get_game(game).command_of
    shown = [e for e in entry if e.payload is not None and not e.payload.get("withheld")]
    acted = next((e for e in shown if command_of(_event(e)) is not None), None)
    if acted is None or len(shown) < len(entry) or acted.payload.get("salt"):
        who = next((e.payload.get("seat") for e in shown if isinstance(e.payload.get("seat"), int)), None)
        what = action.replace("_", " ")
        return f"{said}: {name_of(names, who)}'s {what}." if who is not None else f"{said}: the {what}."
    words = _WORDS.get(type(_event(acted)))
    text = words(acted.payload, lambda seat: name_of(names, seat)) if words is not None else _fields(
        acted.type, acted.payload, lambda seat: name_of(names, seat))
    return f"{said}: {text.removesuffix('.')}."


def _ruled(p: dict[str, Any], n) -> str:
    where = f"in trick {p['trick']} of hand {p['hand']}"
    if p.get("verdict") != "upheld":
        reason = (p.get("evidence") or {}).get("reason", "nothing proves it")
        return f"The claim that {n(p['accused'])} broke the rules {where} is not proven ({reason})"
    evidence = p.get("evidence") or {}
    suit = SUIT_NAMES.get(evidence.get("suit"))
    broke = f"did not follow {suit}" if p.get("kind") == "renege" and suit else KIND_WORDS.get(p.get("kind"), "broke the rules")
    what = "reneged" if p.get("kind") == "renege" else "broke the rules"
    text = f"{n(p['accused'])} {what} {where}: {card_words(p['card'])} {broke} (found out {WINDOW_WORDS.get(p['window'], '')})"
    if evidence.get("penalty"):
        text += f"; penalty: {evidence['penalty']}"
    if evidence.get("penalty_declined"):
        text += "; the 25-point penalty was not taken, so the renege stands"
    return text


def _total_set(p: dict[str, Any], n) -> str:
    lost = p["before"] - p["after"]
    why = {"renege": "for the renege", "three_queens": "for three Queens", "four_queens": "for four Queens"}
    return (f"{n(p['seat'])} loses {lost} points {why.get(p['reason'], p['reason'])} in trick {p['trick']} of hand "
            f"{p['hand']}: the total is set from {p['before']} to {p['after']}, and the hand's gains are forfeited")


_REASONS = {"escape": "escaped", "target": "a total reached the target", "hands": "the hands were played",
            "early": "the scorekeeper ended it"}


def _confirmed(p: dict[str, Any], n) -> str:
    """A player's confirmation: "Cat confirms hand 3's score", or disagrees, with the note."""
    what = "the game's result" if p["hand"] == GAME else f"hand {p['hand']}'s score"
    if p["agree"]:
        return f"{n(p['seat'])} confirms {what}"
    return f"{n(p['seat'])} disagrees with {what}" + (f": {p['note']}" if p.get("note") else "")


def _game_ended(p: dict[str, Any], n) -> str:
    winners = [n(w) for w in p.get("winners") or []]
    reason = reason_words(p.get("reason"))
    who = " and ".join(winners) or "nobody"
    return f"The game is over ({reason}): {who} {'wins' if len(winners) == 1 else 'win'}"


def _drawn(card: Any) -> str:
    """A card drawn or taken: named where the record knows it, "a card" where nobody saw it,
    "nothing" when the pile was empty."""
    return "nothing (the pile is empty)" if card is None else "a card" if card == UNKNOWN else card_words(card)


def _dealt(p: dict[str, Any], n) -> str:
    cells = [f"{n(s)} {card_words(c)}" if not down else f"{n(s)} a face-down card"
             for s, (c, down) in enumerate(zip(p['cells'], p['cell_face_down']))]
    return f"The cards are dealt: five to each player, and a cell each ({', '.join(cells)})"


def _passage(p: dict[str, Any], n) -> str:
    on = p['on']
    where = ("their cell" if on == "cell" else f"passage {int(on) + 1} of their dungeon" if on.isdigit()
             else f"their {owned_words(on)}")
    text = f"{n(p['seat'])} plays {card_words(p['card'])} on {where}"
    if p.get('cheat'):
        text += ", against the rules"
    if p.get('revealed'):
        text += f", and turns the dungeon up to escape: {cards_words(p['revealed'])}"
    return text


#: The Queens' places as the table calls them (``s1``-``s7`` are the shutter piles).
_PLACES = {"key": "the key", "pack": "the pack", "talon": "the talon", "foundation": "the foundations"}


def _place(place: Any) -> str:
    return _PLACES.get(place, f"pile {place}")


def _queens_ended(p: dict[str, Any], n) -> str:
    home = f"{_count(p['home'], 'card')} home"
    if p['result'] == "won":
        return f"{n(0)} wins: all {home}"
    if p['result'] == "given_up":
        return f"{n(0)} gives up, with {home}"
    return f"The game is stuck, with {home}: no move, and no new pack"


_WORDS: dict[type, Any] = {
    ev.GameCreated: lambda p, n: f"{p['game']} for {', '.join(p['seats'])} ({p['record']} record)",
    ev.DealerCut: lambda p, n: f"{n(p['seat'])} cuts {card_words(p['card'])}",
    ev.DealerChosen: lambda p, n: f"{n(p['seat'])} deals first",
    ev.TrumpCalled: lambda p, n: f"{n(p['seat'])} calls {SUIT_NAMES.get(p['suit'], p['suit'])} trump for hand {p['hand']}",
    ev.HandDealt: lambda p, n: f"{n(p['dealer'])} deals hand {p['hand']}",
    ev.HandExchanged: lambda p, n: f"{n(p['seat'])} {'takes' if p['exchanged'] else 'keeps'} the extra hand",
    ev.ChallengeAnnounced: lambda p, n: f"{n(p['seat'])} announces the Queen's Challenge in trick {p['trick']}",
    ev.CardPlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])}",
    ev.TrickWon: lambda p, n: f"Trick {p['trick']} to {n(p['seat'])}" + (f" ({p['queens']} Queens)" if p.get("queens") else ""),
    ev.TrumpChanged: lambda p, n: f"{n(p['seat'])} changes trump to {SUIT_NAMES.get(p['suit'], p['suit'])} from trick {p['trick']}",
    ev.TotalSet: _total_set,
    ev.RenegeClaimed: lambda p, n: f"{n(p['claimant'])} claims that {n(p['accused'])} broke the rules in trick "
                                  f"{p['trick']} of hand {p['hand']}" + (f", showing {card_words(p['shown'])}" if p.get("shown") else ""),
    ev.RenegeRuled: _ruled,
    ev.PenaltyAccepted: lambda p, n: f"{n(p['seat'])} takes the {p['penalty']}-point penalty for the renege with "
                                    f"{card_words(p['card'])}: {p['penalty']} points off, and the cards from it on go back",
    ev.CardTakenBack: lambda p, n: f"{n(p['seat'])} takes {card_words(p['card'])} back, without penalty",
    ev.HandScored: lambda p, n: f"Hand {p['hand']} is scored: " + ", ".join(f"{n(i)} {t}" for i, t in enumerate(p.get("totals") or [])),
    ev.GameEnded: _game_ended,
    ev.BidMade: lambda p, n: f"{n(p['seat'])} bids {p['bid']}" if p.get("bid") is not None else f"{n(p['seat'])} passes",
    ev.HandThrownIn: lambda p, n: f"Everyone passed: {n(p['dealer'])} deals hand {p['hand']} again",
    ev.ContractDeclared: lambda p, n: f"{n(p['seat'])} declares {p['bid']} in {SUIT_NAMES.get(p['trump'], p['trump'])}, "
                                     f"calling {' and '.join(card_words(c) for c in p['called'])}",
    ev.EntryUndone: lambda p, n: f"The scorekeeper undoes the last entry ({p['action']}, versions {p['replaces_from']} to "
                          f"{p['replaces_to']}): it did not happen at the table",
    HandConfirmed: _confirmed,
    ev.EntryRedone: lambda p, n: f"The scorekeeper redoes the entry ({p['action']}) that the undo at version {p['undo']} "
                                 "took back: it happened after all",
    # Dungeon
    dungeon.DungeonDealt: _dealt,
    dungeon.DungeonContestCardPlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])} to choose who goes first"
                                                   + (f" (round {p['round']})" if p['round'] > 1 else "")
                                                   + f" and draws {_drawn(p.get('drawn'))}",
    dungeon.DungeonContestTied: lambda p, n: f"{' and '.join(n(s) for s in p['seats'])} tie and draw again",
    dungeon.DungeonFirstPlayerChosen: lambda p, n: f"{n(p['seat'])} plays first",
    dungeon.DungeonCardDrawn: lambda p, n: f"{n(p['seat'])} draws {_drawn(p.get('card'))}",
    dungeon.DungeonAcePlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])}",
    dungeon.DungeonAcesResolved: lambda p, n: "The Aces resolve, the last played first: " + "; ".join(
        f"{n(d['seat'])} draws {cards_words(d['cards'])} for {card_words(d['ace'])}" for d in p['draws']),
    dungeon.DungeonPassagePlayed: _passage,
    dungeon.DungeonCaveIn: lambda p, n: f"{n(p['seat'])} caves in {n(p['target'])}'s {owned_words(p['passage'])} "
                                        f"with {card_words(p['card'])}",
    dungeon.DungeonCaveInFailed: lambda p, n: f"{n(p['seat'])} tries to cave in {n(p['target'])}'s last passage"
                                              + (f", {card_words(p['passage'])}," if p.get('passage') else "")
                                              + f" with {card_words(p['card'])}: it is of another value and stands",
    dungeon.DungeonAccused: lambda p, n: f"{n(p['seat'])} accuses {n(p['target'])} of cheating: "
                                   + (f"{n(p['target'])} cheated and discards the whole dungeon but the cell" if p['cheating']
                                      else f"{n(p['target'])} did not cheat, and {n(p['seat'])} discards their dungeon"),
    dungeon.DungeonJokerSaved: lambda p, n: f"{n(p['seat'])} saves their Joker passage with {card_words(p['card'])}",
    dungeon.DungeonPassageCollapsed: lambda p, n: f"{n(p['seat'])} lets their Joker passage cave in",
    dungeon.DungeonCreatureAttacked: lambda p, n: f"{n(p['seat'])} sends {card_words(p['card'])} against {n(p['target'])}"
                                                  + ("" if p.get('passage') else ", in the cell"),
    dungeon.DungeonCreatureDefeated: lambda p, n: f"{n(p['seat'])} defeats {card_words(p['creature'])} with "
                                                  f"{cards_words(p['cards'])}",
    dungeon.DungeonRetreated: lambda p, n: f"{n(p['seat'])} retreats from {card_words(p['creature'])}, giving up their "
                                           f"{owned_words(p['passage'])}",
    dungeon.DungeonPlayerSlain: lambda p, n: f"{n(p['seat'])} is slain by {card_words(p['creature'])} and is out of the game",
    dungeon.DungeonGraverobberPlayed: lambda p, n: f"{n(p['seat'])} plays the Graverobber, {card_words(p['card'])}, and "
                                                   f"takes {_drawn(p['take'])} from the discard pile",
    dungeon.DungeonCounterPlayed: lambda p, n: f"{n(p['seat'])} counters with {card_words(p['card'])}",
    dungeon.DungeonCountersClosed: lambda p, n: "The counters are over: the ability " + (
        "stands" if p['stands'] else "is cancelled"),
    dungeon.DungeonMyrmiddonAsked: lambda p, n: f"{n(p['seat'])} plays the Myrmiddon, {card_words(p['card'])}, and asks "
                                                f"{n(p['target'])} for {card_words(p['asked'])}",
    dungeon.DungeonCardHandedOver: lambda p, n: f"{n(p['seat'])} hands {card_words(p['card'])} to {n(p['to'])}",
    dungeon.DungeonCardDenied: lambda p, n: f"{n(p['seat'])} says they do not hold the card asked",
    dungeon.DungeonDenialAccepted: lambda p, n: f"{n(p['seat'])} believes the denial",
    dungeon.DungeonHandLookedAt: lambda p, n: f"{n(p['seat'])} looks at {n(p['target'])}'s hand: " + (
        f"the denial was true, so {n(p['seat'])} discards their whole hand" if p['truthful'] else
        f"{n(p['target'])} lied and, found out, chooses what happens next" if p.get('liar_chooses') else
        f"{n(p['target'])} lied: {n(p['seat'])} takes {card_words(p.get('card'))} and {n(p['target'])} discards the rest"),
    dungeon.DungeonHandDiscarded: lambda p, n: f"{n(p['seat'])} discards their hand, {cards_words(p['cards'])}",
    dungeon.DungeonTurnEnded: lambda p, n: f"{n(p['seat'])} ends the turn" + (
        f", discarding {cards_words(p['discards'])}" if p.get('discards') else ""),
    dungeon.DungeonPileReshuffled: lambda p, n: f"The discard pile is shuffled into a new draw pile of {len(p['pile'])} cards",
    dungeon.DungeonGameWon: lambda p, n: f"{n(p['seat'])} wins the game ({reason_words(p['reason'])})",
    # The Queens: one player, seat 0, whose moves the events record without a seat.
    queens.QueensDealt: lambda p, n: f"{n(0)} deals the 104 cards: 32 to the key, the rest to the pack" + (
        "" if p.get('order') else ", face down: each card is entered as it turns up"),
    queens.QueensCardSeen: lambda p, n: f"{n(0)} sees {card_words(p['card'])} turn up on top of {_place(p['place'])}",
    queens.QueensKeyPaid: lambda p, n: "A Queen is on the key's top: she" + (
        f" and the {_count(len(p['cards']) - 1, 'card')} under her go" if len(p['cards']) > 1 else " goes") + " to the bottom of the pack",
    queens.QueensKingFounded: lambda p, n: f"{_capital(card_words(p['card']))} turns up "
                                           f"from {_place(p['source'])} and goes to foundation {p['foundation'] + 1}",
    queens.QueensSpaceFilled: lambda p, n: f"{_capital(card_words(p['card']))} fills the "
                                           f"space of {_place(p['pile'])} from {_place(p['source'])}",
    queens.QueensCardMoved: lambda p, n: f"{n(0)} moves {card_words(p['card'])} from {_place(p['source'])} " + (
        f"to foundation {p['foundation'] + 1}" if p.get('foundation') is not None else f"onto {_place(p['target'])}"),
    queens.QueensCardTurned: lambda p, n: f"{n(0)} turns {_drawn(p['card'])} from the pack onto the talon",
    # true of both new-pack rules (referee/games/the_queens/options.py), which the event does not name
    queens.QueensNewPackFormed: lambda p, n: f"{n(0)} forms a new pack of {_count(len(p['cards']), 'card')} from the "
                                             f"talon ({_count(p['queens'], 'Queen')} counted)",
    queens.QueensMoveTakenBack: lambda p, n: f"{n(0)} takes back the move of version {p['replaces_from']} and all it brought",
    queens.QueensGameEnded: _queens_ended,
}


_LEAVING: dict[type, Any] = {
    dungeon.DungeonPlayerSlain: lambda p: f"slain by {card_words(p.get('creature'))}",
}


def _fields(kind: str, p: dict[str, Any], n) -> str:
    """Any other event: its type (``DungeonCardDrawn`` reads "card drawn") and its fields."""
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    for prefix in ("dungeon ", "queens "):
        words = words.removeprefix(prefix)
    shown = []
    for key, value in sorted(p.items()):
        if key == "salt" or value in (None, [], {}):
            continue
        value = n(value) if key in ("seat", "target", "to") else _short(value)
        shown.append(f"{key.replace('_', ' ')} {value}")
    return words[:1].upper() + words[1:] + (f" ({', '.join(shown)})" if shown else "")


def _short(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return " ".join(map(str, value)) if len(value) <= 8 else f"{len(value)} cards"
    return str(value) if not isinstance(value, (list, dict)) else f"{len(value)} items"
