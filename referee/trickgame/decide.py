"""Turning the shared commands of a plain trick game into events: the deal, the play of a card and
what it completes (a trick, the hand's score, the end of the game), claims of a renege and their
rulings by window, the reneger's take-back, an early end.

``decide`` never changes the state it is given. Where a consequence depends on the state after the
first events (the hand's score, a window) it works on the look-ahead state of a
``referee.batch.Batch``. Windows, evidence and the judgment of a claim are the same in every trick
game: ``referee.reneges``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee import errors
from referee import events as ev
from referee.batch import Batch
from referee.cards import deck_without, parse_card
from referee.dealing import check_makes_up_deck, shuffled_hands
from referee.reneges import (
    claim_evidence, claimed_card, evidence_of, not_proven, open_in_window, proven_by_play, uphold, window_of,
)
from referee.standings import leaders
from referee.trickgame import commands as cmd
from referee.trickgame.rules import TrickRules
from referee.trickgame.state import TableState

Apply = Callable[[TableState, Any], TableState]


def require_phase(state: TableState, *allowed: str, doing: str) -> None:
    """Refuse a command outside its phase, saying what the game waits for."""
    if state.phase in allowed:
        return
    why = {
        "new": "the game has not been created", "deal": "the cards have not been dealt",
        "bid": "the players are bidding", "auction": "the auction is on",
        "declare": "the high bidder has not named trump and the called cards",
        "play": "the hand is being played", "over": "the game is over",
    }
    raise errors.WrongPhase(f"Cannot {doing} now: {why.get(state.phase, state.phase)}.")


def player_seat(state: TableState, seat: Any, what: str = "seat") -> int:
    """A seat at this table, or InvalidSeat."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise errors.InvalidSeat(f"{what} {seat!r} is not a player at this table: seats are 0..{state.players - 1}.",
                                 seat=seat if isinstance(seat, int) else None)
    return seat


def card_in_deck(state: TableState, rules: TrickRules, text: Any, seat: int | None = None,
                 trick: int | None = None) -> str:
    """A card from what a person typed, refused if this game's deck does not hold it."""
    card = parse_card(text)
    if card in rules.removed:
        raise errors.UnknownCard(f"{card} is not in the deck of this game.", seat=seat, card=card, trick=trick)
    return card


def legal_cards(state: TableState, rules: TrickRules, seat: int) -> list[str]:
    """Known record: the cards ``seat`` may play now."""
    h = state.hand
    hand = h.hands[seat]
    if not h.trick:
        return list(hand)
    kind, suit = h.rule
    following = [c for c in hand if rules.follows(kind, suit, c)]
    return following or list(hand)


