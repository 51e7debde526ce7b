"""Disputed reneges: logged through the referee at once, explained from the log alone."""

from __future__ import annotations

from tests.workers.playing import RENEGE_DEAL, ApiTable
from workers.catalog import GameCatalog
from workers.disputes import DISPUTES
from workers.readmodels import ReadModels


def renege_in_trick_one(client) -> ApiTable:
    """Seat 2 (Cat) throws 4C on the AS lead while holding 3S; the trick is completed."""
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("AS", "4C", "5S", "6S")
    return table


def file(table: ApiTable, **claim) -> dict:
    response = table.client.post(f"/games/{table.game_id}/disputes", json=claim, headers=table.headers)
    assert response.status_code == 202, response.get_json()
    body = response.get_json()
    assert response.headers["Location"] == body["location"] == f"/games/{table.game_id}/disputes/{body['dispute']}"
    return body


def ruling_of(table: ApiTable, n: int) -> dict:
    # A known record in progress: the explanation cites the deal, so it is the scorekeeper's.
    assert table.client.get(f"/games/{table.game_id}/disputes/{n}").status_code == 401
    response = table.client.get(f"/games/{table.game_id}/disputes/{n}", headers=table.headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["ruling"]


def test_dispute_upheld_in_window_c_sets_the_total_and_cites_the_deal(client):
    table = renege_in_trick_one(client)
    table.play("7S")  # trick 2 is led: window C
    filed = file(table, seat=3, accused=2, trick=1)
    ruling = ruling_of(table, filed["dispute"])
    assert ruling["status"] == "ruled"
    assert (ruling["ruling"]["verdict"], ruling["window"]) == ("upheld", "C")
    assert [p["type"] for p in ruling["penalty"]] == ["TotalSet"]
    cited = {e["type"]: e["version"] for e in ruling["evidence_events"]}
    assert set(cited) == {"CardPlayed", "HandDealt"}
    events = client.get(f"/games/{table.game_id}/events", headers=table.headers).get_json()["events"]
    dealt = next(e for e in events if e["type"] == "HandDealt")
    assert cited["HandDealt"] == dealt["version"] and "3S" in dealt["payload"]["hands"][2]
    text = ruling["read_aloud"]
    assert "Dan claims that Cat broke a rule of play in trick 1 of hand 1." in text
    assert "Cat reneged in trick 1 of hand 1" in text and "found out after the next trick was led" in text
    assert "the total goes from 0 to -100" in text


def test_dispute_against_a_card_that_followed_suit_is_not_proven_and_costs_nothing(client):
    table = renege_in_trick_one(client)
    filed = file(table, seat=2, accused=3, trick=1)
    ruling = ruling_of(table, filed["dispute"])
    assert ruling["ruling"]["verdict"] == "not_proven"
    assert ruling["penalty"] == []
    assert "not proven" in ruling["read_aloud"] and "the card followed the rules" in ruling["read_aloud"]
    assert "No penalty." in ruling["read_aloud"]


def test_a_claim_against_a_card_that_followed_suit_never_says_it_did_not_follow(client):
    table = renege_in_trick_one(client)
    filed = file(table, seat=2, accused=3, trick=1)  # Dan followed spades
    ruling = ruling_of(table, filed["dispute"])
    said = [ruling["summary"], ruling["read_aloud"],
            *(r["said"] for r in table.view()["view"]["rulings"] if r["type"] == "ruling")]
    assert "Cat's claim against Dan's 5 of spades in trick 1 of hand 1 is not proven: the card followed the rules" \
        in ruling["summary"]
    for text in said:
        assert "did not follow" not in text and "reneged" not in text, text
    assert client.get(f"/games/{table.game_id}").get_json()["view"]["totals"] == [0, 0, 0, 0]


def test_dispute_after_the_hand_is_upheld_in_window_d_without_penalty_and_still_reported(client):
    table = renege_in_trick_one(client)
    before = table.play_out_hand()
    assert before["view"]["hand"]["over"]
    filed = file(table, seat=0, accused=2, trick=1)
    ruling = ruling_of(table, filed["dispute"])
    assert (ruling["ruling"]["verdict"], ruling["window"]) == ("upheld", "D")
    assert ruling["penalty"] == []
    assert "after the hand was over" in ruling["read_aloud"] and "No penalty." in ruling["read_aloud"]
    after = client.get(f"/games/{table.game_id}").get_json()
    assert after["view"]["totals"] == before["view"]["totals"]
    rulings = [r for r in after["view"]["rulings"] if r["type"] == "ruling"]
    assert [(r["verdict"], r["window"]) for r in rulings] == [("upheld", "D")]


def test_dispute_in_window_b_reports_the_later_setting_when_the_penalty_is_declined(client):
    table = renege_in_trick_one(client)
    filed = file(table, seat=1, accused=2, trick=1)
    assert ruling_of(table, filed["dispute"])["window"] == "B"
    table.play("7S")  # the next trick is led without the penalty accepted: the setting applies
    ruling = ruling_of(table, filed["dispute"])
    assert [p["type"] for p in ruling["later"]] == ["RenegeRuled", "TotalSet"]
    assert "Later: Cat reneged in trick 1 of hand 1" in ruling["read_aloud"]
    assert "found out after the next trick was led" in ruling["read_aloud"]


def test_an_event_that_is_not_a_claim_is_no_dispute(client):
    table = renege_in_trick_one(client)
    for n in (3, 0, 10**30):
        response = client.get(f"/games/{table.game_id}/disputes/{n}", headers=table.headers)
        assert response.status_code == 404 and response.get_json()["code"] == "no_such_dispute"


def test_a_dispute_the_referee_refuses_writes_nothing(client):
    table = renege_in_trick_one(client)
    version = table.view()["version"]
    response = client.post(f"/games/{table.game_id}/disputes", json={"seat": 2, "accused": 2, "trick": 1},
                           headers=table.headers)
    assert response.status_code == 422
    assert table.view()["version"] == version


def test_a_games_disputes_are_listed_one_line_each_for_any_reader(client):
    table = renege_in_trick_one(client)
    table.play("7S")
    filed = file(table, seat=3, accused=2, trick=1)
    listed = client.get(f"/games/{table.game_id}/disputes")  # no token: the lines say what the table saw
    assert listed.status_code == 200
    [line] = listed.get_json()["disputes"]
    assert (line["dispute"], line["kind"], line["status"]) == (filed["dispute"], "claim", "ruled")
    assert line["summary"].startswith("Dan claims that Cat broke a rule of play in trick 1 of hand 1. Cat reneged in "
                                      "trick 1 of hand 1: spades were led, and Cat played the 4 of clubs though able "
                                      "to follow.")
    assert "3 of spades" not in line["summary"] and "3S" not in line["summary"]  # the card that proves it is still in Cat's hand


def test_a_claims_evidence_never_cites_a_card_the_scorekeeper_undid(client):
    table = ApiTable(client)
    table.start_hand(RENEGE_DEAL)
    table.play("7S")  # Bob led the ace of spades: the 7 was a mis-entry
    undone = client.post(f"/games/{table.game_id}/actions", json={"action": "undo"}, headers=table.headers)
    assert undone.status_code == 201, undone.get_json()
    table.play("AS", "4C", "5S", "6S", "7S")
    filed = file(table, seat=3, accused=2, trick=1)
    ruling = ruling_of(table, filed["dispute"])
    events = client.get(f"/games/{table.game_id}/events", headers=table.headers).get_json()["events"]
    played = {e["payload"]["card"]: e["version"] for e in events if e["type"] == "CardPlayed"}
    mistyped = next(e["version"] for e in events if e["type"] == "CardPlayed")
    led = [p for p in ruling["evidence_events"] if p["type"] == "CardPlayed"]
    assert [(p["version"], p["says"]) for p in led] == [(played["AS"], "Bob led the ace of spades"),
                                                        (played["4C"], "Cat played the 4 of clubs")]
    assert "7 of spades" not in ruling["read_aloud"] and f"Event {mistyped}:" not in ruling["read_aloud"]


def test_a_games_disputes_listed_are_a_read_model_kept_by_the_records_head(client, redis_client):
    table = renege_in_trick_one(client)
    url = f"/games/{table.game_id}/disputes"
    empty = client.get(url).get_json()
    head = table.view()["version"]
    assert (empty["ready"], empty["version"], empty["disputes"]) == (True, head, [])
    assert ReadModels(redis_client).get(table.game_id, DISPUTES) == (head, {"game_id": table.game_id, "version": head,
                                                                            "disputes": []})
    filed = file(table, seat=3, accused=2, trick=1)
    listed = client.get(url).get_json()
    head = table.view()["version"]
    assert (listed["version"], [d["dispute"] for d in listed["disputes"]]) == (head, [filed["dispute"]])
    assert ReadModels(redis_client).get(table.game_id, DISPUTES)[1]["disputes"] == listed["disputes"]


def test_a_game_whose_record_is_not_yet_written_is_not_found_by_its_disputes_as_by_its_view(
        client, redis_client):
    # Created, its record not yet written.
    GameCatalog(redis_client).register("g-not-written", "dungeon", "known", False, "its token")
    for url in ("/games/g-not-written", "/games/g-not-written/disputes", "/games/g-not-written/disputes/1"):
        response = client.get(url, headers={"Authorization": "Bearer its token"})
        assert (response.status_code, response.get_json()["code"]) == (404, "game_not_found"), url
    assert ReadModels(redis_client).get("g-not-written", DISPUTES) is None
