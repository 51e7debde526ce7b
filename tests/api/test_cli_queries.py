"""``courtcard scores``, ``legal``, ``list`` and ``dispute`` against `courtcard serve`."""

from __future__ import annotations

import json
import re

from api.cli import EXIT_REFUSED, EXIT_USAGE
from api.cli_queries import choice_lines
from api.cli_table import Names
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_cli_show import created, log, renege_game, said
from tests.workers.playing import RENEGE_DEAL, deal_with


def test_scores_prints_the_sheet_the_hand_in_play_and_whether_the_game_goes_on(live):  # noqa: F811
    game = renege_game(live)
    log(live, game, "play", "seat=Cat", "card=3S")  # proves the renege: Cat's total is set to -100
    text = said(run("scores", game, "--url", live))
    assert re.search(r"Total │ 0 │ 0 │ -100 │ 0 │", text), text
    assert "Hand 1 in play: tricks won: Ann 0, Bob 1, Cat 0, Dan 0; queens won: Ann 0, Bob 0, Cat 0, Dan 0." in text
    assert "Cat's total was set from 0 to -100 (renege, trick 1)." in text
    assert text.endswith("The game goes on.")
    sheet = json.loads(run("scores", game, "--url", live, "--json").output)
    assert sheet["totals"] == [0, 0, -100, 0] and sheet["version"] == 13


def test_scores_of_a_game_without_points_gives_each_players_standing(live):  # noqa: F811
    game = created(live, "dungeon", "Ann", "Bob", "Cat", options=["players=3"])
    text = said(run("scores", game, "--url", live))
    assert "Standing" in text and re.search(r"Ann │ in play │ 0 │ - │", text), text


def test_legal_says_who_may_act_and_what_a_named_seat_may_do(live):  # noqa: F811
    game = renege_game(live)
    text = said(run("legal", game, "--url", live))
    assert text.startswith("To act: Cat. Cat may: play card: ")  # a blind record: every card not yet seen
    assert " 3S " in text and " AS " not in text
    assert said(run("legal", game, "--seat", "Dan", "--url", live)) == (
        f"Dan may do nothing now. The scorekeeper may undo the last entry: courtcard log {game} undo")
    listed = json.loads(run("legal", game, "--seat", "Cat", "--url", live, "--json").output)
    assert listed[0]["seat"] == 2 and {"action": "play", "seat": 2, "card": "3S"} in listed[0]["actions"]


def test_legal_with_nobody_to_act_lists_the_scorekeepers_own_actions(live):  # noqa: F811
    game = created(live, "dungeon", "Ann", "Bob", options=["players=2"])
    assert said(run("legal", game, "--url", live)).startswith(
        "Nobody's turn: the scorekeeper logs what the table does next (a deal, a window closing). The scorekeeper may: deal")


def test_list_filters_games_by_kind_status_and_player(live):  # noqa: F811
    first = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan")
    second = created(live, "queens-dungeon", "Zed", "Bob", "Cat", "Dan")
    dungeon = created(live, "dungeon", "Ann", "Bob", options=["players=2"])
    everything = said(run("list", "--url", live))
    assert all(g in everything for g in (first, second, dungeon)) and "Games (3 shown of 3)" in everything
    kinds = json.loads(run("list", "--game", "dungeon", "--url", live, "--json").output)
    assert [g["game_id"] for g in kinds["games"]] == [dungeon] and kinds["games"][0]["seats"] == ["Ann", "Bob"]
    players = json.loads(run("list", "--player", "zed", "--url", live, "--json").output)
    assert [g["game_id"] for g in players["games"]] == [second]
    assert said(run("list", "--status", "finished", "--url", live)) == "No games match."
    typo = run("list", "--game", "dungen", "--url", live)
    assert typo.exit_code == EXIT_USAGE and "Did you mean 'dungeon'" in said(typo)


def test_a_dispute_opened_by_name_is_ruled_read_back_and_listed(live):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", options=["first_dealer=0", "detection=on_claim"])
    log(live, game, "call_trump", "seat=Ann", "suit=H")
    log(live, game, "deal", f"hands={json.dumps(deal_with(RENEGE_DEAL))}")
    for seat, card in [("Bob", "AS"), ("Cat", "4C"), ("Dan", "5S"), ("Ann", "6S"), ("Bob", "7S")]:
        log(live, game, "play", f"seat={seat}", f"card={card}")
    incomplete = run("dispute", game, "--by", "Dan", "--accused", "Cat", "--url", live)
    assert incomplete.exit_code == EXIT_USAGE and "needs --trick too" in said(incomplete)
    opened = run("dispute", game, "--by", "Dan", "--accused", "Cat", "--trick", 1, "--url", live)
    assert opened.exit_code == 0, opened.output
    text = said(opened)
    n = int(re.search(r"Dispute (\d+) opened", text).group(1))
    assert "Dan claims that Cat broke a rule of play in trick 1 of hand 1." in text
    assert "Cat reneged in trick 1 of hand 1" in text and "the total goes from 0 to -100" in text
    read = said(run("dispute", game, n, "--url", live))
    assert read.startswith(f"Dispute {n} (ruled) Hand 1, trick 1: Dan claims") and "Cat reneged" in read
    listed = said(run("dispute", game, "--url", live))
    assert listed.startswith(f"Dispute {n}: Dan claims that Cat broke a rule of play in trick 1 of hand 1.")
    assert "Cat reneged in trick 1 of hand 1: spades were led, and Cat played the 4 of clubs" in listed
    not_a_claim = run("dispute", game, 3, "--url", live)
    assert not_a_claim.exit_code != 0 and "has no dispute 3" in said(not_a_claim)


def test_a_game_without_claims_refuses_a_dispute(live):  # noqa: F811
    game = created(live, "the-queens", "Ann")
    refused = run("dispute", game, "--by", "Ann", "--accused", "Ann", "--trick", 1, "--url", live)
    assert refused.exit_code == EXIT_REFUSED and "The Queens has no claims to dispute." in said(refused)


def test_legal_lines_name_seats_and_write_each_value_as_log_takes_it():
    actions = [{"action": "draw", "seat": 1},
               {"action": "attack", "seat": 1, "card": "JS", "target": 0},
               {"action": "attack", "seat": 1, "card": "JS", "target": 2},
               {"action": "end_turn", "seat": 1, "discards": ["2C", "8D"]},
               {"action": "end_turn", "seat": 1, "discards": ["2C", "7C"]},
               {"action": "end_turn", "seat": 1}]
    assert choice_lines("dungeon", actions, Names(["Ann", "Bob", "Cat"])) == [
        "draw", "attack card=JS target: Ann Cat", 'end_turn discards: ["2C","8D"] ["2C","7C"] (none)']
