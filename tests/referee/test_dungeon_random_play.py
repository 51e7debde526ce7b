"""Random play (hypothesis) of whole Dungeon games, every player count and deck choice, checking
the record's invariants at every step: every card in exactly one place, the public view never
showing a hand, the draw pile or a face-down cell, ``to_act`` following from what the table sees
(never from who holds an Ace); and at the end a replay of the encoded log equal to the live state
and the log decided again into the same events."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dungeon_table import DUNGEON, NAMES
from events.registry import registry
from referee.games.dungeon.blind import UNKNOWN
from referee.games.dungeon.cards import identity
from referee.games.dungeon.options import joker_cells, load_options, shuffled_deck
from referee.redecide_record import redecide
from referee.replay import replay

CONFIGS = [{"players": 2}, {"players": 3}, {"players": 3, "decks": 2}, {"players": 4}, {"players": 5},
           {"players": 6}, {"players": 8}, {"players": 4, "suicide_queen": True},
           {"players": 5, "counter_attack": 3}, {"players": 3, "counter_attack": 1}, {"players": 4, "counter_attack": 2},
           {"players": 2, "jokers_wild": True}, {"players": 6, "jokers_wild": True},
           {"players": 4, "jokers_wild": True, "suicide_queen": True, "counter_attack": 3},
           {"players": 3, "darkness": "almost_black"}, {"players": 2, "darkness": "pitch_black"},
           {"players": 5, "darkness": "pitch_black", "counter_attack": 3}]


def random_action(state, rng: random.Random, by_name: bool):
    """Any legal action of anyone (an Ace out of turn too). ``by_name``: an action name first,
    then one of its commands, so that rare actions are taken as often as common ones (games end
    in blood); else any command alike (long games, escapes and reshuffles)."""
    actions: dict[str, list] = {}
    for seat in range(state.players):
        for command in DUNGEON.legal_actions(state, seat) + unlisted(state, seat):
            if DUNGEON.action_of(command) not in ("undo", "redo"):  # a mis-entry's undo: tests/referee/test_undo_every_game.py
                actions.setdefault(DUNGEON.action_of(command), []).append(command)
    if by_name:
        return rng.choice(actions[rng.choice(sorted(actions))])
    return rng.choice([c for name in sorted(actions) for c in actions[name]])


def unlisted(state, seat: int) -> list:
    """The legal actions a known record does not list: a Graverobber's take from a face-down pile,
    which its player chooses after looking at the pile secretly (here: any card of it)."""
    from referee.games.dungeon import commands as cmd
    from referee.games.dungeon.cards import creature_value

    if (state.record != "known" or state.options["darkness"] == "none" or state.phase != "turn" or state.aces
            or state.window is not None or seat != state.turn or not state.drawn or state.played):
        return []
    jacks = [c for c in state.hands[seat] if creature_value(c) == 11]
    return [cmd.Graverobber(seat, jack, take) for jack in jacks for take in state.discard]


def play(options: dict, seed: int, steps: int = 6000):
    rng = random.Random(seed)
    by_name = rng.random() < 0.5
    log = DUNGEON.start(options, NAMES[:options["players"]], "known", rng)
    state = replay(log)
    for _ in range(steps):
        if DUNGEON.outcome(state) is not None:
            break
        events = DUNGEON.decide(state, random_action(state, rng, by_name), rng)
        for event in events:
            state = DUNGEON.apply(state, event)
        log += events
        yield state, log


def hidden_cards(state) -> set[str]:
    """Every card nobody at the table may see: the hands, the draw pile, the face-down cells; in
    the dark variants the discards, and in Pitch Black the passages."""
    cells = {c for c, down in zip(state.cells, state.cell_hidden) if down}
    hidden = {c for h in state.hands for c in h} | set(state.pile) | cells
    if state.options["darkness"] != "none":
        hidden |= set(state.discard)
    if state.options["darkness"] == "pitch_black":
        hidden |= {card for dungeon in state.dungeons for card, _ in dungeon}
    return hidden - {UNKNOWN}  # a blind record's card nobody saw says nothing


def shown_cards(view, skip=("asked", "contest")) -> set[str]:
    """Every string in a view, except under ``skip``: a Myrmiddon's ask names a card, not a copy,
    and the contest's cards were seen face up before they went to the discard pile."""
    out: set[str] = set()
    if isinstance(view, dict):
        for key, value in view.items():
            if key not in skip:
                out |= shown_cards(value, skip)
    elif isinstance(view, list):
        for value in view:
            out |= shown_cards(value, skip)
    elif isinstance(view, str):
        out.add(view)
    return out


def check_hidden_stays_hidden(state) -> None:
    hidden = hidden_cards(state)
    assert not shown_cards(DUNGEON.public_view(state)) & hidden
    for seat in range(state.players):
        view = DUNGEON.public_view(state, seat)
        assert not shown_cards({k: v for k, v in view.items() if not k.startswith("your_")}) & hidden
        assert view.get("your_hand", []) == state.hands[seat]
        own = set(state.hands[seat]) | {card for card, _ in state.dungeons[seat]}
        assert not shown_cards({k: v for k, v in view.items() if k.startswith("your_")}) & (hidden - own)
        if state.options["darkness"] == "pitch_black":  # a player knows their own face-down passages
            assert [p["card"] for p in view["your_dungeon"]] == [card for card, _ in state.dungeons[seat]]
    json.dumps(DUNGEON.public_view(state))


