"""Random play (hypothesis) of blind Dungeon records: a known game is played at random, and each
action is logged beside it in a blind record as a scorekeeper at the table would log it, with only
what the table saw (``dungeon_blind.table_saw``). The blind referee must take every action of a
real game (it never refuses what could have happened) and rule as the known referee does (who
cheated, who lied, who won); what it knows is always true of the real cards; no card copy is seen
in two places; the public view shows no hand nor face-down card; and its log replays, encoded,
into the live state and is decided again into the same events."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_blind import may_refuse, table_saw
from dungeon_table import DUNGEON, NAMES
from events.registry import registry
from referee.games.dungeon import commands as cmd
from referee.games.dungeon.blind import UNKNOWN
from referee.games.dungeon.cards import identity, is_joker, name_of
from referee.redecide_record import redecide
from referee.replay import replay
from referee.games.dungeon.blind import known_cards
from referee.games.dungeon.options import joker_cells, shuffled_deck
from test_dungeon_random_play import (
    CONFIGS, cards_in_play, check_hidden_stays_hidden, check_seat_sees_the_same_in_another_deal, dealt_with, random_action,
    shown_cards, to_act_from_the_table,
)

import random


def play_both(options: dict, seed: int, steps: int = 6000):
    """The known game and its blind record, step by step: (known state, blind state, blind log)."""
    rng = random.Random(seed)
    by_name = rng.random() < 0.5
    names = NAMES[:options["players"]]
    known = replay(DUNGEON.start(options, names, "known", rng))
    log = DUNGEON.start(options, names, "blind", rng)
    blind = replay(log)
    for _ in range(steps):
        if DUNGEON.outcome(known) is not None:
            break
        command = random_action(known, rng, by_name)
        before = known.clone()
        events = DUNGEON.decide(known, command, rng)
        for event in events:
            known = DUNGEON.apply(known, event)
        logged = DUNGEON.decide(blind, table_saw(before, command, events, blind), rng)
        assert [type(e) for e in logged] == [type(e) for e in events], (command, events, logged)
        for event in logged:
            blind = DUNGEON.apply(blind, event)
        log += logged
        yield known, blind, log


def names(cards) -> Counter:
    """Cards by name (Jokers alike: the blind record numbers them as they turn up)."""
    return Counter("JK" if is_joker(c) else name_of(c) if c != UNKNOWN else UNKNOWN for c in cards)


def check_blind_knows_only_the_truth(known, blind) -> None:
    """The blind record rules as the known one, counts every pile and hand alike, and what it
    knows of a hand, a dungeon or the discard pile is true of the real cards (by name)."""
    same = ("phase", "turn", "turn_no", "drawn", "played", "alive", "outcome", "ever_ten", "setback", "contenders")
    for field in same:
        assert getattr(blind, field) == getattr(known, field), field
    assert (blind.window or {}).get("kind") == (known.window or {}).get("kind")
    assert [s for s, _ in blind.aces] == [s for s, _ in known.aces]
    assert len(blind.pile) == len(known.pile) and len(blind.discard) == len(known.discard)
    for b, k in zip(blind.hands, known.hands):
        assert len(b) == len(k)
        seen = names(b)
        del seen[UNKNOWN]
        assert not seen - names(k), (b, k)
    for b, k in zip(blind.dungeons, known.dungeons):
        assert [p for _, p in b] == [p for _, p in k]
        assert all(bc == UNKNOWN or name_of(bc) == name_of(kc) for (bc, _), (kc, _) in zip(b, k))
    seen = names(blind.discard)
    del seen[UNKNOWN]
    assert not seen - names(known.discard)


def check_no_copy_seen_twice(blind) -> None:
    places = [*blind.pile, *blind.discard, *(c for h in blind.hands for c in h), *blind.cells,
              *(c for d in blind.dungeons for c, _ in d), *(c for _, c in blind.aces)]
    window = blind.window or {}
    places += [blind.held] if blind.held else []
    places += [window[k] for k in ("creature", "card") if k in window and window["kind"] != "ask"]
    places += [card for _, card in window.get("counters", [])]
    seen = Counter(identity(c) for c in places if c != UNKNOWN)
    assert all(n == 1 for n in seen.values()), seen.most_common(3)


@settings(max_examples=8, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_a_blind_record_takes_every_real_game_and_rules_as_the_known_one(config, seed):
    for known, blind, log in play_both(config, seed):
        check_blind_knows_only_the_truth(known, blind)
        check_no_copy_seen_twice(blind)
        check_hidden_stays_hidden(blind)
        assert DUNGEON.to_act(blind) == to_act_from_the_table(DUNGEON.public_view(blind)) == DUNGEON.to_act(known)
        check_listed_actions_are_taken(blind, random.Random(seed))
        rng = random.Random(seed ^ blind.version)
        if rng.random() < 0.2:  # at random points, as the known record's check
            check_blind_legal_lists_leak_nothing(blind, log, rng)


def check_blind_legal_lists_leak_nothing(blind, log: list, rng: random.Random) -> None:
    """What the record alone knows beside the table (a hand shown to a Myrmiddon's asker) is unseen
    by every other seat: dealt again among the cards the record has seen nowhere, that seat's view
    and legal list stay the same."""
    seat = rng.randrange(blind.players)
    looked = [e for e in log if type(e).__name__ == "DungeonHandLookedAt" and e.shown is not None
              and seat not in (e.seat, e.target)]
    private = {c for e in looked for c in blind.hands[e.target] if c in e.shown}
    seen = shown_cards(DUNGEON.public_view(blind, seat), skip=())
    free = set(shuffled_deck(blind.options) + joker_cells(blind.options)) - set(known_cards(blind))
    unseen = {c for c in (private & cards_in_play(blind)) | free if c not in seen and "=" not in c}
    check_seat_sees_the_same_in_another_deal(blind, seat, rng, unseen)


def check_listed_actions_are_taken(blind, rng: random.Random) -> None:
    """A few of the actions the blind record lists for anyone are taken by its referee, or refused
    only where ``dungeon_blind.may_refuse`` says a list must offer what it cannot take."""
    from referee import errors

    listed = [c for seat in range(blind.players) for c in DUNGEON.legal_actions(blind, seat)]
    for command in rng.sample(listed, min(3, len(listed))):
        try:
            DUNGEON.decide(blind, command, rng)
        except errors.InputError:
            assert may_refuse(blind, command), command


@settings(max_examples=6, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_blind_records_replay_and_are_decided_again_into_the_live_state(config, seed):
    known = blind = log = None
    for known, blind, log in play_both(config, seed):
        pass
    decoded = [registry.decode(*registry.encode(e)) for e in log]
    rebuilt = replay(decoded)
    assert rebuilt.version == blind.version == len(log)
    assert DUNGEON.director_view(rebuilt) == DUNGEON.director_view(blind)
    assert DUNGEON.director_view(redecide(log)) == DUNGEON.director_view(blind)
    assert DUNGEON.outcome(blind) == DUNGEON.outcome(known) is not None


def test_a_blind_hand_over_is_listed_alike_in_every_deal_its_target_cannot_tell_apart():
    """Found by random play: four players, two packs, Counter Attack 2, seed 453. At event 150 Cat
    asks Bob for the 9C; the first 9C is in the discard pile, and Ann's hand holds the 5D#2, which
    the record knows from a hand shown to another asker: Bob cannot tell it from the unseen 9C#2.
    His list offers the hand-over whether Ann's card is the 5D#2 or the 9C#2."""
    for _, blind, _ in play_both({"players": 4, "counter_attack": 2}, 453):
        if blind.version == 150:
            break
    assert (blind.window["target"], blind.window["asked"], blind.hands[0][0]) == (1, "9C", "5D#2")
    assert "9C" in blind.discard and "9C#2" not in known_cards(blind)
    other = dealt_with(blind, {"5D#2": "9C#2", "9C#2": "5D#2"})
    assert DUNGEON.public_view(other, 1) == DUNGEON.public_view(blind, 1)
    assert cmd.HandOver(1) in DUNGEON.legal_actions(other, 1)
    assert DUNGEON.legal_actions(other, 1) == DUNGEON.legal_actions(blind, 1)
