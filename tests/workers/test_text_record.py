"""The text record: every game's record written as text and read back into the very same events,
hashes and text; a forged text refused at its line with the reason; the route and the import."""

from __future__ import annotations

import json
import random

import orjson
import pytest

from api.app import create_app
from events.envelope import GENESIS_HASH, Envelope, canonical_json, envelope_hash
from events.registry import registry
from referee.registry import get_game
from referee.replay import replay
from tests.workers.playing import RENEGE_DEAL, ApiTable
from workers.imports import ImportRejected, check_history
from workers.text_record import read_text, write_text

SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
#: One game of each kind, played at random by the referee's own legal actions (no early end).
GAMES = {
    "queens-dungeon": ({"players": 4, "first_dealer": 0, "target": 100}, SEATS[:4], "known"),
    "queen-bees": ({"target": 30, "detection": "on_claim"}, SEATS[:4], "known"),
    "black-queen": ({"hands": 2}, SEATS, "known"),
    "dungeon": ({"players": 3}, SEATS[:3], "known"),
    "the-queens": ({}, ["Ann"], "known"),
}
#: Blind records and Dungeon's variants (hidden cards, salts, interrupts) read back as well.
VARIANTS = {
    "queens-dungeon blind": ("queens-dungeon", ({"players": 4, "first_dealer": 0, "target": 100}, SEATS[:4], "blind")),
    "black-queen blind": ("black-queen", ({"hands": 2}, SEATS, "blind")),
    "the-queens blind": ("the-queens", ({}, ["Ann"], "blind")),
    "dungeon pitch black, counter attack 3": ("dungeon", ({"players": 5, "darkness": "pitch_black", "counter_attack": 3},
                                                          SEATS[:5], "known")),
    "dungeon jokers wild, suicide queen, two decks": ("dungeon", ({"players": 4, "jokers_wild": True, "suicide_queen": True,
                                                                   "decks": 2}, SEATS[:4], "known")),
}


def random_record(name: str, seed: int = 1, steps: int = 400, setup: tuple | None = None) -> list:
    game = get_game(name)
    options, seats, record = setup or GAMES[name]
    rng = random.Random(seed)
    log = game.start(options, seats, record, rng)
    state = replay(log)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        commands = [c for s in range(len(seats)) for c in game.legal_actions(state, s)
                    if game.action_of(c) not in ("end_game", "give_up", "undo", "redo", "confirm")]  # an undo: tests/api/test_undo.py
        batch = game.decide(state, rng.choice(commands), rng)
        for event in batch:
            state = game.apply(state, event)
        log += batch
    return log


def envelopes_of(events: list, game_id: str = "g1") -> list[Envelope]:
    """The events as a store records them: chained, one command id per event, as JSON reads back."""
    out, prev = [], GENESIS_HASH
    for version, event in enumerate(events, 1):
        name, schema_version, payload = registry.encode(event)
        item = {"event_id": f"e{version}", "game_id": game_id, "version": version, "type": name,
                "schema_version": schema_version, "payload": orjson.loads(canonical_json(payload)),
                "recorded_at": "2026-11-23T18:00:00.000000Z", "actor": "scorekeeper", "prev_hash": prev,
                "command_id": f"action:{version}"}
        item["hash"] = prev = envelope_hash(item)
        out.append(Envelope.from_dict(item, registry.decode(name, schema_version, item["payload"])))
    return out


def text_of(envelopes: list[Envelope]) -> str:
    return write_text(envelopes, (envelopes[-1].version, envelopes[-1].hash))


@pytest.mark.parametrize("case", [*sorted(GAMES), *VARIANTS])
def test_text_record_reads_back_into_the_same_events_and_the_same_text(case):
    name, setup = VARIANTS.get(case, (case, None))
    envelopes = envelopes_of(random_record(name, setup=setup))
    text = text_of(envelopes)
    read = read_text(text)
    assert read.lines[:-1] == [canonical_json(e.to_dict()) for e in envelopes]  # every field, hash and salt
    again = [Envelope.from_dict(orjson.loads(line)) for line in read.lines[:-1]]
    assert text_of([Envelope.from_dict(e.to_dict(), registry.decode(e.type, e.schema_version, e.payload))
                    for e in again]) == text
    assert check_history(read.lines).head == (envelopes[-1].version, envelopes[-1].hash)


def test_text_record_has_the_tag_pairs_and_one_line_per_trick_with_rulings_as_comments():
    game = get_game("queens-dungeon")
    log = random_record("queens-dungeon", steps=30)
    text = text_of(envelopes_of(log))
    head, _, body = text.partition("\n\n")
    tags = [line.split(" ", 1)[0][1:] for line in head.splitlines()]
    assert tags == ["Event", "Site", "Date", "Game", "GameId", "Players", "Record", "Options", "Result"]
    assert '[Players "Ann" "Bob" "Cat" "Dan"]' in head and '[Date "2026.11.23"]' in head
    assert "{Hand 1}" in body and "; " in body
    tricks = [line for line in body.splitlines() if "{Trick " in line]
    assert tricks and all(line.count(" play ") == 4 for line in tricks[1:])
    assert game.name in head


