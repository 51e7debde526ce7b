"""The ``courtcard`` command takes seats by name and answers a typo with what was meant, and
``log --help`` lists every game's actions and fields; against `courtcard serve`. A refused typo
writes nothing. Errors about the token say where it is kept, never which HTTP header to send."""

from __future__ import annotations

import json

from api.cli import EXIT_REFUSED, EXIT_USAGE
from api.cli_actions import action_fields
from api.cli_support import problem_text
from api.client import ApiError
from referee.registry import game_names, get_game
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_cli_show import created, log, said


def version(live, game) -> int:
    return json.loads(run("show", game, "--url", live, "--json").output)["version"]


def test_seats_are_named_in_log_show_and_legal_in_any_case(live):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", record="blind", options=["first_dealer=0"])
    assert log(live, game, "call_trump", "seat=ann", "suit=H").startswith("Ann calls hearts trump for hand 1.")
    log(live, game, "deal")
    assert log(live, game, "play", "seat=BOB", "card=AS").startswith("Bob plays the ace of spades.")
    assert said(run("legal", game, "--seat", "Cat", "--url", live)).startswith("Cat may: play card: ")
    seat_view = run("show", game, "--seat", "Cat", "--url", live)
    assert seat_view.exit_code == 0 and "Trick 1: Bob AS; Cat to play." in said(seat_view)
    # A number still names a seat, as before.
    assert log(live, game, "play", "seat=2", "card=4C").startswith("Cat plays the 4 of clubs.")


def test_a_mistyped_player_action_field_or_card_is_answered_with_what_was_meant_and_logs_nothing(live):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", record="blind", options=["first_dealer=0"])
    log(live, game, "call_trump", "seat=Ann", "suit=H")
    log(live, game, "deal")
    before = version(live, game)
    player = run("log", game, "play", "seat=Bbo", "card=AS", "--url", live)
    assert player.exit_code == EXIT_USAGE and "'Bbo' is not one of this game's players (Ann, Bob, Cat, Dan). Did you mean 'Bob'?" in said(player)
    action = run("log", game, "plya", "seat=Bob", "card=AS", "--url", live)
    assert action.exit_code == EXIT_USAGE and "Queen's Dungeon has no action 'plya'. Did you mean 'play'?" in said(action)
    field = run("log", game, "play", "seat=Bob", "crad=AS", "--url", live)
    assert field.exit_code == EXIT_USAGE and "'play' has no field 'crad'. Did you mean 'card'? Its fields: seat, card." in said(field)
    card = run("log", game, "play", "seat=Bob", "card=AX", "--url", live)
    # A card no game can read is refused before sending, as every typo is (exit 2).
    assert card.exit_code == EXIT_USAGE and "card=AX is not a card" in said(card)
    assert "Did you mean" in said(card) and "'AS'" in said(card)
    dispute = run("dispute", game, "--by", "Dan", "--accused", "Bob", "--trick", "1", "--shown", "QX", "--url", live)
    assert dispute.exit_code == EXIT_USAGE and "shown=QX is not a card" in said(dispute)
    shown = run("show", game, "--seat", "Dna", "--url", live)
    assert shown.exit_code == EXIT_USAGE and "Did you mean 'Dan'?" in said(shown)
    assert version(live, game) == before


def test_a_new_games_first_dealer_is_named_and_a_mistyped_game_or_option_is_answered(live):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", options=["first_dealer=cat"])
    assert "Phase: call trump; dealer: Cat." in said(run("show", game, "--url", live))
    kind = run("new", "queens-dungen", "--seat", "Ann", "--url", live)
    assert kind.exit_code == EXIT_USAGE and "'queens-dungen' is no game of Courtcard" in said(kind)
    assert "Did you mean 'queens-dungeon'" in said(kind)
    option = run("new", "queens-dungeon", "--seat", "Ann", "--seat", "Bob", "--option", "frist_dealer=0", "--url", live)
    assert option.exit_code == EXIT_USAGE and "has no option 'frist_dealer'. Did you mean 'first_dealer'?" in said(option)
    assert json.loads(run("list", "--url", live, "--json").output)["total"] == 1  # the typos created nothing


def test_log_help_lists_every_games_actions_and_their_fields_from_the_registered_commands():
    result = run("log", "--help")
    assert result.exit_code == 0
    text = said(result)
    assert "seat=Bob" in text  # seats by name, in the usage
    for name in game_names():
        game = get_game(name)
        section = text.split(f"{game.title} ({name}):", 1)[1]
        for action in sorted(game.command_schemas):
            fields = action_fields(name, action)
            listed = " ".join(f"{k}=" if f.required else f"[{k}=]" for k, f in fields.items()) or "(no fields)"
            assert f"{action} {listed}" in section, (name, action, listed)


def test_a_missing_or_wrong_token_says_where_the_token_is_kept_not_which_header_to_send(live, tmp_path, monkeypatch):  # noqa: F811
    game = created(live, "queens-dungeon", "Ann", "Bob", "Cat", "Dan", options=["first_dealer=0"])
    monkeypatch.setenv("COURTCARD_HOME", str(tmp_path / "another-machine"))  # a token book without this game
    missing = run("log", game, "call_trump", "seat=Ann", "suit=H", "--url", live)
    assert missing.exit_code == EXIT_REFUSED
    text = said(missing)
    assert f"Game {game} needs its scorekeeper's token. Run the command on the machine that created the game" in text
    assert "or set COURTCARD_TOKEN to the token `courtcard new` printed." in text
    assert "Authorization" not in text and "header" not in text
    monkeypatch.setenv("COURTCARD_TOKEN", "not-the-token")
    wrong = said(run("legal", game, "--seat", "Ann", "--url", live))
    assert "is not the scorekeeper's token" in wrong and "COURTCARD_TOKEN" in wrong and "Authorization" not in wrong


def test_an_action_whose_outcome_is_unknown_is_retried_with_the_same_key_on_the_command_line():
    unknown = ApiError(503, {"code": "outcome_unknown", "idempotency_key": "k-42",
                             "detail": "Send it again with the header Idempotency-Key: k-42 ..."})
    assert "Run the same command again with --key k-42: that settles it" in problem_text(unknown)
    reused = ApiError(422, {"code": "idempotency_key_reused", "detail": "Idempotency-Key 'k' was already used on game g."})
    assert problem_text(reused) == "--key 'k' was already used on game g."


def test_log_reads_from_the_services_catalog_the_seat_fields_the_rules_declare(live):  # noqa: F811
    """``courtcard log`` takes a name wherever the referee's command has a seat, and nowhere else
    (The Queens' ``target`` is a place): the catalog it reads says the same as the rules."""
    from api.cli_actions import GameCommands
    from api.client import Client
    from referee.fields import SeatField

    for entry in Client(live).catalog():
        commands = GameCommands(entry)
        for action in get_game(entry["name"]).command_schemas:
            declared = {k for k, f in action_fields(entry["name"], action).items() if isinstance(f, SeatField)}
            assert {k for k in commands.fields(action) if commands.is_seat(action, k)} == declared, (entry["name"], action)
            assert list(commands.fields(action)) == list(action_fields(entry["name"], action)), (entry["name"], action)
