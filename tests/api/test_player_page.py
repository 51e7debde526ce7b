"""Each player has a page, /player/<id>, with no token: their names (merges followed), the session
games they played with session, round, table and result, their rating game by game, and the claims
by or against them; never a hand. ``GET /players/{id}`` and ``courtcard player show`` carry the same
facts."""

from __future__ import annotations

import re

from tests.api.club_helpers import add_roster, open_session, seat
from tests.api.test_cli import live, run  # noqa: F401 (live is the fixture of `courtcard serve`)
from tests.api.test_director_desk_finished import end, session_table

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")


def played_with_a_claim(client, director_headers):
    """A roster of four whose first player was also entered as "Annie" (merged since), one session
    table where Bob claims against Cat in trick 1 of hand 1, the game ended and confirmed."""
    ids = add_roster(client, ["Ann", "Bob", "Cat", "Dan <Danny> & Co"])
    extra = add_roster(client, ["Annie"])[0]
    session_id, headers = open_session(client, [extra, *ids[1:]], tables=1, options={"first_dealer": 0},
                                     record="known")
    made = seat(client, session_id, headers, seating=[[extra, *ids[1:]]])["tables"][0]
    table = session_table(client, made["game_id"], made["token"])
    table.start_hand()
    for _ in range(4):
        seat_ = table.view()["to_act"][0]
        legal = client.get(f"/games/{table.game_id}/legal", query_string={"seat": seat_}, headers=table.headers)
        table.act("play", seat=seat_, card=next(a["card"] for a in legal.get_json()["actions"] if a["action"] == "play"))
    filed = client.post(f"/games/{table.game_id}/disputes", json={"seat": 1, "accused": 2, "trick": 1}, headers=table.headers)
    assert filed.status_code == 202, filed.get_json()
    end(table)
    merged = client.post("/players/merges", json={"kept": ids[0], "merged": extra}, headers=director_headers)
    assert merged.status_code == 201, merged.get_json()
    return ids, session_id, table.game_id


def test_a_players_page_follows_merges_and_lists_games_ratings_and_claims_by_or_against_them(client, director_headers):
    ids, session_id, game_id = played_with_a_claim(client, director_headers)
    ann = client.get(f"/players/{ids[0]}").get_json()
    assert ann["names"] == ["Ann", "Annie"]
    assert [(g["session_id"], g["round"], g["table"], g["game_id"], g["finished"]) for g in ann["games"]] == \
        [(session_id, 1, 1, game_id, True)]
    assert [(r["game"], [h["game_id"] for h in r["history"]]) for r in ann["ratings"]] == [("queens-dungeon", [game_id])]
    assert ann["disputes"] == []  # Bob's claim was against Cat
    bob, cat = (client.get(f"/players/{pid}").get_json() for pid in ids[1:3])
    assert [(d["role"], d["claimant"], d["accused"], d["hand"], d["trick"], d["game_id"]) for d in bob["disputes"]] == \
        [("claimant", "Bob", "Cat", 1, 1, game_id)]
    assert [d["role"] for d in cat["disputes"]] == ["accused"] and cat["disputes"][0]["verdict"] is not None


def test_a_players_page_needs_no_token_escapes_every_name_and_never_shows_a_card(client, director_headers):
    ids, session_id, game_id = played_with_a_claim(client, director_headers)
    page = client.get(f"/player/{ids[3]}")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "Dan &lt;Danny&gt; &amp; Co" in html and "<Danny>" not in html
    assert game_id in html and f"/session/{session_id}" in html and "Rating" in html
    assert not CARD.findall(html)
    bob = client.get(f"/player/{ids[1]}").get_data(as_text=True)
    assert "Bob claimed against Cat, hand 1 trick 1" in bob and not CARD.findall(bob)
    assert "Also known as: Annie" in client.get(f"/player/{ids[0]}").get_data(as_text=True)
    assert client.get("/player/nobody-here").status_code == 404


def test_courtcard_player_show_says_the_players_names_ratings_and_claims(live, client, director_headers):  # noqa: F811
    ids, _session_id, game_id = played_with_a_claim(client, director_headers)
    shown = run("player", "show", ids[1], "--url", live)
    assert shown.exit_code == 0, shown.output
    assert "Rating in queens-dungeon" in shown.output
    assert f"Dispute: Bob claimed against Cat, hand 1 trick 1, game {game_id}" in shown.output
    assert "Also known as: Annie" in run("player", "show", ids[0], "--url", live).output


def test_roster_player_is_found_by_name_or_alias_as_by_id_with_did_you_mean(live, client):  # noqa: F811
    """`courtcard player show Ann` (and GET /players/Ann) finds the player a name or an alias names,
    as a session's seating does; a name nobody has is a 404 naming the nearest names."""
    ids = add_roster(client, ["Ann", "Bob"])
    by_name = client.get("/players/ann")
    assert by_name.status_code == 200 and by_name.get_json()["player_id"] == ids[0]
    shown = run("player", "show", "Bob", "--url", live)
    assert shown.exit_code == 0 and ids[1] in shown.output, shown.output
    unknown = client.get("/players/Anne")
    assert unknown.status_code == 404
    assert "Did you mean 'Ann'?" in unknown.get_json()["detail"]