def test_a_move_altered_in_a_text_record_with_its_chain_is_refused_at_its_line():
    text = text_of(envelopes_of(random_record("queens-dungeon", steps=30)))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Ann call_trump") or " call_trump " in line)
    suit = lines[at].split("call_trump ")[1][0]
    lines[at] = lines[at].replace(f"call_trump {suit}", f"call_trump {'S' if suit != 'S' else 'H'}", 1)
    with pytest.raises(ImportRejected) as refused:
        read_text("\n".join(lines))
    assert refused.value.line == at + 1
    assert "the moves and the chain disagree" in refused.value.reason and "altered" in refused.value.reason


def test_a_comment_that_says_another_ruling_reads_back_and_is_told_at_its_line_as_not_verified():
    text = text_of(envelopes_of(random_record("queens-dungeon", steps=30)))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if "{Trick 1 to " in line)
    winner = lines[at].split("{Trick 1 to ")[1].split(".")[0]
    lied = lines[at].replace(f"Trick 1 to {winner}", f"Trick 1 to {'Ann' if winner != 'Ann' else 'Bob'}")
    lines[at] = lied
    read = read_text("\n".join(lines))
    assert read.lines == read_text(text).lines  # the facts are the record's: the comment changes no event
    assert read.reworded == [{"line": at + 1, "says": lied.split("{")[1].rstrip("}"),
                              "today": text.split("\n")[at].split("{")[1].rstrip("}")}]
    assert read_text(text).reworded == []


def test_a_text_record_worded_by_an_earlier_release_reads_back_and_imports(client):
    from tests.referee.test_dungeon_golden_games import EXPECTED

    envelopes = envelopes_of(EXPECTED)
    text = text_of(envelopes)
    today, before = "{Ann defeats the jack of spades with the 8 and 3 of hearts.}", "{Ann defeats the jack of spades.}"
    assert today in text
    earlier = text.replace(today, before)  # as the release before worded it
    earlier = earlier.replace('[Result "Ann wins (last alive)"]', '[Result "Ann wins (last_alive)"]')
    at = next(i for i, line in enumerate(earlier.split("\n"), 1) if before in line)
    result = next(i for i, line in enumerate(earlier.split("\n"), 1) if line.startswith("[Result "))
    read = read_text(earlier)
    assert read.lines == read_text(text).lines
    assert read.reworded == [{"line": result, "says": '"Ann wins (last_alive)"', "today": '"Ann wins (last alive)"'},
                             {"line": at, "says": before[1:-1], "today": today[1:-1]}]
    assert check_history(read.lines).head == (envelopes[-1].version, envelopes[-1].hash)
    response = client.post("/imports", data=earlier.encode(), content_type="text/plain")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["words_not_verified"] == read.reworded  # the uploader is told
    token = {"Authorization": f"Bearer {response.get_json()['token']}"}
    again = client.get(f"/games/{response.get_json()['game_id']}/export", query_string={"format": "text"},
                       headers=token).get_data(as_text=True)
    assert today in again and before not in again  # exported again in today's words


def test_a_tag_or_a_move_line_that_is_not_the_records_is_refused_at_its_line():
    text = text_of(envelopes_of(random_record("queens-dungeon", steps=30)))
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[Record "))
    lines[at] = '[Record "known" "blind"]'
    with pytest.raises(ImportRejected) as refused:
        read_text("\n".join(lines))
    assert refused.value.line == at + 1 and "where the record gives" in refused.value.reason
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if "; " in line and "{" in line)
    first, _, rest = lines[at].partition("; ")
    lines[at:at + 1] = [first, rest]  # the same moves, cut at another place
    with pytest.raises(ImportRejected) as refused:
        read_text("\n".join(lines))
    assert refused.value.line == at + 1 and "where the record gives" in refused.value.reason


def test_a_text_record_without_its_chain_is_refereed_afresh_and_an_impossible_move_is_refused():
    text = text_of(envelopes_of(random_record("queens-dungeon", steps=30)))
    bare = "\n".join(line for line in text.split("\n") if not line.startswith("%"))
    read = read_text(bare)
    assert check_history(read.lines).head[0] == len(read.lines) - 1
    lines = bare.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Ann call_trump"))  # Ann deals first
    lines[at] = lines[at].replace("Ann call_trump", "Bob call_trump", 1)
    with pytest.raises(ImportRejected) as refused:
        read_text("\n".join(lines))
    assert refused.value.line == at + 1 and refused.value.reason.startswith("the referee refuses 'Bob call_trump")


