"""Players confirm what was logged (``referee.confirmations``), in every game: a scored hand (or a
game played in no hands, once over) is confirmed by a seat once, agreeing or not; a confirmation
changes no score, no view and no ruling; the undo steps back through it like any entry."""

from __future__ import annotations

import random

import pytest

from referee.confirmations import (GAME, Confirm, ConfirmRefused, HandConfirmed, confirmation_status, played_in_hands,
                                   scored_hands)
from referee.errors import InputError, InvalidSeat
from referee.redecide_record import redecide
from referee.replay import replay
from referee.undo import Undo, Redo
from tests.referee.test_undo_every_game import GAMES, IDS, Walk, roundtrip

#: One record of each game (the blind ones add nothing here).
EACH = [p for p in GAMES if p[3] == "known"]
EACH_IDS = [p[0] for p in EACH]
#: The games of more than one player.
TABLES = [p for p in EACH if p[2] > 1]
TABLE_IDS = [p[0] for p in TABLES]


class Table(Walk):
    """A walk that never confirms by chance."""

    def choices(self):
        return [c for c in super().choices() if type(c) is not Confirm]


def scored(params, seed: int = 0, hands: int = 1) -> Table:
    """A table played at random until ``hands`` hands are scored (a game played in no hands: over)."""
    table = Table(*params, seed=seed)
    for _ in range(20000):
        if len(scored_hands(table.game, table.state)) >= hands or table.game.outcome(table.state) is not None:
            break
        table.step()
    assert scored_hands(table.game, table.state), "the walk scored nothing"
    return table


def seen(table: Table) -> dict:
    """What the table sees, but the version and the confirmations offered."""
    view = table.seen()
    view["legal"] = {s: [c for c in cs if not c.startswith("Confirm(")] for s, cs in view["legal"].items()}
    strip = lambda d: {k: v for k, v in d.items() if k != "version"}
    return {**view, "director": strip(view["director"]), "public": strip(view["public"])}


def confirms(table: Table, seat: int) -> list:
    return [c for c in table.game.legal_actions(table.state, seat) if type(c) is Confirm]


@pytest.mark.parametrize("params", EACH, ids=EACH_IDS)
def test_a_hand_is_confirmed_only_once_it_is_scored(params):
    table = Table(*params)
    table.step()
    assert all(confirms(table, s) == [] for s in range(table.players))
    with pytest.raises(ConfirmRefused, match=r"Seat 0 \(Ann\) cannot confirm yet: nothing is scored"):
        table.game.decide(table.state, Confirm(0), table.rng)
    table = scored(params)
    hand = scored_hands(table.game, table.state)[-1]
    assert Confirm(table.players - 1, hand) in confirms(table, table.players - 1)
    assert table.act(Confirm(table.players - 1)) == [HandConfirmed(table.players - 1, hand, True, None)]


@pytest.mark.parametrize("params", EACH, ids=EACH_IDS)
def test_a_confirmation_changes_no_score_view_or_ruling(params):
    table = scored(params)
    before = seen(table)
    table.act(Confirm(0, agree=False, note="we counted 30 more"))
    assert seen(table) == before


@pytest.mark.parametrize("params", EACH, ids=EACH_IDS)
def test_a_seat_confirms_a_hand_once(params):
    table = scored(params)
    hand = scored_hands(table.game, table.state)[-1]
    table.act(Confirm(0, hand))
    version = table.state.version
    said = "hand 1" if played_in_hands(table.game) else "the game"  # a game played in no hands: hand 0
    with pytest.raises(ConfirmRefused, match=rf"Seat 0 \(Ann\) already confirmed {said} \(event {version}, agreeing\)"):
        table.game.decide(table.state, Confirm(0, hand, agree=False), table.rng)
    assert Confirm(0, hand) not in confirms(table, 0)
    assert table.state.version == version


@pytest.mark.parametrize("params", TABLES, ids=TABLE_IDS)
def test_a_hand_not_scored_yet_cannot_be_confirmed(params):
    table = scored(params)
    later = scored_hands(table.game, table.state)[-1] + 1
    with pytest.raises(ConfirmRefused, match=rf"Seat 1 \(Bob\) cannot confirm hand {later}"):
        table.game.decide(table.state, Confirm(1, later), table.rng)


def test_a_seat_that_is_no_player_cannot_confirm():
    table = scored(EACH[0])
    with pytest.raises(InvalidSeat, match=r"Seat 6 is no player of this game"):
        table.game.decide(table.state, Confirm(6), table.rng)


def test_a_dummy_does_not_confirm():
    table = scored(("queens-dungeon", {"players": 2, "first_dealer": 0}, 2, "known"))
    assert table.state.layout.dummy == 2 and confirms(table, 2) == []
    with pytest.raises(InvalidSeat, match=r"Seat 2 is no player"):
        table.game.decide(table.state, Confirm(2), table.rng)


