"""Dungeon's rulings a table may dispute, each explained from the log alone, with its evidence.

The referee rules, as ordinary game actions, on:

- a Pitch Black accusation (``DungeonAccused``): the dungeon turned up, a passage laid against the
  rules or none, and who discards their dungeon;
- a look after a Myrmiddon's denial (``DungeonHandLookedAt``): the card asked, the denial, the
  hand as shown and what it proves (and, with Suicide Queen, the liar's choice);
- a Pitch Black cave-in that found another value (``DungeonCaveInFailed``);
- a Joker passage caved in, saved with a card of its value or let fall (``DungeonJokerSaved``,
  ``DungeonPassageCollapsed``).

:func:`explain_rulings` is the game's ``explain_rulings`` (``referee.game``): every such ruling
of the log, by version, as a JSON-ready dict. Its ``summary`` says only what the table
saw; the evidence may cite what one player alone saw (a hand shown, a passage face down), so it is
read as the record's payloads are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from events.registry import registry
from referee.seat_names import Names
from referee.cards import card_words
from referee.events import EntryRedone, EntryUndone, taken_back
from referee.games.dungeon import events as ev
from referee.games.dungeon import tree
from referee.games.dungeon.answers import named_in
from referee.games.dungeon.cards import passage_value
from referee.games.dungeon.dark import cheats_in

#: The events that record a ruling of the referee's a table may dispute.
DISPUTE_EVENTS = (ev.DungeonAccused, ev.DungeonHandLookedAt, ev.DungeonCaveInFailed, ev.DungeonJokerSaved,
                  ev.DungeonPassageCollapsed)


def explain_rulings(events: Sequence[Any], game: Any) -> dict[int, dict[str, Any]]:
    """Every ruling in the log a table may dispute, by the version of its event, explained from the
    log: one fold of the log with ``game`` (Dungeon as the registry serves it, with the undo every
    game has), each ruling explained from the game as it stood just before it. An entry the
    scorekeeper undid (a mis-entry) never happened at the table: no explanation cites it, and a
    ruling undone later says so."""
    out: dict[int, dict[str, Any]] = {}
    before = _Before(events, game)
    ruled: dict[int, dict[int, dict[str, Any]]] = {}  # by undo: the explanations as they were before it
    for version, event in enumerate(events, 1):
        if isinstance(event, DISPUTE_EVENTS):
            out[version] = _explain(before, event, version)
        elif isinstance(event, EntryUndone):
            ruled[version] = {n: out[n] for n in range(event.replaces_from, event.replaces_to + 1) if n in out}
            for n, doc in ruled[version].items():
                out[n] = _undone(doc, version)
        elif isinstance(event, EntryRedone):  # the entry is back: its rulings stand as they were made
            out.update(ruled.get(event.undo, {}))
        before.apply(version, event)
    return out


def _undone(doc: dict[str, Any], version: int) -> dict[str, Any]:
    said = f" The scorekeeper undid this entry at event {version}: it did not happen at the table."
    return {**doc, "status": "undone", "undone": version, "summary": doc["summary"] + said,
            "read_aloud": doc["read_aloud"] + said}


def _explain(before: _Before, event: Any, n: int) -> dict[str, Any]:
    explainers: dict[type, Callable[[_Before, Any, int], dict[str, Any]]] = {
        ev.DungeonAccused: _accusation, ev.DungeonHandLookedAt: _look, ev.DungeonCaveInFailed: _cave_in_failed,
        ev.DungeonJokerSaved: _joker, ev.DungeonPassageCollapsed: _joker}
    doc = explainers[type(event)](before, event, n)
    doc["ruling"] = {"version": n, "type": _type(event), **doc["ruling"]}
    doc["read_aloud"] = " ".join([doc["summary"], *(f"Event {p['version']}: {p['says']}." for p in doc["evidence_events"]),
                                  doc["finding"], *doc["consequence"]])
    return {"status": "ruled", **doc}


class _Before:
    """The game as it stands before the event to explain, folded one event at a time: the state,
    for each seat the version of the event that laid each passage still in the dungeon (the
    dungeon is a stack: a retreat or a cave-in takes the last passage, an accusation the whole
    dungeon), and the versions the undos took back, which no explanation cites: those folded so far
    (``undone``, for the events before the one to explain) and the whole log's (``never_happened``,
    for the events after it, such as a liar's choice undone later)."""

    def __init__(self, events: Sequence[Any], game: Any) -> None:
        self.events = events
        self.game = game
        self.state = self.game.initial_state()
        self.undone: set[int] = set()
        self.never_happened = taken_back(events)
        self.laid: list[list[int]] = []
        # ``laid`` as it was after each version that changed it, so an undo can restore it; and, by
        # undo, what was kept before it, which its redo restores.
        self.kept: list[tuple[int, list[list[int]]]] = []
        self.before_undo: dict[int, tuple[list[tuple[int, list[list[int]]]], set[int]]] = {}

    def apply(self, version: int, event: Any) -> None:
        self.state = self.game.apply(self.state, event)
        changed = False
        if isinstance(event, EntryRedone) and event.undo in self.before_undo:  # as just before the undo
            kept, undone = self.before_undo[event.undo]
            self.kept, self.undone = list(kept), set(undone)
            self.laid = [list(v) for v in self.kept[-1][1]] if self.kept else []
            changed = True
        if isinstance(event, EntryUndone):  # back to ``laid`` as it was before the entry undone
            self.before_undo[version] = (list(self.kept), set(self.undone))
            self.undone.update(range(event.replaces_from, event.replaces_to + 1))
            self.kept = [(at, laid) for at, laid in self.kept if at < event.replaces_from]
            self.laid = [list(v) for v in self.kept[-1][1]] if self.kept else []
            changed = True
        self.laid = self.laid or [[] for _ in self.state.names]
        for seat, dungeon in enumerate(self.state.dungeons):
            changed |= len(self.laid[seat]) > len(dungeon)
            del self.laid[seat][len(dungeon):]
        if isinstance(event, ev.DungeonPassagePlayed):
            self.laid[event.seat].append(version)
            changed = True
        if changed:
            self.kept.append((version, [list(v) for v in self.laid]))

    def who(self, seat: int) -> str:
        return Names(self.state.names)(seat)

    def last(self, kind: type, test: Callable[[Any], bool] = lambda e: True,
             before: int | None = None) -> tuple[int, Any] | None:
        """The last event of class ``kind`` passing ``test`` before version ``before`` (default: the
        event to explain), among those no undo took back."""
        end = (self.state.version + 1 if before is None else before) - 1
        for version in range(end, 0, -1):
            event = self.events[version - 1]
            if isinstance(event, kind) and test(event) and version not in self.undone:
                return version, event
        return None

    def cause(self, kind: type, test: Callable[[Any], bool]) -> tuple[int, Any]:
        """The last event of class ``kind`` passing ``test``, one the ruling to explain followed from
        (the referee made the ruling only after it, so a record without it is not one it made)."""
        found = self.last(kind, test)
        if found is None:
            raise ValueError(f"no {kind.__name__} before the ruling at event {self.state.version + 1} to explain it")
        return found


