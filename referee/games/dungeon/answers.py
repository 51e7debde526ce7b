"""Deciding what a named player answers inside a window: the defender's answer to a creature, the
Myrmiddon's target's answer and the asker's look (and, with Suicide Queen, the liar's choice), and
the save of a Joker passage caved in."""

from __future__ import annotations

from typing import Any

from referee import errors
from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN, every_copy_seen, free_copy, pick, take_out
from referee.games.dungeon.cards import creature_value, identity, is_joker, name_of, normalise, passage_value
from referee.games.dungeon.checks import IllegalMove, check_window, held_card, in_deck, seal, who
from referee.games.dungeon.state import DungeonState

def beats(cards: list[str], creature: str) -> bool:
    """Whether ``cards`` defeat ``creature``: passages adding up to its value, one creature of
    equal or higher value, or a 2 alone against a King (Aces have no value)."""
    strength = _strength(creature)
    own = creature_value(cards[0]) if len(cards) == 1 else None
    if own is not None:
        return own >= strength
    values = [passage_value(c) for c in cards]
    known = [v for v in values if v is not None]
    if len(known) != len(values):
        return False
    if strength == 13 and known == [2]:
        return True
    return sum(known) >= strength


def _strength(creature: str) -> int:
    """The value of the creature a window faces (the window is only opened for a creature)."""
    value = creature_value(creature)
    assert value is not None, f"{creature} is not a creature"
    return value


def decide_defend(state: DungeonState, c: cmd.Defend, rng: Any) -> list[Any]:
    window = check_window(state, ("defence",), c.seat, "defence")
    creature = window["creature"]
    if not c.cards:
        raise IllegalMove(f"{who(state, c.seat)} names no card to defend with: defend with cards, or retreat.",
                          seat=c.seat)
    left = list(state.hands[c.seat])
    cards: list[str] = []
    for text in c.cards:  # each card named takes a card from what is left (a name twice: both copies)
        card = held_card(state, c.seat, text, left, tuple(cards))
        take_out(left, card)
        cards.append(card)
    if not beats(cards, creature):
        raise IllegalMove(f"{', '.join(cards)} do not defeat {creature} (value {creature_value(creature)}): passages "
                          "must add up to its value, or one creature of equal or higher value, or a 2 against a King. "
                          f"{who(state, c.seat)} may also retreat.", seat=c.seat, card=cards[0],
                          legal=[" ".join(d.cards) for d in defences(state, c.seat)] + ["retreat"])
    return [ev.DungeonCreatureDefeated(c.seat, creature, cards)]


def defences(state: DungeonState, seat: int) -> list[cmd.Defend]:
    """The defences ``seat`` may make against the creature facing them: each creature strong
    enough, a 2 against a King, and each set of passages adding up to the value with no card to
    spare."""
    creature = state.open_window["creature"]
    hand = [f"{c}=KS" if is_joker(c) else c for c in state.hands[seat]]  # a Joker stands as a Wight
    out = [[c] for c in hand if creature_value(c) is not None and beats([c], creature)]
    out += [[c] for c in hand if passage_value(c) == 2 and beats([c], creature)]
    passages = [(c, v) for c in hand if (v := passage_value(c)) is not None]
    strength = _strength(creature)

    def grow(start: int, chosen: list[tuple[str, int]], total: int) -> None:
        for i in range(start, len(passages)):
            card, card_value = passages[i]
            picked = chosen + [(card, card_value)]
            value = total + card_value
            if value >= strength:
                if all(value - v < strength for _, v in picked):  # nothing to spare
                    out.append([c for c, _ in picked])
            else:
                grow(i + 1, picked, value)

    grow(0, [], 0)
    seen: set[tuple[str, ...]] = set()
    unique: list[cmd.Defend] = []
    for cards in out:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            unique.append(cmd.Defend(seat, cards))
    return unique


def decide_retreat(state: DungeonState, c: cmd.Retreat, rng: Any) -> list[Any]:
    """The defender abandons the last passage; with none left (in the cell) they are slain."""
    window = check_window(state, ("defence",), c.seat, "retreat")
    dungeon = state.dungeons[c.seat]
    if dungeon:
        return [ev.DungeonRetreated(c.seat, window["creature"], dungeon[-1][0], seal(state, rng))]
    out: list[Any] = [ev.DungeonPlayerSlain(c.seat, window["creature"], list(state.hands[c.seat]), seal(state, rng))]
    alive = [s for s in range(state.players) if state.alive[s] and s != c.seat]
    if len(alive) == 1:
        out.append(ev.DungeonGameWon(alive[0], "last_alive"))
    return out


def holds_named(state: DungeonState, seat: int, name: str) -> str | None:
    """The first copy of the card named ``name`` (``JK``: any Joker) in ``seat``'s hand, else None."""
    return named_in(state.hands[seat], name)


def named_in(cards: list[str], name: str) -> str | None:
    """The first copy of the card named ``name`` (``JK``: any Joker) among ``cards``, else None."""
    return next((c for c in cards if name_of(c) == name or (name == "JK" and is_joker(c))), None)


def handed_over(state: DungeonState, seat: int, name: str) -> str | None:
    """The copy of the card named ``name`` that ``seat`` hands over: one held, or (a blind record,
    a hand with cards nobody saw) a copy seen nowhere else; None when neither."""
    hand = state.hands[seat]
    card = named_in(hand, name)
    if card is None and UNKNOWN in hand:
        card = free_copy(state, name)
    return card


