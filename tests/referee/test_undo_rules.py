"""The undo of a mis-entry in a trick game: it takes back the entry and what the referee decided from
it (a trick, a ruling the card proved, a ruling its lead brought), never the rulings of other
entries; it is not the rules' take-back of an irregular card; a claim is not undone, and a finished
game's last entry is. Queen's Dungeon tables (``qd_table``); the same engine serves Queen Bees and Black Queen."""

from __future__ import annotations

import pytest

from qd_table import QD, Table, events_of
from referee import events as ev
from referee.games.queens_dungeon import commands as cmd
from referee.events import EntryUndone
from referee.games.queens_dungeon import QueensDungeon
from referee.registry import served
from referee.undo import Undo, UndoRefused

# Seat 1 leads AS; seat 2 holds 3S but may throw 4C (a renege); seats 3 and 0 follow.
DEAL = {1: ["AS", "7S", "8S"], 2: ["3S", "4C"], 3: ["5S", "9S"], 0: ["6S", "10S"]}


def table(record: str = "known", detection: str = "on_claim") -> Table:
    t = Table(record=record, detection=detection)
    t.start_hand("H", DEAL)
    return t


def undo(t: Table) -> list:
    return t.act(Undo())


def test_undo_takes_back_the_trick_its_card_completed():
    t = table()
    t.play("AS", "3S", "5S")
    entry = t.play("6S")
    assert events_of(entry, ev.TrickWon)
    assert undo(t) == [EntryUndone("play", t.state.version - len(entry), t.state.version - 1)]
    assert t.hand.trick == [(1, "AS"), (2, "3S"), (3, "5S")] and t.hand.turn == 0
    assert "6S" in t.hand.hands[0] and t.hand.tricks == [] and t.hand.trick_no == 1
    t.play("10S")  # the right card, logged after the undo
    assert events_of(t.log, ev.TrickWon)[-1].cards == ["AS", "3S", "5S", "10S"]


def test_undo_takes_back_the_ruling_its_card_proved():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S", "6S", "7S")  # 4C says seat 2 holds no spade
    entry = t.play("3S")  # ... which this spade disproves: ruled at once
    assert events_of(entry, ev.RenegeRuled)
    undo(t)
    assert t.state.rulings == [] and t.hand.irregular[0].status == "open"
    assert "3S" not in t.hand.played and t.hand.turn == 2


def test_undo_keeps_the_rulings_of_earlier_entries():
    t = table("blind", "announced")
    t.play("AS", "4C", "5S", "6S", "7S", "3S")
    rulings, totals = list(t.state.rulings), t.totals()
    t.play("9S")
    undo(t)
    assert t.state.rulings == rulings and t.totals() == totals
    assert [r["verdict"] for r in t.state.rulings] == ["upheld"]


def test_undo_of_the_lead_that_closed_window_b_takes_back_the_ruling_it_brought():
    t = table()
    t.play("AS", "4C", "5S", "6S")
    t.act(cmd.ClaimRenege(1, accused=2, trick=1))  # upheld in window B: the penalty is offered
    entry = t.play("7S")  # the lead closes window B: the renege stands, ruled in window C
    assert isinstance(entry[0], ev.RenegeRuled) and t.totals() == [0, 0, -100, 0]
    assert undo(t) == [EntryUndone("play", t.state.version - len(entry), t.state.version - 1)]
    assert t.totals() == [0, 0, 0, 0] and t.hand.irregular[0].status == "found_b"
    assert cmd.AcceptPenalty(2) in QD.legal_actions(t.state, 2)


def test_undo_of_a_claim_is_refused():
    t = table()
    t.play("AS", "4C")
    t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    with pytest.raises(UndoRefused, match="The last entry is a claim") as refused:
        undo(t)
    assert refused.value.code == "wrong_phase"
    assert Undo() not in QD.legal_actions(t.state, 0)


class ClaimsUntold(QueensDungeon):
    """Queen's Dungeon as a game that declares no claims to the undo (``referee.game``'s
    ``claim_commands``, ``claim_events``, ``upholding_commands``)."""

    claim_commands = claim_events = upholding_commands = ()


def test_the_undo_refuses_only_what_the_game_declares_a_claim():
    """The undo knows no game's commands: the trick engine declares its claim of a renege, and a
    game that declares none has its claim undone as any other entry."""
    t = table()
    t.game = served(ClaimsUntold())
    t.state = t.game.initial_state()
    for event in t.log:
        t.game.apply(t.state, event)
    t.play("AS", "4C")
    claim = t.act(cmd.ClaimRenege(3, accused=2, trick=1))
    assert Undo() in t.game.legal_actions(t.state, 0)
    assert undo(t) == [EntryUndone("claim_renege", t.state.version - len(claim), t.state.version - 1)]


def test_undo_is_not_the_take_back_of_an_irregular_card():
    t = table()
    t.play("AS", "4C")
    played = t.state.version
    t.act(cmd.TakeBack(2))  # the rules' correction: the renege taken back in window A
    assert t.state.replaced == [[played, played]]
    undo(t)  # the take-back was a mis-entry: the card is on the table again, window A open
    assert t.hand.trick == [(1, "AS"), (2, "4C")] and t.state.replaced == []
    assert cmd.TakeBack(2) in QD.legal_actions(t.state, 2)
    assert [type(e).__name__ for e in t.log[-2:]] == ["CardTakenBack", "EntryUndone"]


def test_a_finished_games_last_entry_is_undone_until_its_results_are_final(monkeypatch):
    t = table()
    t.play("AS")
    view = QD.director_view(t.state)
    t.act(cmd.EndGame())
    assert QD.outcome(t.state) is not None and Undo() in QD.legal_actions(t.state, 0)
    undo(t)
    assert QD.outcome(t.state) is None and {**QD.director_view(t.state), "version": 0} == {**view, "version": 0}
    t.act(cmd.EndGame())
    # As a game whose record makes its results final will say (its ``results_final``):
    monkeypatch.setattr(QueensDungeon, "results_final", lambda self, state: True)
    with pytest.raises(UndoRefused, match="results are final"):
        undo(t)
    assert Undo() not in QD.legal_actions(t.state, 0)


def test_undo_refused_leaves_the_record_as_it_was():
    t = table()
    t.play("AS")
    version, log = t.state.version, list(t.log)
    with pytest.raises(UndoRefused):
        t.act(Undo(version - 1))
    assert t.state.version == version and t.log == log
