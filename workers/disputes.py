"""Disputes: a ruling a table may contest, explained from the log alone, with its evidence.

Two kinds of event open a dispute, and its id is that event's version:

- a claim of a renege (``RenegeClaimed``, shared by every trick game). Filing a dispute
  (:meth:`workers.game_use_cases.GameUseCases.file_dispute`) logs the claim at once (``claim_renege``), so the
  referee rules on the table as it was when the claim was made: the window, and so the penalty,
  depend on that moment. It is explained here: the ruling, the window, the penalty and the exact
  events (by version) that prove or fail to prove the claim.
- a ruling of the game's own, logged as an ordinary game action (Dungeon: an accusation, a look
  after a Myrmiddon's denial), which the game declares (``dispute_events``) and explains
  (``explain_rulings``, see ``referee.game``).

A worker writes either explanation as the dispute's read model, with a text a table can read aloud,
and the game's disputes listed, one line each, as another (``disputes``): both kept by the record's
head, so a reader asks the record to be folded again only when it has grown.
"""

from __future__ import annotations

from typing import Any

from events.envelope import Envelope
from referee.events import CardPlayed, CardTakenBack, HandDealt, RenegeClaimed, RenegeRuled, taken_back
from referee.game import Game
from referee.registry import game_of_record
from referee.trickgame.words import FOUND_WORDS
from referee.cards import card_words
from referee.words import Names, and_, capital
from workers.claims import is_a, same_append
from workers.errors import WorkersError
from workers.naming import seat_names


class NotADispute(WorkersError, LookupError):
    """No dispute has this id in this game (event ``n`` is no claim, nor a ruling of the game's own)."""


#: Read model name of a game's disputes listed: ``courtcard:{<game>}:disputes``.
DISPUTES = "disputes"


def dispute_model(n: int) -> str:
    """Read model name of dispute ``n``: ``courtcard:{<game>}:dispute:<n>``."""
    return f"dispute:{n}"


def dispute_events(game: Game) -> tuple[type, ...]:
    """The events of ``game`` that open a dispute: a claim of a renege, and the game's own rulings."""
    return (RenegeClaimed, *game.dispute_events)


def is_dispute(game: Game, envelope: Envelope) -> bool:
    return is_a(envelope, *dispute_events(game))


def disputes_listed(envelopes: list[Envelope]) -> dict[str, Any]:
    """The ``disputes`` read model: the game's disputes listed as of the record's last version."""
    return {"game_id": envelopes[0].game_id, "version": len(envelopes), "disputes": list_disputes(envelopes)}


def list_disputes(envelopes: list[Envelope]) -> list[dict[str, Any]]:
    """Every dispute of the game, in the order logged: its id, kind and one line of what the table saw."""
    game = _game_of(envelopes)
    names, gone = seat_names(envelopes), taken_back(e.event for e in envelopes)  # once for every claim
    docs = {**_game_rulings(game, envelopes),
            **{e.version: _explain_claim(game, envelopes, e.version, names, gone)
               for e in envelopes if is_a(e, RenegeClaimed)}}
    return [{"dispute": n, "kind": docs[n]["kind"], "status": docs[n]["status"], "summary": docs[n]["summary"]}
            for n in sorted(docs)]


def explain_dispute(envelopes: list[Envelope], n: int) -> dict[str, Any]:
    """Dispute ``n`` (a claim, or a ruling of the game's own), explained from ``envelopes`` (the
    game's whole log)."""
    game = _game_of(envelopes)
    if not 1 <= n <= len(envelopes) or not is_dispute(game, envelopes[n - 1]):
        raise NotADispute(n)
    if is_a(envelopes[n - 1], RenegeClaimed):
        doc = _explain_claim(game, envelopes, n, seat_names(envelopes), taken_back(e.event for e in envelopes))
    else:
        doc = _game_rulings(game, envelopes)[n]
    return {"dispute": n, "game_id": envelopes[0].game_id, "version": len(envelopes), **doc}


def _game_rulings(game: Game, envelopes: list[Envelope]) -> dict[int, dict[str, Any]]:
    """The game's own rulings explained by the game, by version (none for a game without any)."""
    if not game.dispute_events:  # spares the list of events: the game has no ruling of its own
        return {}
    return game.explain_rulings([e.event for e in envelopes], game)


def _game_of(envelopes: list[Envelope]) -> Game:
    return game_of_record(envelopes[0])


