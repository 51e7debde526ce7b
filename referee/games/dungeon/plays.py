"""Deciding the turn's own actions: the draw, the one play (a passage, a cave-in, a creature's
attack, a Graverobber or a Myrmiddon) and the end of the turn."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.dealing import deal_salt
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon import tree
from referee.games.dungeon.blind import UNKNOWN, every_copy_seen, free_copy, is_unknown, pick, take_out
from referee.games.dungeon.cards import creature_value, identity, is_joker, name_of, normalise, passage_value, resolve
from referee.games.dungeon.checks import (
    IllegalMove, check_may_play, check_own_turn, check_target, held_card, in_deck, seal, who,
)
from referee.games.dungeon.dark import turned_up
from referee.games.dungeon.options import face_down_discards, face_down_passages
from referee.games.dungeon.setup import HAND_SIZE
from referee.games.dungeon.state import DungeonState


def decide_draw(state: DungeonState, c: cmd.Draw, rng: Any) -> list[Any]:
    check_own_turn(state, c.seat, "draw")
    if state.drawn:
        raise errors.WrongPhase(f"{who(state, c.seat)} has drawn this turn already: one card a turn.", seat=c.seat)
    return [ev.DungeonCardDrawn(c.seat, state.pile[0] if state.pile else None, deal_salt(rng))]


def passage_places(state: DungeonState, seat: int, card: str) -> list[int]:
    """Where ``card`` may go in ``seat``'s dungeon (parents; ``tree.CELL`` is the cell)."""
    value = passage_value(card)
    assert value is not None, "only a passage card has places (every caller asks of one)"
    return tree.places(state.dungeons[seat], value, state.setback[seat])


def place_name(state: DungeonState, seat: int, parent: int) -> str:
    return "cell" if parent == tree.CELL else state.dungeons[seat][parent][0]


def playable_passages(state: DungeonState, seat: int) -> list[str]:
    """``card on place`` for every passage in ``seat``'s hand that has a place, for messages."""
    return [f"{card} on {place_name(state, seat, p)}" for card in state.hands[seat] if passage_value(card)
            for p in passage_places(state, seat, card)]


def decide_passage(state: DungeonState, c: cmd.PlayPassage, rng: Any) -> list[Any]:
    """A passage where the rules let it go; in Pitch Black (face down) any card anywhere, a cheat
    being a fact the referee records and rules on only when an accusation reveals the dungeon."""
    check_may_play(state, c.seat, "passage")
    dark = face_down_passages(state.options)
    if dark and state.record == "blind":
        return _face_down_passage(state, c, rng)
    card = held_card(state, c.seat, c.card)
    fair = passage_places(state, c.seat, card) if passage_value(card) is not None else []
    names = [place_name(state, c.seat, p) for p in fair]
    value = passage_value(card)
    if dark:
        allowed = ["cell"] + [passage for passage, _ in state.dungeons[c.seat]]
    elif value is None:
        raise IllegalMove(f"{card} is not a passage card (2 to 10).", seat=c.seat, card=card)
    elif not fair:
        raise IllegalMove(f"{card} has no place in {who(state, c.seat)}'s dungeon: a {value} goes "
                          f"{_where(value)}. Playable now: {', '.join(playable_passages(state, c.seat)) or 'none'}.",
                          seat=c.seat, card=card, legal=playable_passages(state, c.seat))
    else:
        allowed = names
    on: str | None
    if c.on is None:
        if len(names) == 1 or (dark and not state.dungeons[c.seat]):
            on = names[0] if names else "cell"
        else:
            raise IllegalMove(f"{card} may go on {', '.join(names or allowed)} in {who(state, c.seat)}'s dungeon: "
                              "say which (on).", seat=c.seat, card=card, legal=names or allowed)
    else:
        on = "cell" if c.on.strip().lower() == "cell" else _named_place(in_deck(state, c.on), allowed[1:] if dark else names, c.seat)
        if on not in allowed:
            raise IllegalMove(f"{card} cannot go on {c.on} in {who(state, c.seat)}'s dungeon; it may go on "
                              f"{', '.join(allowed)}.", seat=c.seat, card=card, legal=allowed)
    out: list[Any] = [ev.DungeonPassagePlayed(c.seat, card, on, on not in names, seal(state, rng, dark))]
    dungeon = state.dungeons[c.seat]
    parent = tree.CELL if on == "cell" else next(i for i, (x, _) in enumerate(dungeon) if x == on)
    if tree.escaped(dungeon + [(card, parent)]):
        out.append(ev.DungeonGameWon(c.seat, "escape"))
    return out


