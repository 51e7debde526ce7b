"""The scorekeeper's page fits a phone (390 x 844) and a tablet (820 x 1180) without a scroll: in
every game and both records, in the middle of play, the current trick, the card entry, any offer
pending (a take-back) or ruling just made, and the totals are all inside the screen, as their
bounding boxes say. So is each form of a blind Dungeon record that names cards (a defence, a
Myrmiddon's ask, a Graverobber's take, the hand shown, the discards, Pitch Black's cave-in, escape
and accusation), as the page opens, unscrolled: the form, every button of it (its card entry, its
targets, the one that logs it) and, for a defence, the creature faced; Pitch Black's rare forms
wait folded, and the one opened is the only form drawn."""

from __future__ import annotations

import pytest

from scorekeeper import PHONE, TABLET, open_as_scorekeeper
from scorekeeper import ApiTable, body_of, name_card, two_queens_deal

from referee.games.dungeon import commands as cmd
from tests.referee.tq_lines import golden_order
from tests.web.test_scorekeeper_page_end_screens import ENDS
from tests.referee.test_dungeon_golden_games import ANN_DEALT, BOB_DEALT, GOLDEN, PILE

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def queens_dungeon(base: str, record: str) -> ApiTable:
    """Trick 1 with a card taken back (a ruling of this hand) and thrown again: a take-back offered."""
    table = ApiTable.create(base, record, {"first_dealer": 0, "detection": "on_claim"})
    table.act("call_trump", seat=0, suit="H")
    table.act("deal", **({"hands": two_queens_deal(0)} if record == "known" else {}))
    table.act("play", seat=1, card="QS")
    table.act("play", seat=2, card="3H")
    table.act("take_back", seat=2)
    table.act("play", seat=2, card="3H")
    return table


def queen_bees(base: str, record: str) -> ApiTable:
    table = ApiTable.create(base, record, {"first_dealer": 0}, game="queen-bees")
    table.act("deal")
    for seat in (1, 2, 3, 0):
        table.act("bid", seat=seat, bid=3)
    table.act(**table.legal(1)[0])
    return table


def black_queen(base: str, record: str) -> ApiTable:
    table = ApiTable.create(base, record, {}, seats=SIX, game="black-queen")
    table.act("deal")
    table.act("bid", seat=1, bid=100)
    for seat in (2, 3, 4, 5, 0):
        table.act("pass", seat=seat)
    table.act("declare", seat=1, trump="S", called=["AH", "AD"])
    table.act(**next(a for a in table.legal(1) if a["action"] == "play"))
    return table


def dungeon(base: str, record: str) -> ApiTable:
    """Bob's Graverobber faces Ann's first passage: Ann must answer."""
    table = ApiTable.create(base, record, {"players": 2}, seats=("Ann", "Bob"), game="dungeon")
    table.act("deal", order=ANN_DEALT + BOB_DEALT + PILE)
    for body in ({"action": "contest", "seat": 0, "card": "AC"}, {"action": "contest", "seat": 1, "card": "2C"},
                 {"action": "draw", "seat": 0}, {"action": "passage", "seat": 0, "card": "10H"},
                 {"action": "end_turn", "seat": 0, "discards": []}, {"action": "draw", "seat": 1},
                 {"action": "attack", "seat": 1, "card": "JS", "target": 0}):
        table.act(**body)
    return table


def the_queens(base: str, record: str) -> ApiTable:
    table = ApiTable.create(base, record, {"order": golden_order()} if record == "known" else {},
                            seats=("Ann",), game="the-queens")
    table.act("deal", seat=0)
    return table