def test_text_export_import_export_gives_the_same_text_byte_for_byte(client, redis_client, redis_url):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C", "5S", "6S", "7S")
    table.act("claim_renege", seat=3, accused=2, trick=1)
    response = client.get(f"/games/{table.game_id}/export", query_string={"format": "text"}, headers=table.headers)
    assert response.status_code == 200 and response.content_type == "text/plain; charset=utf-8"
    assert response.headers["Content-Disposition"] == f'inline; filename="game-{table.game_id}.txt"'
    original = response.get_data(as_text=True)
    assert "Bob play 7S; Dan claim_renege 2 trick=1 hand=1 {Cat reneged in trick 1 of hand 1" in original and "Ruled on Dan's claim." in original
    assert "% signature " in original
    redis_client.flushdb()
    elsewhere = create_app({"REDIS_URL": redis_url, "TESTING": True, "COURTCARD_JOBS_INLINE": True}).test_client()
    imported = elsewhere.post("/imports", data=original.encode(), content_type="text/plain")
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["game_id"] == table.game_id
    token = {"Authorization": f"Bearer {imported.get_json()['token']}"}
    again = elsewhere.get(f"/games/{table.game_id}/export", query_string={"format": "text"}, headers=token)
    *lines, signature, end = again.get_data(as_text=True).split("\n")
    *original_lines, original_signature, _end = original.split("\n")
    assert lines == original_lines and end == ""  # byte for byte but for the signature:
    # signed as imported (never as recorded here), keeping the file's own signature.
    said = json.loads(signature.removeprefix("% signature "))
    assert said["imported"]["original"]["signature"] == json.loads(original_signature.removeprefix("% signature "))
    assert elsewhere.get(f"/games/{table.game_id}").get_json()["view"]["totals"] == [0, 0, -100, 0]


def test_a_forged_text_record_is_refused_through_the_api_naming_the_line_and_nothing_is_written(client, redis_client):
    table = ApiTable(client)
    table.start_hand()
    table.play_out_hand()
    text = client.get(f"/games/{table.game_id}/export", query_string={"format": "text"},
                      headers=table.headers).get_data(as_text=True)
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if " deal [[" in line)
    lines[at] = lines[at].replace('"2C"', '"XX"').replace('"AS"', '"2C"').replace('"XX"', '"AS"')  # two cards swapped
    keys_before = set(redis_client.keys("courtcard:*"))
    response = client.post("/imports", data="\n".join(lines).encode(), content_type="text/plain")
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["code"] == "import_rejected" and problem["line"] == at + 1
    assert "the moves and the chain disagree at event" in problem["reason"] and "altered" in problem["reason"]
    assert set(redis_client.keys("courtcard:*")) == keys_before


def test_a_text_record_upload_that_is_not_utf8_is_refused_naming_its_line_and_nothing_is_written(client, redis_client):
    table = ApiTable(client)
    table.start_hand()
    text = client.get(f"/games/{table.game_id}/export", query_string={"format": "text"},
                      headers=table.headers).get_data(as_text=True)
    lines = [line.encode() for line in text.split("\n")]
    assert lines[1] == b'[Site "Courtcard"]'
    lines[1] = b'[Site "Court\xe9card"]'  # Latin-1, not UTF-8
    keys_before = set(redis_client.keys("courtcard:*"))
    response = client.post("/imports", data=b"\n".join(lines), content_type="text/plain")
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["line"] == 2 and "a text record is UTF-8" in problem["reason"] and "byte 13 of the line" in problem["reason"]
    assert set(redis_client.keys("courtcard:*")) == keys_before


def test_a_player_whose_name_is_not_one_plain_word_is_written_by_seat_number_and_reads_back():
    names = ["Ann Lee", "play", "7", "Zoë"]
    setup = ({"players": 4, "first_dealer": 0, "target": 100}, names, "known")
    envelopes = envelopes_of(random_record("queens-dungeon", steps=40, setup=setup))
    text = text_of(envelopes)
    assert '[Players "Ann Lee" "play" "7" "Zoë"]' in text
    assert "@0 call_trump" in text and "@1 play " in text and "@2 play " in text and "Zoë play " in text
    assert read_text(text).lines[:-1] == [canonical_json(e.to_dict()) for e in envelopes]


def test_dungeon_text_record_says_the_verdict_on_a_myrmiddons_look_and_who_was_slain_in_comments():
    text = text_of(envelopes_of(random_record("dungeon", seed=3, steps=3000)))
    assert "Cat look {Cat looks at Bob's hand: the denial was true, so Cat discards their whole hand.}" in text
    assert "Cat is slain by the king of spades and is out of the game." in text
    assert '[Result "Ann wins (last alive)"]' in text


