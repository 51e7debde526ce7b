"""Fold before append: a batch the referee cannot fold is never written, and a stored game the
referee cannot fold is reported with its version and the reason, not a crash on every request."""

from __future__ import annotations

import pytest

from referee.events import CardPlayed
from referee.registry import get_game
from referee.service import GameUnreadableError, RefereeFoldError, RefereeService


def test_a_decided_batch_that_does_not_fold_is_refused_and_nothing_is_written(event_store, blind_game, monkeypatch):
    game_id = blind_game()
    service = RefereeService(event_store)
    before = event_store.head(game_id)
    game = get_game("queens-dungeon")
    # A decision the game cannot fold: a card played before any deal.
    monkeypatch.setattr(type(game), "decide", lambda self, state, command, rng: [
        CardPlayed(seat=1, card="2C", hand=1, trick=1)])
    with pytest.raises(RefereeFoldError, match="nothing was written"):
        service.act(game_id, "deal", {}, actor="scorekeeper")
    assert event_store.head(game_id) == before
    monkeypatch.undo()
    assert service.act(game_id, "deal", {}, actor="scorekeeper").version == before[0] + 1  # the cache was not left half-folded


def test_a_stored_game_that_does_not_fold_is_named_with_its_version(event_store, blind_game):
    game_id = blind_game()
    version = event_store.version(game_id)
    # Written past the referee, as a damaged or hand-made record would be.
    event_store.append(game_id, [CardPlayed(seat=1, card="2C", hand=1, trick=1)], version, "someone")
    with pytest.raises(GameUnreadableError) as caught:
        RefereeService(event_store).state(game_id)
    assert caught.value.version == version + 1 and caught.value.reason

