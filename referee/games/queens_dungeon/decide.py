"""Turning Queen's Dungeon commands into events: validation, and the consequences a command has
(a trick won, a dungeon setting, a trump change due, the hand's score, the end of the game).

``decide`` never changes the state it is given. Where a consequence depends on the state after
the first events (a trick completes, a setting uses the totals of the moment) it works on a
private clone (``Batch.sim``), folding its own events in with the same ``apply`` the replay uses,
so decide and replay cannot disagree.
"""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.cards import DECK52, IS_QUEEN, SUIT, SUIT_NAMES, SUITS, deck_without, parse_card, parse_suit
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.apply import apply_event
from referee.games.queens_dungeon.rules import (
    STRENGTH, claim_is_false, claims_of, describe, disproves, is_legal, legal_cards, setting, window_of,
)
from referee.games.queens_dungeon.scoring import hand_sheet, leaders, unit_seats, winners_at_target
from referee.games.queens_dungeon.state import QDState
from referee.tricks import trick_winner


class Batch:
    """The events a command produces, with a look-ahead state that has them applied."""

    __slots__ = ("state", "events", "_sim")

    def __init__(self, state: QDState) -> None:
        self.state = state
        self.events: list[Any] = []
        self._sim: QDState | None = None

    def add(self, event: Any) -> None:
        self.events.append(event)
        if self._sim is not None:
            apply_event(self._sim, event)

    def sim(self) -> QDState:
        """The state with this batch's events applied (made on first use)."""
        if self._sim is None:
            self._sim = self.state.clone()
            for event in self.events:
                apply_event(self._sim, event)
        return self._sim


# ---------------------------------------------------------------- checks shared by commands


def _phase(state: QDState, *allowed: str, doing: str) -> None:
    if state.phase in allowed:
        return
    h = state.hand
    why = {
        "new": "the game has not been created",
        "cut": "the first dealer has not been cut for",
        "call_trump": f"the dealer has not called trump for hand {len(state.history) + 1}",
        "deal": "the cards have not been dealt",
        "exchange": "the dealer has not decided whether to exchange hands",
        "play": "the hand is being played",
        "over": "the game is over",
    }
    if state.phase == "trump_change":
        raise errors.TrumpChangeRequired(
            f"Cannot {doing} now: two Queens fell in trick {h.trick_no - 1}; the dealer, "
            f"{state.seat_label(h.dealer)}, must first name a new trump suit (not {SUIT_NAMES[h.trump]}).",
            seat=h.dealer, trick=h.trick_no - 1, legal=[s for s in SUITS if s != h.trump],
        )
    raise errors.WrongPhase(f"Cannot {doing} now: {why.get(state.phase, state.phase)}.")


def _player(state: QDState, seat: Any, what: str = "seat") -> int:
    players = state.layout.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        dummy = " (the dummy cannot do this)" if seat == state.layout.dummy else ""
        raise errors.InvalidSeat(f"{what} {seat!r} is not a player at this table: seats are 0..{players - 1}{dummy}.", seat=seat if isinstance(seat, int) else None)
    return seat


def _dealer(state: QDState, seat: Any, doing: str) -> int:
    seat = _player(state, seat)
    if seat != state.dealer:
        raise errors.NotDealer(
            f"{state.seat_label(seat)} cannot {doing}: only the dealer, {state.seat_label(state.dealer)}, can.",
            seat=seat, legal=[state.dealer],
        )
    return seat


def _suit(text: Any) -> str:
    try:
        return parse_suit(text)
    except errors.UnknownCard as exc:
        raise errors.InputError(exc.message, code="unknown_suit") from None


def _card_in_deck(state: QDState, text: Any, seat: int | None = None, trick: int | None = None) -> str:
    card = parse_card(text)
    removed = state.hand.removed if state.hand is not None and state.hand.dealt else state.options["removed_cards"]
    if card in removed:
        raise errors.UnknownCard(f"{card} is not in the deck: it was removed for a {state.layout.players}-player game.",
                                 seat=seat, card=card, trick=trick)
    return card


# ---------------------------------------------------------------- set-up commands