#: What must be on screen in each game: its card entry and table always; a trick game's current
#: trick, its totals column, its take-back offer and its latest ruling; a dungeon's creature.
TRICK = ["#actions", "#table ol.trick", "#table table.seats td.num"]
CASES = [
    ("queens-dungeon", "blind", queens_dungeon, TRICK + ["#corrections", "#latest-ruling"]),
    ("queens-dungeon", "known", queens_dungeon, TRICK + ["#corrections", "#latest-ruling"]),
    ("queen-bees", "blind", queen_bees, TRICK),
    ("queen-bees", "known", queen_bees, TRICK),
    ("black-queen", "blind", black_queen, TRICK),
    ("black-queen", "known", black_queen, TRICK),
    ("dungeon", "known", dungeon, ["#actions", "#table .dungeon[data-seat='0'] .facing", "#table .dungeon[data-seat='1'] h3"]),
    # a blind record: the cards Ann may play, named by suit then rank
    ("dungeon", "blind", lambda base, record: blind_dungeon(base),
     ["#actions .pick .suit-tab", "#actions .pick button.card", "#table .dungeon[data-seat='0'] h3", "#table .dungeon[data-seat='1'] h3"]),
    ("the-queens", "known", the_queens, ["#actions", "#table [data-area=key]", "#table .shutter"]),
    ("the-queens", "blind", the_queens, ["#actions", "#table [data-area=key]", "#table .shutter"]),
]


def boxes_of(page, selector: str) -> list[dict | None]:
    """The bounding boxes of the selector's elements, read at once (a redraw cannot come between)."""
    return page.eval_on_selector_all(selector, """els => els.map((e) => {
      const r = e.getBoundingClientRect();
      return r.width && r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    })""")


def off_screen(page, selectors: list[str]) -> dict[str, list]:
    """The selectors whose element is missing, hidden, or not wholly inside the screen (unscrolled)."""
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    out = {}
    for selector in selectors:
        boxes = boxes_of(page, selector)
        if not boxes or any(b is None or b["y"] < 0 or b["y"] + b["height"] > height or b["x"] + b["width"] > width
                            for b in boxes):
            out[selector] = boxes
    return out


def measured_off_screen(page, needed) -> dict:
    """off_screen, measured again (up to 2 s) while an element was redrawn under the measure (no
    box): a live update may redraw the table just then. An element off the screen is not retried."""
    for _ in range(10):
        out = off_screen(page, needed)
        if all(b is not None for boxes in out.values() for b in boxes):
            return out
        page.wait_for_timeout(200)
    return out


def open_scorekeeper_page(pages, base: str, table: ApiTable):
    page = pages()
    open_as_scorekeeper(page, base, table)
    page.wait_for_selector("#live.live")
    return page


def fits_both_screens(page, needed) -> None:
    for size in (PHONE, TABLET):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        assert measured_off_screen(page, needed) == {}, size
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


@pytest.mark.parametrize("game,record,setup,needed", CASES, ids=[f"{g}-{r}" for g, r, _, _ in CASES])
def test_the_play_and_what_is_pending_fit_one_screen_on_a_phone_and_a_tablet(live_server, pages, game, record, setup, needed):
    table = setup(live_server.url, record)
    page = open_scorekeeper_page(pages, live_server.url, table)
    fits_both_screens(page, needed)


def blind_dungeon(base: str, golden: str = "blind", before: type = cmd.PlayPassage, nth: int = 1) -> ApiTable:
    """A blind Dungeon golden game logged through the API up to (not with) its ``nth`` command of
    class ``before`` (default: Ann to lay her first passage, with the cards she plays to name)."""
    game = GOLDEN[golden]
    stop = [i for i, command in enumerate(game.script) if isinstance(command, before)][nth - 1]
    table = ApiTable.create(base, game.record, game.options or {"players": 2}, seats=game.seats, game="dungeon")
    for command in game.script[:stop]:
        table.act(**body_of(command))
    return table


def named_card(card: str):
    """Name the card played in the seat to act's card entry: its suit, then its rank."""
    return lambda page: name_card(page, "#actions .pick", card, "data-pick")


def unfolded(key: str):
    """Open a folded form from "More actions" (Pitch Black): folded, it is not drawn at all."""
    def open_it(page) -> None:
        action, seat = key.rsplit("-", 1)
        assert page.locator(FORM.format(action, seat)).count() == 0, f"{key} is not folded"
        page.click(f"#actions .more button[data-more='{key}']")
    return open_it


