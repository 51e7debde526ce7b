"""The closed sets the referee records (verdicts, windows, kinds, statuses, records, reasons) refuse
a value outside the set when the record is made, not when someone reads it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from referee import errors
from referee import events as ev
from referee.games.queens_dungeon import events as qd_ev
from referee.registry import get_game
from referee.trickgame.reneges import Established, Irregularity


def test_a_ruling_with_a_verdict_outside_its_set_fails_when_made():
    with pytest.raises(ValueError, match="verdict"):
        ev.RenegeRuled(1, 1, 2, "3C", "renege", "uphold", "B", {})


def test_a_ruling_with_a_window_outside_a_to_d_fails_when_made():
    with pytest.raises(ValueError, match="window"):
        ev.RenegeRuled(1, 1, 2, "3C", "renege", "upheld", "E", {})


def test_a_setting_with_an_unknown_reason_fails_when_made():
    with pytest.raises(ValueError, match="reason"):
        qd_ev.TotalSet(0, 0, "five_queens", 100, 0, 1, 3)


def test_a_game_created_with_an_unknown_record_fails_when_made():
    with pytest.raises(ValueError, match="record"):
        ev.GameCreated("queens-dungeon", {}, ["A", "B"], "seen")


def test_an_irregularity_is_a_frozen_record_whose_status_stays_in_its_set():
    irr = Irregularity(5, 1, 2, 3, "3C", "renege", "S", ["4S"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        irr.status = "ruled"  # type: ignore[misc]
    with pytest.raises(ValueError, match="status"):
        dataclasses.replace(irr, status="settled")
    with pytest.raises(ValueError, match="kind"):
        Irregularity(5, 1, 2, 3, "3C", "revoke", "S", ["4S"])
    with pytest.raises(ValueError, match="rule"):
        Irregularity(5, 1, 2, 3, "3C", "renege", "S", ["4S"], rule="trumps")
    with pytest.raises(ValueError, match="window"):
        Established(3, 2, "3C", "Z")


def test_the_service_still_refuses_an_unknown_record_as_an_input_error():
    with pytest.raises(errors.InvalidOption, match="'known' or 'blind'"):
        get_game("queen-bees").start({}, ["A", "B", "C", "D"], "seen", random.Random(0))
