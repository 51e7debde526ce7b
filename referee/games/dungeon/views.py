"""What each audience may see of a Dungeon game, who must act, and the legal actions.

The public view never shows a hand, the draw pile or a face-down cell (a seat's view adds that
seat's own hand). ``to_act`` names only whose turn it is or who must answer a window: never who
could play an Ace, which would tell the table who holds one.
"""

from __future__ import annotations

from itertools import combinations, islice
from typing import Any

from referee.cards import DECK52

from referee.games.dungeon import commands as cmd
from referee.games.dungeon.answers import defences, holds_named, named_in
from referee.games.dungeon.blind import UNKNOWN, free_cards
from referee.games.dungeon.checks import ANSWERER
from referee.games.dungeon.cards import creature_value, identity, is_ace, is_joker, name_of, passage_value
from referee.games.dungeon.plays import passage_places, place_name
from referee.games.dungeon.setup import HAND_SIZE
from referee.games.dungeon.options import face_down_discards, face_down_passages
from referee.games.dungeon.state import DungeonState
from referee.games.dungeon.tree import CELL


def to_act(state: DungeonState) -> list[int]:
    """Seats the game waits for: the turn's player, or the one who must answer the open window.
    Empty while the scorekeeper is to act (the deal, the reshuffle, closing the Ace window)."""
    if state.phase == "contest":
        return [s for s in state.contenders if s not in state.contest_plays]
    if state.phase != "turn" or state.aces:
        return []
    window = state.window
    if window is None:
        return [state.on_turn]
    answerer = ANSWERER.get(window["kind"])
    return [window[answerer]] if answerer else []


def legal_actions(state: DungeonState, seat: int) -> list[Any]:
    """Every command ``seat`` may give now (the scorekeeper's seatless ones are listed for every
    seat); Aces are listed for whoever holds one, at any moment of play."""
    phase = state.phase
    if phase == "deal":
        return [cmd.Deal()]
    if phase == "reshuffle":
        return [cmd.Reshuffle()]
    if phase == "contest":
        return [cmd.ContestPlay(seat, c) for c in _played(_nameable(state, seat), "A")] if seat in to_act(state) else []
    if phase != "turn" or not state.alive[seat]:
        return []
    aces = [cmd.PlayAce(seat, c) for c in _played(_nameable(state, seat), "A") if is_ace(c)]
    if state.aces:
        return aces + [cmd.CloseAces()]
    window = state.window
    if window is not None and window["kind"] == "counter":
        rank = 11 if window["ability"] == "graverobber" else 12
        matching = _played(_nameable(state, seat), "J" if rank == 11 else "Q")
        return aces + [cmd.Counter(seat, c) for c in matching if creature_value(c) == rank] + [cmd.CloseCounters()]
    if window is None:
        aces += _accusations(state, seat)
    if seat not in to_act(state):
        return aces
    if window is None:
        return aces + _turn_actions(state, seat)
    if window["kind"] == "defence":
        return aces + defences(state, seat) + [cmd.Retreat(seat)]
    if window["kind"] == "ask":
        return aces + ([cmd.HandOver(seat)] if _may_hand_over(state, seat, window["asked"]) else []) + [cmd.Deny(seat)]
    if window["kind"] == "caught":
        return aces + [cmd.HandOver(seat), cmd.DiscardHand(seat)]
    if window["kind"] == "save":
        value = passage_value(window["passage"])
        saves = [c for c in _played(_nameable(state, seat), str(value)) if passage_value(c) == value]
        return aces + [cmd.SaveJoker(seat, c) for c in saves] + [cmd.LetFall(seat)]
    # A blind record's look names the hand shown, which only the asker knows: it is not listed.
    return aces + ([] if state.record == "blind" else [cmd.Look(seat)]) + [cmd.Believe(seat)]


def _may_hand_over(state: DungeonState, seat: int, name: str) -> bool:
    """Whether ``seat`` may hold the card named ``name`` as far as it can tell: a copy the record
    knows in its hand, or (a blind record) a card nobody saw and a copy of ``name`` seen nowhere
    that seat can tell. A copy the record knows in another hand does not rule it out: the record
    may know it from a hand shown to a Myrmiddon's asker alone, and a list leaving the hand-over
    out would tell the table; handed over, it is refused as a card seen elsewhere."""
    if holds_named(state, seat, name):
        return True
    return UNKNOWN in state.hands[seat] and named_in(free_cards(state, seat), name) is not None


def _accusations(state: DungeonState, seat: int) -> list[Any]:
    """Pitch Black: an accusation of anyone else with a passage, at any moment of play (not listed
    in a blind record: it names the cards turned up, which only the table knows)."""
    if not face_down_passages(state.options) or state.record == "blind":
        return []
    return [cmd.Accuse(seat, t) for t in range(state.players) if t != seat and state.alive[t] and state.dungeons[t]]


