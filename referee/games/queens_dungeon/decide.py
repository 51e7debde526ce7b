"""Turning Queen's Dungeon commands into events: validation, and the consequences a command has
(a trick won, a dungeon setting, a trump change due, the hand's score, the end of the game).

``decide`` never changes the state it is given. Where a consequence depends on the state after
the first events (a trick completes, a setting uses the totals of the moment) it works on the
look-ahead state of a ``referee.batch.Batch``.
"""

from __future__ import annotations

from typing import Any

from referee import errors
from referee import events as ev
from referee.batch import Batch
from referee.cards import DECK52, IS_QUEEN, SUIT_NAMES, SUITS, deck_without, parse_card
from referee.dealing import check_makes_up_deck, deal_salt, shuffled_hands
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon.apply import apply_event
from referee.games.queens_dungeon.checks import card_in_deck, dealer_seat, player_seat, require_phase, suit_from
from referee.games.queens_dungeon.irregularities import accept_penalty, claim, close_found_b, rule_proofs, take_back
from referee.games.queens_dungeon.rules import (
    STRENGTH, claim_is_false, claims_of, is_legal, legal_cards, setting,
)
from referee.games.queens_dungeon.scoring import hand_sheet, unit_seats
from referee.games.queens_dungeon.state import QDState
from referee.standings import leaders, winners_at_target
from referee.tricks import trick_winner


# ---------------------------------------------------------------- set-up commands


def _cut(state: QDState, c: cmd.Cut, rng: Any) -> list[Any]:
    require_phase(state, "cut", doing="cut for the deal")
    seat = player_seat(state, c.seat)
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
    require_phase(state, "call_trump", doing="call trump")
    seat = dealer_seat(state, c.seat, "call trump")
    return [ev.TrumpCalled(seat, suit_from(c.suit), len(state.history) + 1)]


def _deal(state: QDState, c: cmd.Deal, rng: Any) -> list[Any]:
    require_phase(state, "deal", doing="deal")
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
        dealt = shuffled_hands(deck, rng, count, size)
    else:
        dealt = [[parse_card(x) for x in hand] for hand in c.hands]
        if c.extra is not None:
            dealt.append([parse_card(x) for x in c.extra])
        if len(dealt) != count or any(len(x) != size for x in dealt):
            raise errors.InvalidDeal(f"Deal {count} hands of {size} cards (seat order"
                                     f"{', then the extra hand' if layout.hands_dealt > layout.seats else ''}).")
        check_makes_up_deck(dealt, deck, removed)
    extra = dealt[layout.seats] if count > layout.seats else None
    return [ev.HandDealt(h.no, h.dealer, removed, dealt[:layout.seats], extra, deal_salt(rng))]


def _exchange(state: QDState, c: cmd.ExchangeHand, rng: Any) -> list[Any]:
    require_phase(state, "exchange", doing="exchange hands")
    seat = dealer_seat(state, c.seat, "exchange hands")
    return [ev.HandExchanged(seat, state.hand.no, bool(c.exchange))]


# ---------------------------------------------------------------- play


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
        require_phase(state, "play", doing="play a card")
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
    card = card_in_deck(state, text, seat, t)
    if card in h.played:
        raise errors.CardAlreadyPlayed(
            f"{state.seat_label(seat)} cannot play {card} in trick {t}: {card} was already played in trick {h.played[card]}.",
            seat=seat, card=card, trick=t, legal=legal_cards(state, seat) if h.hands is not None else None)
    if h.hands is not None and not is_legal(state, seat, card):
        _refuse_or_record(state, seat, card, t)
    b = Batch(state, apply_event)
    if h.irregular and not h.trick and any(irr["status"] == "found_b" for irr in h.irregular):
        close_found_b(b, hand_end=False)
    b.add(ev.CardPlayed(seat, card, h.no, t))
    if state.record == "blind" and state.options["detection"] == "announced" and h.irregular:
        rule_proofs(b, seat, card)
    if len(h.trick) + 1 == len(h.order):
        _finish_trick(b)
    return b.events


def _finish_trick(b: Batch) -> None:
    state = b.state
    layout = state.layout
    last = state.hand.trick_no >= layout.hand_size
    # Mid-hand, only the last card is new: skip the look-ahead copy unless the batch has one.
    sim = b.sim() if last or b.simulated else state
    h = sim.hand
    played = b.events[-1]
    plays = h.trick if sim is not state else h.trick + [(played.seat, played.card)]
    winner = trick_winner(plays, h.trump, STRENGTH)
    cards = [x for _, x in plays]
    queens = sum(1 for x in cards if IS_QUEEN[x])
    # Read before TrickWon is added: on a look-ahead state it moves ``h`` on to the next trick.
    trick = h.trick_no
    b.add(ev.TrickWon(h.no, trick, winner, cards, queens))
    if queens >= 3 and winner != layout.dummy:
        reason = "three_queens" if queens == 3 else "four_queens"
        unit, before, after = setting(sim, winner, reason)
        b.add(ev.TotalSet(winner, unit, reason, before, after, h.no, trick))
    if last:
        close_found_b(b, hand_end=True)
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
    seat = dealer_seat(state, c.seat, "change trump")
    suit = suit_from(c.suit)
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
    require_phase(state, "play", doing="announce the Queen's Challenge")
    seat = player_seat(state, c.seat)
    why = challenge_refusal(state, seat)
    if why:
        raise errors.WrongPhase(f"{state.seat_label(seat)} cannot announce the Queen's Challenge: {why}.", seat=seat)
    return [ev.ChallengeAnnounced(seat, state.hand.no, state.hand.trick_no)]


def _end_game(state: QDState, c: cmd.EndGame, rng: Any) -> list[Any]:
    if state.phase in ("new", "over"):
        require_phase(state, doing="end the game")
    h = state.hand
    b = Batch(state, apply_event)
    if h is not None and not h.over and any(irr["status"] == "found_b" for irr in h.irregular):
        close_found_b(b, hand_end=True)  # the end closes window B: a penalty not taken leaves the renege standing
    end = b.latest()
    b.add(ev.GameEnded("early", h.no if h is not None else 0, _seats_of_units(end, leaders(end.totals)),
                       list(end.totals)))
    return b.events


DECIDERS = {
    cmd.Cut: _cut,
    cmd.CallTrump: _call_trump,
    cmd.Deal: _deal,
    cmd.ExchangeHand: _exchange,
    cmd.Play: _play,
    cmd.ChangeTrump: _change_trump,
    cmd.AnnounceChallenge: _challenge,
    cmd.ClaimRenege: claim,
    cmd.AcceptPenalty: accept_penalty,
    cmd.TakeBack: take_back,
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
    if state.phase == "over" and handler is not claim:
        raise errors.WrongPhase("The game is over.")
    return handler(state, command, rng)