def decide_hand_over(state: DungeonState, c: cmd.HandOver, rng: Any) -> list[Any]:
    """The target hands the card over: when asked, or (Suicide Queen) when caught lying, then
    discarding the rest of the hand."""
    window = check_window(state, ("ask", "caught"), c.seat, "hand over")
    card = handed_over(state, c.seat, window["asked"])
    if card is None:
        why = every_copy_seen(window["asked"]) if UNKNOWN in state.hands[c.seat] else "they may deny holding it (deny)"
        raise errors.CardNotInHand(f"{who(state, c.seat)} holds no {window['asked']} to hand over: {why}.",
                                   seat=c.seat, card=window["asked"], legal=["deny"])
    out: list[Any] = [ev.DungeonCardHandedOver(c.seat, card, window["asker"])]
    if window["kind"] == "caught":
        out.append(ev.DungeonHandDiscarded(c.seat, [x for x in state.hands[c.seat] if x != card], seal(state, rng)))
    return out


def decide_discard_hand(state: DungeonState, c: cmd.DiscardHand, rng: Any) -> list[Any]:
    """Suicide Queen: the liar found out discards the whole hand, and the asker gets nothing."""
    check_window(state, ("caught",), c.seat, "discard of the whole hand")
    return [ev.DungeonHandDiscarded(c.seat, list(state.hands[c.seat]), seal(state, rng))]


def decide_deny(state: DungeonState, c: cmd.Deny, rng: Any) -> list[Any]:
    """The target says they do not hold the card: true or a bluff, it is a fact of the game, ruled
    on only if the asker looks."""
    check_window(state, ("ask",), c.seat, "deny")
    return [ev.DungeonCardDenied(c.seat)]


def decide_look(state: DungeonState, c: cmd.Look, rng: Any) -> list[Any]:
    """The asker sees the target's hand, and the referee rules who discards (with Suicide Queen, a
    liar found out chooses next)."""
    window = check_window(state, ("doubt",), c.seat, "look")
    target = window["target"]
    shown = shown_hand(state, target, c.shown)
    hand = state.hands[target] if shown is None else shown
    card = named_in(hand, window["asked"])
    # A blind record salts the hand shown: the asker alone saw it.
    salt = seal(state, rng, True if shown is not None else None)
    if card is None:
        return [ev.DungeonHandLookedAt(c.seat, target, True, list(state.hands[c.seat]), salt=salt, shown=shown)]
    if state.options.get("suicide_queen"):
        return [ev.DungeonHandLookedAt(c.seat, target, False, [], liar_chooses=True, salt=salt if shown else None,
                                       shown=shown)]
    rest = [x for x in hand if x != card]
    return [ev.DungeonHandLookedAt(c.seat, target, False, rest, card, salt=salt, shown=shown)]


def shown_hand(state: DungeonState, seat: int, shown: list[str] | None) -> list[str] | None:
    """A blind record: ``seat``'s hand as it was shown, checked against the record (as many cards
    as the hand holds, every card the record knows there, the others seen nowhere else), as
    identities. A known record knows the hand and takes none (None)."""
    if state.record != "blind":
        if shown is not None:
            raise IllegalMove("A known record knows the hand: the look takes no hand shown.", seat=seat)
        return None
    hand = state.hands[seat]
    if shown is None:
        raise IllegalMove(f"Enter {who(state, seat)}'s hand as it was shown (shown): {len(hand)} cards.", seat=seat)
    if len(shown) != len(hand):
        raise IllegalMove(f"{who(state, seat)} holds {len(hand)} cards by the record, not {len(shown)}: the hand shown "
                          "does not add up.", seat=seat, legal=[x for x in hand if x != UNKNOWN])
    left = list(hand)
    out: list[str] = []
    for text in shown:
        card = pick(state, left, identity(in_deck(state, text)), out)
        if card is None:
            known = [x for x in left if x != UNKNOWN]
            why = f"the record knows {who(state, seat)} holds {', '.join(known)}" if known else every_copy_seen(text)
            raise IllegalMove(f"The hand shown cannot hold {normalise(text)}: {why}.", seat=seat,
                              card=normalise(text), legal=known)
        take_out(left, card)
        out.append(card)
    return out


def decide_believe(state: DungeonState, c: cmd.Believe, rng: Any) -> list[Any]:
    check_window(state, ("doubt",), c.seat, "believe")
    return [ev.DungeonDenialAccepted(c.seat)]


def decide_save_joker(state: DungeonState, c: cmd.SaveJoker, rng: Any) -> list[Any]:
    """Jokers Wild: a card of the Joker passage's value from hand is discarded instead of it."""
    window = check_window(state, ("save",), c.seat, "save of a Joker passage")
    card = held_card(state, c.seat, c.card)
    value = passage_value(window["passage"])
    if passage_value(card) != value:
        raise IllegalMove(f"{card} does not save {window['passage']}: it takes a {value} from hand.",
                          seat=c.seat, card=card, legal=[x for x in state.hands[c.seat] if passage_value(x) == value])
    return [ev.DungeonJokerSaved(c.seat, card, seal(state, rng))]


def decide_let_fall(state: DungeonState, c: cmd.LetFall, rng: Any) -> list[Any]:
    check_window(state, ("save",), c.seat, "collapse")
    return [ev.DungeonPassageCollapsed(c.seat)]