def _cheats(state: DungeonState, seat: int) -> list[Any]:
    """Pitch Black: a sample of the cheats open to ``seat`` (any card may be laid anywhere, face
    down): each card of the hand on the last passage, or on the cell."""
    dungeon = state.dungeons[seat]
    on = dungeon[-1][0] if dungeon else "cell"
    parent = len(dungeon) - 1 if dungeon else CELL
    return [cmd.PlayPassage(seat, card, on) for card in _played(_nameable(state, seat), "A", "5")
            if passage_value(card) is None or parent not in passage_places(state, seat, card)]


def _turn_actions(state: DungeonState, seat: int) -> list[Any]:
    if not state.drawn:
        return [cmd.Draw(seat)]
    out: list[Any] = []
    hand = _nameable(state, seat)
    blind_dark = state.record == "blind" and face_down_passages(state.options)
    if not state.played and blind_dark and state.hands[seat]:  # face down, by position
        out += [cmd.PlayPassage(seat, UNKNOWN, on) for on in ["cell"] + [str(i) for i in range(len(state.dungeons[seat]))]]
    if not state.played:
        others = [t for t in range(state.players) if t != seat and state.alive[t]]
        for card in _played(hand, *_JOKER_FACES):
            if passage_value(card) is not None:
                if not blind_dark:
                    out += [cmd.PlayPassage(seat, card, place_name(state, seat, p)) for p in passage_places(state, seat, card)]
                out += [cmd.CaveIn(seat, card, t) for t in _cave_in_targets(state, others, card)]
            elif creature_value(card) is not None:
                out += [cmd.Attack(seat, card, t) for t in others if state.ever_ten[t]]
                if creature_value(card) == 11:
                    out += [cmd.Graverobber(seat, card, take) for take in _takes(state, seat) if take != identity(card)]
                elif creature_value(card) == 12:
                    out += [cmd.Myrmiddon(seat, card, t, ask) for t in others for ask in DECK52]
        if face_down_passages(state.options) and not blind_dark:
            out += _cheats(state, seat)
    keep = len(state.hands[seat]) - HAND_SIZE
    if state.record == "blind" and face_down_discards(state.options):
        return out + [cmd.EndTurn(seat)]  # face down: only how many
    # A blind hand with cards nobody saw: a sample of the discards it may name, no more of them
    # than it has such cards.
    known, unseen = state.hands[seat], state.hands[seat].count(UNKNOWN)
    discards = islice((d for d in combinations(hand, keep) if sum(c not in known for c in d) <= unseen), 200) \
        if keep > 0 else [()]
    return out + [cmd.EndTurn(seat, list(d)) for d in discards]


def _cave_in_targets(state: DungeonState, others: list[int], card: str) -> list[int]:
    """Whom ``card`` may cave in: a face-up last passage of its value; a face-down one (Pitch
    Black) whatever its value, since the seat cannot see it (a cave-in of another value fails, as
    the rules say). A blind record lists a face-down one only once the record knows it: otherwise
    the cave-in names it as it is turned up, and the page offers that form from the view."""
    out = []
    for t in others:
        dungeon = state.dungeons[t]
        if not dungeon:
            continue
        last = dungeon[-1][0]
        if face_down_passages(state.options):
            if last != UNKNOWN:
                out.append(t)
        elif passage_value(last) == passage_value(card):
            out.append(t)
    return out


def _nameable(state: DungeonState, seat: int) -> list[str]:
    """The cards ``seat`` may name from hand: the hand (a blind record: the cards it knows there,
    and for its cards nobody saw, one copy of each card seen nowhere the seat can tell)."""
    hand = state.hands[seat]
    if UNKNOWN not in hand:
        return hand
    return [c for c in hand if c != UNKNOWN] + free_cards(state, seat)


def _takes(state: DungeonState, seat: int) -> list[str]:
    """What a Graverobber may take: each card of the discard pile (a blind record: ``?`` from a
    face-down pile; for its cards nobody saw, one copy of each card seen nowhere, unless the pile
    shows a card of that name: it is then named as the pile holds it). A known record's
    face-down pile is seen by the Graverobber alone, once played: its takes are legal but not
    listed, since a list naming them would show the pile to whoever holds a Jack."""
    if face_down_discards(state.options):
        if state.record == "known":
            return []
        return [UNKNOWN] if state.discard else []  # an empty pile has nothing to take
    takes = _distinct([c for c in state.discard if c != UNKNOWN])
    if UNKNOWN not in state.discard:
        return takes
    # The copy the pile shows always answers its name; another copy could be one the record knows
    # in a hand (which free_cards counts as unseen, not to tell the table), and be refused.
    shown = {_face(c) for c in takes}
    return takes + [c for c in free_cards(state, seat) if _face(c) not in shown]


#: What a Joker is listed as (any declaration is legal; these stand for them): every rank, in spades.
_JOKER_FACES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _played(hand: list[str], *faces: str) -> list[str]:
    """The hand as cards to play: a Joker declared as each of ``faces`` (ranks, in spades)."""
    return [f"{card}={rank}S" if is_joker(card) else card for card in hand
            for rank in (faces if is_joker(card) else ("",))]


