"""Joining a table from another device: the follow link (and its QR code) opens a read-only view;
the scorekeeper's link carries the token in its fragment, so a second browser can log, and the
token never reaches the server in an address."""

from __future__ import annotations

import pytest

from scorekeeper import PHONE, TABLET, open_as_scorekeeper
from scorekeeper import ApiTable, tap, wait_loaded


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_follow_link_opens_a_read_only_view_and_the_scorekeepers_link_lets_a_second_device_log(
        live_server, pages, screenshots, size):
    table = ApiTable.create(live_server.url, "known", {"first_dealer": 0})
    play_url = f"{live_server.url}/play/{table.game_id}"
    scorekeeper = pages(size)
    open_as_scorekeeper(scorekeeper, live_server.url, table)

    scorekeeper.click("#join summary")
    scorekeeper.wait_for_selector("#join [data-join=scorekeeper] img.qr")
    follow = scorekeeper.get_attribute("#join a[data-link=follow]", "href")
    handed = scorekeeper.get_attribute("#join a[data-link=scorekeeper]", "href")
    assert follow == play_url
    assert handed == f"{play_url}#token={table.token}"  # in the fragment, never in the query
    # Both QR codes are drawn (the images decoded), and the page says 127.0.0.1 will not do for a phone.
    assert scorekeeper.evaluate("[...document.querySelectorAll('#join img.qr')].map(i => i.naturalWidth > 0)") == [True, True]
    assert "which only this machine reaches" in scorekeeper.inner_text("#join")
    screenshots(scorekeeper, "join", sizes=("phone" if size == PHONE else "tablet",))

    watcher = pages(size)
    watcher.goto(follow)
    wait_loaded(watcher)
    assert watcher.get_attribute("#app", "data-role") == "watcher" and watcher.is_hidden("#actions")
    assert watcher.evaluate(f"localStorage.getItem('courtcard.token.{table.game_id}')") is None
    # The follow link's own join panel offers no scorekeeper's link: a watcher has no token to hand on.
    watcher.click("#join summary")
    watcher.wait_for_selector("#join [data-join=follow] img.qr")
    assert watcher.locator("#join [data-join=scorekeeper]").count() == 0

    second = pages(size)
    second.goto(handed)
    wait_loaded(second)
    assert second.get_attribute("#app", "data-role") == "scorekeeper"
    assert second.url == play_url  # the token was taken out of the address at once
    assert second.evaluate(f"localStorage.getItem('courtcard.token.{table.game_id}')") == table.token
    version = tap(second, "#actions button[data-action=call_trump]:has-text('spades')")
    assert table.view()["version"] == version
