"""A blind Dungeon record kept beside a known one: each action of the known game logged as a
scorekeeper at the table would log it, with only what the table saw (cards by name, as typed)."""

from __future__ import annotations

from typing import Any

from referee.games.dungeon import commands as cmd
from referee.games.dungeon import events as ev
from referee.games.dungeon.blind import UNKNOWN
from referee.games.dungeon.cards import identity, is_joker, name_of
from referee.games.dungeon.options import face_down_discards, face_down_passages


def typed(card: str) -> str:
    """A card as a person names it: ``7H`` for either copy, ``JK=9H`` for a Joker declared."""
    if is_joker(card):
        return "JK=" + card.split("=", 1)[1] if "=" in card else "JK"
    return name_of(card)


def table_saw(known: Any, command: Any, events: list[Any], blind: Any) -> Any:
    """The command a blind record logs for ``command``, which made ``events`` on the known state
    ``known`` (taken before it); ``blind`` is the blind record's state then."""
    opts = known.options
    kind = type(command)
    if kind in (cmd.Deal, cmd.Reshuffle):
        return kind()
    if kind is cmd.PlayPassage:
        return _passage(known, events, blind)
    if kind in (cmd.ContestPlay, cmd.PlayAce, cmd.Counter, cmd.SaveJoker):
        return kind(command.seat, typed(events[0].card))
    if kind is cmd.Attack:
        return cmd.Attack(command.seat, typed(events[0].card), command.target)
    if kind is cmd.Defend:
        return cmd.Defend(command.seat, [typed(c) for c in events[0].cards])
    if kind is cmd.CaveIn:
        passage = typed(known.dungeons[command.target][-1][0]) if face_down_passages(opts) else None
        return cmd.CaveIn(command.seat, typed(events[0].card), command.target, passage)
    if kind is cmd.Graverobber:
        e = events[0]
        return cmd.Graverobber(e.seat, typed(e.card), UNKNOWN if face_down_discards(opts) else typed(e.take))
    if kind is cmd.Myrmiddon:
        e = events[0]
        return cmd.Myrmiddon(e.seat, typed(e.card), e.target, e.asked)
    if kind is cmd.Look:
        target = known.window["target"]
        return cmd.Look(command.seat, [typed(c) for c in known.hands[target]])
    if kind is cmd.Accuse:
        revealed = [typed(card) for card, _ in known.dungeons[command.target]]
        return cmd.Accuse(command.seat, command.target, revealed)
    if kind is cmd.EndTurn:
        if face_down_discards(opts):
            return cmd.EndTurn(command.seat)
        return cmd.EndTurn(command.seat, [typed(c) for c in events[0].discards])
    return command  # no card in it: draw, close_aces, close_counters, retreat, answers, let_fall


def _passage(known: Any, events: list[Any], blind: Any) -> cmd.PlayPassage:
    """A passage: face up, by name, on the blind record's passage at the same position; face down
    (Pitch Black), ``?`` on a position, and the dungeon turned up when it escapes."""
    e = events[0]
    dungeon = known.dungeons[e.seat]
    position = None if e.on == "cell" else next(i for i, (card, _) in enumerate(dungeon) if card == e.on)
    if face_down_passages(known.options):
        on = "cell" if position is None else str(position)
        won = any(isinstance(x, ev.DungeonGameWon) for x in events)
        revealed = [typed(card) for card, _ in dungeon] + [typed(e.card)] if won else None
        return cmd.PlayPassage(e.seat, UNKNOWN, on, revealed)
    on = "cell" if position is None else blind.dungeons[e.seat][position][0]
    return cmd.PlayPassage(e.seat, typed(e.card), on)


class BlindTable:
    """A blind record at the first turn: dealt, and the contest played with ``contest`` (seat
    order; the first seat's card should win it)."""

    def __init__(self, contest: list[str], seed: int = 1, **options: Any) -> None:
        import random

        from dungeon_table import DUNGEON, NAMES
        from referee.replay import replay

        options.setdefault("players", len(contest))
        self.game, self.rng = DUNGEON, random.Random(seed)
        self.log = DUNGEON.start(options, NAMES[:options["players"]], "blind", self.rng)
        self.state = replay(self.log)
        self.act(cmd.Deal())
        for seat, card in enumerate(contest):
            self.act(cmd.ContestPlay(seat, card))

    def act(self, command: Any) -> list[Any]:
        events = self.game.decide(self.state, command, self.rng)
        for event in events:
            self.state = self.game.apply(self.state, event)
        self.log += events
        return events

    def refuse(self, command: Any) -> Any:
        """``command`` is refused (an input error) and changes nothing; the error."""
        import copy

        import pytest

        from referee import errors

        before = copy.deepcopy(self.game.director_view(self.state))
        with pytest.raises(errors.InputError) as caught:
            self.game.decide(self.state, command, self.rng)
        assert self.game.director_view(self.state) == before
        return caught.value

    def pass_turn(self, seat: int, discards: list[str] | None = None) -> None:
        """``seat`` draws and plays nothing (discarding ``discards``, by name, when over five)."""
        self.act(cmd.Draw(seat))
        self.act(cmd.EndTurn(seat, discards))


def may_refuse(blind: Any, command: Any) -> bool:
    """Whether the blind record ``blind`` may refuse a listed ``command``: only for naming a card
    the record knows in another hand (a list leaving such a card out would tell the table what a
    Myrmiddon's asker alone saw), a declared Joker among them, or the card a hand-over answers.
    Never a Graverobber's take of a card the pile shows, which is listed as the copy it holds."""
    if isinstance(command, cmd.Graverobber) and command.take not in blind.discard:
        if name_of(command.take) in {name_of(c) for c in blind.discard}:
            return False
    values = [getattr(command, f) for f in command.__dataclass_fields__]
    cards = [c for v in values for c in (v if isinstance(v, list) else [v]) if isinstance(c, str)]
    # A declared Joker names two cards: the Joker itself and the card it stands for.
    named = {name for c in cards for name in (name_of(c), name_of(identity(c)))}
    if isinstance(command, cmd.HandOver):  # it hands over the card the Myrmiddon asked
        named.add(blind.window["asked"])
    elsewhere = {name_of(c) for s, hand in enumerate(blind.hands) if s != command.seat for c in hand}
    return bool(named & elsewhere)
