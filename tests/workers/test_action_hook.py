"""The action path keeps the score sheet up to date: a hand scored enqueues its sheet, a card does not."""

from __future__ import annotations

from tests.workers.playing import ApiTable
from workers.readmodels import ReadModels
from workers.scoresheet import SCORES


def test_score_sheet_is_rebuilt_when_a_hand_is_scored_and_not_for_every_card(client, redis_client):
    table = ApiTable(client)
    models = ReadModels(redis_client)
    table.start_hand()
    table.play(_first_legal(table))
    assert models.version(table.game_id, SCORES) is None  # a card scores nothing: no job
    table.play_out_hand()
    scored_at = table.view()["version"]
    assert models.version(table.game_id, SCORES) == scored_at
    version, sheet = models.get(table.game_id, SCORES)
    assert sheet["hands"] and version == scored_at


def _first_legal(table):
    seat = table.view()["to_act"][0]
    legal = table.client.get(f"/games/{table.game_id}/legal", query_string={"seat": seat}, headers=table.headers)
    return next(a["card"] for a in legal.get_json()["actions"] if a["action"] == "play")
