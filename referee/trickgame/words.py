"""The words of the events every trick game records: the deal, the cards, the tricks, the claims,
the rulings and the score. A trick game adds its own events' words (its ``words.py``) and says
through its hooks what was led (``rule_text``, ``claim_text``) and what a penalty costs
(``penalty_words``); ``TrickGame.words`` puts them together.

A ruling is said as a player would hear it: what was claimed and, when nothing proved it, why; when
upheld, what was led and when it was found out, in words. The window's letter (A to D) is the
referee's own: the records and the director's view keep it beside the sentence.

    >>> from referee.words import Names
    >>> n = Names(["Ann", "Bob", "Cat"])
    >>> not_proven_words({"accused": 2, "claimant": 0, "hand": 1, "trick": 2, "card": "6S",
    ...                   "evidence": {"reason": "the card followed the rules"}}, n)
    "Ann's claim against Cat's 6 of spades in trick 2 of hand 1 is not proven: the card followed the rules"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import events as ev
from referee.cards import card_words
from referee.trickgame.hooks import TrickHooks
from referee.trickgame.state import StateT
from referee.words import Names, Said, capital, cards_said, count, game_words, owned_words, unlabelled

#: When an irregularity was found out, by the referee's window, as the table says it.
FOUND_WORDS = {
    "A": "before another card was played",
    "B": "while the trick was still being played",
    "C": "after the next trick was led",
    "D": "after the hand was over",
}

#: What an irregular card did, by its kind (said of a card the referee knows broke the rule: the
#: messages of a refusal, the director's list of irregular cards).
IRREGULAR_WORDS = {
    "renege": "did not follow suit",
    "trump_lead": "led trump before it was broken",
    "challenge": "did not play a Queen under the Queen's Challenge",
}

#: The rule an upheld ruling's ``kind`` says was broken.
BROKE_WORDS = {
    "renege": "reneged",
    "trump_lead": "led trump before it was broken",
    "challenge": "did not play a Queen under the Queen's Challenge",
}


def where(p: Mapping[str, Any]) -> str:
    return f"trick {p['trick']} of hand {p['hand']}"


def not_proven_words(p: Mapping[str, Any], n: Names) -> str:
    """A claim nothing proved: what it was against and why it fails. It never says the card broke
    a rule: the card may well have followed."""
    reason = cards_said((p.get("evidence") or {}).get("reason") or "nothing proves it")
    against = f"{n(p['accused'])}'s {owned_words(p['card'])} in {where(p)}"
    if p.get("claimant") is None:
        return f"The referee finds nothing proven against {against}: {reason}"
    return f"{n(p['claimant'])}'s claim against {against} is not proven: {reason}"


def _claimed(p: Mapping[str, Any], n: Names) -> str:
    shown = f", showing {card_words(p['shown'])}" if p.get("shown") else ""
    return f"{n(p['claimant'])} claims that {n(p['accused'])} broke a rule of play in {where(p)}{shown}"


def _scored(p: Mapping[str, Any], n: Names) -> str:
    totals = p.get("totals") or []
    return f"Hand {p['hand']} is scored: " + ", ".join(f"{n(i)} has {t}" for i, t in enumerate(totals))


#: The events of every trick game that need no game's hook.
TRICK_WORDS: dict[type, Said] = {
    ev.DealerChosen: lambda p, n: f"{n(p['seat'])} deals first",
    ev.HandDealt: lambda p, n: f"{n(p['dealer'])} deals hand {p['hand']}",
    ev.CardPlayed: lambda p, n: f"{n(p['seat'])} plays {card_words(p['card'])}",
    ev.TrickWon: lambda p, n: f"Trick {p['trick']} to {n(p['seat'])}" + (
        f" ({count(p['queens'], 'Queen')})" if p.get("queens") else ""),
    ev.RenegeClaimed: _claimed,
    ev.CardTakenBack: lambda p, n: f"{n(p['seat'])} takes {card_words(p['card'])} back in {where(p)}, without penalty",
    ev.HandScored: _scored,
}


#: A ruling entry of the table's view (``state.rulings``, ``referee/trickgame/reneges.py``) -> its event.
_ENTRY_EVENTS = {"claim": ev.RenegeClaimed, "ruling": ev.RenegeRuled, "card_taken_back": ev.CardTakenBack}


class TrickWords(TrickHooks[StateT]):
    """The words hook of the trick engine (mixed into ``TrickGame``)."""

    #: The words of the game's own events (its ``words.py``).
    own_words: Mapping[type, Said] = {}

    #: The ruling entries of the table's view, by their ``type``, and the event each reads as: the
    #: ones every trick game makes; a game with a ruling entry of its own adds it.
    ruling_entries: Mapping[str, type] = _ENTRY_EVENTS

    def words(self, kind: type, payload: Mapping[str, Any], names: Names) -> str:
        if kind is ev.RenegeRuled:
            return self.ruling_words(payload, names)
        return game_words(kind, payload, names, {**TRICK_WORDS, **self.own_words})

    def ruling_words(self, p: Mapping[str, Any], n: Names) -> str:
        """A ruling, as the table hears it (no window letter, nothing hidden: only what the
        table's view of the ruling holds)."""
        if p.get("verdict") != "upheld":
            return not_proven_words(p, n)
        evidence = p.get("evidence") or {}
        accused = n(p["accused"])
        text = f"{accused} {BROKE_WORDS.get(p.get('kind', ''), 'broke a rule of play')} in {where(p)}"
        if p.get("kind") == "renege" and evidence.get("suit"):
            led = self.claim_text(p["kind"], evidence["suit"], evidence.get("rule"))
            text += f": {led}, and {accused} played {card_words(p['card'])} though able to follow"
        else:
            text += f": {accused} played {card_words(p['card'])}"
        text += f". It was found out {FOUND_WORDS.get(p.get('window', ''), 'later')}"
        if isinstance(evidence.get("penalty"), str):
            text += f". {self.penalty_words(evidence['penalty'])}"
        if evidence.get("penalty_declined"):
            text += ". The penalty offered in the trick was not taken, so the renege stands"
        return text

    def penalty_words(self, penalty: str) -> str:
        """The penalty a ruling recorded (its ``evidence["penalty"]``, kept as the referee wrote it)
        as a sentence with names only."""
        return capital(unlabelled(penalty))

    def rulings_said(self, rulings: list[dict[str, Any]], names: Names) -> list[dict[str, Any]]:
        """The view's rulings, each with ``said`` (its sentence, with the full stop) and, for an
        upheld ruling, ``why`` (what it found, "Cat reneged in trick 3") and ``cost`` (the game's own
        penalty in words, "Dan scores -10 for hand 2 ..."), so the page has the words."""
        out = []
        for entry in rulings:
            kind = self.ruling_entries.get(entry.get("type", ""))
            said = {"said": self.words(kind, entry, names) + "."} if kind is not None else {}
            if kind is ev.RenegeRuled and entry.get("verdict") == "upheld":
                said["why"] = (f"{names(entry['accused'])} {BROKE_WORDS.get(entry.get('kind', ''), 'broke a rule of play')} "
                               f"in trick {entry['trick']}")
                penalty = (entry.get("evidence") or {}).get("penalty")
                if isinstance(penalty, str):  # a game's own penalty (Queen Bees, Black Queen), said with names
                    said["cost"] = self.penalty_words(penalty) + "."
            out.append({**entry, **said})
        return out
