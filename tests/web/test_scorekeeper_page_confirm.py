"""Players confirm the score on the page: at the end of a hand the scorekeeper's page shows the
hand's score with a confirm step (offered only as the referee's legal lists offer `confirm`); a
player picks their seat and taps "Agree", another taps "Disagree" with a note, and the page that
follows the table says the disagreement calls the director."""

from __future__ import annotations

from scorekeeper import PHONE, ApiTable, open_as_scorekeeper, tap, wait_version

#: What a hand played through the API never taps.
NOT_PLAYED = {"undo", "redo", "confirm", "claim_renege", "end_game", "take_back", "accept_penalty", "announce_challenge"}


def play_one_hand(table: ApiTable) -> None:
    """The first hand of Queen's Dungeon, each seat to act taking its first legal action."""
    while not table.view()["scores"]["hands"]:
        view = table.view()
        seat = view["to_act"][0] if view["to_act"] else view["view"]["dealer"]
        action = next(a for a in table.legal(seat) if a["action"] not in NOT_PLAYED)
        table.act(**action)


def test_a_player_confirms_the_hands_score_and_another_disagrees_calling_the_director(live_server, pages):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0, "detection": "announced"})
    play_one_hand(table)
    page, follower = pages(PHONE), pages(PHONE)
    errors: list[str] = []
    for p in (page, follower):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    open_as_scorekeeper(page, table.base, table)
    follower.goto(f"{table.base}/play/{table.game_id}")  # the table's link: no token, read only

    step = page.locator("#confirm")
    assert step.is_visible() and "Confirm hand 1's score" in step.inner_text()
    totals = table.view()["scores"]["hands"][0]["totals"]
    assert f"(total {totals[0]})" in page.inner_text("#confirm .confirm-score")
    # Every player's seat is offered, as the referee's legal lists offer them.
    assert page.locator("#confirm select[name=seat] option").all_inner_texts() == ["Ann", "Bob", "Cat", "Dan"]
    assert not follower.locator("#confirm button").count()  # no token: nothing to log

    page.select_option("#confirm select[name=seat]", "3")
    page.fill("#confirm input[name=note]", "we took the last trick")
    version = tap(page, "#confirm [data-key=confirm-disagree]")
    assert page.inner_text("#confirm-note") == "Dan disagrees with hand 1's score: we took the last trick."
    wait_version(follower, version)
    follower.wait_for_selector("#confirm .confirmed-line")
    assert "Dan disagrees with hand 1's score: we took the last trick (the director is called)." in \
        follower.inner_text("#confirm")

    # Dan has confirmed: the step offers the other seats only.
    assert page.locator("#confirm select[name=seat] option").all_inner_texts() == ["Ann", "Bob", "Cat"]
    page.select_option("#confirm select[name=seat]", "2")
    tap(page, "#confirm [data-key=confirm-agree]")
    assert page.inner_text("#confirm-note") == "Cat confirms hand 1's score."
    confirmations = table.view()["confirmations"]
    assert [(d["seat"], d["hand"]) for d in confirmations["disagreements"]] == [(3, 1)]
    assert not errors