def _face_down_passage(state: DungeonState, c: cmd.PlayPassage, rng: Any) -> list[Any]:
    """A blind Pitch Black record: a card nobody saw (``?``) laid face down, on the cell or on the
    passage at a position (counted from 0 in the order laid). Whether it breaks the rules is
    ruled when an accusation turns the dungeon up. A player who escapes with it turns the dungeon
    up (``revealed``, the new passage last), and the referee checks the line 10..2."""
    dungeon = state.dungeons[c.seat]
    positions = ["cell"] + [str(i) for i in range(len(dungeon))]
    if not is_unknown(c.card):
        raise IllegalMove(f"Pitch Black passages are laid face down: a blind record logs the card as ? (card=?), "
                          f"not {c.card}.", seat=c.seat, card=str(c.card))
    on = "cell" if c.on is None and not dungeon else (c.on or "").strip().lower()
    if on not in positions:
        raise IllegalMove(f"Say where {who(state, c.seat)} lays the face-down passage: on the cell or on the passage "
                          f"at a position ({', '.join(positions)}).", seat=c.seat, legal=positions)
    if not state.hands[c.seat]:
        raise errors.CardNotInHand(f"{who(state, c.seat)} holds no card to lay.", seat=c.seat, legal=[])
    if c.revealed is None:
        return [ev.DungeonPassagePlayed(c.seat, UNKNOWN, on)]
    # The player claims the escape and turns the dungeon up, the new passage last.
    laid = dungeon + [(UNKNOWN, tree.place_of(dungeon, on))]
    revealed = turned_up(state, c.seat, c.revealed, laid)
    if not tree.escaped([(card, parent) for card, (_, parent) in zip(revealed, laid)]):
        raise IllegalMove(f"{who(state, c.seat)}'s dungeon as turned up holds no line from the cell 10 down to 2: no "
                          "escape. Lay the passage face down without revealing the dungeon.", seat=c.seat)
    return [ev.DungeonPassagePlayed(c.seat, revealed[-1], on, revealed=revealed), ev.DungeonGameWon(c.seat, "escape")]


def _named_place(card: str, names: list[str], seat: int) -> str | None:
    """The place among ``names`` that ``card`` names: a passage's identity, or a Joker passage by
    its identity. A passage named exactly wins over one that only bears the name (``9H`` is the 9H
    laid, not a Joker declared as it); a name borne by two passages and naming neither exactly (a
    Joker declared as ``10H`` beside the second deck's ``10H#2``) is refused as ambiguous."""
    for name in names:
        if card in (name, identity(name)) or identity(card) == identity(name):
            return name
    bearers = [name for name in names if card == name_of(name) or (card == "JK" and is_joker(name))]
    if len(bearers) > 1:
        raise IllegalMove(f"{card} is ambiguous: it names {len(bearers)} passages, {', '.join(bearers)}. Say which "
                          f"(on), by the card as laid ({' or '.join(identity(b) for b in bearers)}).",
                          seat=seat, card=card, legal=bearers)
    return bearers[0] if bearers else None


def _where(value: int) -> str:
    if value == 10:
        return "on the cell while it has no passage, or beside the lowest passage"
    return f"on an open {value + 1} (one with no card on it), or beside the lowest passage"


def decide_cave_in(state: DungeonState, c: cmd.CaveIn, rng: Any) -> list[Any]:
    check_may_play(state, c.seat, "cave-in")
    check_target(state, c.seat, c.target, "cave in")
    card = held_card(state, c.seat, c.card)
    dungeon = state.dungeons[c.target]
    if not dungeon:
        raise IllegalMove(f"{who(state, c.target)} has no passage to cave in.", seat=c.seat, card=card)
    last = _turned_up(state, c, card)
    if passage_value(card) is None:
        raise IllegalMove(f"{card} is not a passage card: a cave-in takes one of the last passage's value.",
                          seat=c.seat, card=card)
    if passage_value(card) != passage_value(last):
        if face_down_passages(state.options):  # the player could not see it: the passage, turned up, stands
            return [ev.DungeonCaveInFailed(c.seat, card, c.target, last if state.record == "blind" else None)]
        raise IllegalMove(f"A cave-in of {who(state, c.target)}'s last passage {last} takes a "
                          f"{passage_value(last)}, not {card}.", seat=c.seat, card=card)
    return [ev.DungeonCaveIn(c.seat, card, c.target, last, seal(state, rng, face_down_passages(state.options)))]


def _turned_up(state: DungeonState, c: cmd.CaveIn, card: str) -> str:
    """The target's last passage as the cave-in finds it: the one the record knows (which
    ``passage``, when given, must name), or (a blind Pitch Black record) the face-down passage as
    it was turned up, a copy seen nowhere else."""
    last = state.dungeons[c.target][-1][0]
    if last == UNKNOWN:
        if c.passage is None:
            raise IllegalMove(f"The cave-in turns up {who(state, c.target)}'s face-down last passage: say which card it "
                              "is (passage).", seat=c.seat, card=card)
        found = free_copy(state, in_deck(state, c.passage), taken=(card,))
        if found is None:
            raise errors.CardNotInHand(f"{who(state, c.target)}'s last passage cannot be {normalise(c.passage)}: "
                                       f"{every_copy_seen(c.passage)}.", seat=c.target, card=normalise(c.passage))
        return found
    if c.passage is not None and resolve(in_deck(state, c.passage), [last]) is None:
        raise IllegalMove(f"{who(state, c.target)}'s last passage is {last}, not {normalise(c.passage)}.",
                          seat=c.seat, card=card, legal=[last])
    return last