def test_a_text_record_saved_with_a_byte_order_mark_and_crlf_line_ends_imports_as_it_was(client):
    table = ApiTable(client)
    table.start_hand()
    table.play("3D")
    text = client.get(f"/games/{table.game_id}/export", query_string={"format": "text"},
                      headers=table.headers).get_data(as_text=True)
    redone = read_text(text).lines
    saved = ("\ufeff\r\n" + text.replace("\n", "\r\n")).encode("utf-8")  # and a blank line before the tags
    assert read_text(saved.decode("utf-8")).lines == redone
    response = client.post("/imports", data=saved, content_type="text/plain")
    assert response.status_code == 201, response.get_json()


def test_dungeon_golden_game_reads_back_and_says_the_bluff_found_out_and_the_player_slain():
    from tests.referee.test_dungeon_golden_games import EXPECTED  # written out by hand from the rules

    envelopes = envelopes_of(EXPECTED)
    text = text_of(envelopes)
    assert ("Ann myrmiddon QH target=1 ask=KS; Bob deny; Ann look {Ann looks at Bob's hand: Bob lied: Ann takes "
            "the king of spades and Bob discards the rest.}") in text
    assert "Bob retreat {Bob is slain by the king of clubs and is out of the game. Ann wins the game (last alive).}" in text
    assert read_text(text).lines[:-1] == [canonical_json(e.to_dict()) for e in envelopes]


def test_a_text_record_without_its_chain_imports_saying_its_words_were_not_compared(client):
    from tests.referee.test_dungeon_golden_games import EXPECTED

    chained = text_of(envelopes_of(EXPECTED))
    bare = "\n".join(line for line in chained.split("\n") if not line.startswith("%"))
    bare = bare.replace('[Result "Ann wins (last alive)"]', '[Result "Bob wins (escaped)"]')  # nothing checks it
    assert read_text(bare).reworded is None
    response = client.post("/imports", data=bare.encode(), content_type="text/plain")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["words_not_verified"] is None  # not "none differ": none were compared


def test_a_name_holding_a_newline_or_a_control_or_format_character_stays_in_its_tag_and_comments_and_reads_back():
    """A record of an earlier release may hold such names (a new game refuses them): each is
    written escaped, so it can neither start a forged line (``[Winner "Mallory"]``) nor act on
    a terminal showing the file, and reads back as the very name."""
    names = ["Ann", 'Mallory\n[Winner "Mallory"]', "Cat}\u202e", "Dan\x1b[2J"]
    setup = ({"players": 4, "first_dealer": 0, "target": 100}, names, "known")
    envelopes = envelopes_of(random_record("queens-dungeon", steps=60, setup=setup))
    text = text_of(envelopes)
    lines = text.split("\n")
    assert not any(line.startswith("[Winner") for line in lines)
    assert "\x1b" not in text and "\u202e" not in text and "\r" not in text
    assert r'[Players "Ann" "Mallory\n[Winner \"Mallory\"]" "Cat}\u202e" "Dan\u001b[2J"]' in lines
    said = [line for line in lines if r"Mallory\u000a[Winner" in line and not line.startswith("[")]
    assert said and all(line.count("{") == line.count("}") for line in said), said  # kept inside its comment
    read = read_text(text)
    assert read.lines[:-1] == [canonical_json(e.to_dict()) for e in envelopes] and read.reworded == []
    # Written by the release before, the format character stood in the tags as itself: the same names.
    before = text.replace(r"\u202e", "\u202e")
    assert read_text(before).lines == read.lines


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_with_players_confirmations_reads_back_into_the_same_events(name):
    from referee.confirmations import Confirm

    game = get_game(name)
    log = random_record(name, steps=3000)
    state = replay(log)
    seats = len(GAMES[name][1])
    commands = [Confirm(seat, agree=agree, note=note)
                for seat, agree, note in [(seats - 1, False, "one trick short, said Cat"), (0, True, None)][:seats]]
    if game.outcome(state) is None and name == "the-queens":  # a patience may go round for ever: given up
        commands.insert(0, next(c for c in game.legal_actions(state, 0) if game.action_of(c) == "give_up"))
    for command in commands:
        batch = game.decide(state, command, random.Random(0))
        for event in batch:
            state = game.apply(state, event)
        log += batch
    envelopes = envelopes_of(log)
    text = text_of(envelopes)
    assert "confirm" in text
    read = read_text(text)
    assert read.lines[:-1] == [canonical_json(e.to_dict()) for e in envelopes]
    # Without its chain the record is refereed afresh: the confirmations are decided again.
    bare = "\n".join(line for line in text.split("\n") if not line.startswith("%"))
    assert [orjson.loads(line)["payload"] for line in read_text(bare).lines[-1 - min(seats, 2):-1]] == \
        [e.payload for e in envelopes[-min(seats, 2):]]
