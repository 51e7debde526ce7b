"""Random legal play at twin tables (the same game in a known and a blind record) and the record
invariants Queen Bees and Black Queen share with Queen's Dungeon: every card once per hand, tricks
add up, the replayed state equals the live one, a blind record reaches the same scores, and the
table sees exactly the same in both records (so a known record leaks nothing). Queen's Dungeon's
random play checks its records and its reneges with ``check_record`` and ``renege_detected_alike``."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import io
import json
import pickle
import random
from typing import Any

import pytest

from trick_table import Table, events_of
from events.registry import registry
from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.cards import deck_without
from referee.games.queens_dungeon.commands import AcceptPenalty
from referee.trickgame.reneges import UNSETTLED, window_of
from referee.trickgame.tricks import unseen_cards
from referee.trickgame import commands as cmd
from referee.replay import replay
from referee.confirmations import Confirm
from referee.undo import Undo
from referee.game_wrapper import own_game


def twin_tables(game: str, seed: int, known_detection: str = "announced", blind_detection: str = "announced",
                **options: Any) -> tuple[Table, Table]:
    known = Table(game, record="known", seed=seed, detection=known_detection, **options)
    blind = Table(game, record="blind", seed=seed, detection=blind_detection, **options)
    return known, blind


def step(known: Table, blind: Table, rng: random.Random, command: Any = None) -> list[Any]:
    """One action at the known table, and the same action (as the table saw it) at the blind one."""
    if command is None:
        seat = known.game.to_act(known.state)[0]
        command = rng.choice([a for a in known.game.legal_actions(known.state, seat) if not isinstance(a, (cmd.TakeBack, Undo, Confirm))])
    events = known.act(command)
    blind.act(cmd.Deal() if isinstance(command, cmd.Deal) else command)
    return events


def table_sees_the_same(known: Table, blind: Table) -> None:
    """The public view and the score sheet of a known record are those of its blind twin."""
    game = known.game
    for seat in (None, *range(known.players)):
        k, b = game.public_view(known.state, seat), game.public_view(blind.state, seat)
        k.get("hand") and k["hand"].pop("your_hand", None)
        assert {**k, "record": None} == {**b, "record": None}
    assert game.scores(known.state) == game.scores(blind.state)


def deals_of(log: list[Any]) -> list[list[Any]]:
    """The events of each deal (a thrown-in deal included)."""
    out: list[list[Any]] = []
    for event in log:
        if isinstance(event, ev.HandDealt):
            out.append([])
        if out:
            out[-1].append(event)
    return out


def check_every_card_once_per_hand(table: Table) -> None:
    rules_deck = None
    for events in deals_of(table.log):
        dealt = events[0]
        rules_deck = set(deck_without(dealt.removed))
        cards = [e.card for e in events_of(events, ev.CardPlayed)]
        assert len(cards) == len(set(cards))
        if events_of(events, ev.HandScored):
            assert set(cards) == rules_deck
            if dealt.hands is not None:
                assert set(cards) == {c for h in dealt.hands for c in h}


def check_tricks_add_up(table: Table) -> None:
    size = table.state.hand_size
    for events in deals_of(table.log):
        if events_of(events, ev.HandScored):
            assert [e.trick for e in events_of(events, ev.TrickWon)] == list(range(1, size + 1))
            sheet = events_of(events, ev.HandScored)[0].sheet
            assert sum(row["tricks"] for row in sheet["units"]) == size


def check_replay_equals_live(table: Table) -> None:
    decoded = [registry.decode(*registry.encode(e)) for e in table.log]
    rebuilt = replay(decoded)
    assert rebuilt.version == table.state.version == len(table.log)
    assert table.game.director_view(rebuilt) == table.game.director_view(table.state)
    assert table.game.scores(rebuilt) == table.game.scores(table.state)
    json.dumps(table.game.director_view(table.state))
    assert pickle.loads(pickle.dumps(table.state)).version == table.state.version  # the service caches copies


def check_record(known: Table, blind: Table, checks: tuple = ()) -> None:
    """The record invariants at both tables (``checks``, by default those of the plain trick games),
    and the same scores and outcome in both records."""
    for table in (known, blind):
        for check in checks or (check_every_card_once_per_hand, check_tricks_add_up, check_replay_equals_live):
            check(table)
    assert [e.totals for e in events_of(blind.log, ev.HandScored)] == [e.totals for e in events_of(known.log, ev.HandScored)]
    assert blind.state.outcome == known.state.outcome


def illegal_choice(table: Table, rng: random.Random) -> str | None:
    """A card the seat to play holds but may not play (None when there is none)."""
    state = table.state
    if state.phase != "play":
        return None
    seat = state.hand.turn
    legal = set(own_game(table.game).legal_cards(state, seat))  # the trick engine's, no part of the contract
    illegal = [c for c in state.hand.hands[seat] if c not in legal]
    return rng.choice(illegal) if illegal else None


def renege_detected_alike(known: Any, blind: Any, rng: random.Random, detection: str, players: int,
                          illegal: Any = illegal_choice, act: Any = step) -> int | None:
    """Random legal play in the first hand until a seat can renege, then renege once: a known
    record that announces refuses the card; a known record that watches silently and a blind
    record both rule it upheld in window D when claimed after the hand (blind with detection on
    claim), or the blind record rules it itself in window C when the log proves it (announced).
    ``known`` records on claim; ``illegal`` and ``act`` are the game's choice of an illegal card and
    its step at twin tables. Returns the reneger (None when no seat ever held a card it could not
    play)."""
    renege = None
    while known.state.phase != "over" and not known.state.history:
        card = illegal(known, rng) if rng.random() < 0.3 else None
        if card is not None:
            renege = known.hand.turn, known.hand.trick_no, card
            break
        act(known, blind, rng)
    if renege is None:
        return None
    seat, trick, card = renege
    announcing = copy.deepcopy(known.state)
    announcing.options["detection"] = "announced"
    with pytest.raises(errors.IllegalPlay) as refused:
        known.game.decide(announcing, known.Play(seat, card), rng)
    assert (refused.value.seat, refused.value.trick, refused.value.card) == (seat, trick, card)
    act(known, blind, rng, known.Play(seat, card))
    while not known.state.history:
        act(known, blind, rng)
    claimant = (seat + 1) % players
    if detection == "on_claim":
        for table in (known, blind):
            events = table.game.decide(table.state, cmd.ClaimRenege(claimant, seat, trick), rng)
            r = events_of(events, ev.RenegeRuled)[0]
            assert (r.accused, r.trick, r.card, r.verdict, r.window) == (seat, trick, card, "upheld", "D")
    else:
        rulings = events_of(blind.log, ev.RenegeRuled)
        assert [(r.accused, r.trick, r.card, r.verdict, r.window) for r in rulings] == [(seat, trick, card, "upheld", "C")]
    return seat


def check_illegal_card_detected_alike(game: str, seed: int, detection: str, **options: Any) -> tuple[Table, int] | None:
    """``renege_detected_alike`` at twin tables of a plain trick game: the blind table and the
    reneger (None when no seat ever held a card it could not play)."""
    rng = random.Random(seed)
    known, blind = twin_tables(game, seed, known_detection="on_claim", blind_detection=detection, **options)
    seat = renege_detected_alike(known, blind, rng, detection, known.players)
    return None if seat is None else (blind, seat)


# ---------------------------------------------------------------- corrections, claims and penalties at random


def pending_penalty(state: Any) -> bool:
    """A renege found out in window B whose reneger has not yet taken (or declined) the penalty."""
    h = state.hand
    return h is not None and not h.over and any(irr.status == "found_b" for irr in h.irregular)


def random_claim(state: Any, rng: random.Random) -> cmd.ClaimRenege | None:
    """A claim by one player against another's card in a trick of this hand: mostly against a card
    the referee holds irregular (or suspect, in a blind record), else against any seat and trick
    (now and then one the referee must refuse: a trick the accused played nothing in); in a blind
    record it sometimes shows an unseen card."""
    h = state.hand
    if h is None or not (h.trick or h.tricks):
        return None
    players = len(h.tricks_won)
    suspects = [irr for irr in h.irregular if irr.status == "open"]
    if suspects and rng.random() < 0.7:
        irr = rng.choice(suspects)
        accused, trick = irr.seat, irr.trick
    else:
        accused, trick = rng.randrange(players), rng.randint(1, h.trick_no)
    claimant = rng.choice([s for s in range(players) if s != accused])
    shown = None
    if state.record == "blind" and rng.random() < 0.5:
        shown = rng.choice(unseen_cards(h.played, h.removed) or [None])
    return cmd.ClaimRenege(claimant, accused, trick, shown=shown)


def random_command(table: Any, rng: random.Random, illegal: Any) -> Any:
    """Any command the table could give now, corrections and claims included: a take-back or a
    penalty whenever one is open, a claim at any moment, a card the rules forbid (``illegal``), an
    early end now and then (often while a penalty choice is pending), else a legal action."""
    state, game = table.state, table.game
    offered = [a for seat in range(len(state.names)) for a in game.legal_actions(state, seat)
               if not isinstance(a, (Undo, Confirm))]  # the undo's and the confirmations' own tests walk them
    corrections = [a for a in offered if isinstance(a, (cmd.TakeBack, AcceptPenalty))]
    others = [a for a in offered if a not in corrections]
    if rng.random() < (0.2 if pending_penalty(state) else 0.001):
        return cmd.EndGame()
    if corrections and rng.random() < 0.35:
        return rng.choice(corrections)
    if state.hand is not None and rng.random() < 0.12:
        claim = random_claim(state, rng)
        if claim is not None:
            return claim
    if state.phase == "play" and state.options["detection"] == "on_claim" and state.hand.hands is not None \
            and rng.random() < 0.3:
        card = illegal(table, rng)
        if card is not None:
            return table.Play(state.hand.turn, card)
    return rng.choice(others)


def rulings_in_force(state: Any) -> tuple:
    """What no correction may take away: the public rulings so far (their count and the last one),
    the established reneges (Queen Bees, Black Queen) and the settings and penalties rulings made
    (Queen's Dungeon) in the hand in play, and how many ranges are marked replaced."""
    h = state.hand
    last = state.rulings[-1] if state.rulings else None
    if h is None:
        return len(state.rulings), last, None, [], len(state.replaced)
    kept = list(getattr(h, "found", []))
    kept += [x for seat in getattr(h, "settings", []) for x in seat if x["reason"] == "renege"]
    kept += [x for seat in getattr(h, "penalties", []) for x in seat]
    return len(state.rulings), last, h.no, kept, len(state.replaced)


def check_rulings_kept(before: tuple, state: Any) -> None:
    """A command never takes back a ruling: the public rulings only grow, none of them is marked
    replaced, and the established reneges, settings and penalties of the hand are all still there."""
    count, last, hand, kept, replaced = before
    _, _, now_hand, now_kept, _ = rulings_in_force(state)
    assert len(state.rulings) >= count and (count == 0 or state.rulings[count - 1] == last)
    if len(state.replaced) > replaced:
        versions = {r["version"] for r in state.rulings}
        for first, last_replaced in state.replaced[replaced:]:
            assert not versions & set(range(first, last_replaced + 1)), (first, last_replaced, state.rulings)
    if hand == now_hand:
        assert all(x in now_kept for x in kept), (kept, now_kept)


def check_restore_points(state: Any) -> None:
    """Every card a correction may still take back (window A) or pay for (window B) has its
    restore point."""
    h = state.hand
    if h is None:
        return
    for irr in h.irregular:
        if irr.status in UNSETTLED and window_of(state, irr) in ("A", "B"):
            assert irr.version in h.restore_points, irr


# What the cards on the table decide, and what rulings established: after a correction both must be
# what a fold of the record without its replaced events gives.
ON_THE_TABLE = (
    "trick_no", "trick", "tricks", "tricks_won", "played", "hands", "turn", "leader", "last_play_version",
    "trump", "broken", "queens_won", "challenge", "challenge_used", "change_due", "trump_history",
    "holders", "revealed", "points_won", "found", "settings", "lost",
)


def check_correction_against_a_fold_without_replaced(table: Any) -> None:
    """The hand after a correction is the hand a fold of the record gives when the replaced events
    (and the corrections themselves) are skipped: the cards before the corrected one, and every
    ruling made since. Only a proof may differ: a card the table has seen proves what it proves,
    taken back or not. (Totals may differ too, by design: a kept setting costs what it cost when
    made, and the fold without corrections has no accepted penalty.)"""
    replaced = {v for first, last in table.state.replaced for v in range(first, last + 1)}
    model = table.game.initial_state()
    for version, event in enumerate(table.log, 1):
        if version in replaced or isinstance(event, (ev.CardTakenBack, qd_ev.PenaltyAccepted)):
            model.version += 1
        else:
            table.game.apply(model, event)
    real, folded = table.state.hand, model.hand
    for name in ON_THE_TABLE:
        if hasattr(real, name):
            assert getattr(real, name) == getattr(folded, name), name

    def without_proofs(irregular: list) -> list:
        return [dataclasses.replace(irr, proof=None) for irr in irregular]

    assert without_proofs(real.irregular) == without_proofs(folded.irregular)
    assert table.state.phase == model.phase


def play_with_corrections(table: Any, rng: random.Random, hands: int, illegal: Any, steps: int = 1500) -> int:
    """Random play of up to ``hands`` hands in which every correction, claim and penalty is offered
    and taken at random moments. Every batch decide returns folds and takes no ruling back; deciding
    (a refusal too) changes nothing. The record then replays to the same state. Returns how many
    corrections were made."""
    corrections = 0
    logged = LoggedEvents()
    for _ in range(steps):
        state = table.state
        if state.phase == "over" or len(state.history) >= hands:
            break
        command = random_command(table, rng, illegal)
        before = rulings_in_force(state)
        frozen = logged.fingerprint(table.log, state)
        try:
            events = table.game.decide(state, command, table.rng)
        except errors.InputError:
            assert isinstance(command, cmd.ClaimRenege), command  # only a random claim may be refused
            continue
        finally:
            assert logged.fingerprint(table.log, state) == frozen, command  # deciding changes nothing
        table.take(events)
        corrected = sum(1 for e in events if isinstance(e, (ev.CardTakenBack, qd_ev.PenaltyAccepted)))
        if corrected:
            check_correction_against_a_fold_without_replaced(table)
        corrections += corrected
        check_rulings_kept(before, table.state)
        check_restore_points(table.state)
    size = getattr(table.state, "hand_size", None) or table.state.layout.hand_size
    for scored in events_of(table.log, ev.HandScored):
        assert sum(row["tricks"] for row in scored.sheet["seats"]) == size
    logged.check_unchanged()
    check_replay_equals_live(table)
    return corrections


class _Fingerprint(pickle.Pickler):
    """A pickle of everything an object holds, as ``pickle.dumps`` writes it, with two shortcuts
    that kept a random game's check to a fifth of its time:

    - an event already in the table's log is written as its place in the log (:class:`LoggedEvents`
      checks on its own that no logged event ever changes);
    - a slotted dataclass is written as its class and its fields' values, read directly (its own
      ``__getstate__`` asks ``dataclasses.fields`` of every object)."""

    _fields: dict[type, tuple[str, ...] | None] = {}

    def __init__(self, file: io.BytesIO, logged: dict[int, tuple[Any, int]]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._logged = logged

    def reducer_override(self, obj: Any) -> Any:
        place = self._logged.get(id(obj))
        if place is not None and place[0] is obj:
            return _logged_event, (place[1],)
        kind = type(obj)
        names = self._fields.get(kind, ())
        if names == ():
            names = self._fields[kind] = (tuple(f.name for f in dataclasses.fields(kind))
                                          if dataclasses.is_dataclass(kind) and hasattr(kind, "__slots__") else None)
        if names is None:
            return NotImplemented
        return copyreg.__newobj__, (kind,), tuple(getattr(obj, name) for name in names)


def _logged_event(place: int) -> Any:
    """Stands for the event at ``place`` in a fingerprint (fingerprints are compared, never loaded)."""
    raise NotImplementedError


class LoggedEvents:
    """The events of a table's log, each fingerprinted once when it is first seen, so that a state's
    fingerprint names them by their place instead of writing them again at every step."""

    def __init__(self) -> None:
        self._logged: dict[int, tuple[Any, int]] = {}
        self._prints: list[bytes] = []
        self._events: list[Any] = []

    def fingerprint(self, log: list[Any], state: Any) -> bytes:
        """Bytes that differ whenever anything reachable from ``state`` differs."""
        for place in range(len(self._events), len(log)):
            self._events.append(log[place])
            self._prints.append(self._dump(log[place]))
            self._logged[id(log[place])] = (log[place], place)
        return self._dump(state)

    def check_unchanged(self) -> None:
        """No logged event changed since it was logged (a decide that changed one would change the
        record's past)."""
        self._logged.clear()
        for place, (event, printed) in enumerate(zip(self._events, self._prints)):
            assert self._dump(event) == printed, f"the logged event at {place} changed: {event!r}"

    def _dump(self, obj: Any) -> bytes:
        out = io.BytesIO()
        _Fingerprint(out, self._logged).dump(obj)
        return out.getvalue()


def check_corrections_at_random(game: str, seed: int, record: str, detection: str, **options: Any) -> int:
    """``play_with_corrections`` for three hands of a plain trick game."""
    table = Table(game, record=record, seed=seed, detection=detection, **options)
    return play_with_corrections(table, random.Random(seed), hands=3, illegal=illegal_choice)