class TrickEngine:
    """The shared commands of a plain trick game, bound to its rules and its ``apply``."""

    def __init__(self, rules: TrickRules, apply: Apply, own: Mapping[type, Callable[..., list[Any]]]) -> None:
        self.rules = rules
        self.apply = apply
        self.deciders: dict[type, Callable[..., list[Any]]] = {
            cmd.Deal: self.deal, cmd.Play: self.play, cmd.ClaimRenege: self.claim,
            cmd.TakeBack: self.take_back, cmd.EndGame: self.end_game, **own,
        }

    def decide(self, state: TableState, command: Any, rng: Any) -> list[Any]:
        """Validate ``command`` against ``state`` and return the events it produces."""
        handler = self.deciders.get(type(command))
        if handler is None:
            raise errors.UnknownAction(f"This game has no command {type(command).__name__}.")
        if state.phase == "new":
            raise errors.WrongPhase("The game has not been created.")
        if state.phase == "over" and handler != self.claim:
            raise errors.WrongPhase("The game is over.")
        return handler(state, command, rng)

    # ------------------------------------------------------------ the deal

    def deal(self, state: TableState, c: cmd.Deal, rng: Any) -> list[Any]:
        require_phase(state, "deal", doing="deal")
        rules = self.rules
        removed = list(rules.removed)
        deck = deck_without(removed)
        no = len(state.history) + 1
        if state.record == "blind":
            if c.hands is not None:
                raise errors.InvalidDeal("A blind record logs no hands: deal without cards.")
            return [ev.HandDealt(no, state.dealer, removed)]
        size, n = rules.hand_size, rules.players
        if c.hands is None:
            dealt = shuffled_hands(deck, rng, n, size)
        else:
            dealt = [[parse_card(x) for x in hand] for hand in c.hands]
            if len(dealt) != n or any(len(x) != size for x in dealt):
                raise errors.InvalidDeal(f"Deal {n} hands of {size} cards, in seat order.")
            check_makes_up_deck(dealt, deck, removed)
        return [ev.HandDealt(no, state.dealer, removed, dealt)]

    # ------------------------------------------------------------ play

    def play(self, state: TableState, c: cmd.Play, rng: Any) -> list[Any]:
        require_phase(state, "play", doing="play a card")
        h = state.hand
        seat = player_seat(state, c.seat)
        t = h.trick_no
        if seat != h.turn:
            raise errors.NotYourTurn(f"{state.seat_label(seat)} cannot play in trick {t}: it is "
                                     f"{state.seat_label(h.turn)}'s turn.", seat=seat, trick=t, legal=[h.turn])
        card = card_in_deck(state, self.rules, c.card, seat, t)
        known = h.hands is not None
        if card in h.played:
            raise errors.CardAlreadyPlayed(
                f"{state.seat_label(seat)} cannot play {card} in trick {t}: {card} was already played in trick "
                f"{h.played[card]}.", seat=seat, card=card, trick=t,
                legal=legal_cards(state, self.rules, seat) if known else None)
        if known:
            self._refuse_if_illegal(state, seat, card, t)
        b = Batch(state, self.apply)
        b.add(ev.CardPlayed(seat, card, h.no, t))
        if state.record == "blind" and state.options["detection"] == "announced" and h.irregular:
            self._rule_proofs(b, seat, card)
        if len(h.trick) + 1 == state.players:
            self._finish_trick(b)
        return b.events

    def _refuse_if_illegal(self, state: TableState, seat: int, card: str, t: int) -> None:
        """Known record: refuse a card not held, and a renege when detection is announced (window
        A); with detection on claim the renege is recorded silently."""
        h = state.hand
        label = state.seat_label(seat)
        legal = legal_cards(state, self.rules, seat)
        if card not in h.hands[seat]:
            raise errors.CardNotInHand(f"{label} cannot play {card} in trick {t}: they do not hold it.",
                                       seat=seat, card=card, trick=t, legal=legal)
        if card not in legal and state.options["detection"] == "announced":
            raise errors.IllegalPlay(
                f"{label} cannot play {card} in trick {t}: {self.rules.rule_text(*h.rule)} and they hold "
                f"{', '.join(legal)}. Legal: {', '.join(legal)}.", seat=seat, card=card, trick=t, legal=legal)

    def _finish_trick(self, b: Batch) -> None:
        state = b.state
        h = state.hand
        played = b.events[0]  # the CardPlayed (rulings its proof brings may follow it)
        plays = h.trick + [(played.seat, played.card)]
        winner = self.rules.trick_winner(state, plays)
        cards = [x for _, x in plays]
        b.add(ev.TrickWon(h.no, h.trick_no, winner, cards, sum(1 for x in cards if x[0] == "Q")))
        if h.trick_no >= state.hand_size:
            sim = b.sim()
            sheet, totals = self.rules.score_hand(sim)
            b.add(ev.HandScored(sim.hand.no, sim.hand.dealer, sheet, totals))
            end = self.rules.game_end(b.sim(), totals)
            if end is not None:
                b.add(ev.GameEnded(end[0], sim.hand.no, end[1], totals))

    # ------------------------------------------------------------ irregularities

    def _rule_upheld(self, b: Batch, irr: dict[str, Any], window: str, evidence: dict[str, Any],
                     claimant: int | None) -> None:
        """Record an upheld ruling; in window B or C its ruling says what the renege costs."""
        if window in ("B", "C"):
            penalty = self.rules.penalty(b.state, irr["seat"])
            if penalty:
                evidence = {**evidence, "penalty": penalty}
        uphold(b, irr, window, evidence, claimant)

    def _rule_proofs(self, b: Batch, seat: int, card: str) -> None:
        """Blind record, detection announced: rule every earlier claim this card disproves."""
        for irr in proven_by_play(b, seat, card, self.rules.disproved_by):
            self._rule_upheld(b, irr, window_of(b.sim(), irr), evidence_of(irr), None)

    def take_back(self, state: TableState, c: cmd.TakeBack, rng: Any) -> list[Any]:
        """Window A: the reneger takes the card back, no penalty."""
        require_phase(state, "play", doing="take a card back")
        seat = player_seat(state, c.seat)
        h = state.hand
        irr = open_in_window(state, seat, "A")
        if irr is not None:
            return [ev.CardTakenBack(seat, h.no, irr["trick"], irr["card"], irr["version"])]
        raise errors.NoIrregularity(
            f"{state.seat_label(seat)} cannot take a card back: only a card that did not follow, with no later "
            "card played after it, can be taken back.", seat=seat)

    def claim(self, state: TableState, c: cmd.ClaimRenege, rng: Any) -> list[Any]:
        """A player's claim: upheld with its evidence by window, or "not proven" saying why."""
        h = state.hand
        if h is None:
            raise errors.WrongPhase("No card has been played yet: there is nothing to claim.")
        claimant = player_seat(state, c.seat, "claimant")
        accused = player_seat(state, c.accused, "accused")
        if accused == claimant:
            raise errors.InvalidSeat("A player cannot claim against themselves: take the card back instead.",
                                     seat=claimant)
        if (c.hand if c.hand is not None else h.no) != h.no:
            raise errors.WrongPhase(f"Only hand {h.no} (the current or last hand) is open to claims.", seat=claimant)
        card = claimed_card(state, accused, c.trick)
        shown = card_in_deck(state, self.rules, c.shown, accused, c.trick) if c.shown is not None else None
        found = [irr for irr in h.irregular if irr["seat"] == accused and irr["trick"] == c.trick]
        if any(irr["status"] != "open" for irr in found):
            raise errors.NoIrregularity(f"The card {state.seat_label(accused)} played in trick {c.trick} was already "
                                        "ruled on.", seat=accused, trick=c.trick)
        b = Batch(state, self.apply)
        b.add(ev.RenegeClaimed(claimant, accused, h.no, c.trick, shown))
        for irr in found:
            evidence = claim_evidence(irr, shown, h.played, self.rules.disproved_by)
            if evidence is not None:
                self._rule_upheld(b, irr, window_of(state, irr), evidence, claimant)
                return b.events
        b.add(not_proven(state, accused, c.trick, card, found, shown, claimant))
        return b.events

    # ------------------------------------------------------------ the end

    def end_game(self, state: TableState, c: cmd.EndGame, rng: Any) -> list[Any]:
        """The scorekeeper ends the game: the totals of that moment, tied leaders share the win."""
        hand = state.hand.no if state.hand is not None else 0
        return [ev.GameEnded("early", hand, leaders(state.totals), list(state.totals))]