def to_act_from_the_table(view: dict) -> list[int]:
    """Who must act, worked out from the public view alone."""
    if view["phase"] == "contest":
        return [s for s in view["contest"]["contenders"] if str(s) not in view["contest"]["played"]]
    if view["phase"] != "turn" or view["aces"]:
        return []
    window = view["window"]
    if window is None:
        return [view["turn"]]
    answerer = {"defence": "defender", "ask": "target", "doubt": "asker", "caught": "target",
                "save": "target"}.get(window["kind"])
    return [window[answerer]] if answerer else []


def check_every_card_in_one_place(state, options: dict) -> None:
    places = [*state.pile, *state.discard, *(c for h in state.hands for c in h), *state.cells,
              *(c for d in state.dungeons for c, _ in d), *(c for _, c in state.aces)]
    if state.held:
        places.append(state.held)  # a Graverobber, until the end of the turn
    if state.window is not None and state.window["kind"] == "defence":
        places.append(state.window["creature"])  # facing the defender
    if state.window is not None and state.window["kind"] == "counter":
        places += [state.window["card"], *(card for _, card in state.window["counters"])]  # waiting on counters
    if state.window is not None and state.window["kind"] == "save":
        places.append(state.window["card"])  # caving in a Joker passage its owner may save
    places = [identity(card) for card in places]  # a Joker declared is the Joker
    opts = load_options(options)
    assert Counter(places) == Counter(shuffled_deck(opts) + joker_cells(opts))


#: Where a Dungeon state keeps cards (a window and the Ace window keep them beside other words).
CARD_PLACES = ("pile", "discard", "hands", "cells", "dungeons", "window", "aces", "held", "contest_plays")


def relabel(value, swap: dict):
    """``value`` (a card, or lists, tuples and dicts of them) with each card in ``swap`` replaced."""
    if isinstance(value, str):
        return swap.get(value, value)
    if isinstance(value, list):
        return [relabel(v, swap) for v in value]
    if isinstance(value, tuple):
        return tuple(relabel(v, swap) for v in value)
    if isinstance(value, dict):
        return {k: relabel(v, swap) for k, v in value.items()}
    return value


def another_deal(state, seat: int, rng: random.Random, unseen: set[str]):
    """The state with the cards ``unseen`` (by ``seat``) shuffled among their places: other hands,
    the pile, face-down discards, cells and passages. It agrees with all the seat has seen."""
    cards = sorted(unseen)
    return dealt_with(state, dict(zip(cards, rng.sample(cards, len(cards)))))


def dealt_with(state, swap: dict):
    """The state with each card in ``swap`` where the card it is swapped with lay."""
    other = state.clone()
    for place in CARD_PLACES:
        setattr(other, place, relabel(getattr(state, place), swap))
    return other


def cards_in_play(state) -> set[str]:
    """Every card a state holds in a place (a declared Joker as written), but ``?``."""
    return {c for place in CARD_PLACES for c in shown_cards(getattr(state, place))} - {UNKNOWN}


def check_seat_sees_the_same_in_another_deal(state, seat: int, rng: random.Random, unseen: set[str]) -> None:
    """What ``seat`` is shown (its view and its legal list) is the same in another deal that agrees
    with what it has seen."""
    other = another_deal(state, seat, rng, unseen)
    assert DUNGEON.public_view(other, seat) == DUNGEON.public_view(state, seat)
    assert listed(other, seat) == listed(state, seat)


def listed(state, seat: int) -> list[str]:
    """``seat``'s legal list, but the undo of the last entry (the scorekeeper's, naming no card)."""
    return [repr(a) for a in DUNGEON.legal_actions(state, seat) if type(a).__name__ != "Undo"]


def check_legal_lists_leak_nothing(state, rng: random.Random) -> None:
    """A known record: the cards one seat's view does not show (a declared Joker stays: it is a
    card and a declaration) are dealt again, and that seat's view and legal list stay the same."""
    seat = rng.randrange(state.players)
    seen = shown_cards(DUNGEON.public_view(state, seat), skip=())
    unseen = {c for c in cards_in_play(state) - seen if "=" not in c}
    check_seat_sees_the_same_in_another_deal(state, seat, rng, unseen)


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_in_one_place_and_hidden_cards_hidden(config, seed):
    rng = random.Random(seed ^ 2)
    for state, _ in play(config, seed):
        check_every_card_in_one_place(state, config)
        check_hidden_stays_hidden(state)
        assert DUNGEON.to_act(state) == to_act_from_the_table(DUNGEON.public_view(state))
        if rng.random() < 0.2:
            check_legal_lists_leak_nothing(state, rng)