# -- an accusation --------------------------------------------------------------------------------

def _accusation(b: _Before, e: ev.DungeonAccused, n: int) -> dict[str, Any]:
    accuser, target = b.who(e.seat), b.who(e.target)
    laid = b.state.dungeons[e.target]
    cards = e.revealed if e.revealed is not None else [card for card, _ in laid]
    dungeon = [(card, parent) for card, (_, parent) in zip(cards, laid)]
    setbacks = b.state.laid_setback[e.target]
    broke = set(cheats_in(dungeon, setbacks)) if e.revealed is not None else set(b.state.cheats[e.target])
    passages = []
    for i, (card, parent) in enumerate(dungeon):
        version = b.laid[e.target][i]
        on = "the cell" if parent == tree.CELL else card_words(dungeon[parent][0])
        why = _why(dungeon[:i], card, parent, setbacks[i]) if i in broke else None
        passages.append({"version": version, "type": _type(b.events[version - 1]), "position": i, "card": card,
                         "on": "cell" if parent == tree.CELL else dungeon[parent][0], "broke_rule": why is not None,
                         "why": why, "says": f"{target} laid {card_words(card)} face down on {on}"})
    cheats = [p for p in passages if p["broke_rule"]]
    if cheats:
        finding = "Found: " + "; ".join(f"{card_words(p['card'])} laid on {_on(p)} at event {p['version']} {p['why']}"
                                        for p in cheats) + f". {target} cheated."
    else:
        finding = f"Found: every passage was laid by the rules. {target} did not cheat."
    loser = e.target if e.cheating else e.seat
    lost = ", ".join(card_words(c) for c in e.discarded) or "no passage"
    consequence = [f"{b.who(loser)} discards " + ("the whole dungeon but the cell" if e.cheating else "their own dungeon")
                   + f": {lost} (event {n})."]
    verdict = "cheating" if e.cheating else "innocent"
    return {
        "kind": "accusation",
        "ruling": {"accuser": e.seat, "target": e.target, "verdict": verdict, "discarded": list(e.discarded)},
        "summary": f"{accuser} accused {target} of cheating (event {n}): the dungeon was turned up and "
                   + (f"{target} had cheated." if e.cheating else f"{target} had not cheated."),
        "evidence_events": passages,
        "finding": finding,
        "consequence": consequence,
    }