def _cut(state: QDState, c: cmd.Cut, rng: Any) -> list[Any]:
    _phase(state, "cut", doing="cut for the deal")
    seat = _player(state, c.seat)
    if seat not in state.cut_players or seat in state.cut_draws:
        raise errors.NotYourTurn(
            f"{state.seat_label(seat)} does not draw now (round {state.cut_round}).", seat=seat,
            legal=[s for s in state.cut_players if s not in state.cut_draws],
        )
    taken = set(state.cut_draws.values())
    if c.card is None:
        card = rng.choice([x for x in DECK52 if x not in taken])
    else:
        card = parse_card(c.card)
        if card in taken:
            raise errors.CardAlreadyPlayed(f"{card} was already drawn in this round of the cut.", seat=seat, card=card)
    events: list[Any] = [ev.DealerCut(seat, card, state.cut_round)]
    draws = {**state.cut_draws, seat: card}
    if len(draws) == len(state.cut_players):
        best = max(STRENGTH[x] for x in draws.values())
        top = [s for s, x in draws.items() if STRENGTH[x] == best]
        if len(top) == 1:
            events.append(ev.DealerChosen(top[0]))
    return events


def _call_trump(state: QDState, c: cmd.CallTrump, rng: Any) -> list[Any]:
    _phase(state, "call_trump", doing="call trump")
    seat = _dealer(state, c.seat, "call trump")
    return [ev.TrumpCalled(seat, _suit(c.suit), len(state.history) + 1)]


def _deal(state: QDState, c: cmd.Deal, rng: Any) -> list[Any]:
    _phase(state, "deal", doing="deal")
    layout = state.layout
    removed = list(layout.removed)
    deck = deck_without(removed)
    size, count = layout.hand_size, layout.hands_dealt
    h = state.hand
    if state.record == "blind":
        if c.hands is not None or c.extra is not None:
            raise errors.InvalidDeal("A blind record logs no hands: deal without cards.")
        return [ev.HandDealt(h.no, h.dealer, removed)]
    if c.hands is None:
        cards = list(deck)
        rng.shuffle(cards)
        dealt = [cards[i * size:(i + 1) * size] for i in range(count)]
    else:
        dealt = [[parse_card(x) for x in hand] for hand in c.hands]
        if c.extra is not None:
            dealt.append([parse_card(x) for x in c.extra])
        if len(dealt) != count or any(len(x) != size for x in dealt):
            raise errors.InvalidDeal(f"Deal {count} hands of {size} cards (seat order"
                                     f"{', then the extra hand' if layout.hands_dealt > layout.seats else ''}).")
        flat = [x for hand in dealt for x in hand]
        if sorted(flat) != sorted(deck):
            dup = sorted({x for x in flat if flat.count(x) > 1})
            missing = sorted(set(deck) - set(flat))
            stray = sorted(set(flat) & set(removed))
            raise errors.InvalidDeal(f"The hands do not make up the deck: repeated {dup}, missing {missing}, removed cards dealt {stray}.")
    extra = dealt[layout.seats] if count > layout.seats else None
    return [ev.HandDealt(h.no, h.dealer, removed, dealt[:layout.seats], extra)]


def _exchange(state: QDState, c: cmd.ExchangeHand, rng: Any) -> list[Any]:
    _phase(state, "exchange", doing="exchange hands")
    seat = _dealer(state, c.seat, "exchange hands")
    return [ev.HandExchanged(seat, state.hand.no, bool(c.exchange))]


# ---------------------------------------------------------------- play


def _rule(b: Batch, irr: dict[str, Any], window: str, evidence: dict[str, Any], claimant: int | None) -> None:
    """Record an upheld ruling and its penalty for ``window``."""
    b.add(ev.RenegeRuled(irr["seat"], irr["hand"], irr["trick"], irr["card"], irr["kind"], "upheld", window,
                         evidence, claimant))
    if window == "A":
        b.add(ev.CardTakenBack(irr["seat"], irr["hand"], irr["trick"], irr["card"], irr["version"]))
    elif window == "C":
        sim = b.sim()
        unit, before, after = setting(sim, irr["seat"], "renege")
        b.add(ev.TotalSet(irr["seat"], unit, "renege", before, after, irr["hand"], irr["trick"]))


def _evidence(irr: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"card": irr["card"], "trick": irr["trick"], "suit": irr["suit"]}
    if irr["held"] is not None:
        out["held"] = list(irr["held"])
    if irr["proof"] is not None:
        out["proof"] = dict(irr["proof"])
    return out


def _close_found_b(b: Batch, hand_end: bool) -> None:
    """A renege found out in window B whose penalty was not accepted stands: window C applies as
    soon as window B closes (the next trick is led, or the hand ends)."""
    h = (b._sim or b.state).hand
    pending = [irr for irr in h.irregular if irr["status"] == "found_b" and (hand_end or irr["trick"] < h.trick_no)]
    for irr in pending:
        _rule(b, irr, "C", {**_evidence(irr), "penalty_declined": True}, None)


