"""Disputes: a ruling a table may contest, explained from the log alone, with its evidence.

Two kinds of event open a dispute, and its id is that event's version:

- a claim of a renege (``RenegeClaimed``, shared by every trick game). Filing a dispute
  (:meth:`workers.tables.Tables.file_dispute`) logs the claim at once (``claim_renege``), so the
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
from referee.events import (CardPlayed, CardTakenBack, HandDealt, PenaltyAccepted, RenegeClaimed, RenegeRuled, TotalSet,
                             taken_back)
from referee.game import Game
from referee.registry import get_game
from workers.claims import KIND_WORDS, WINDOW_WORDS, is_a, same_append
from workers.errors import WorkersError
from workers.naming import seat_names, who
from workers.record_words import name_of


class NotADispute(WorkersError, LookupError):
    """No dispute has this id in this game (event ``n`` is no claim, nor a ruling of the game's own)."""


#: Read model name of a game's disputes listed: ``courtcard:{<game>}:disputes``.
DISPUTES = "disputes"


def dispute_model(n: int) -> str:
    """Read model name of dispute ``n``: ``courtcard:{<game>}:dispute:<n>``."""
    return f"dispute:{n}"


def dispute_events(game: Game) -> tuple[type, ...]:
    """The events of ``game`` that open a dispute: a claim of a renege, and the game's own rulings."""
    return (RenegeClaimed, *getattr(game, "dispute_events", ()))


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
            **{e.version: _explain_claim(envelopes, e.version, names, gone)
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
        doc = _explain_claim(envelopes, n, seat_names(envelopes), taken_back(e.event for e in envelopes))
    else:
        doc = _game_rulings(game, envelopes)[n]
    return {"dispute": n, "game_id": envelopes[0].game_id, "version": len(envelopes), **doc}


def _game_rulings(game: Game, envelopes: list[Envelope]) -> dict[int, dict[str, Any]]:
    """The game's own rulings explained by the game, by version (none for a game without any)."""
    if not getattr(game, "dispute_events", ()):
        return {}
    return game.explain_rulings([e.event for e in envelopes], game)


def _game_of(envelopes: list[Envelope]) -> Game:
    return get_game(envelopes[0].payload["game"])


def _explain_claim(envelopes: list[Envelope], n: int, names: list[str], gone: set[int]) -> dict[str, Any]:
    """The dispute whose claim is event ``n``: the ruling, its window and penalty, its evidence.
    An entry the scorekeeper undid (its versions in ``gone``) never happened at the table: it is
    neither evidence nor a penalty (a claim itself is never undone). ``names``: the seats' names."""
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
        proofs.append(_proof(led, f"{who(names, led.payload['seat'])} led {led.payload['card']}"))
    if played is not None:
        proofs.append(_proof(played, f"{who(names, accused)} played {played.payload['card']}"))
    if evidence.get("held"):
        dealt = _last(in_hand, lambda e: is_a(e, HandDealt))
        if dealt is not None:
            proofs.append(_proof(dealt, f"the deal gave {who(names, accused)} {', '.join(evidence['held'])}, "
                                        "still held when that card was played"))
    if evidence.get("proof"):
        card = evidence["proof"]["card"]
        later = _first(in_hand, lambda e: is_a(e, CardPlayed) and e.payload.get("seat") == accused
                       and e.payload.get("card") == card)
        if later is not None:
            proofs.append(_proof(later, f"{who(names, accused)} later played {card}, so they held it"))
    if evidence.get("shown") and ruling.get("verdict") == "upheld":
        proofs.append({"version": n, "type": envelopes[n - 1].type, "says": f"{evidence['shown']} was shown at the table"})
    penalty = [_penalty(e, names) for e in batch if e is not ruling_env and not is_a(e, RenegeClaimed)]
    after = [_penalty(e, names) for e in envelopes[n - 1 + len(batch):]
             if e.version not in gone and _concerns(e, accused, hand, trick)]
    doc = {
        "kind": "claim",
        "status": "ruled" if ruling_env else "not_ruled",
        "claim": {"version": n, **claim},
        "ruling": {"version": ruling_env.version if ruling_env else None, **ruling},
        "window": ruling.get("window"),
        "window_means": WINDOW_WORDS.get(ruling.get("window"), ""),
        "penalty": penalty,
        "later": after,
        "evidence_events": proofs,
    }
    doc["read_aloud"] = _read_aloud(doc, names)
    doc["summary"] = _summary(doc, names)
    return doc


def _summary(doc: dict[str, Any], names: list[str]) -> str:
    """The claim and its ruling in one line, with the players' names, as the table heard them."""
    claim, ruling = doc["claim"], doc["ruling"]
    claimant, accused = name_of(names, claim["claimant"]), name_of(names, claim["accused"])
    where = f"trick {claim['trick']} of hand {claim['hand']}"
    shown = f", showing {claim['shown']}" if claim.get("shown") else ""
    line = f"{claimant} claims {accused} broke a rule of play in {where}{shown}."
    if doc["status"] != "ruled":
        return line + " The referee has not ruled."
    rules = "rules that" if ruling.get("verdict") == "upheld" else "rules it not proven that"
    did = f"{accused} {KIND_WORDS.get(ruling.get('kind'), 'broke a rule of play')} with {ruling.get('card')} in {where}"
    when = f" (window {doc['window']}: {doc['window_means']})" if doc["window"] in WINDOW_WORDS else ""
    return f"{line} Event {ruling['version']}: On {claimant}'s claim, the referee {rules} {did}{when}."


def _read_aloud(doc: dict[str, Any], names: list[str]) -> str:
    claim, ruling = doc["claim"], doc["ruling"]
    accused = who(names, claim["accused"])
    kind = KIND_WORDS.get(ruling.get("kind"), "broke a rule of play")
    card = ruling.get("card") or "a card"
    lines = [f"Hand {claim['hand']}, trick {claim['trick']}: {who(names, claim['claimant'])} claims that "
             f"{accused} {kind} with {card} (event {claim['version']})."]
    if doc["status"] != "ruled":
        return lines[0] + " The referee has not ruled."
    verdict = ruling.get("verdict")
    lines.append(f"Ruling: {'upheld' if verdict == 'upheld' else 'not proven'} (event {ruling['version']}), "
                 f"found in window {doc['window']}, {doc['window_means']}.")
    for proof in doc["evidence_events"]:
        lines.append(f"Event {proof['version']}: {proof['says']}.")
    reason = ruling.get("evidence", {}).get("reason")
    if verdict != "upheld" and reason:
        lines.append(f"The log does not prove it: {reason}.")
    if doc["penalty"]:
        lines.extend(f"Penalty: {p['says']} (event {p['version']})." for p in doc["penalty"])
    else:
        lines.append("No penalty.")
    lines.extend(f"Then: {p['says']} (event {p['version']})." for p in doc["later"])
    return " ".join(lines)


def _penalty(envelope: Envelope, names: list[str]) -> dict[str, Any]:
    p = envelope.payload
    if is_a(envelope, CardTakenBack):
        says = f"{who(names, p['seat'])} takes {p['card']} back and plays again, without penalty"
    elif is_a(envelope, TotalSet):
        says = f"{who(names, p['seat'])}'s side has its total set from {p['before']} to {p['after']}"
    elif is_a(envelope, PenaltyAccepted):
        says = f"{who(names, p['seat'])} accepts a penalty of {p['penalty']} points and the cards go back"
    elif is_a(envelope, RenegeRuled):
        says = f"ruled again in window {p['window']}: {p['verdict'].replace('_', ' ')}"
    else:
        says = envelope.type
    return {"version": envelope.version, "type": envelope.type, "says": says}


def _concerns(envelope: Envelope, seat: int, hand: int, trick: int) -> bool:
    p = envelope.payload
    if p.get("hand") != hand or p.get("trick") != trick:
        return False
    if is_a(envelope, PenaltyAccepted, TotalSet):
        return p.get("seat") == seat and p.get("reason", "renege") == "renege"
    return is_a(envelope, RenegeRuled) and p.get("accused") == seat


def _proof(envelope: Envelope, says: str) -> dict[str, Any]:
    return {"version": envelope.version, "type": envelope.type, "says": says}


def _first(envelopes, test):
    return next((e for e in envelopes if test(e)), None)


def _last(envelopes, test):
    return next((e for e in reversed(envelopes) if test(e)), None)