def _on(passage: dict[str, Any]) -> str:
    return "the cell" if passage["on"] == "cell" else card_words(passage["on"])


def _why(before: list[tree.Passage], card: str, parent: int, setback: bool) -> str:
    """Why ``card`` laid on ``parent`` (with the dungeon ``before`` it) broke the rules."""
    value = passage_value(card)
    if value is None:
        return "is no passage card (a passage is a 2 to 10)"
    lowest = tree.values_in_play(before, lambda c: passage_value(c) or 0)
    branch = f"nor a branch of the lowest value in play ({lowest[0]})" if lowest else "nor a branch"
    if parent == tree.CELL:
        if value != 10:
            return "is not a 10: only a 10 goes on the cell"
        return f"went on a cell that already had a passage, {branch}"
    under = before[parent][0]
    under_value = passage_value(under)
    if under_value is not None and value == under_value - 1:
        return f"is one lower, but {card_words(under)} already had a passage on it, {branch}"
    return f"is not one lower, {branch}"


# -- a look after a denial ------------------------------------------------------------------------

def _look(b: _Before, e: ev.DungeonHandLookedAt, n: int) -> dict[str, Any]:
    asker, target = b.who(e.seat), b.who(e.target)
    asked_at, ask = b.cause(ev.DungeonMyrmiddonAsked, lambda x: x.seat == e.seat and x.target == e.target)
    denied_at, _ = b.cause(ev.DungeonCardDenied, lambda x: x.seat == e.target)
    hand = list(e.shown) if e.shown is not None else list(b.state.hands[e.target])
    found = named_in(hand, ask.asked)
    evidence = [{"version": asked_at, "type": _type(ask), "says": f"{asker} played {card_words(ask.card)} as a Myrmiddon "
                 f"and asked {target} for {card_words(ask.asked)}"}]
    closed = b.last(ev.DungeonCountersClosed, before=denied_at)
    if closed is not None and closed[0] > asked_at:
        evidence.append({"version": closed[0], "type": _type(closed[1]),
                         "says": "the counters closed with the Myrmiddon standing"})
    evidence.append({"version": denied_at, "type": "DungeonCardDenied", "says": f"{target} said they do not hold it"})
    evidence.append({"version": n, "type": _type(e), "hand": hand,
                     "says": f"{asker} looked at {target}'s hand: {', '.join(card_words(c) for c in hand) or 'no cards'}"})
    if e.truthful:
        finding = f"Found: {card_words(ask.asked)} is not in the hand: the denial was true."
        consequence = [f"{asker} discards their whole hand: {', '.join(card_words(c) for c in e.discarded) or 'no cards'} "
                       f"(event {n})."]
    else:
        finding = f"Found: the hand holds {card_words(found or ask.asked)}: the denial was a lie."
        consequence = _liar_pays(b, e, n, asker, target)
    return {
        "kind": "look",
        "ruling": {"asker": e.seat, "target": e.target, "asked": ask.asked, "verdict": "truthful" if e.truthful else "lie",
                   "ask": asked_at, "denial": denied_at},
        "summary": f"{asker} asked {target} for {card_words(ask.asked)} (event {asked_at}), {target} denied holding it "
                   f"(event {denied_at}), and {asker} looked (event {n}): "
                   + ("the denial was true." if e.truthful else "the denial was a lie."),
        "evidence_events": evidence,
        "finding": finding,
        "consequence": consequence,
    }