def _illegal_reason(state: QDState, seat: int, card: str) -> str:
    h = state.hand
    for kind, suit in claims_of(state, seat, card):
        held = claim_is_false(kind, suit, h.hands[seat])
        if held:
            if kind == "renege":
                return f"{SUIT_NAMES[suit]} were led and they hold {', '.join(held)}"
            if kind == "trump_lead":
                return f"trump ({SUIT_NAMES[suit]}) is not broken and they hold {', '.join(held)}"
            return f"the Queen's Challenge is on and they hold {', '.join(held)}"
    return "it breaks the rules of play"


def _refuse_or_record(state: QDState, seat: int, card: str, t: int) -> None:
    """Known record, a card the rules do not allow: refuse an impossible entry, or a renege when
    detection is announced; with detection on claim the renege is recorded silently."""
    h = state.hand
    label = state.seat_label(seat)
    legal = legal_cards(state, seat)
    if card not in h.hands[seat]:
        raise errors.CardNotInHand(f"{label} cannot play {card} in trick {t}: they do not hold it.",
                                   seat=seat, card=card, trick=t, legal=legal)
    if seat == state.layout.dummy:
        raise errors.InputError(f"The dummy plays the top card of its pile, {legal[0]}, not {card}.",
                                seat=seat, card=card, trick=t, legal=legal, code="dummy_top_card")
    if state.options["detection"] == "announced":
        raise errors.IllegalPlay(
            f"{label} cannot play {card} in trick {t}: {_illegal_reason(state, seat, card)}. "
            f"Legal: {', '.join(legal)}.", seat=seat, card=card, trick=t, legal=legal)


def _play(state: QDState, c: cmd.Play, rng: Any) -> list[Any]:
    if state.phase != "play":
        _phase(state, "play", doing="play a card")
    h = state.hand
    layout = state.layout
    seat = c.seat
    if not isinstance(seat, int) or not 0 <= seat < layout.seats:
        raise errors.InvalidSeat(f"Seat {seat!r} is not at this table.", seat=None)
    t = h.trick_no
    if seat != h.turn:
        raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot play in trick {t}: it is {state.seat_label(h.turn)}'s turn.",
                                 seat=seat, trick=t, legal=[h.turn])
    text = c.card
    if text is None:
        if h.hands is None or seat != layout.dummy:
            raise errors.InputError(f"{state.seat_label(seat)} must name the card played in trick {t}.", seat=seat, trick=t, code="card_required")
        text = h.hands[seat][0]
    card = _card_in_deck(state, text, seat, t)
    if card in h.played:
        raise errors.CardAlreadyPlayed(
            f"{state.seat_label(seat)} cannot play {card} in trick {t}: {card} was already played in trick {h.played[card]}.",
            seat=seat, card=card, trick=t, legal=legal_cards(state, seat) if h.hands is not None else None)
    if h.hands is not None and not is_legal(state, seat, card):
        _refuse_or_record(state, seat, card, t)
    b = Batch(state)
    if h.irregular and not h.trick and any(irr["status"] == "found_b" for irr in h.irregular):
        _close_found_b(b, hand_end=False)
    b.add(ev.CardPlayed(seat, card, h.no, t))
    if state.record == "blind" and state.options["detection"] == "announced" and h.irregular:
        _rule_proofs(b, seat, card)
    if len(h.trick) + 1 == len(h.order):
        _finish_trick(b)
    return b.events


def _rule_proofs(b: Batch, seat: int, card: str) -> None:
    """Blind record, detection announced: rule every earlier claim this card disproves."""
    h = b.state.hand
    if not any(irr["seat"] == seat and irr["status"] == "open" and irr["proof"] is None
               and disproves(irr["kind"], irr["suit"], card) for irr in h.irregular):
        return
    sim = b.sim()
    proven = [irr for irr in sim.hand.irregular if irr["seat"] == seat and irr["status"] == "open"
              and irr["proof"] is not None and irr["proof"]["card"] == card]
    ruled: set[int] = set()
    for irr in proven:
        if irr["version"] not in ruled:  # one card, one offence
            ruled.add(irr["version"])
            _rule(b, irr, window_of(b.sim(), irr), _evidence(irr), None)


