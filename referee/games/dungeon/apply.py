"""Dungeon's ``apply``: folds one event into the state, in place. Events are facts: no checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import events as shared
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import take_out
from referee.games.dungeon.cards import identity, is_joker
from referee.games.dungeon.options import counterable
from referee.games.dungeon.state import DungeonState
from referee.games.dungeon.tree import CELL, place_of


def _from_hand(s: DungeonState, seat: int, card: str) -> None:
    """A card leaves a hand (a declared Joker is the Joker; in a blind record, a card the record
    did not know there is one of its ``?``)."""
    take_out(s.hands[seat], card)


def _discard(s: DungeonState, *cards: str) -> None:
    """Cards go to the discard pile, face up; a Joker loses its declaration there."""
    s.discard.extend(identity(card) for card in cards)


def _created(s: DungeonState, e: shared.GameCreated) -> None:
    n = len(e.seats)
    s.game_name, s.options, s.names, s.record = e.game, dict(e.options), list(e.seats), e.record
    s.phase = "deal"
    s.hands = [[] for _ in range(n)]
    s.dungeons = [[] for _ in range(n)]
    s.laid_setback = [[] for _ in range(n)]
    s.cheats = [set() for _ in range(n)]
    s.ever_ten, s.setback, s.alive = [False] * n, [False] * n, [True] * n


def _dealt(s: DungeonState, e: ev.DungeonDealt) -> None:
    s.cells, s.cell_hidden = list(e.cells), list(e.cell_face_down)
    s.hands = [list(h) for h in e.hands]
    s.pile = list(e.pile)
    s.phase = "contest"
    s.contenders = list(range(s.players))


def _draw(s: DungeonState, seat: int, card: str | None) -> None:
    if card is not None:
        s.pile.remove(card)
        s.hands[seat].append(card)


def _contest_card(s: DungeonState, e: ev.DungeonContestCardPlayed) -> None:
    _from_hand(s, e.seat, e.card)
    _discard(s, e.card)
    _draw(s, e.seat, e.drawn)
    s.contest_plays[e.seat] = e.card


def _contest_tied(s: DungeonState, e: ev.DungeonContestTied) -> None:
    s.contenders, s.contest_plays, s.contest_round = list(e.seats), {}, e.round


def _first_player(s: DungeonState, e: ev.DungeonFirstPlayerChosen) -> None:
    s.contenders, s.contest_plays = [], {}
    s.phase = "turn"
    _start_turn(s, e.seat)


def _start_turn(s: DungeonState, seat: int) -> None:
    s.turn, s.drawn, s.played = seat, False, False
    s.turn_no += 1


def _card_drawn(s: DungeonState, e: ev.DungeonCardDrawn) -> None:
    _draw(s, e.seat, e.card)
    s.drawn = True


def _ace(s: DungeonState, e: ev.DungeonAcePlayed) -> None:
    _from_hand(s, e.seat, e.card)
    s.aces.append((e.seat, e.card))


def _aces_resolved(s: DungeonState, e: ev.DungeonAcesResolved) -> None:
    for draw in e.draws:
        for card in draw["cards"]:
            _draw(s, draw["seat"], card)
        _discard(s, draw["ace"])
    s.aces = []


def _passage(s: DungeonState, e: ev.DungeonPassagePlayed) -> None:
    _from_hand(s, e.seat, e.card)
    dungeon = s.dungeons[e.seat]
    parent = place_of(dungeon, e.on)
    dungeon.append((e.card, parent))
    if e.revealed is not None:  # blind Pitch Black: turned up to escape
        dungeon[:] = [(card, p) for card, (_, p) in zip(e.revealed, dungeon)]
    s.laid_setback[e.seat].append(s.setback[e.seat])
    if e.cheat:
        s.cheats[e.seat].add(len(dungeon) - 1)
    if parent == CELL:  # out of the cell (by the rules, with a 10)
        s.ever_ten[e.seat] = True
    s.setback[e.seat] = False
    s.played = True


def _turn_up_last(s: DungeonState, seat: int, passage: str | None) -> None:
    """Blind record: the face-down last passage turned up is known from now on."""
    if passage is not None:
        dungeon = s.dungeons[seat]
        dungeon[-1] = (passage, dungeon[-1][1])


def _cave_in(s: DungeonState, e: ev.DungeonCaveIn) -> None:
    _from_hand(s, e.seat, e.card)
    _turn_up_last(s, e.target, e.passage)
    s.played = True
    if is_joker(e.passage):  # its owner may save it first
        s.window = {"kind": "save", "attacker": e.seat, "target": e.target, "card": e.card, "passage": e.passage}
    else:
        _collapse(s, e.target, e.card)


def _pop_passage(s: DungeonState, seat: int) -> str:
    """The last passage leaves ``seat``'s dungeon (a retreat or a cave-in): the second-lowest
    branch opens."""
    passage, _ = s.dungeons[seat].pop()
    s.laid_setback[seat].pop()
    s.cheats[seat].discard(len(s.dungeons[seat]))
    s.setback[seat] = True
    return passage


def _collapse(s: DungeonState, target: int, card: str) -> None:
    _discard(s, _pop_passage(s, target), card)


def _cave_in_failed(s: DungeonState, e: ev.DungeonCaveInFailed) -> None:
    _from_hand(s, e.seat, e.card)
    _turn_up_last(s, e.target, e.passage)
    _discard(s, e.card)
    s.played = True


def _accused(s: DungeonState, e: ev.DungeonAccused) -> None:
    if e.revealed is not None:  # blind record: the dungeon as it was turned up
        s.dungeons[e.target] = [(card, parent) for card, (_, parent) in zip(e.revealed, s.dungeons[e.target])]
    loser = e.target if e.cheating else e.seat
    _discard(s, *(card for card, _ in s.dungeons[loser]))
    s.dungeons[loser], s.laid_setback[loser], s.cheats[loser] = [], [], set()


def _joker_saved(s: DungeonState, e: ev.DungeonJokerSaved) -> None:
    _from_hand(s, e.seat, e.card)
    _discard(s, e.card, s.open_window["card"])
    s.window = None


def _passage_collapsed(s: DungeonState, e: ev.DungeonPassageCollapsed) -> None:
    _collapse(s, e.seat, s.open_window["card"])
    s.window = None


def _attacked(s: DungeonState, e: ev.DungeonCreatureAttacked) -> None:
    _from_hand(s, e.seat, e.card)
    s.window = {"kind": "defence", "attacker": e.seat, "defender": e.target, "creature": e.card, "passage": e.passage}
    s.played = True


def _defeated(s: DungeonState, e: ev.DungeonCreatureDefeated) -> None:
    for card in e.cards:
        _from_hand(s, e.seat, card)
    _discard(s, e.creature, *e.cards)
    s.window = None


def _retreated(s: DungeonState, e: ev.DungeonRetreated) -> None:
    _discard(s, e.creature, _pop_passage(s, e.seat))
    s.window = None


def _slain(s: DungeonState, e: ev.DungeonPlayerSlain) -> None:
    _discard(s, e.creature, *e.discarded)
    s.hands[e.seat] = []
    s.alive[e.seat] = False
    s.window = None


def _graverobber(s: DungeonState, e: ev.DungeonGraverobberPlayed) -> None:
    _from_hand(s, e.seat, e.card)
    s.played = True
    ability = {"ability": "graverobber", "seat": e.seat, "card": e.card, "take": e.take}
    if counterable(s.options, 11):
        s.window = {"kind": "counter", **ability, "counters": []}
    else:
        _take_effect(s, ability)


def _asked(s: DungeonState, e: ev.DungeonMyrmiddonAsked) -> None:
    _from_hand(s, e.seat, e.card)
    s.played = True
    ability = {"ability": "myrmiddon", "seat": e.seat, "card": e.card, "target": e.target, "asked": e.asked}
    if counterable(s.options, 12):
        s.window = {"kind": "counter", **ability, "counters": []}
    else:
        _take_effect(s, ability)


def _take_effect(s: DungeonState, ability: dict[str, Any]) -> None:
    """A Graverobber's take (the Jack set aside until the end of the turn), or a Myrmiddon's ask
    (the Queen discarded, the target to answer)."""
    if ability["ability"] == "graverobber":
        s.held = ability["card"]
        take_out(s.discard, ability["take"])
        s.hands[ability["seat"]].append(ability["take"])
        s.window = None
    else:
        _discard(s, ability["card"])
        s.window = {"kind": "ask", "asker": ability["seat"], "target": ability["target"], "asked": ability["asked"]}


def _counter(s: DungeonState, e: ev.DungeonCounterPlayed) -> None:
    _from_hand(s, e.seat, e.card)
    s.open_window["counters"].append([e.seat, e.card])


def _counters_closed(s: DungeonState, e: ev.DungeonCountersClosed) -> None:
    window = s.open_window
    _discard(s, *(card for _, card in window["counters"]))
    if e.stands:
        _take_effect(s, window)
    else:
        _discard(s, window["card"])
        s.window = None


def _handed_over(s: DungeonState, e: ev.DungeonCardHandedOver) -> None:
    _from_hand(s, e.seat, e.card)
    s.hands[e.to].append(e.card)
    s.window = None


def _denied(s: DungeonState, e: ev.DungeonCardDenied) -> None:
    s.window = {**s.open_window, "kind": "doubt"}


def _believed(s: DungeonState, e: ev.DungeonDenialAccepted) -> None:
    s.window = None


def _looked(s: DungeonState, e: ev.DungeonHandLookedAt) -> None:
    if e.shown is not None:  # blind record: the hand as the asker saw it
        s.hands[e.target] = list(e.shown)
    if e.liar_chooses:
        s.window = {**s.open_window, "kind": "caught"}
        return
    if e.card is not None:
        _from_hand(s, e.target, e.card)
        s.hands[e.seat].append(e.card)
    loser = e.seat if e.truthful else e.target
    for card in e.discarded:
        _from_hand(s, loser, card)
    _discard(s, *e.discarded)
    s.window = None


def _hand_discarded(s: DungeonState, e: ev.DungeonHandDiscarded) -> None:
    for card in e.cards:
        _from_hand(s, e.seat, card)
    _discard(s, *e.cards)
    s.window = None


def _turn_ended(s: DungeonState, e: ev.DungeonTurnEnded) -> None:
    for card in e.discards:
        _from_hand(s, e.seat, card)
    _discard(s, *e.discards)
    if s.held is not None:
        _discard(s, s.held)
        s.held = None
    if not s.pile and s.discard:
        s.phase = "reshuffle"
        s.turn = e.seat  # the next turn starts after the reshuffle
    else:
        _start_turn(s, s.next_alive(e.seat))


def _reshuffled(s: DungeonState, e: ev.DungeonPileReshuffled) -> None:
    s.pile, s.discard = list(e.pile), []
    s.phase = "turn"
    _start_turn(s, s.next_alive(s.on_turn))


def _won(s: DungeonState, e: ev.DungeonGameWon) -> None:
    s.phase = "over"
    s.window = None
    s.outcome = {"reason": e.reason, "winners": [e.seat]}


HANDLERS: dict[type, Callable[[DungeonState, Any], None]] = {
    shared.GameCreated: _created,
    ev.DungeonDealt: _dealt,
    ev.DungeonContestCardPlayed: _contest_card,
    ev.DungeonContestTied: _contest_tied,
    ev.DungeonFirstPlayerChosen: _first_player,
    ev.DungeonCardDrawn: _card_drawn,
    ev.DungeonAcePlayed: _ace,
    ev.DungeonAcesResolved: _aces_resolved,
    ev.DungeonPassagePlayed: _passage,
    ev.DungeonCaveIn: _cave_in,
    ev.DungeonCaveInFailed: _cave_in_failed,
    ev.DungeonAccused: _accused,
    ev.DungeonJokerSaved: _joker_saved,
    ev.DungeonPassageCollapsed: _passage_collapsed,
    ev.DungeonCreatureAttacked: _attacked,
    ev.DungeonCreatureDefeated: _defeated,
    ev.DungeonRetreated: _retreated,
    ev.DungeonPlayerSlain: _slain,
    ev.DungeonGraverobberPlayed: _graverobber,
    ev.DungeonMyrmiddonAsked: _asked,
    ev.DungeonCounterPlayed: _counter,
    ev.DungeonCountersClosed: _counters_closed,
    ev.DungeonCardHandedOver: _handed_over,
    ev.DungeonCardDenied: _denied,
    ev.DungeonDenialAccepted: _believed,
    ev.DungeonHandLookedAt: _looked,
    ev.DungeonHandDiscarded: _hand_discarded,
    ev.DungeonTurnEnded: _turn_ended,
    ev.DungeonPileReshuffled: _reshuffled,
    ev.DungeonGameWon: _won,
}


def apply_event(state: DungeonState, event: Any) -> DungeonState:
    HANDLERS[type(event)](state, event)
    state.version += 1
    return state