@pytest.mark.parametrize("note", ["", "x" * 201, "fine\nSeat 3 agrees", "\x1b[2Jok"])
def test_a_note_is_one_readable_line(note):
    table = scored(EACH[0])
    with pytest.raises(InputError, match="A confirmation's note"):
        table.game.decide(table.state, Confirm(1, agree=False, note=note), table.rng)


@pytest.mark.parametrize("params", TABLES, ids=TABLE_IDS)
def test_a_disagreement_leaves_the_hand_unconfirmed_for_the_director(params):
    table = scored(params)
    hand = scored_hands(table.game, table.state)[-1]
    assert confirmation_status(table.game, table.state)["unconfirmed_hands"] == [hand]
    table.act(Confirm(0, hand))
    status = confirmation_status(table.game, table.state)
    assert status["unconfirmed_hands"] == [] and status["disagreements"] == []
    table.act(Confirm(table.players - 1, hand, agree=False, note="the last trick was ours"))
    status = confirmation_status(table.game, table.state)
    assert status["unconfirmed_hands"] == [hand] and not status["confirmed"]
    assert status["disagreements"] == [{"hand": hand, "seat": table.players - 1, "name": table.state.names[-1],
                                        "note": "the last trick was ours", "version": table.state.version}]


@pytest.mark.parametrize("params", [p for p in EACH if p[0] in ("dungeon", "the-queens")], ids=["dungeon", "the-queens"])
def test_a_game_played_in_no_hands_is_confirmed_as_a_whole(params):
    table = scored(params)
    assert table.game.outcome(table.state) is not None and scored_hands(table.game, table.state) == [GAME]
    with pytest.raises(ConfirmRefused, match=r"Seat 0 \(Ann\) cannot confirm hand 1: this game is played in no hands"):
        table.game.decide(table.state, Confirm(0, 1), table.rng)
    table.act(Confirm(0))
    assert confirmation_status(table.game, table.state) == {"confirmed": True, "unconfirmed_hands": [], "disagreements": []}


def test_an_undo_of_a_later_entry_keeps_an_earlier_hands_confirmation():
    table = scored(EACH[0])
    table.step()  # hand 2 begins
    table.act(Confirm(2, 1))
    table.step()
    table.act(Undo())  # the entry after the confirmation
    assert [c.hand for c in table.state.confirmations] == [1]
    table.act(Undo())  # the undo walks back through the confirmation before the hand's entries
    assert table.state.confirmations == ()
    assert confirmation_status(table.game, table.state)["unconfirmed_hands"] == [1]
    table.act(Redo())
    assert [c.seat for c in table.state.confirmations] == [2]


def test_undoing_a_confirmed_hands_last_entry_takes_its_confirmations_back_first():
    table = scored(EACH[0])
    table.act(Confirm(1))
    table.act(Undo())
    assert table.state.confirmations == ()
    table.act(Undo())  # the hand's last card: the hand is no longer scored
    assert scored_hands(table.game, table.state) == []
    assert confirms(table, 1) == []


@pytest.mark.parametrize("params", EACH, ids=EACH_IDS)
def test_a_record_with_confirmations_replays_and_is_decided_again(params):
    table = scored(params)
    table.act(Confirm(table.players - 1, agree=False, note="recount"))
    if table.players > 1:
        table.act(Confirm(0))
    rebuilt, decided = replay(roundtrip(table.log)), redecide(roundtrip(table.log))
    for state in (rebuilt, decided):
        assert state.confirmations == table.state.confirmations
        assert confirmation_status(table.game, state) == confirmation_status(table.game, table.state)


def _refusal(table, command) -> str | None:
    try:
        table.game.decide(table.state, command, table.rng)
    except InputError as exc:
        return exc.message
    return None


@pytest.mark.parametrize("game,options", [("queen-bees", {"target": 40}), ("black-queen", {"hands": 3})])
def test_the_confirm_offers_and_refusals_are_the_same_whatever_the_hidden_cards(game, options):
    from trick_random import step, twin_tables  # the same game in a known record and its blind twin

    known, blind = twin_tables(game, 5, **options)
    rng = random.Random(5)
    confirmed = 0
    for _ in range(3000):
        if known.game.outcome(known.state) is not None or len(scored_hands(known.game, known.state)) >= 2:
            break
        offered = [c for c in known.game.legal_actions(known.state, rng.randrange(known.players)) if type(c) is Confirm]
        step(known, blind, rng, offered[0] if offered and rng.random() < 0.3 else None)
        confirmed += bool(offered)
        for seat in range(known.players):
            offers = [[c for c in t.game.legal_actions(t.state, seat) if type(c) is Confirm] for t in (known, blind)]
            assert offers[0] == offers[1]
            for hand in (None, 1, 2):
                assert _refusal(known, Confirm(seat, hand)) == _refusal(blind, Confirm(seat, hand))
    assert confirmed and scored_hands(known.game, known.state)
