"""Events as sentences for people, for the printable record and the text record's comments.

Each event is said by its game's ``words`` hook (``referee/game.py``; the words live in each game's
folder), with the players' names (``referee.words.Names``). The record adds what only the record
and the director need: a ruling's window letter, and who the ruling was made on: the referee on its
own, a player's claim, or a dispute (a claim logged through ``POST /games/{id}/disputes``, whose
command id says so). A card reads as ``referee.cards.card_words`` says it, as everywhere.

    >>> card_words("QS"), card_words("7H#2")
    ('the queen of spades', 'the 7 of hearts (second pack)')
    >>> reason_words("escape"), reason_words("last_alive")
    ('escaped', 'last alive')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from events.envelope import Envelope
from events.registry import EventTypeError, registry
from referee import events as ev
from referee.cards import card_words
from referee.game import Game
from referee.registry import game_names, game_of_record, get_game
from referee.words import Names, reason_words

#: The claims, rulings and a ruling's consequences every trick game shares, for the printable
#: record's "Rulings"; each game adds its own (``Game.ruling_events``).
_SHARED_RULINGS = (ev.RenegeRuled, ev.RenegeClaimed, ev.CardTakenBack)


@functools.cache
def _games_declare(member: str) -> tuple[type, ...]:
    """The event classes the registered games declare as ``member`` (``ruling_events``,
    ``verdict_events``: ``referee.game``), all together: an event class is one game's own, so the
    union says of any record's event what its own game says, without reading the record's game."""
    return tuple(dict.fromkeys(kind for name in game_names() for kind in getattr(get_game(name), member)))


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
    of spades"), or None when it says nothing of the kind: as its game says it (``Game.departure``;
    the one game whose event it is answers, every other says None)."""
    kind = type(_event(envelope))
    return next((said for name in game_names()
                 if (said := get_game(name).departure(kind, envelope.payload)) is not None), None)


def name_of(names: list[str], seat: Any) -> str:
    """Seat ``seat``'s player (``referee.words.Names``, the one place a seat becomes a name)."""
    return Names(names)(seat)


def carries_verdict(envelope: Envelope) -> bool:
    """True for a table action's event that also says what the referee ruled on it or what it led
    to (its game's ``verdict_events``): a text record's comment says it."""
    return isinstance(_event(envelope), _games_declare("verdict_events"))


def is_ruling(envelope: Envelope) -> bool:
    """A claim, a ruling or what a ruling cost (a dungeon setting for three Queens is the trick's, not a ruling)."""
    rulings = (*_SHARED_RULINGS, *_games_declare("ruling_events"))
    return isinstance(_event(envelope), rulings) and envelope.payload.get("reason", "renege") == "renege"


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


def _game(game: Game | str) -> Game:
    return get_game(game) if isinstance(game, str) else game


def words_of(kind: str, payload: dict[str, Any], names: list[str], game: Game | str) -> str | None:
    """The words of an event of type ``kind`` (its registered name) with ``payload`` in ``game``
    (a game or its registered name), without the full stop: "Bob sends the jack of spades against
    Ann"; None for a type the registry does not know."""
    try:
        kind_class = registry.lookup(kind).cls
    except EventTypeError:
        return None
    return _game(game).words(kind_class, payload, Names(names))


def sentence(envelope: Envelope, names: list[str], record: Sequence[Envelope] | None = None,
             game: Game | str | None = None) -> str:
    """One event of ``game`` (a game or its registered name; by default the one ``record`` opens
    with) as a sentence ending with a full stop. ``record``: the whole record in version order, from
    which an undo or a redo says what it took back or put back. A ruling adds its window's letter,
    which the record keeps for the director, and who it was made on."""
    p = envelope.payload
    if p.get("withheld"):
        return f"{envelope.type} (withheld until the game is over)."
    if game is None:
        if not record:
            raise ValueError("say the game of an event read without its record")
        game = game_of_record(record[0])
    event = _event(envelope)
    if record is not None and isinstance(event, _UNDOING):
        redone = isinstance(event, ev.EntryRedone)
        undo = record[p["undo"] - 1] if redone else envelope
        entry = record[undo.payload["replaces_from"] - 1:undo.payload["replaces_to"]]
        said = entry_words(envelope, entry, names, game)
        versions = f"versions {undo.payload['replaces_from']} to {undo.payload['replaces_to']}"
        return said[:-1] + (f" ({versions}: it did not happen at the table)." if not redone
                            else f" ({versions}, which the undo at version {p['undo']} took back: it happened after all).")
    text = _game(game).words(type(event), p, Names(names))
    text = text if text.endswith(".") else text + "."
    if isinstance(event, ev.RenegeRuled):
        window = f" (Window {p['window']}.)" if p.get("window") else ""
        return f"{text}{window} {credit(envelope, names)}"
    return text


#: The events of the scorekeeper's undo and redo, which name an entry of the record.
_UNDOING = (ev.EntryUndone, ev.EntryRedone)


def is_undoing(envelope: Envelope) -> bool:
    """An undo or a redo: the scorekeeper's events that name an entry of the record."""
    return isinstance(_event(envelope), _UNDOING)


def entry_words(undoing: Envelope, entry: Sequence[Envelope], names: list[str], game: Game | str) -> str:
    """What an undo (or a redo: ``undoing``) took back (or put back), the ``entry``'s envelopes,
    in the words of its table action as the table saw it: "Undone: Cat plays the 7 of clubs." A
    table action whose payload is hidden from the table (withheld, or salted: a hidden card's
    commitment) is named by its action and its player alone: "Undone: Ann's draw."."""
    said = "Redone" if isinstance(_event(undoing), ev.EntryRedone) else "Undone"
    action = undoing.payload["action"]
    command_of = _game(game).command_of
    shown = [e for e in entry if e.payload is not None and not e.payload.get("withheld")]
    acted = next((e for e in shown if command_of(_event(e)) is not None), None)
    if acted is None or len(shown) < len(entry) or acted.payload.get("salt"):
        who = next((e.payload.get("seat") for e in shown if isinstance(e.payload.get("seat"), int)), None)
        what = action.replace("_", " ")
        return f"{said}: {name_of(names, who)}'s {what}." if who is not None else f"{said}: the {what}."
    text = _game(game).words(type(_event(acted)), acted.payload, Names(names))
    return f"{said}: {text.removesuffix('.')}."

