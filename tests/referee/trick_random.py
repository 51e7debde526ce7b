"""Random legal play at twin tables (the same game in a known and a blind record) and the record
invariants Queen Bees and Black Queen share with Queen's Dungeon: every card once per hand, tricks
add up, the replayed state equals the live one, a blind record reaches the same scores, and the
table sees exactly the same in both records (so a known record leaks nothing). Queen's Dungeon's
random play checks its records and its reneges with ``check_record`` and ``renege_detected_alike``."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from trick_table import Table, events_of
from events.registry import registry
from referee import errors
from referee import events as ev
from referee.cards import deck_without
from referee.trickgame import commands as cmd
from referee.replay import replay


def twin_tables(game: str, seed: int, known_detection: str = "announced", blind_detection: str = "announced",
                **options: Any) -> tuple[Table, Table]:
    known = Table(game, record="known", seed=seed, detection=known_detection, **options)
    blind = Table(game, record="blind", seed=seed, detection=blind_detection, **options)
    return known, blind


def step(known: Table, blind: Table, rng: random.Random, command: Any = None) -> list[Any]:
    """One action at the known table, and the same action (as the table saw it) at the blind one."""
    if command is None:
        seat = known.game.to_act(known.state)[0]
        command = rng.choice([a for a in known.game.legal_actions(known.state, seat) if not isinstance(a, cmd.TakeBack)])
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
    from referee.trickgame.decide import legal_cards
    from trick_table import game_rules
    state = table.state
    if state.phase != "play":
        return None
    seat = state.hand.turn
    legal = set(legal_cards(state, game_rules(table.game), seat))
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
