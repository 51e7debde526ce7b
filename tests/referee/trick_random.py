"""Random legal play at twin tables (the same game in a known and a blind record) and the record
invariants Queen Bees and Black Queen share with Queen's Dungeon: every card once per hand, tricks
add up, the replayed state equals the live one, a blind record reaches the same scores, and the
table sees exactly the same in both records (so a known record leaks nothing)."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

from trick_table import Table, events_of
from events.registry import registry
from referee import events as ev
from referee.cards import deck_without
from referee.games.queen_bees import trick_commands as cmd
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


def check_record(known: Table, blind: Table) -> None:
    for table in (known, blind):
        check_every_card_once_per_hand(table)
        check_tricks_add_up(table)
        check_replay_equals_live(table)
    assert [e.totals for e in events_of(blind.log, ev.HandScored)] == [e.totals for e in events_of(known.log, ev.HandScored)]
    assert blind.state.outcome == known.state.outcome


def illegal_choice(table: Table, rng: random.Random) -> str | None:
    """A card the seat to play holds but may not play (None when there is none)."""
    from referee.games.queen_bees.trick_decide import legal_cards
    from trick_table import game_rules
    state = table.state
    if state.phase != "play":
        return None
    seat = state.hand.turn
    legal = set(legal_cards(state, game_rules(table.game), seat))
    illegal = [c for c in state.hand.hands[seat] if c not in legal]
    return rng.choice(illegal) if illegal else None