DARK_CONFIGS = [c for c in CONFIGS if c.get("darkness")]


@settings(max_examples=6, deadline=None)
@given(config=st.sampled_from(DARK_CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_dark_games_show_a_seat_the_same_whatever_it_cannot_see(config, seed):
    """Face-down discards and passages: a seat's view and legal list, at every step, are the same
    in another deal of the cards it cannot see."""
    rng = random.Random(seed ^ 3)
    for state, _ in play(config, seed, steps=400):
        check_legal_lists_leak_nothing(state, rng)


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_games_replay_and_are_decided_again_into_the_live_state(config, seed):
    state = log = None
    for state, log in play(config, seed):
        pass
    decoded = [registry.decode(*registry.encode(e)) for e in log]
    rebuilt = replay(decoded)
    assert rebuilt.version == state.version == len(log)
    assert DUNGEON.director_view(rebuilt) == DUNGEON.director_view(state)
    assert DUNGEON.director_view(redecide(log)) == DUNGEON.director_view(state)
    assert pickle.loads(pickle.dumps(state)).version == state.version  # the service caches copies
    assert DUNGEON.outcome(state) is not None  # a random game ends
    check_turns(log)


#: The events that are a turn's one play (Aces, counters, defences and accusations are none).
PLAYS = ("DungeonPassagePlayed", "DungeonCaveIn", "DungeonCaveInFailed", "DungeonCreatureAttacked",
         "DungeonGraverobberPlayed", "DungeonMyrmiddonAsked")


def check_turns(log: list) -> None:
    """Each turn: one draw first, at most one play, the hand at most five when it ends."""
    state = DUNGEON.initial_state()
    turn: list[str] = []
    for event in log:
        kind = type(event).__name__
        if kind in PLAYS or kind == "DungeonCardDrawn":
            turn.append(kind)
        state = DUNGEON.apply(state, event)
        if kind == "DungeonTurnEnded":
            assert turn[0] == "DungeonCardDrawn" and turn.count("DungeonCardDrawn") == 1
            assert len(turn) <= 2 and len(state.hands[event.seat]) <= 5
            turn = []


#: Events whose payload holds a card the table does not see in Pitch Black.
FACE_DOWN_IN_PITCH_BLACK = ("DungeonDealt", "DungeonCardDrawn", "DungeonAcesResolved", "DungeonPileReshuffled",
                            "DungeonContestCardPlayed", "DungeonPassagePlayed", "DungeonCaveIn",
                            "DungeonCreatureAttacked", "DungeonRetreated", "DungeonPlayerSlain",
                            "DungeonGraverobberPlayed", "DungeonHandLookedAt", "DungeonHandDiscarded",
                            "DungeonJokerSaved", "DungeonTurnEnded")


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_pitch_black_events_holding_face_down_cards_are_salted(seed):
    log = []
    for _, log in play({"players": 4, "darkness": "pitch_black"}, seed):
        pass
    salted = [e for e in log if type(e).__name__ in FACE_DOWN_IN_PITCH_BLACK]
    assert salted and all(len(e.salt) == 32 for e in salted)


def wild_command(state, rng: random.Random):
    """Any Dungeon command with fields drawn at random from cards held, cards elsewhere, Joker
    declarations, places and strangers: what a scorekeeper could type."""
    from referee.games.dungeon import commands as cmd

    cards = [c for h in state.hands for c in h] + list(state.discard) + list(state.pile[:5])
    cards += [card for d in state.dungeons for card, _ in d]
    words = cards + ["JK", "JK1=9H", "JK2=KS", "JK9", "7H#2", "10D#3", "cell", "ZZ", "", "as", "jk=2c", "?", "0", "1"]
    seat = lambda: rng.randrange(max(state.players, 1) + 1)  # noqa: E731 (one past the table too)
    word = lambda: rng.choice(words)  # noqa: E731
    fields = {"seat": seat, "target": seat, "card": word, "take": word, "ask": word, "on": word, "passage": word,
              "shown": lambda: rng.choice([None, [word() for _ in range(rng.randint(0, 6))]]),
              "revealed": lambda: rng.choice([None, [word() for _ in range(rng.randint(0, 6))]]),
              "cards": lambda: [word() for _ in range(rng.randint(0, 3))],
              "discards": lambda: [word() for _ in range(rng.randint(0, 3))],
              "order": lambda: None}
    kind = rng.choice(sorted(cmd.ACTIONS))
    command_class = cmd.ACTIONS[kind]
    return command_class(**{f: fields[f]() for f in command_class.__dataclass_fields__})


@settings(max_examples=10, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_any_command_typed_at_any_moment_is_refused_or_folds(config, seed):
    from referee import errors

    rng = random.Random(seed ^ 1)
    for state, _ in play(config, seed, steps=600):
        for _ in range(3):
            command = wild_command(state, rng)
            try:
                events = DUNGEON.decide(state, command, rng)
            except errors.InputError:
                continue
            after = state.clone()
            for event in events:
                after = DUNGEON.apply(after, event)
            check_every_card_in_one_place(after, config)
