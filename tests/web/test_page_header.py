"""The header of the scorekeeper's page and of the director's desk: the connection badge reads as
not yet connected (amber) until the live stream answers, green only while live; and on a phone
(390 px wide) the game's name shows whole beside the badge, even while it says "reconnecting…"."""

from __future__ import annotations

from scorekeeper import PHONE, ApiTable, badge_notices_a_dead_line, open_as_scorekeeper

GREEN = "rgb(30, 107, 48)"


def badge(page) -> tuple[str, str]:
    return page.eval_on_selector("#live", "el => [el.textContent, getComputedStyle(el).backgroundColor]")


def test_the_connection_badge_is_green_only_while_live(live_server, pages):
    desk = pages(PHONE)
    desk.goto(f"{live_server.url}/director")  # no key yet: nothing is connected
    desk.wait_for_selector("#key-input")
    text, colour = badge(desk)
    assert text == "connecting" and colour != GREEN
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0})
    page = pages(PHONE)
    open_as_scorekeeper(page, live_server.url, table)
    page.wait_for_selector("#live.live")
    assert tuple(badge(page)) == ("live", GREEN)


def test_the_game_name_shows_whole_beside_the_reconnecting_badge_on_a_phone(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {"first_dealer": 0})  # Queen's Dungeon: the longest name
    page = pages(PHONE)
    page.clock.install()
    open_as_scorekeeper(page, live_server.url, table)
    page.wait_for_selector("#live.live")
    page.context.set_offline(True)
    badge_notices_a_dead_line(page)
    shown = page.evaluate("""() => {
      const title = document.getElementById('game-title');
      const text = [...title.querySelectorAll('*'), title].flatMap((e) => [...e.childNodes]).find((n) => n.nodeType === 3 && n.textContent.startsWith("Queen's Dungeon"));
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, "Queen's Dungeon".length);
      const name = range.getBoundingClientRect(), clip = title.getBoundingClientRect(), live = document.getElementById('live').getBoundingClientRect();
      return { inside: name.right <= clip.right + 0.5 && name.left >= clip.left - 0.5, clear: name.right <= live.left, onScreen: live.right <= 390 };
    }""")
    page.context.set_offline(False)
    assert shown == {"inside": True, "clear": True, "onScreen": True}