def _liar_pays(b: _Before, e: ev.DungeonHandLookedAt, n: int, asker: str, target: str) -> list[str]:
    """What a liar found out gives up: the card and the rest of the hand, or (Suicide Queen) what
    they chose in the events after the look: a choice the scorekeeper undid, and the undo, are
    passed over (the choice made instead follows); an undo of the look itself ends it."""
    if not e.liar_chooses:
        return [f"{asker} takes {card_words(e.card)} and {target} discards the rest of the hand: "
                f"{', '.join(card_words(c) for c in e.discarded) or 'no cards'} (event {n})."]
    out = [f"{target}, found out, chooses to hand the card over and discard the rest, or to discard the whole hand."]
    for version in range(n + 1, len(b.events) + 1):
        later = b.events[version - 1]
        if version in b.never_happened or isinstance(later, EntryUndone) and later.replaces_from > n:
            continue
        if isinstance(later, ev.DungeonCardHandedOver) and later.seat == e.target:
            out.append(f"{target} hands {card_words(later.card)} over (event {version}).")
        elif isinstance(later, ev.DungeonHandDiscarded) and later.seat == e.target:
            kept = "" if len(out) > 1 else f", and {asker} gets nothing"
            out.append(f"{target} discards {', '.join(card_words(c) for c in later.cards) or 'no cards'} (event {version}){kept}.")
            return out
        elif not isinstance(later, (ev.DungeonAcePlayed, ev.DungeonAcesResolved)):
            break
    return out + [f"{target} has not chosen yet."]


# -- cave-ins -------------------------------------------------------------------------------------

def _cave_in_failed(b: _Before, e: ev.DungeonCaveInFailed, n: int) -> dict[str, Any]:
    caver, target = b.who(e.seat), b.who(e.target)
    passage = e.passage if e.passage is not None else b.state.dungeons[e.target][-1][0]
    laid_at = b.laid[e.target][-1]
    evidence = [{"version": laid_at, "type": _type(b.events[laid_at - 1]), "card": passage,
                 "says": f"{target} laid {card_words(passage)} face down, the last passage"},
                {"version": n, "type": _type(e), "says": f"{caver} caved it in with {card_words(e.card)}"}]
    return {
        "kind": "cave_in",
        "ruling": {"seat": e.seat, "target": e.target, "card": e.card, "passage": passage, "verdict": "failed"},
        "summary": f"{caver}'s cave-in of {target}'s last passage with {card_words(e.card)} failed (event {n}).",
        "evidence_events": evidence,
        "finding": f"Found: {card_words(e.card)} is a {passage_value(e.card)}, the passage {card_words(passage)} "
                   f"a {passage_value(passage)}: not the same value.",
        "consequence": [f"The passage stays face down and {card_words(e.card)} is discarded (event {n})."],
    }


def _joker(b: _Before, e: ev.DungeonJokerSaved | ev.DungeonPassageCollapsed, n: int) -> dict[str, Any]:
    owner = b.who(e.seat)
    caved_at, cave = b.cause(ev.DungeonCaveIn, lambda x: x.target == e.seat)
    laid_at = b.laid[e.seat][-1]
    caver, value = b.who(cave.seat), passage_value(cave.passage)
    evidence = [{"version": laid_at, "type": _type(b.events[laid_at - 1]), "card": cave.passage,
                 "says": f"{owner} laid {card_words(cave.passage)}, the last passage"},
                {"version": caved_at, "type": _type(cave), "says": f"{caver} caved it in with {card_words(cave.card)}"}]
    saved = isinstance(e, ev.DungeonJokerSaved)
    if isinstance(e, ev.DungeonJokerSaved):
        evidence.append({"version": n, "type": _type(e), "card": e.card,
                         "says": f"{owner} discarded {card_words(e.card)} from hand to save it"})
        finding = f"Found: {card_words(e.card)} is a {passage_value(e.card)}, the Joker passage's value: the Joker is saved."
        consequence = [f"The Joker stays; {card_words(e.card)} and {card_words(cave.card)} are discarded (event {n})."]
    else:
        evidence.append({"version": n, "type": _type(e), "says": f"{owner} let it fall"})
        finding = f"Found: {owner} did not save the Joker passage with a {value} from hand."
        consequence = [f"The Joker and {card_words(cave.card)} are discarded; the second-lowest branch opens (event {n})."]
    return {
        "kind": "joker_save",
        "ruling": {"seat": e.seat, "caved_by": cave.seat, "passage": cave.passage, "cave_in": caved_at,
                   "verdict": "saved" if saved else "fallen"},
        "summary": f"{caver} caved in {owner}'s Joker passage (event {caved_at}); {owner} "
                   + (f"saved it (event {n})." if saved else f"let it fall (event {n})."),
        "evidence_events": evidence,
        "finding": finding,
        "consequence": consequence,
    }


# -- words ----------------------------------------------------------------------------------------


def _type(event: Any) -> str:
    return registry.type_of(event).name
