"""Queen's Dungeon on the trick engine: 2 to 8 players, Queens high, blind trump, the dealer's
quota, the dungeon (rules as refereed: ``docs/rules/queens-dungeon.md``).

What is its own, in the order of a game: the cut for the first dealer; the dealer calls trump
blind, before the deal (so a hand starts at the call); the four-hands variant's exchange; the
Queen's Challenge; two Queens in a trick make the dealer change trump; three or four Queens, and
a renege established in window C, set a total down (a dungeon setting, at once); a renege found
out in window B waits for the reneger's voluntary penalty. Irregular cards make the claims of
``rules.claims_of`` (a renege, a lead of unbroken trump, a missed Challenge Queen); the rest of
following, windows, claims and corrections is the engine's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee import errors
from referee.closed_sets import EndReason
from referee.games.queens_dungeon import errors as qd_errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.trickgame.batch import Batch
from referee.cards import DECK52, SUIT, SUIT_NAMES, SUITS, parse_card, parse_suit
from referee.games.queens_dungeon import commands as cmd
from referee.games.queens_dungeon import rules, views
from referee.games.queens_dungeon.options import OptionsSchema, layout_of, load_options
from referee.games.queens_dungeon.scoring import hand_sheet
from referee.games.queens_dungeon.state import QDHand, QDState
from referee.trickgame.corrections import KeptRuling
from referee.trickgame.reneges import Irregularity, open_in_window
from referee.trickgame.leaders import winners_at_target
from referee.games.queens_dungeon import words
from referee.trickgame.game import TrickGame
from referee.trickgame.state import Hand, Layout
from referee.trickgame.tricks import trick_winner


class QueensDungeon(TrickGame[QDState]):
    """Queen's Dungeon: 2 to 8 players, Queens high, blind trump, dealer's quota, the dungeon."""

    own_words = words.OWN_WORDS
    waiting_words = {**TrickGame.waiting_words, **words.WAITING_FOR}
    ruling_entries = {**TrickGame.ruling_entries, "penalty_accepted": qd_ev.PenaltyAccepted}

    name: str = "queens-dungeon"
    title: str = "Queen's Dungeon"
    #: Its hand row's columns, in the order docs/records.md lists them.
    score_columns: tuple[str, ...] = ("dealer", "quota", "tricks", "queens", "trick_points", "queen_points",
                                                "bonus", "dealer_short", "settings", "penalties", "forfeited",
                                                "hand_points")
    options_schema = OptionsSchema
    #: What a renege cost, which a printable record lists among its rulings: a total set, a penalty
    #: taken (a setting for three Queens is the trick's, not a ruling: its reason says so).
    ruling_events: tuple[type, ...] = (qd_ev.TotalSet, qd_ev.PenaltyAccepted)
    #: A penalty taken also carries its points: a text record's comment says them.
    verdict_events: tuple[type, ...] = (qd_ev.PenaltyAccepted,)
    actions: ClassVar[dict[str, type]] = cmd.ACTIONS
    opening_phase = "call_trump"
    turn_phases = ("play",)
    dealer_phases = ("call_trump", "deal", "exchange", "trump_change")
    correction_phases = ("play", "trump_change")
    penalty_in_window_b = cmd.AcceptPenalty
    keeps_lead_rule = False  # its claims and legal cards read the led card (``rules``)

    # Following: Queens may be played at any time; a card may break three rules (``rules``).
    claims_of = staticmethod(rules.claims_of)
    legal_cards = staticmethod(rules.legal_cards)
    is_legal = staticmethod(rules.is_legal)
    disproved_by = staticmethod(rules.disproved_by)

    def load_options(self, options: Any) -> dict[str, Any]:
        return load_options(dict(options))

    def layout_of(self, options: Any) -> Layout:
        return layout_of(options)

    def initial_state(self) -> QDState:
        return QDState(self.name)

    def own_folds(self) -> dict[type, Any]:
        return {
            qd_ev.DealerCut: self.fold_dealer_cut, qd_ev.TrumpCalled: self.fold_trump_called,
            qd_ev.HandExchanged: self.fold_hand_exchanged, qd_ev.ChallengeAnnounced: self.fold_challenge_announced,
            qd_ev.TrumpChanged: self.fold_trump_changed, qd_ev.TotalSet: self.fold_total_set,
            qd_ev.PenaltyAccepted: self.fold_penalty_accepted,
        }

    def own_deciders(self) -> dict[type, Any]:
        return {
            cmd.Cut: self.decide_cut, cmd.CallTrump: self.decide_call_trump, cmd.ExchangeHand: self.decide_exchange,
            cmd.ChangeTrump: self.decide_change_trump, cmd.AnnounceChallenge: self.decide_challenge,
            cmd.AcceptPenalty: self.decide_accept_penalty,
        }

    def require_phase(self, state: QDState, *allowed: str, doing: str) -> None:
        """As every game's, and after two Queens fell, the trump change the dealer owes comes first."""
        if state.phase == "trump_change" and state.phase not in allowed:
            h = state.in_play
            raise qd_errors.TrumpChangeRequired(
                f"Cannot {doing} now: two Queens fell in trick {h.trick_no - 1}; the dealer, "
                f"{state.seat_label(h.dealer)}, must first name a new trump suit (not {SUIT_NAMES[h.trump]}).",
                seat=h.dealer, trick=h.trick_no - 1, legal=[s for s in SUITS if s != h.trump])
        super().require_phase(state, *allowed, doing=doing)

    def waiting_for(self, state: QDState) -> str:
        if state.phase == "call_trump":
            return f"the dealer has not called trump for hand {len(state.history) + 1}"
        return super().waiting_for(state)

    def dealer_seat(self, state: QDState, asked: Any, doing: str) -> int:
        """The seat, if it is the dealer's, or NotDealer."""
        seat = self.player_seat(state, asked)
        dealer = state.known_dealer
        if seat != dealer:
            raise qd_errors.NotDealer(
                f"{state.seat_label(seat)} cannot {doing}: only the dealer, {state.seat_label(dealer)}, can.",
                seat=seat, legal=[dealer])
        return seat

    # ------------------------------------------------------------ the cut for the first dealer

    def fold_game_created(self, state: QDState, e: ev.GameCreated) -> None:
        super().fold_game_created(state, e)
        state.cut_players = list(range(state.players))

    def decide_cut(self, state: QDState, c: cmd.Cut, rng: Any) -> list[Any]:
        self.require_phase(state, "cut", doing="cut for the deal")
        seat = self.player_seat(state, c.seat)
        if seat not in state.cut_players or seat in state.cut_draws:
            raise errors.NotYourTurn(f"{state.seat_label(seat)} does not draw now (round {state.cut_round}).",
                                     seat=seat, legal=[s for s in state.cut_players if s not in state.cut_draws])
        taken = set(state.cut_draws.values())
        if c.card is None:
            card = rng.choice([x for x in DECK52 if x not in taken])
        else:
            card = parse_card(c.card)
            if card in taken:
                raise errors.CardAlreadyPlayed(f"{card} was already drawn in this round of the cut.", seat=seat,
                                               card=card)
        events: list[Any] = [qd_ev.DealerCut(seat, card, state.cut_round)]
        draws = {**state.cut_draws, seat: card}
        if len(draws) == len(state.cut_players):
            best = max(rules.STRENGTH[x] for x in draws.values())
            top = [s for s, x in draws.items() if rules.STRENGTH[x] == best]
            if len(top) == 1:
                events.append(ev.DealerChosen(top[0]))
        return events

    def fold_dealer_cut(self, state: QDState, e: qd_ev.DealerCut) -> None:
        state.cut_draws[e.seat] = e.card
        state.cuts.append({"seat": e.seat, "card": e.card, "round": e.round})
        if len(state.cut_draws) == len(state.cut_players):
            best = max(rules.STRENGTH[c] for c in state.cut_draws.values())
            tied = [s for s, c in state.cut_draws.items() if rules.STRENGTH[c] == best]
            state.cut_draws = {}
            if len(tied) > 1:  # tied players draw again
                state.cut_players = sorted(tied)
                state.cut_round += 1
            else:
                state.cut_players = []

    def fold_dealer_chosen(self, state: QDState, e: ev.DealerChosen) -> None:
        super().fold_dealer_chosen(state, e)
        state.cut_players = []

    # ------------------------------------------------------------ trump, the deal, the exchange

    def decide_call_trump(self, state: QDState, c: cmd.CallTrump, rng: Any) -> list[Any]:
        self.require_phase(state, "call_trump", doing="call trump")
        seat = self.dealer_seat(state, c.seat, "call trump")
        return [qd_ev.TrumpCalled(seat, _suit_from(c.suit), len(state.history) + 1)]

    def fold_trump_called(self, state: QDState, e: qd_ev.TrumpCalled) -> None:
        state.dealer = e.seat
        state.hand = QDHand(e.hand, e.seat, e.suit, state.table.seats, list(state.totals))
        state.phase = "deal"

    def hands_given(self, c: cmd.Deal) -> list[list[str]] | None:
        if c.hands is None and c.extra is None:
            return None
        return list(c.hands or []) + ([c.extra] if c.extra is not None else [])

    def fold_hand_dealt(self, state: QDState, e: ev.HandDealt) -> None:
        """The hand began at the call of trump; the deal gives it its cards and its play order."""
        h = state.in_play
        layout = state.table
        h.removed = list(e.removed)
        h.hands = [list(x) for x in e.hands] if e.hands is not None else None
        h.extra = list(e.extra) if e.extra is not None else None
        n = layout.seats
        if layout.dummy is not None:  # the dummy sits at the dealer's right: opponent, dummy, dealer
            h.seat_order([1 - e.dealer, layout.dummy, e.dealer])
        else:
            h.seat_order([(e.dealer + 1 + i) % n for i in range(n)])
        h.leader = h.turn
        h.quota = layout.quota
        h.dealt = True
        state.phase = "exchange" if state.options.get("four_hands") else "play"

    def decide_exchange(self, state: QDState, c: cmd.ExchangeHand, rng: Any) -> list[Any]:
        self.require_phase(state, "exchange", doing="exchange hands")
        seat = self.dealer_seat(state, c.seat, "exchange hands")
        return [qd_ev.HandExchanged(seat, state.in_play.no, bool(c.exchange))]

    def fold_hand_exchanged(self, state: QDState, e: qd_ev.HandExchanged) -> None:
        h = state.in_play
        if e.exchanged:
            h.exchanged = True
            h.quota += 1
            if h.hands is not None and h.extra is not None:
                h.hands[e.seat], h.extra = h.extra, h.hands[e.seat]
        state.phase = "play"

    # ------------------------------------------------------------ the Queen's Challenge

    def challenge_refusal(self, state: QDState, seat: int) -> str | None:
        """Why ``seat`` may not announce the Queen's Challenge now (None when it may)."""
        opts = state.options
        h = state.in_play
        if not opts.get("challenge"):
            return "the Queen's Challenge is not played in this game"
        if state.phase != "play" or h.trick or h.turn != seat:
            return "the Challenge is announced by the player about to lead"
        if seat == state.table.dummy:
            return "the dummy cannot challenge"
        if h.challenge_used:
            return "the Challenge was already announced in this hand"
        if max(state.totals) < opts["challenge_threshold"]:
            return f"no total has reached {opts['challenge_threshold']}"
        if state.totals[state.table.player_unit(seat)] != min(state.totals):
            return "only the player with the lowest total may challenge"
        return None

    def decide_challenge(self, state: QDState, c: cmd.AnnounceChallenge, rng: Any) -> list[Any]:
        self.require_phase(state, "play", doing="announce the Queen's Challenge")
        seat = self.player_seat(state, c.seat)
        why = self.challenge_refusal(state, seat)
        if why:
            raise errors.WrongPhase(f"{state.seat_label(seat)} cannot announce the Queen's Challenge: {why}.", seat=seat)
        return [qd_ev.ChallengeAnnounced(seat, state.in_play.no, state.in_play.trick_no)]

    def fold_challenge_announced(self, state: QDState, e: qd_ev.ChallengeAnnounced) -> None:
        state.in_play.challenge = e.seat
        state.in_play.challenge_used = True

    def lead_actions(self, state: QDState, seat: int) -> list[Any]:
        if state.options.get("challenge") and self.challenge_refusal(state, seat) is None:
            return [cmd.AnnounceChallenge(seat)]
        return []

    # ------------------------------------------------------------ tricks: Queens, trump changes, settings

    def claim_is_false(self, kind: str, suit: str | None, rule: str | None, hand: list[str]) -> list[str]:
        return rules.claim_is_false(kind, suit, hand)

    def claim_text(self, kind: str, suit: str | None, rule: str | None) -> str:
        return rules.claim_text(kind, suit)

    def trick_winner(self, state: QDState, plays: list[tuple[int, str]]) -> int:
        return trick_winner(plays, state.in_play.trump, rules.STRENGTH)

    # The engine hands these hooks the hand of the game's own state, a QDHand (a hook's hand type
    # cannot follow the state's in a type hint): each checks it once.

    def trick_record(self, hand: Hand, e: ev.TrickWon) -> dict[str, Any]:
        assert isinstance(hand, QDHand)
        return {"trick": e.trick, "leader": hand.leader, "cards": list(e.cards), "seats": [s for s, _ in hand.trick],
                "winner": e.seat, "queens": e.queens, "trump": hand.trump}

    def after_trick(self, state: QDState, e: ev.TrickWon, last: bool) -> None:
        h = state.in_play
        h.queens_won[e.seat] += e.queens
        if not h.broken and any(SUIT[c] == h.trump for c in e.cards):
            h.broken = True
        h.challenge = None
        if e.queens == 2 and not last:
            h.change_due = True
            state.phase = "trump_change"

    def after_trick_won(self, b: Batch, sim: QDState, winner: int, queens: int, trick: int) -> None:
        """Three or four Queens in one trick set the winner's total down (not the dummy's)."""
        if queens >= 3 and winner != sim.table.dummy:
            reason: qd_ev.SettingReason = "three_queens" if queens == 3 else "four_queens"
            unit, before, after = rules.setting(sim, winner, reason)
            b.add(qd_ev.TotalSet(winner, unit, reason, before, after, sim.in_play.no, trick))

    def decide_change_trump(self, state: QDState, c: cmd.ChangeTrump, rng: Any) -> list[Any]:
        h = state.in_play
        if state.phase != "trump_change":
            raise errors.WrongPhase("No trump change is due: the dealer changes trump only after two Queens fall "
                                    "in one trick.")
        seat = self.dealer_seat(state, c.seat, "change trump")
        suit = _suit_from(c.suit)
        if suit == h.trump:
            raise qd_errors.InvalidTrumpChange(
                f"{state.seat_label(seat)} must name a different trump suit: {SUIT_NAMES[suit]} is trump now.",
                seat=seat, trick=h.trick_no, legal=[s for s in SUITS if s != h.trump])
        return [qd_ev.TrumpChanged(seat, suit, h.no, h.trick_no)]

    def fold_trump_changed(self, state: QDState, e: qd_ev.TrumpChanged) -> None:
        h = state.in_play
        h.trump = e.suit
        h.broken = False  # the new trump suit starts unbroken
        h.change_due = False
        h.trump_history.append({"trick": e.trick, "suit": e.suit})
        state.phase = "play"

    def fold_total_set(self, state: QDState, e: qd_ev.TotalSet) -> None:
        state.totals[e.unit] = e.after
        h = state.in_play
        h.lost[e.seat] = True
        setting = {"reason": e.reason, "trick": e.trick, "before": e.before, "after": e.after}
        h.settings[e.seat].append(setting)
        if e.reason == "renege":  # a ruling: a correction keeps it (a Queens setting is the trick's)
            h.ruled.append(KeptRuling(state.version, e.seat, e.unit, e.after - e.before, setting=setting))

    # ------------------------------------------------------------ reneges: window C's setting, window B's penalty

    def after_upheld(self, b: Batch, irr: Irregularity, window: str) -> None:
        if window == "C":
            unit, before, after = rules.setting(b.sim(), irr.seat, "renege")
            b.add(qd_ev.TotalSet(irr.seat, unit, "renege", before, after, irr.hand, irr.trick))

    def keep_ruling(self, hand: Hand, kept: KeptRuling) -> None:
        assert isinstance(hand, QDHand)
        if kept.setting is not None:
            hand.settings[kept.seat].append(kept.setting)
            hand.lost[kept.seat] = True
        elif kept.penalty is not None:
            hand.penalties[kept.seat].append(kept.penalty)

    def decide_accept_penalty(self, state: QDState, c: cmd.AcceptPenalty, rng: Any) -> list[Any]:
        """Window B: the reneger takes the voluntary penalty and the cards from the renege on go back."""
        self.require_phase(state, *self.correction_phases, doing="accept a renege penalty")
        seat = self.player_seat(state, c.seat)
        irr = open_in_window(state, seat, "B")
        if irr is None:
            hint = " (the card can still be taken back without penalty)" if open_in_window(state, seat, "A") else ""
            raise errors.NoIrregularity(f"{state.seat_label(seat)} has no renege in window B to accept a penalty "
                                        f"for{hint}.", seat=seat)
        h = state.in_play
        return [qd_ev.PenaltyAccepted(seat, h.no, irr.trick, irr.card, state.options["renege_penalty"],
                                   irr.version)]

    def fold_penalty_accepted(self, state: QDState, e: qd_ev.PenaltyAccepted) -> None:
        self.restore(state, e.replaces_from)
        unit = state.table.player_unit(e.seat)
        state.totals[unit] -= e.penalty
        h = state.in_play
        penalty = {"reason": "renege_penalty", "trick": e.trick, "amount": -e.penalty}
        h.penalties[e.seat].append(penalty)
        h.ruled.append(KeptRuling(state.version, e.seat, unit, -e.penalty, penalty=penalty))
        state.rulings.append({"type": "penalty_accepted", "version": state.version, "seat": e.seat, "hand": e.hand,
                              "trick": e.trick, "card": e.card, "penalty": e.penalty, "replaces_from": e.replaces_from})

    # ------------------------------------------------------------ scoring

    def hand_sheet(self, state: QDState) -> tuple[dict[str, Any], list[int]]:
        return hand_sheet(state)

    def game_end(self, state: QDState, totals: list[int]) -> tuple[EndReason, list[int]] | None:
        won = winners_at_target(totals, state.options["target"])
        return ("target", self.seats_of_units(state, won)) if won is not None else None

    # ------------------------------------------------------------ who acts, the record, the views

    def others_to_act(self, state: QDState) -> list[int]:
        if state.phase == "cut":
            return [s for s in state.cut_players if s not in state.cut_draws]
        return []

    def legal_actions(self, state: QDState, seat: int) -> list[Any]:
        """As every trick game's; while a trump change is due, the dealer names a suit and any
        player may still correct their own irregular card."""
        if state.phase == "play":
            return self.play_actions(state, seat)
        if state.phase == "trump_change":
            extra = self.corrections(state, seat) if state.in_play.irregular else []
            if seat == state.dealer:
                return [cmd.ChangeTrump(seat, s) for s in SUITS if s != state.in_play.trump] + extra
            return extra
        return super().legal_actions(state, seat)

    def phase_actions(self, state: QDState, seat: int) -> list[Any]:
        if state.phase == "cut":
            return [cmd.Cut(seat)]
        if state.phase == "call_trump":
            return [cmd.CallTrump(seat, s) for s in SUITS]
        if state.phase == "exchange":
            return [cmd.ExchangeHand(seat, False), cmd.ExchangeHand(seat, True)]
        return []

    def command_of(self, event: Any) -> Any:
        return cmd.command_of(event)

    def public_view(self, state: QDState, seat: int | None = None) -> dict[str, Any]:
        return views.public_view(self, state, seat)

    def director_view(self, state: QDState) -> dict[str, Any]:
        return views.director_view(self, state)

    def scores(self, state: QDState) -> dict[str, Any]:
        return views.scores(self, state)


def _suit_from(text: Any) -> str:
    """A suit letter from what a person typed."""
    try:
        return parse_suit(text)
    except errors.UnknownCard as exc:
        raise errors.InputError(exc.message, code="unknown_suit") from None
