"""Golden games of The Queens (``tests/golden/tq-*.json``): a won game, a stuck one with a move taken
back, and one whose key's top is a Queen twice at the deal. Each is checked event by event where
the rules say what must happen, replayed to its expected outcome, and decided again into exactly
the same events."""

from __future__ import annotations

import pytest

from trick_golden import GOLDEN_DIR, decided_again, load
from referee.cards import SUITS
from referee.games.the_queens import events as ev
from referee.games.the_queens.cards import CARD_OF
from referee.redecide_record import redecide
from referee.registry import get_game
from referee.replay import replay

GAME = get_game("the-queens")
GOLDEN = sorted(GOLDEN_DIR.glob("tq-*.json"))


def golden(name: str):
    return load(GOLDEN_DIR / f"tq-{name}.json")[1]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_its_expected_outcome(path):
    data, events = load(path)
    state = replay(events)
    assert GAME.outcome(state) == data["expected"]["outcome"]
    assert state.moves == data["expected"]["moves"] and state.version == len(events) == data["expected"]["events"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_is_decided_again_into_the_same_events(path):
    _, events = load(path)
    commands = [c for c in map(GAME.command_of, events) if c is not None]
    assert decided_again(GAME, events, commands) == events
    assert redecide(events).version == len(events)


def test_won_game_event_by_event():
    events = golden("won")
    order = events[1].order
    key = [CARD_OF[(s, v)] for v in (12, 11, 10, 9) for s in SUITS for _ in range(2)]
    assert order[:32] == key  # the key, the 9s on top
    # The shutter's first seven cards are the eight Kings (all to the foundation row) and the
    # first Ace, the next six refill the places: the Aces.
    kings = [CARD_OF[(s, 0)] for s in SUITS for _ in range(2)]
    assert events[2:10] == [ev.QueensKingFounded(k, "pack", i) for i, k in enumerate(kings)]
    assert [e.card for e in events[10:17]] == ["AC", "AC", "AD", "AD", "AH", "AH", "AS"]
    assert all(e == ev.QueensSpaceFilled(f"s{i + 1}", e.card, "pack") for i, e in enumerate(events[10:17]))
    homes = [e for e in events if type(e) is ev.QueensCardMoved]
    assert len(homes) == 96 and all(e.target == "foundation" for e in homes)
    assert [e.card for e in homes if e.source == "key"] == list(reversed(key))  # the key played out in order
    assert events[-1] == ev.QueensGameEnded("won", 104)


def test_stuck_game_event_by_event():
    events = golden("stuck")
    assert [type(e) for e in events[2:9]] == [ev.QueensSpaceFilled] * 7
    assert events[11] == ev.QueensCardTurned("9D")
    assert events[12] == ev.QueensMoveTakenBack(12)  # the turn of 9D taken back ...
    assert events[13] == ev.QueensCardTurned("9D")  # ... and made again: the same card comes up
    state = replay(events)
    assert state.corrections == [{"version": 13, "replaces_from": 12}]
    assert state.tableau.pack == [] and state.tableau.queens_counted() == 0
    assert events[-1] == ev.QueensGameEnded("stuck", 14)


def test_queen_on_the_key_top_twice_event_by_event():
    events = golden("queen-twice")
    order = events[1].order
    assert order[31] == "QS" and order[17] == "QH"
    assert events[2] == ev.QueensKeyPaid(order[18:32])
    assert events[3] == ev.QueensKeyPaid(order[4:18])
    assert [e.card for e in events[4:11]] == order[32:39]  # the shutter, from the pack
    state = replay(events[:11])
    assert state.tableau.key == order[:4]
    assert list(reversed(state.tableau.pack))[-28:] == order[18:32] + order[4:18]
    assert events[-1] == ev.QueensGameEnded("stuck", 93)


def test_as_dealt_game_event_by_event():
    events = golden("as-dealt")
    assert events[0].record == "blind" and events[1].order == []  # no order: every card face down
    queen_twice = golden("queen-twice")[1].order
    # The key's top turns up a Queen twice: each pays herself and 13 cards nobody has seen.
    assert events[2:7] == [ev.QueensCardSeen("key", "QS"), ev.QueensKeyPaid(["?"] * 13 + ["QS"]),
                           ev.QueensCardSeen("key", "QH"), ev.QueensKeyPaid(["?"] * 13 + ["QH"]),
                           ev.QueensCardSeen("key", queen_twice[3])]
    # Each shutter card is entered as it is dealt, then laid in its place.
    for i, card in enumerate(queen_twice[32:39]):
        assert events[7 + 2 * i:9 + 2 * i] == [ev.QueensCardSeen("pack", card),
                                               ev.QueensSpaceFilled(f"s{i + 1}", card, "pack")]
    state = replay(events)
    seen = [e.card for e in events if type(e) in (ev.QueensCardSeen, ev.QueensCardTurned)]
    assert all(seen.count(c) <= 2 for c in seen)
    assert "?" not in repr(GAME.public_view(state))
    assert len(state.corrections) == 1 and events[-1] == ev.QueensGameEnded("given_up", 16)


def _packs_formed(events):
    """Each new pack formed in a record, with the talon it was formed from (bottom first) and the
    number of cards there before the pass began."""
    out = []
    for i, e in enumerate(events):
        if type(e) is ev.QueensNewPackFormed:
            before = replay(events[:i]).tableau
            out.append((e, list(before.talon), before.pass_base))
    return out


def test_record_without_a_new_pack_rule_replays_under_the_talon_bottom_rule_it_was_refereed_under():
    events = golden("stuck")
    assert "new_pack" not in events[0].options  # made before the option existed
    formed = _packs_formed(events)
    assert formed and all(e.cards == talon[:3 * e.queens] for e, talon, _ in formed)
    assert replay(events).tableau.new_pack == "talon_bottom"
    # The same table actions under the new rule make another record: the rule is the record's.
    commands = [c for c in map(GAME.command_of, events) if c is not None]
    renamed = [ev_created(events[0], new_pack="queens_with_three")] + events[1:]
    assert decided_again(GAME, renamed, commands) != renamed


def ev_created(created, **options):
    from referee.events import GameCreated
    return GameCreated(created.game, {**created.options, **options}, list(created.seats), created.record)


def test_new_pack_golden_game_pays_each_counted_queen_with_three_cards_nearest_the_talon_bottom():
    events = golden("new-pack")
    assert events[0].options["new_pack"] == "queens_with_three" and events[0].options["key_payment"] == "deal"
    formed = _packs_formed(events)
    assert len(formed) >= 2
    for e, talon, base in formed:
        counted = [i for i in range(base, len(talon)) if talon[i][0] == "Q"]
        others = [i for i in range(len(talon)) if i not in counted][:3 * len(counted)]
        assert e.queens == len(counted) and e.cards == [talon[i] for i in sorted(counted + others)]
    # at least once a counted Queen lay above the talon's bottom 3 x (Queens counted) cards
    assert any(e.cards != talon[:3 * e.queens] for e, talon, _ in formed)
    assert events[-1] == ev.QueensGameEnded("won", 104)