def _finish_trick(b: Batch) -> None:
    state = b.state
    layout = state.layout
    last = state.hand.trick_no >= layout.hand_size
    # Mid-hand, only the last card is new: skip the look-ahead copy unless the batch has one.
    sim = b.sim() if last or b._sim is not None else state
    h = sim.hand
    played = b.events[-1]
    plays = h.trick if sim is not state else h.trick + [(played.seat, played.card)]
    winner = trick_winner(plays, h.trump, STRENGTH)
    cards = [x for _, x in plays]
    queens = sum(1 for x in cards if IS_QUEEN[x])
    b.add(ev.TrickWon(h.no, h.trick_no, winner, cards, queens))
    if queens >= 3 and winner != layout.dummy:
        reason = "three_queens" if queens == 3 else "four_queens"
        unit, before, after = setting(sim, winner, reason)
        b.add(ev.TotalSet(winner, unit, reason, before, after, h.no, h.trick_no))
    if last:
        _close_found_b(b, hand_end=True)
        _score_hand(b)


def _seats_of_units(state: QDState, units: list[int]) -> list[int]:
    return sorted(s for u in units for s in unit_seats(state, u))


def _score_hand(b: Batch) -> None:
    sim = b.sim()
    sheet, totals = hand_sheet(sim)
    b.add(ev.HandScored(sim.hand.no, sim.hand.dealer, sheet, totals))
    won = winners_at_target(totals, sim.options["target"])
    if won is not None:
        b.add(ev.GameEnded("target", sim.hand.no, _seats_of_units(sim, won), totals))


def _change_trump(state: QDState, c: cmd.ChangeTrump, rng: Any) -> list[Any]:
    h = state.hand
    if state.phase != "trump_change":
        raise errors.WrongPhase("No trump change is due: the dealer changes trump only after two Queens fall in one trick.")
    seat = _dealer(state, c.seat, "change trump")
    suit = _suit(c.suit)
    if suit == h.trump:
        raise errors.InvalidTrumpChange(
            f"{state.seat_label(seat)} must name a different trump suit: {SUIT_NAMES[suit]} is trump now.",
            seat=seat, trick=h.trick_no, legal=[s for s in SUITS if s != h.trump])
    return [ev.TrumpChanged(seat, suit, h.no, h.trick_no)]


def challenge_refusal(state: QDState, seat: int) -> str | None:
    """Why ``seat`` may not announce the Queen's Challenge now (None when it may)."""
    opts = state.options
    h = state.hand
    if not opts.get("challenge"):
        return "the Queen's Challenge is not played in this game"
    if state.phase != "play" or h.trick or h.turn != seat:
        return "the Challenge is announced by the player about to lead"
    if seat == state.layout.dummy:
        return "the dummy cannot challenge"
    if h.challenge_used:
        return "the Challenge was already announced in this hand"
    if max(state.totals) < opts["challenge_threshold"]:
        return f"no total has reached {opts['challenge_threshold']}"
    if state.totals[state.layout.unit_of(seat)] != min(state.totals):
        return "only the player with the lowest total may challenge"
    return None


def _challenge(state: QDState, c: cmd.AnnounceChallenge, rng: Any) -> list[Any]:
    _phase(state, "play", doing="announce the Queen's Challenge")
    seat = _player(state, c.seat)
    why = challenge_refusal(state, seat)
    if why:
        raise errors.WrongPhase(f"{state.seat_label(seat)} cannot announce the Queen's Challenge: {why}.", seat=seat)
    return [ev.ChallengeAnnounced(seat, state.hand.no, state.hand.trick_no)]


# ---------------------------------------------------------------- irregularities


def _open_in_window(state: QDState, seat: int, window: str) -> dict[str, Any] | None:
    h = state.hand
    for irr in h.irregular:
        if irr["seat"] == seat and irr["status"] in ("open", "found_b") and window_of(state, irr) == window:
            return irr
    return None


def _accept_penalty(state: QDState, c: cmd.AcceptPenalty, rng: Any) -> list[Any]:
    _phase(state, "play", "trump_change", doing="accept a renege penalty")
    seat = _player(state, c.seat)
    irr = _open_in_window(state, seat, "B")
    if irr is None:
        hint = " (the card can still be taken back without penalty)" if _open_in_window(state, seat, "A") else ""
        raise errors.NoIrregularity(f"{state.seat_label(seat)} has no renege in window B to accept a penalty for{hint}.", seat=seat)
    h = state.hand
    return [ev.PenaltyAccepted(seat, h.no, irr["trick"], irr["card"], state.options["renege_penalty"], irr["version"])]