def _explain_claim(game: Game, envelopes: list[Envelope], n: int, seats: list[str], gone: set[int]) -> dict[str, Any]:
    """The dispute whose claim is event ``n``: the ruling, its window and penalty, its evidence,
    each said in ``game``'s words (``seats``: the seats' names). An entry the scorekeeper undid (its
    versions in ``gone``) never happened at the table: it is neither evidence nor a penalty (a
    claim itself is never undone). The window's letter is kept for the director (``window``)."""
    names = Names(seats)
    claim = envelopes[n - 1].payload
    batch = same_append(envelopes, n - 1)
    ruling_env = next((e for e in batch if is_a(e, RenegeRuled)), None)
    ruling = ruling_env.payload if ruling_env else {}
    hand, trick, accused = claim["hand"], claim["trick"], claim["accused"]
    in_hand = [e for e in envelopes[: n - 1] if e.payload.get("hand") == hand and e.version not in gone]
    played = _last(in_hand, lambda e: is_a(e, CardPlayed) and e.payload.get("seat") == accused and e.payload.get("trick") == trick)
    led = _first(in_hand, lambda e: is_a(e, CardPlayed) and e.payload.get("trick") == trick)
    evidence = ruling.get("evidence", {})
    proofs: list[dict[str, Any]] = []
    if led is not None and led is not played:
        proofs.append(_proof(led, f"{names(led.payload['seat'])} led {card_words(led.payload['card'])}"))
    if played is not None:
        proofs.append(_proof(played, f"{names(accused)} played {card_words(played.payload['card'])}"))
    if evidence.get("held"):
        dealt = _last(in_hand, lambda e: is_a(e, HandDealt))
        if dealt is not None:
            proofs.append(_proof(dealt, f"the deal gave {names(accused)} {and_([card_words(c) for c in evidence['held']])}, "
                                        "still held when that card was played"))
    if evidence.get("proof"):
        card = evidence["proof"]["card"]
        later = _first(in_hand, lambda e: is_a(e, CardPlayed) and e.payload.get("seat") == accused
                       and e.payload.get("card") == card)
        if later is not None:
            proofs.append(_proof(later, f"{names(accused)} later played {card_words(card)}, so they held it"))
    if evidence.get("shown") and ruling.get("verdict") == "upheld":
        proofs.append({"version": n, "type": envelopes[n - 1].type, "says": f"{capital(card_words(evidence['shown']))} was shown at the table"})
    penalty = [_penalty(game, e, names) for e in batch if e is not ruling_env and not is_a(e, RenegeClaimed)]
    after = [_penalty(game, e, names) for e in envelopes[n - 1 + len(batch):]
             if e.version not in gone and _concerns(game, e, accused, hand, trick)]
    doc = {
        "kind": "claim",
        "status": "ruled" if ruling_env else "not_ruled",
        "claim": {"version": n, **claim},
        "ruling": {"version": ruling_env.version if ruling_env else None, **ruling},
        "window": ruling.get("window"),
        "window_means": FOUND_WORDS.get(ruling.get("window"), ""),
        "penalty": penalty,
        "later": after,
        "evidence_events": proofs,
    }
    claimed = game.words(RenegeClaimed, claim, names) + "."
    ruled = game.words(RenegeRuled, ruling, names) + "." if ruling_env else "The referee has not ruled."
    doc["summary"] = f"{claimed} {ruled}"
    doc["ruling_words"] = ruled if ruling_env else None
    doc["read_aloud"] = _read_aloud(doc, claimed, ruled)
    return doc


def _read_aloud(doc: dict[str, Any], claimed: str, ruled: str) -> str:
    """The claim, the ruling, the events that prove it or fail to, and what it cost, as the table
    hears them (the window's letter is the director's: ``doc["window"]``)."""
    claim = doc["claim"]
    lines = [f"Hand {claim['hand']}, trick {claim['trick']}: {claimed}"]
    if doc["status"] != "ruled":
        return f"{lines[0]} {ruled}"
    lines.append(ruled)
    for proof in doc["evidence_events"]:
        lines.append(f"Event {proof['version']}: {proof['says']}.")
    if doc["penalty"]:
        lines.extend(f"Then: {p['says']} (event {p['version']})." for p in doc["penalty"])
    else:
        lines.append("No penalty.")
    lines.extend(f"Later: {p['says']} (event {p['version']})." for p in doc["later"])
    return " ".join(lines)


def _penalty(game: Game, envelope: Envelope, names: Names) -> dict[str, Any]:
    """What a ruling brought (a take-back, a total set, a penalty taken, a ruling again), in words."""
    says = game.words(type(envelope.event), envelope.payload, names)
    return {"version": envelope.version, "type": envelope.type, "says": says}


def _concerns(game: Game, envelope: Envelope, seat: int, hand: int, trick: int) -> bool:
    """Whether a later event of the claim's trick is about the accused's renege: a ruling on them
    again, or what a renege cost them among the game's own rulings (``Game.ruling_events``)."""
    p = envelope.payload
    if p.get("hand") != hand or p.get("trick") != trick:
        return False
    if is_a(envelope, *game.ruling_events):
        return p.get("seat") == seat and p.get("reason", "renege") == "renege"
    return is_a(envelope, RenegeRuled) and p.get("accused") == seat


def _proof(envelope: Envelope, says: str) -> dict[str, Any]:
    return {"version": envelope.version, "type": envelope.type, "says": says}


def _first(envelopes, test):
    return next((e for e in envelopes if test(e)), None)


def _last(envelopes, test):
    return next((e for e in reversed(envelopes) if test(e)), None)