def _distinct(cards: list[str]) -> list[str]:
    """One copy of each card name (copies are alike in every ability)."""
    seen: dict[str, str] = {}
    for card in cards:
        seen.setdefault(name_of(card), card)
    return list(seen.values())


def _face(card: str) -> str:
    """The name a copy answers to: ``7H#2`` -> ``7H``, any undeclared Joker -> ``JK``."""
    return "JK" if is_joker(card) and "=" not in card else name_of(card)


def _dungeon_view(state: DungeonState, seat: int, shown: bool) -> list[dict[str, Any]]:
    """The passages in the order laid; face down (Pitch Black) only where each lies."""
    if shown:
        return [{"position": i, "card": card, "on": place_name(state, seat, parent)}
                for i, (card, parent) in enumerate(state.dungeons[seat])]
    return [{"position": i, "on": "cell" if parent == CELL else parent} for i, (_, parent) in enumerate(state.dungeons[seat])]


def _window_view(state: DungeonState, reveal: bool) -> dict[str, Any] | None:
    """The open window; a face-down card in it (the Graverobber's choice from face-down discards,
    a Pitch Black passage) is left out unless ``reveal``."""
    if state.window is None:
        return None
    window = dict(state.window)
    if not reveal and face_down_discards(state.options):
        window.pop("take", None)
    if not reveal and face_down_passages(state.options):
        window.pop("passage", None)
    return window


def _view(state: DungeonState, reveal: bool) -> dict[str, Any]:
    """The table as the players see it (``reveal``: with every face-down card turned up)."""
    discards_shown = reveal or not face_down_discards(state.options)
    passages_shown = reveal or not face_down_passages(state.options)
    players = []
    for s in range(state.players):
        dungeon = state.dungeons[s]
        players.append({
            "seat": s,
            "name": state.names[s],
            "alive": state.alive[s] if state.alive else True,
            "cell": None if not state.cells or state.cell_hidden[s] else state.cells[s],
            "cell_face_down": bool(state.cell_hidden and state.cell_hidden[s]),
            "dungeon": _dungeon_view(state, s, passages_shown),
            "last_passage": dungeon[-1][0] if dungeon and passages_shown else None,
            "left_cell": state.ever_ten[s] if state.ever_ten else False,
            "second_lowest_branch": state.setback[s] if state.setback else False,
            "hand_size": len(state.hands[s]) if state.hands else 0,
        })
    view: dict[str, Any] = {
        "seats": list(state.names),  # every game's view names its seats, clockwise from seat 0
        "options": state.options,  # public, as in every game's view: the page names cards from its deck
        "phase": state.phase,
        "turn": state.turn,
        "turn_no": state.turn_no,
        "drawn": state.drawn,
        "played": state.played,
        "graverobber": state.held,
        "players": players,
        "pile_size": len(state.pile),
        "discard": list(state.discard) if discards_shown else None,
        "discard_size": len(state.discard),
        "window": _window_view(state, reveal),
        "aces": [{"seat": s, "card": c} for s, c in state.aces],
        "outcome": state.outcome,
    }
    if state.phase == "contest":
        view["contest"] = {"round": state.contest_round, "contenders": list(state.contenders),
                           "played": {str(s): c for s, c in state.contest_plays.items()}}
    return view


def public_view(state: DungeonState, seat: int | None = None) -> dict[str, Any]:
    """What the table sees (and, for ``seat``, that seat's own hand, and in Pitch Black its own
    face-down passages)."""
    view = _view(state, reveal=False)
    if seat is not None and 0 <= seat < state.players and state.hands:
        view["your_hand"] = list(state.hands[seat])
        if face_down_passages(state.options):
            view["your_dungeon"] = _dungeon_view(state, seat, shown=True)
    return view


def director_view(state: DungeonState) -> dict[str, Any]:
    """Everything the referee knows: every card face up, every hand, the pile, every cell, the
    cheats of Pitch Black and whether a Myrmiddon's target holds the card asked."""
    view = _view(state, reveal=True)
    view["hands"] = [list(h) for h in state.hands]
    view["pile"] = list(state.pile)
    view["cells"] = list(state.cells)
    view["cheats"] = [sorted(c) for c in state.cheats]
    if state.window is not None and state.window["kind"] in ("ask", "doubt", "caught"):
        view["window"]["target_holds"] = holds_named(state, state.window["target"], state.window["asked"])
    return view


def scores(state: DungeonState) -> dict[str, Any]:
    """Dungeon keeps no points: the sheet is each player's standing (alive, passages laid, the
    lowest value reached) and the outcome."""
    return {"units": [], "hands": [], "totals": [], "current": {"players": [
        {"seat": s, "name": state.names[s], "alive": state.alive[s], "passages": len(state.dungeons[s]),
         "lowest": None if face_down_passages(state.options) else
         min((passage_value(c) or 0 for c, _ in state.dungeons[s]), default=None)}
        for s in range(state.players)]}}