def decide_attack(state: DungeonState, c: cmd.Attack, rng: Any) -> list[Any]:
    check_may_play(state, c.seat, "attack")
    check_target(state, c.seat, c.target, "attack")
    card = held_card(state, c.seat, c.card)
    if creature_value(card) is None:
        raise IllegalMove(f"{card} is not a creature (J, Q or K): only creatures attack.", seat=c.seat, card=card)
    if not state.ever_ten[c.target]:
        raise IllegalMove(f"{who(state, c.target)} has not left the cell yet (no 10 played): no creature may "
                          "attack them until they have.", seat=c.seat, card=card)
    dungeon = state.dungeons[c.target]
    passage = dungeon[-1][0] if dungeon else None
    return [ev.DungeonCreatureAttacked(c.seat, card, c.target, passage, seal(state, rng, face_down_passages(state.options)))]


def decide_graverobber(state: DungeonState, c: cmd.Graverobber, rng: Any) -> list[Any]:
    check_may_play(state, c.seat, "Graverobber")
    card = held_card(state, c.seat, c.card)
    if creature_value(card) != 11:
        raise IllegalMove(f"{card} is not a Graverobber (a Jack).", seat=c.seat, card=card)
    if state.record == "blind" and face_down_discards(state.options):
        if not is_unknown(c.take):
            raise IllegalMove("The Graverobber's choice from the face-down discard pile is secret: a blind record logs "
                              f"it as ? (take=?), not {c.take}.", seat=c.seat, card=card)
        if not state.discard:
            raise IllegalMove("The discard pile is empty: there is nothing to take.", seat=c.seat, card=card)
        return [ev.DungeonGraverobberPlayed(c.seat, card, UNKNOWN)]
    take = pick(state, state.discard, identity(in_deck(state, c.take)), (card,))  # a discarded Joker is a plain Joker
    if take is None and face_down_discards(state.options):  # the table sees this answer: not the pile
        raise IllegalMove(f"{c.take} is not in the face-down discard pile ({len(state.discard)} cards).",
                          seat=c.seat, card=card)
    if take is None:
        raise IllegalMove(f"{c.take} is not in the discard pile; it holds "
                          f"{', '.join(state.discard) or 'nothing'}.", seat=c.seat, card=card, legal=list(state.discard))
    return [ev.DungeonGraverobberPlayed(c.seat, card, take, seal(state, rng))]


def decide_myrmiddon(state: DungeonState, c: cmd.Myrmiddon, rng: Any) -> list[Any]:
    check_may_play(state, c.seat, "Myrmiddon")
    check_target(state, c.seat, c.target, "ask a Myrmiddon of")
    card = held_card(state, c.seat, c.card)
    if creature_value(card) != 12:
        raise IllegalMove(f"{card} is not a Myrmiddon (a Queen).", seat=c.seat, card=card)
    asked = in_deck(state, c.ask)
    asked = "JK" if is_joker(asked) else name_of(asked)  # a name: either copy, or any Joker
    return [ev.DungeonMyrmiddonAsked(c.seat, card, c.target, asked)]


def decide_end_turn(state: DungeonState, c: cmd.EndTurn, rng: Any) -> list[Any]:
    """The end of the turn: the player discards down to five, exactly as many cards as that takes."""
    check_own_turn(state, c.seat, "end of turn")
    if not state.drawn:
        raise errors.WrongPhase(f"{who(state, c.seat)} draws first (draw): a turn starts with a draw.",
                                seat=c.seat, legal=["draw"])
    hand = list(state.hands[c.seat])
    need = max(0, len(hand) - HAND_SIZE)
    given = list(c.discards or [])
    if state.record == "blind" and face_down_discards(state.options) and c.discards is None:
        given = [UNKNOWN] * need  # face down: only how many
    if len(given) != need:
        raise errors.WrongPhase(f"{who(state, c.seat)} holds {len(hand)} cards: discard exactly {need} to end the turn "
                                f"with {min(len(hand), HAND_SIZE)}, not {len(given)}.", seat=c.seat, legal=hand)
    discards: list[str] = []
    if state.record == "blind" and face_down_discards(state.options):  # nobody sees which
        if not all(is_unknown(text) for text in given):
            raise IllegalMove("Discards are face down: a blind record logs them as ? (discards=[?, ...]).", seat=c.seat)
        return [ev.DungeonTurnEnded(c.seat, [UNKNOWN] * need)]
    for text in given:
        card = pick(state, hand, identity(in_deck(state, text)), discards)  # a Joker is discarded as itself
        if card is None:
            why = every_copy_seen(text) if UNKNOWN in hand else f"they hold {', '.join(hand)}"
            raise errors.CardNotInHand(f"{who(state, c.seat)} cannot discard {text}: {why}.",
                                       seat=c.seat, card=str(text), legal=hand)
        take_out(hand, card)
        discards.append(card)
    return [ev.DungeonTurnEnded(c.seat, discards, seal(state, rng))]