#: The forms of a blind Dungeon record that name cards as the table sees them (named.js,
#: dungeon_blind.js): (the golden game, its command the form logs, which one of them, what the
#: scorekeeper does first, the form, what must be on the screen with it). As the page opens,
#: unscrolled, the whole form (its title, the cards named so far, its suit tabs and ranks, its
#: targets, the button that logs it) and what it concerns are on the screen, so it is filled
#: without scrolling; a defence names the creature it faces in its own heading.
FORM = "#actions form.named[data-action='{}'][data-seat='{}']"
BLIND_FORMS = [
    ("defence", "blind", cmd.Defend, 1, None, FORM.format("defend", 0), [FORM.format("defend", 0) + " h3 .faced[data-creature]"]),
    ("myrmiddon-ask", "blind", cmd.Myrmiddon, 1, named_card("QH"), FORM.format("myrmiddon", 0), []),
    ("graverobber-take", "blind", cmd.Graverobber, 1, named_card("JD"), FORM.format("graverobber", 1), []),
    ("hand-shown", "blind", cmd.Look, 1, None, FORM.format("look", 0), []),
    ("discards", "blind", cmd.EndTurn, 2, None, FORM.format("end_turn", 1), []),
    ("pitch-black-cave-in", "dungeon-pitch-black-blind", cmd.CaveIn, 1, unfolded("cave_in-1"), FORM.format("cave_in", 1), []),
    ("pitch-black-escape", "dungeon-pitch-black-blind", cmd.CaveIn, 1, unfolded("passage-1"), FORM.format("passage", 1), []),
    ("pitch-black-accusation", "dungeon-pitch-black-blind", cmd.Accuse, 1, unfolded("accuse-1"), FORM.format("accuse", 1), []),
]


#: The forms shown in docs/web.md, by case.
SHOWN = {"defence": "dungeon-blind-defence", "pitch-black-cave-in": "dungeon-blind-cave-in"}


@pytest.mark.parametrize("golden,before,nth,prepare,form,needed", [case[1:] for case in BLIND_FORMS],
                         ids=[case[0] for case in BLIND_FORMS])
def test_a_blind_dungeon_form_naming_cards_fits_one_screen_unscrolled_on_a_phone_and_a_tablet(
        live_server, pages, screenshots, request, golden, before, nth, prepare, form, needed):
    table = blind_dungeon(live_server.url, golden, before, nth)
    page = open_scorekeeper_page(pages, live_server.url, table)
    if prepare:
        prepare(page)
    assert page.locator("#actions form.named").count() == 1  # the one being filled, and no other
    fits_both_screens(page, [form, f"{form} h3", f"{form} .entry", f"{form} button", *needed])
    shown = SHOWN.get(request.node.callspec.id)
    if shown:
        screenshots(page, shown, sizes=("phone",))


@pytest.mark.parametrize("game", ["queens-dungeon", "queen-bees", "black-queen", "dungeon", "the-queens"])
def test_the_start_page_fits_one_screen_on_a_phone_and_a_tablet_from_the_game_to_the_create_button(live_server, pages, game):
    """The common case: the game, its players, how long it runs, the record and the button that
    creates it, unscrolled; the rarely changed options wait folded under "More options"."""
    page = pages()
    page.goto(f"{live_server.url}/")
    page.wait_for_selector("#opt-players")
    page.select_option("#game", game)
    fits_both_screens(page, ["#game", "#seats", "#more-options summary", "#new-game button[type=submit]"])


@pytest.mark.parametrize("setup,said", [case[1:] for case in ENDS], ids=[case[0] for case in ENDS])
def test_every_games_end_screen_fits_one_screen_with_no_error(live_server, pages, setup, said):
    """A finished game's page: how it ended (the prompt), "Game over" where the entry was, and no
    error line, inside the screen at both sizes."""
    table = setup(live_server.url)
    page = open_scorekeeper_page(pages, live_server.url, table)
    assert page.is_hidden("#notice"), page.inner_text("#notice")
    assert said in " ".join(page.inner_text("#prompt").split())
    fits_both_screens(page, ["#prompt", "#actions"])