def _take_back(state: QDState, c: cmd.TakeBack, rng: Any) -> list[Any]:
    _phase(state, "play", "trump_change", doing="take a card back")
    seat = _player(state, c.seat)
    irr = _open_in_window(state, seat, "A")
    if irr is None:
        raise errors.NoIrregularity(
            f"{state.seat_label(seat)} cannot take a card back: only an irregular card with no later card played "
            "after it can be taken back.", seat=seat)
    h = state.hand
    return [ev.CardTakenBack(seat, h.no, irr["trick"], irr["card"], irr["version"])]


def _card_of(state: QDState, seat: int, trick: int) -> str | None:
    h = state.hand
    plays = h.trick if trick == h.trick_no and h.trick else None
    if plays is None and trick <= len(h.tricks):
        rec = h.tricks[trick - 1]
        plays = list(zip(rec["seats"], rec["cards"]))
    for s, card in plays or ():
        if s == seat:
            return card
    return None


def _claim(state: QDState, c: cmd.ClaimRenege, rng: Any) -> list[Any]:
    h = state.hand
    if h is None or not h.dealt:
        raise errors.WrongPhase("No card has been played yet: there is nothing to claim.")
    claimant = _player(state, c.seat, "claimant")
    accused = _player(state, c.accused, "accused")
    if accused == claimant:
        raise errors.InvalidSeat("A player cannot claim against themselves: take the card back or accept the penalty.", seat=claimant)
    hand_no = h.no if c.hand is None else c.hand
    if hand_no != h.no:
        raise errors.WrongPhase(f"Only hand {h.no} (the current or last hand) is open to claims.", seat=claimant)
    card = _card_of(state, accused, c.trick) if isinstance(c.trick, int) and c.trick >= 1 else None
    if card is None:
        raise errors.InputError(f"{state.seat_label(accused)} has played no card in trick {c.trick} of hand {h.no}.",
                                seat=accused, trick=c.trick, code="no_such_play")
    shown = _card_in_deck(state, c.shown, accused, c.trick) if c.shown is not None else None
    found = [irr for irr in h.irregular if irr["seat"] == accused and irr["trick"] == c.trick]
    done = [irr for irr in found if irr["status"] != "open"]
    if done:
        raise errors.NoIrregularity(f"{describe(state, done[0])}: this was already ruled.", seat=accused, trick=c.trick)
    b = Batch(state)
    b.add(ev.RenegeClaimed(claimant, accused, h.no, c.trick, shown))
    for irr in found:
        evidence = _evidence(irr)
        proven = irr["held"] is not None or irr["proof"] is not None
        if not proven and shown is not None and shown not in h.played and disproves(irr["kind"], irr["suit"], shown):
            evidence["shown"] = shown
            proven = True
        if proven:
            _rule(b, irr, window_of(state, irr), evidence, claimant)
            return b.events
    kind = found[0]["kind"] if found else "renege"
    reason = "the log does not prove it" if found else "the card followed the rules"
    if shown is not None and shown in h.played:
        reason += f"; {shown} was already played in trick {h.played[shown]}"
    window = window_of(state, {"hand": h.no, "trick": c.trick, "version": -1})
    b.add(ev.RenegeRuled(accused, h.no, c.trick, card, kind, "not_proven", window,
                         {"card": card, "trick": c.trick, "reason": reason, "shown": shown}, claimant))
    return b.events


def _end_game(state: QDState, c: cmd.EndGame, rng: Any) -> list[Any]:
    if state.phase in ("new", "over"):
        _phase(state, doing="end the game")
    hand = state.hand.no if state.hand is not None else 0
    return [ev.GameEnded("early", hand, _seats_of_units(state, leaders(state.totals)), list(state.totals))]


DECIDERS = {
    cmd.Cut: _cut,
    cmd.CallTrump: _call_trump,
    cmd.Deal: _deal,
    cmd.ExchangeHand: _exchange,
    cmd.Play: _play,
    cmd.ChangeTrump: _change_trump,
    cmd.AnnounceChallenge: _challenge,
    cmd.ClaimRenege: _claim,
    cmd.AcceptPenalty: _accept_penalty,
    cmd.TakeBack: _take_back,
    cmd.EndGame: _end_game,
}


def decide(state: QDState, command: Any, rng: Any) -> list[Any]:
    """Validate ``command`` against ``state`` and return the events it produces."""
    handler = DECIDERS.get(type(command))
    if handler is None:
        raise errors.UnknownAction(f"Queen's Dungeon has no command {type(command).__name__}.",
                                   legal=sorted(cmd.ACTIONS))
    if state.phase == "new":
        raise errors.WrongPhase("The game has not been created.")
    if state.phase == "over" and handler is not _claim:
        raise errors.WrongPhase("The game is over.")
    return handler(state, command, rng)
