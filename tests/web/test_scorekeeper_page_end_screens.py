"""Every game's end screen on the scorekeeper's page and a watcher's, on a phone: a finished game
(ended by the scorekeeper, won, given up, stuck, the last player alive) shows how it ended, with no
error line, no script error, and again after a reload."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from scorekeeper import ApiTable, body_of, open_as_scorekeeper, wait_loaded

from referee.registry import get_game
from tests.referee.test_dungeon_golden_games import SCRIPT
from tests.referee.tq_lines import golden_order
from tests.referee.trick_golden import GOLDEN_DIR, load

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def ended_early(game: str, seats=("Ann", "Bob", "Cat", "Dan")):
    """A trick game the scorekeeper ends in its first trick ("End the game now")."""
    def setup(base: str) -> ApiTable:
        table = ApiTable.create(base, "blind", {} if game == "black-queen" else {"first_dealer": 0}, seats=seats, game=game)
        while table.view()["view"]["phase"] != "play":
            seat = table.view()["to_act"][0] if table.view()["to_act"] else 0
            offered = [a for a in table.legal(seat) if a["action"] not in ("end_game", "undo")]
            # a bid before a pass: an auction everyone passes is dealt again, for ever
            table.act(**next((a for a in offered if a["action"] != "pass"), offered[0]))
        table.act("end_game", reason="time")
        return table
    return setup


def dungeon_last_alive(base: str) -> ApiTable:
    table = ApiTable.create(base, "known", {"players": 2}, seats=("Ann", "Bob"), game="dungeon")
    for command in SCRIPT:
        table.act(**body_of(command))
    return table


def the_queens_given_up(base: str) -> ApiTable:
    table = ApiTable.create(base, "known", {"order": golden_order()}, seats=("Ann",), game="the-queens")
    table.act("deal", seat=0)
    table.act("give_up", seat=0)
    return table


def the_queens_stuck(base: str) -> ApiTable:
    """The golden stuck game (tests/golden/tq-stuck.json), its table's actions logged again."""
    _, events = load(GOLDEN_DIR / "tq-stuck.json")
    game = get_game("the-queens")
    # recorded before the new pack's rule was an option: the rule such a record is read with
    table = ApiTable.create(base, "known", {"new_pack": "talon_bottom"}, seats=("Ann",), game="the-queens")
    for command in filter(None, map(game.command_of, events[1:])):
        table.act(game.action_of(command), **{k: v for k, v in asdict(command).items() if v is not None})
    assert table.view()["outcome"]["reason"] == "stuck"
    return table


def golden_replayed(name: str):
    """A golden trick game (``tests/golden/<name>.json``), its table's actions logged again: it ends
    after a hand scored, the next dealer already known to the referee."""
    def setup(base: str) -> ApiTable:
        data, events = load(GOLDEN_DIR / f"{name}.json")
        game, created = get_game(data["game"]), events[0]
        table = ApiTable.create(base, created.record, created.options, seats=tuple(created.seats), game=data["game"])
        for command in filter(None, map(game.command_of, events[1:])):
            table.act(game.action_of(command), **{k: v for k, v in asdict(command).items() if v is not None})
        assert table.view()["status"] == "finished"
        state = game.initial_state()
        for event in events:
            state = game.apply(state, event)
        last = game.scores(state)["hands"][-1]
        SCORED_LAST[table.game_id] = (str(last["hand"]), created.seats[last["dealer"]])
        return table
    return setup


#: A finished game's last hand on its score sheet, by game id: (hand, its dealer's name).
SCORED_LAST: dict[str, tuple[str, str]] = {}


#: (game, how it ended, what the prompt says of it)
ENDS = [
    ("queens-dungeon-hands-played", golden_replayed("qd-4p-cut"), "Game over."),
    ("queen-bees-target", golden_replayed("qb-known-to-60"), "Game over."),
    ("queens-dungeon", ended_early("queens-dungeon"), "Game over."),
    ("queen-bees", ended_early("queen-bees"), "Game over."),
    ("black-queen", ended_early("black-queen", SIX), "Game over."),
    ("dungeon", dungeon_last_alive, "Game over. Ann wins"),
    ("the-queens-given-up", the_queens_given_up, "Game over: given up"),
    ("the-queens-stuck", the_queens_stuck, "Game over: stuck"),
]


def shown_cleanly(page, said: str) -> None:
    assert " ".join(page.inner_text("#prompt").split()).startswith(said)
    assert page.is_hidden("#notice"), page.inner_text("#notice")


@pytest.mark.parametrize("setup,said", [case[1:] for case in ENDS], ids=[case[0] for case in ENDS])
def test_a_finished_game_shows_how_it_ended_with_no_error_to_the_scorekeeper_and_to_watchers(live_server, pages, setup, said):
    table = setup(live_server.url)
    assert table.view()["status"] == "finished"
    errors: list[str] = []
    scorekeeper = pages()
    scorekeeper.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(scorekeeper, live_server.url, table)
    shown_cleanly(scorekeeper, said)
    assert "Nothing more to log" in scorekeeper.inner_text("#actions")
    scorekeeper.reload()
    wait_loaded(scorekeeper)
    shown_cleanly(scorekeeper, said)
    watcher = pages()
    watcher.on("pageerror", lambda exc: errors.append(str(exc)))
    watcher.goto(f"{live_server.url}/play/{table.game_id}")
    wait_loaded(watcher)
    shown_cleanly(watcher, said)
    assert not errors
    agrees_with_the_score_sheet(scorekeeper, table)


def agrees_with_the_score_sheet(page, table: ApiTable) -> None:
    """The table's dealer and hand, once the game is over, are the score sheet's last hand's."""
    if table.game_id not in SCORED_LAST:
        return  # ended before a hand was scored, or a game without hands
    facts = dict(zip(page.locator("#table dl.facts dt").all_inner_texts(),
                     page.locator("#table dl.facts dd").all_inner_texts()))
    hand, dealer = SCORED_LAST[table.game_id]
    assert (facts.get("Hand"), facts.get("Dealer")) == (hand, dealer), facts
