"""The rules of The Queens (as refereed: ``docs/rules/the-queens.md``),
pure: a tableau, what each event does to it, and the events each move of the player makes.

Every stack is a list whose last card is its top: the key (only its top is available, and only to a
foundation), the pack (face down; its top is dealt next), the seven shutter piles, the talon, and
the foundations (King first). ``apply`` folds an event in without checking it; ``deal``,
``move``, ``turn`` and ``new_pack`` check a move and return its events: the player's act first,
then what the rules make follow at once (Kings to the foundation row, spaces filled, the end).

    >>> from referee.games.the_queens.cards import DECK104
    >>> t = Tableau()
    >>> for e in deal(list(DECK104)):
    ...     t = apply(t, e)
    >>> t.key[-1], len(t.key), [p[-1] for p in t.piles], len(t.pack)
    ('7H', 32, ['8H', '9H', '10H', 'JH', 'QH', 'AH', '2S'], 64)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee import errors
from referee.cards import DECK52, IS_QUEEN, SUIT, SUIT_NAMES, card_name, parse_card
from referee.games.the_queens import events as ev
from referee.games.the_queens.cards import COPIES, DECK104, UNSEEN, VALUE, next_lower
from referee.games.the_queens.errors import CardNotAvailable, IllegalMove, UnknownPlace
from referee.games.the_queens.options import KEY_PAYMENTS, NEW_PACK_RULES

KEY_SIZE = 32
PAYMENT = 14  # cards in payment of a Queen on the key's top, herself included
PILES = ("s1", "s2", "s3", "s4", "s5", "s6", "s7")  # the shutter: a row of four, a row of three
PER_QUEEN = 3  # cards of the new pack for each Queen counted
FOUNDATION = "foundation"
ALL_HOME = len(DECK104)
_KING, _QUEEN = 0, 12


class Tableau:
    """Where every card is. ``pass_base``: talon cards below it were there before this pass of the
    pack began, so the Queens counted are the Queens above it (put on the talon in this pass and
    still there). ``new_pack`` and ``key_payment``: the rules the game is played under
    (``options.rules_of``; a bare tableau plays a new game's)."""

    __slots__ = ("pack", "key", "piles", "foundations", "talon", "pass_base", "dealt", "ended", "new_pack",
                 "key_payment")

    def __init__(self, new_pack: str = NEW_PACK_RULES[0], key_payment: str = KEY_PAYMENTS[0]) -> None:
        self.pack: list[str] = []
        self.key: list[str] = []
        self.piles: list[list[str]] = [[] for _ in PILES]
        self.foundations: list[list[str]] = []
        self.talon: list[str] = []
        self.pass_base = 0
        self.dealt = False
        self.ended: str | None = None  # "won" | "stuck" | "given_up"
        self.new_pack, self.key_payment = new_pack, key_payment

    def clone(self) -> Tableau:
        new = Tableau.__new__(Tableau)
        new.pack, new.key, new.talon = list(self.pack), list(self.key), list(self.talon)
        new.piles = [list(p) for p in self.piles]
        new.foundations = [list(f) for f in self.foundations]
        new.pass_base, new.dealt, new.ended = self.pass_base, self.dealt, self.ended
        new.new_pack, new.key_payment = self.new_pack, self.key_payment
        return new

    def stack(self, place: str) -> list[str]:
        if place == "key":
            return self.key
        if place == "talon":
            return self.talon
        if place == "pack":
            return self.pack
        return self.piles[PILES.index(place)]

    def top(self, place: str) -> str | None:
        stack = self.stack(place)
        return stack[-1] if stack else None

    def queens_counted(self) -> int:
        return sum(1 for c in self.talon[self.pass_base:] if IS_QUEEN[c])

    def new_pack_places(self) -> list[int]:
        """Where in the talon (0 its bottom) the cards of the new pack lie, bottom first: the order
        they reached the talon, the order they are dealt in. ``queens_with_three``: the counted
        Queens and the 3 x (Queens counted) other cards nearest the bottom (all, if fewer);
        ``talon_bottom``: the bottom 3 x (Queens counted) cards."""
        queens = [i for i in range(self.pass_base, len(self.talon)) if IS_QUEEN[self.talon[i]]]
        wanted = PER_QUEEN * len(queens)
        if self.new_pack == "talon_bottom":
            return list(range(min(wanted, len(self.talon))))
        counted = set(queens)
        others = [i for i in range(len(self.talon)) if i not in counted][:wanted]
        return sorted(others + queens)

    def home(self) -> int:
        return sum(len(f) for f in self.foundations)

    def foundation_for(self, card: str) -> int | None:
        """The first foundation that takes ``card`` now, if any."""
        suit, value = SUIT[card], VALUE[card]
        for i, f in enumerate(self.foundations):
            if SUIT[f[-1]] == suit and VALUE[f[-1]] == value - 1:
                return i
        return None


# ----------------------------------------------------------------------------------------- folding


def _take(t: Tableau, place: str) -> str:
    card = t.stack(place).pop()
    if place == "talon" and len(t.talon) < t.pass_base:
        t.pass_base = len(t.talon)
    return card


def apply(t: Tableau, e: Any) -> Tableau:
    """Fold one event into ``t`` (in place; returned for convenience). Never checks."""
    kind = type(e)
    if kind is ev.QueensCardMoved:
        card = _take(t, e.source)
        if e.target == FOUNDATION:
            t.foundations[e.foundation].append(card)
        else:
            t.stack(e.target).append(card)
    elif kind is ev.QueensCardTurned:
        t.pack[-1] = e.card  # as dealt: the card is entered as it is turned
        if VALUE[e.card] != _KING:  # a King stays on the pack for the QueensKingFounded that follows
            t.talon.append(t.pack.pop())
    elif kind is ev.QueensSpaceFilled:
        t.stack(e.pile).append(_take(t, e.source))
    elif kind is ev.QueensKingFounded:
        _take(t, e.source)
        t.foundations.append([e.card])
    elif kind is ev.QueensNewPackFormed:
        taken = set(t.new_pack_places())
        t.talon = [c for i, c in enumerate(t.talon) if i not in taken]
        t.pack = list(reversed(e.cards))
        t.pass_base = len(t.talon)
    elif kind is ev.QueensKeyPaid:
        del t.key[-len(e.cards):]
        t.pack[:0] = reversed(e.cards)
    elif kind is ev.QueensCardSeen:
        t.stack(e.place)[-1] = e.card
    elif kind is ev.QueensDealt:
        order = e.order or [UNSEEN] * ALL_HOME  # as dealt: every card face down
        t.key = list(order[:KEY_SIZE])
        t.pack = list(reversed(order[KEY_SIZE:]))
        t.dealt = True
    elif kind is ev.QueensGameEnded:
        t.ended = e.result
    return t


# ----------------------------------------------------------------------------------------- moves


class _Events:
    """A move's events, folded as they are made into a copy of the tableau (so each consequence is
    decided on the tableau as the events before it left it)."""

    def __init__(self, t: Tableau) -> None:
        self.t = t.clone()
        self.events: list[Any] = []

    def add(self, event: Any) -> None:
        self.events.append(event)
        apply(self.t, event)


def deal(order: list[str] | None, salt: str | None = None, t: Tableau | None = None) -> list[Any]:
    """The deal of a known order (top of the pack first, as ``cards.parse_order`` checks it): the
    key of 32, the Queens' payment while the key's top is a Queen, Kings from the key's top to
    the foundation row, then the shutter of 7, each King dealt replaced from the pack. With no
    order (as dealt), the deal stops at the first card face down, to be entered (``seen``).
    ``t``: the tableau not yet dealt, with the rules the game is played under."""
    out = _Events(t or Tableau())
    out.add(ev.QueensDealt(list(order or []), salt))
    _settle(out)
    return out.events


def laying_out(t: Tableau) -> bool:
    """The deal is not over: the shutter was never dealt (every card out of the key and the pack
    is a King on the foundation row). Only now is a Queen on the key's top paid for."""
    return t.dealt and not t.talon and not any(t.piles) and t.home() == len(t.foundations)


def awaiting(t: Tableau) -> str | None:
    """As dealt: the place whose top card turned up face down and must be entered before
    anything else ("key" or "pack", for a space), else None."""
    if not t.dealt or t.ended:
        return None
    if t.key and t.key[-1] == UNSEEN:
        return "key"
    if not all(t.piles) and t.pack and t.pack[-1] == UNSEEN:
        return "pack"
    return None


def _settle(out: _Events) -> None:
    """What follows any move at once: a King on the key's top goes to the foundation row (and,
    while the cards are laid out, a Queen there is paid for), empty shutter piles are filled
    (from the pack, a King dealt going to the foundations; from the talon once the pack is empty),
    and the game ends when it is won or stuck. As dealt, it stops at a card face down: the player
    enters it (``seen``), and what follows it is settled then."""
    t = out.t
    while t.key and t.key[-1] != UNSEEN:
        top = t.key[-1]
        if VALUE[top] == _KING:
            out.add(ev.QueensKingFounded(top, "key", len(t.foundations)))
        elif IS_QUEEN[top] and (t.key_payment == "always" or laying_out(t)):
            out.add(ev.QueensKeyPaid(t.key[-PAYMENT:]))
        else:
            break
    if awaiting(t):
        return
    for i, pile in enumerate(PILES):
        while not t.piles[i] and (t.pack or t.talon):
            if t.pack:
                card = t.pack[-1]
                if card == UNSEEN:
                    return
                if VALUE[card] == _KING:
                    out.add(ev.QueensKingFounded(card, "pack", len(t.foundations)))
                else:
                    out.add(ev.QueensSpaceFilled(pile, card, "pack"))
            else:
                out.add(ev.QueensSpaceFilled(pile, t.talon[-1], "talon"))
    if t.home() == ALL_HOME:
        out.add(ev.QueensGameEnded("won", ALL_HOME))
    elif not legal_moves(t):
        out.add(ev.QueensGameEnded("stuck", t.home()))


def playing(t: Tableau, doing: str) -> None:
    if not t.dealt:
        raise errors.WrongPhase(f"The cards are not dealt yet: deal before you {doing}.", legal=["deal"])
    if t.ended:
        raise errors.WrongPhase(f"The game is over ({t.ended}): nothing more can be played.")


def _nothing_awaited(t: Tableau, doing: str) -> None:
    place = awaiting(t)
    if place is not None:
        where = "the key's new top" if place == "key" else "the pack's top, dealt into a space"
        raise errors.WrongPhase(f"A card turned up face up ({where}): enter it (seen card=...) before you {doing}.",
                                legal=["seen"])


def parse_place(text: object, what: str) -> str:
    """A place as a person may write it (``talon``, ``S3``, ``3``, ``f``); refuses anything else."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    cleaned = text.strip().lower().replace(" ", "") if isinstance(text, str) else ""
    if cleaned in ("f", "foundation", "foundations", "home"):
        return FOUNDATION
    if cleaned in ("key", "talon"):
        return cleaned
    if cleaned.isdigit():
        cleaned = "s" + cleaned
    if cleaned in PILES:
        return cleaned
    raise UnknownPlace(f"{text!r} is not a place for the {what}: use key, talon, s1 to s7 (the shutter piles) "
                       f"or foundation.")


def describe(t: Tableau, place: str) -> str:
    """A place and its top, for messages: ``the talon (top 9C)``, ``shutter pile s3 (empty)``."""
    name = {"key": "the key", "talon": "the talon"}.get(place, f"shutter pile {place}")
    top = t.top(place)
    return f"{name} ({'top ' + top if top else 'empty'})"


def _sources(t: Tableau) -> tuple[str, ...]:
    return ("key", "talon") + PILES


def move(t: Tableau, card: object, target: object, source: object = None) -> list[Any]:
    """The player moves ``card`` from the top of ``source`` (key, talon or a shutter pile; found
    when only one top holds it) to a foundation or, marrying, onto a shutter pile's top."""
    playing(t, "move a card")
    _nothing_awaited(t, "move a card")
    card = parse_card(card)
    target = parse_place(target, "card to go to")
    if target in ("key", "talon"):
        raise IllegalMove(f"{card_name(card)} cannot go to {target}: a card goes to a foundation or onto a "
                          "shutter pile.", card=card)
    if source is None:
        holding = [p for p in _sources(t) if t.top(p) == card and p != target]
        if not holding:
            tops = ", ".join(f"{p} {t.top(p)}" for p in _sources(t) if t.top(p))
            raise CardNotAvailable(f"{card_name(card)} is on no top it could be moved from: the tops are {tops}.",
                                   card=card, legal=_moves_as_text(t))
        legal = [p for p in holding if _refusal(t, card, p, target) is None]
        if len(legal) > 1:
            raise IllegalMove(f"{card_name(card)} is on top of {' and '.join(legal)}: say which it comes from "
                              "(source).", card=card, legal=legal)
        source = legal[0] if legal else holding[0]
    else:
        source = parse_place(source, "card to come from")
        if source == FOUNDATION:
            raise IllegalMove(f"{card_name(card)} cannot come from a foundation: cards on the foundations stay.",
                              card=card)
        if t.top(source) != card:
            raise CardNotAvailable(f"{card_name(card)} is not on top of {describe(t, source)}.", card=card,
                                   legal=_moves_as_text(t))
    why = _refusal(t, card, source, target)
    if why is not None:
        raise IllegalMove(f"{card_name(card)} from {describe(t, source)} cannot go to "
                          f"{'a foundation' if target == FOUNDATION else describe(t, target)}: {why}.",
                          card=card, legal=_moves_as_text(t))
    out = _Events(t)
    out.add(ev.QueensCardMoved(card, source, target, t.foundation_for(card) if target == FOUNDATION else None))
    _settle(out)
    return out.events


def _refusal(t: Tableau, card: str, source: str, target: str) -> str | None:
    """Why ``card`` may not go from ``source`` to ``target``, or None when it may."""
    if target == FOUNDATION:
        if t.foundation_for(card) is not None:
            return None
        suit = SUIT[card]
        needs = [next_needed(f) for f in t.foundations if SUIT[f[-1]] == suit]
        if not needs:
            return f"no {SUIT_NAMES[suit]} foundation has its King yet"
        return f"the {SUIT_NAMES[suit]} foundations take {' and '.join(n or 'nothing more' for n in needs)}"
    if source == "key":
        return "a key card goes only to a foundation"
    if source == target:
        return "it is already there"
    top = t.top(target)
    if top is None:
        return "an empty pile takes no card by marrying"
    if next_lower(top) != card:
        wanted = next_lower(top)
        return f"{top} takes only {wanted} (same suit, one lower)" if wanted else f"{top} takes no card"
    return None


def next_needed(foundation: list[str]) -> str | None:
    """The card a foundation takes next (None when it is complete, at the Queen)."""
    from referee.games.the_queens.cards import CARD_OF

    top = foundation[-1]
    return None if VALUE[top] == _QUEEN else CARD_OF[(SUIT[top], VALUE[top] + 1)]


def seen(t: Tableau, card: object) -> list[Any]:
    """As dealt: the player enters the card that turned up face up (the key's new top, or the
    pack's top dealt into a space); what follows it at once is settled."""
    playing(t, "enter a card")
    place = awaiting(t)
    if place is None:
        raise errors.WrongPhase("No card is waiting to be entered: every card turned up is known.",
                                legal=_moves_as_text(t))
    card = _unseen_card(t, card)
    out = _Events(t)
    out.add(ev.QueensCardSeen(place, card))
    _settle(out)
    return out.events


def _times_seen(t: Tableau) -> Counter[str]:
    return Counter(c for stack in (t.key, t.pack, t.talon, *t.piles, *t.foundations) for c in stack)


def may_turn_up(t: Tableau) -> list[str]:
    """As dealt: the cards that may still turn up (fewer than both copies seen), in deck order."""
    seen_so_far = _times_seen(t)
    return [c for c in DECK52 if seen_so_far[c] < COPIES]


def _unseen_card(t: Tableau, card: object) -> str:
    """``card`` entered for a card face down: refused when both of its copies are seen already."""
    card = parse_card(card)
    if _times_seen(t)[card] >= COPIES:
        raise IllegalMove(f"{card_name(card)} cannot turn up: both of its copies have been seen already.", card=card)
    return card


def turn(t: Tableau, card: object = None) -> list[Any]:
    """The player turns the pack's top card onto the talon (a King goes to the foundation row).
    As dealt, ``card`` is the card turned; in a known record, if given, it must be the pack's top."""
    playing(t, "turn a card")
    _nothing_awaited(t, "turn")
    if not t.pack:
        queens = t.queens_counted()
        hint = (f"form the new pack ({queens} Queen{'s' * (queens != 1)} counted)" if queens
                else "no Queen was counted in this pass, so no new pack is formed")
        raise errors.WrongPhase(f"The pack is empty: {hint}.", legal=_moves_as_text(t))
    top = t.pack[-1]
    if top == UNSEEN:
        if card is None:
            raise IllegalMove("As dealt, say which card you turned: turn card=...")
        turned = _unseen_card(t, card)
    elif card is not None and parse_card(card) != top:
        raise IllegalMove(f"The pack's top card is {card_name(top)}, not {card_name(parse_card(card))}.",
                          card=parse_card(card))
    else:
        turned = top
    out = _Events(t)
    out.add(ev.QueensCardTurned(turned))
    if VALUE[turned] == _KING:
        out.add(ev.QueensKingFounded(turned, "pack", len(t.foundations)))
    _settle(out)
    return out.events


def new_pack(t: Tableau) -> list[Any]:
    """The pack is exhausted: the counted Queens pay for the new pack (``Tableau.new_pack_places``)."""
    playing(t, "form a new pack")
    _nothing_awaited(t, "form a new pack")
    if t.pack:
        raise errors.WrongPhase(f"The pack still holds {len(t.pack)} cards: a new pack is formed only when it is "
                                "exhausted.", legal=_moves_as_text(t))
    queens = t.queens_counted()
    if not queens:
        raise errors.WrongPhase("No Queen was put on the talon in this pass (and kept there): no new pack is "
                                "formed.", legal=_moves_as_text(t))
    out = _Events(t)
    out.add(ev.QueensNewPackFormed(queens, [t.talon[i] for i in t.new_pack_places()]))
    _settle(out)
    return out.events


# ----------------------------------------------------------------------------------------- what is legal


def legal_moves(t: Tableau) -> list[tuple[str, ...]]:
    """Every move the player may make: ``("move", card, source, target)``, ``("turn",)`` and
    ``("new_pack",)``. Empty when the game is over, or stuck."""
    if not t.dealt or t.ended or awaiting(t):
        return []
    out: list[tuple[str, ...]] = []
    for source in _sources(t):
        card = t.top(source)
        if card is None:
            continue
        if t.foundation_for(card) is not None:
            out.append(("move", card, source, FOUNDATION))
        if source == "key":
            continue
        for i, pile in enumerate(t.piles):
            if pile and PILES[i] != source and next_lower(pile[-1]) == card:
                out.append(("move", card, source, PILES[i]))
    if t.pack:
        out.append(("turn",))
    elif t.queens_counted():
        out.append(("new_pack",))
    return out


def _moves_as_text(t: Tableau) -> list[str]:
    return [" ".join(m) if m[0] != "move" else f"{m[1]} {m[2]}->{m[3]}" for m in legal_moves(t)]
