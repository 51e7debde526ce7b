"""Queen Bees and Black Queen on the scorekeeper's page, in a real browser: the page knows neither
game, it draws their views and legal actions. A whole Queen Bees hand (bids, trump fixed by the
first Queen, the score sheet), and a Black Queen auction, the contract picked in a form (4,512
variants are not 4,512 buttons; a bad pair of called cards is refused in words) and the first trick,
where both hidden partners are revealed by their called cards."""

from __future__ import annotations

from scorekeeper import ApiTable, card_button, choose_game, create_game, phase, tap, unseen_offered, wait_loaded

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def create_on_start_page(page, base_url: str, seats: int) -> ApiTable:
    """Create a known-record game of the game chosen on the start page, once its seats are drawn;
    the API table for cross-checks."""
    page.wait_for_function(f"document.querySelectorAll('#seats input').length === {seats}")
    return ApiTable(base_url, *create_game(page))


def fact(page, label: str) -> str:
    return page.inner_text(f"#table dd[data-fact=\"{label}\"]")


def test_a_queen_bees_hand_is_bid_and_played_on_the_generic_page(live_server, pages, screenshots):
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    choose_game(page, live_server.url, "queen-bees")
    # A boolean option is a checkbox, a number a number field: both from the catalog's defaults.
    assert page.get_attribute("#opt-renege_costs_bid", "type") == "checkbox"
    assert page.input_value("#opt-target") == "200"
    # The first dealer names a seat: a select of the players, renamed with them (a rare option: folded).
    page.click("#more-options summary")
    page.fill("#seats input >> nth=1", "Bea")
    page.dispatch_event("#seats input >> nth=1", "change")
    assert page.locator("#opt-first_dealer option").all_inner_texts() == [f"{n} (player {s + 1})" for s, n in enumerate(["Ann", "Bea", "Cat", "Dan"])]
    page.select_option("#opt-first_dealer", "1")
    table = create_on_start_page(page, live_server.url, 4)

    assert phase(page) == "deal"
    assert "Bea deals." in page.inner_text("#prompt")
    tap(page, "#actions button:has-text('Shuffle and deal')")

    # The bids: one button per number of tricks, labelled by its value, said in full to a screen reader.
    assert phase(page) == "bid"
    assert "Cat to bid." in page.inner_text("#prompt")
    assert page.locator("#actions button[data-action=bid]").count() == 13
    assert page.get_attribute("#actions button[data-action=bid][data-bid='3']", "aria-label") == "Cat: bid 3"
    assert "{" not in page.inner_text("#actions")
    screenshots(page, "queen-bees-bid", sizes=("phone",))
    for _ in range(4):
        tap(page, "#actions button[data-action=bid][data-bid='3']")
    assert phase(page) == "play"
    assert page.locator("#table td[data-field=bids]").all_inner_texts() == ["3"] * 4
    assert fact(page, "Trump") == "none yet"  # no trump until the first Queen

    trump_seen = False
    for _ in range(60):
        if phase(page) != "play":
            break
        tap(page, "#actions button.card:not([aria-disabled])")
        view = table.view()["view"]
        if view["hand"] and view["hand"]["trump"] and not view["hand"]["over"] and not trump_seen:
            trump = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[view["hand"]["trump"]]
            assert trump in fact(page, "Trump")
            assert "Trump fixed by" in page.inner_text("#table")
            trump_seen = True
    assert trump_seen
    assert phase(page) == "deal"  # the next hand's deal
    assert table.view()["view"]["hand"]["dealer"] == 1
    assert "Hand 2." in page.inner_text("#prompt")

    sheet = table.view()["scores"]["hands"][0]
    row = page.locator("#sheet table.totals tr[data-hand='1'] td")
    assert [row.nth(i).inner_text().split(" ")[0] for i in range(4)] == [str(t) for t in sheet["totals"]]
    page.click("#sheet summary:has-text('Hand 1')")
    breakdown = page.locator("#sheet details.hand-sheet table")
    assert breakdown.locator("thead th").all_inner_texts() == ["Player", "Bid", "Tricks", "Made", "Hand"]
    assert breakdown.locator("tbody tr").nth(0).locator("td").nth(0).inner_text() == "3"
    assert errors == []


# A deal where the declarer (Bob, seat 1) leads a spade and every other spade is alone in its
# holder's hand: Cat must play AS and Eve KS, the two cards Bob calls.
BQ_HANDS = [
    ["7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
    ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"],
    ["AS", "3H", "4H", "5H", "6H", "7H", "8H", "9H"],
    ["JS", "10H", "JH", "QH", "KH", "AH", "3C", "4C"],
    ["KS", "5C", "6C", "7C", "8C", "9C", "10C", "JC"],
    ["QS", "QC", "KC", "AC", "3D", "4D", "5D", "6D"],
]


def test_a_black_queen_contract_is_declared_in_a_form_and_its_partners_revealed_in_play(live_server, pages, screenshots):
    page = pages()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    choose_game(page, live_server.url, "black-queen")
    table = create_on_start_page(page, live_server.url, 6)
    page.click("#token-panel button:has-text('I have noted it')")

    page.click("text=Or enter the hands as dealt at the table")
    for seat, hand in enumerate(BQ_HANDS):
        page.fill(f"textarea[name=hand-{seat}]", " ".join(hand))
    tap(page, "text=Log these hands")

    # The auction: Bob bids 75, everyone else passes.
    assert phase(page) == "auction"
    assert "Bob to bid or pass." in page.inner_text("#prompt")
    assert fact(page, "High bid") == "none yet"
    tap(page, "#actions button[data-action=bid][data-bid='75']")
    assert fact(page, "High bid") == "75 by Bob"
    for _ in range(5):
        tap(page, "#actions button[data-action=pass]")
    assert "Bob 75, Cat pass" in fact(page, "Auction")
    assert page.locator("#table td[data-field=passed]").all_inner_texts() == ["passed", "", "passed", "passed", "passed", "passed"]

    # The contract: 4,512 legal variants become one select per field, each field's distinct values.
    assert phase(page) == "declare"
    form = page.locator("#actions form.choice-form[data-action=declare]")
    assert form.locator("select[name=trump] option").count() == 1 + 4
    assert form.locator("select[name='called.0'] option").count() == 1 + 47
    assert form.locator("select[name='called.1'] option").count() == 1 + 47
    assert page.locator("#actions button").count() == 1
    # The hint says how to pick, not how many combinations there are (a count tells a player nothing).
    assert form.locator(".hint").inner_text() == "Pick each part: the referee checks the whole."
    form.locator("select[name=trump]").select_option(label="\u2665 hearts")
    form.locator("select[name='called.0']").select_option(label="K\u2660")
    form.locator("select[name='called.1']").select_option(label="K\u2660")
    before = page.get_attribute("#app", "data-version")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.inner_text("#notice")
    assert "must call two different cards" in notice and "{" not in notice
    assert page.get_attribute("#app", "data-version") == before
    form.locator("select[name='called.1']").select_option(label="A\u2660")
    screenshots(page, "black-queen-declare", sizes=("phone",))
    tap(page, "#actions form.choice-form button[type=submit]")
    assert phase(page) == "play"
    assert fact(page, "Called") == "K\u2660 A\u2660"
    assert "hearts" in fact(page, "Trump")
    assert page.locator("#table .badge:has-text('partner')").count() == 0  # hidden until a called card falls

    # The first trick: each called card, when played, reveals its holder as a partner.
    for card in ["3S", "AS", "JS", "KS", "QS", "7D"]:
        tap(page, f"#actions button.card[data-card='{card}']")
        if card == "AS":
            assert "Cat (A\u2660, trick 1)" in fact(page, "Partners revealed")
            screenshots(page, "black-queen-play", sizes=("phone",))
    assert "Cat (A\u2660, trick 1); Eve (K\u2660, trick 1)" in fact(page, "Partners revealed")
    badges = page.locator("#table tr:has(.badge:has-text('partner'))").evaluate_all("rows => rows.map(r => r.dataset.seat)")
    assert badges == ["2", "4"]
    assert page.locator("#table tr[data-seat='1'] .badge:has-text('declarer')").count() == 1
    points = page.locator("#table td[data-field=card_points]").all_inner_texts()
    assert points == [str(p) for p in table.view()["view"]["hand"]["card_points"]] and points[2] == "45"  # A♠ 15 + Q♠ 30
    assert "Trick 1 won by Cat" in page.inner_text("#table")
    assert errors == []


def test_a_blind_black_queen_record_offers_every_unseen_card_by_suit(live_server, pages):
    table = ApiTable.create(live_server.url, "blind", {}, seats=NAMES, game="black-queen")
    table.act("deal")
    table.act("bid", seat=1, bid=100)
    for seat in (2, 3, 4, 5, 0):
        table.act("pass", seat=seat)
    table.act("declare", seat=1, trump="S", called=["AH", "AD"])

    # A second device opens the game with its token, on the start page's "Open a game" form.
    page = pages()
    page.goto(f"{live_server.url}/")
    page.fill("#open-id", table.game_id)
    page.fill("#open-token", table.token)
    page.click("#open-game button[type=submit]")
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    assert "Bob to play" in page.inner_text("#prompt")
    assert "100 by Bob" in fact(page, "High bid")
    assert fact(page, "Called") == "A\u2665 A\u2666"
    # No hand is known: all 48 cards of the deck are offered, a suit and then a rank.
    assert unseen_offered(page) == 48
    assert page.locator("#actions .suit-tab").count() == 4
    page.click("#actions .suit-tab[data-suit='S']")
    assert page.locator("#actions button.card").count() == 12
    assert page.locator("#actions button.card[data-card='2S']").count() == 0  # the 2s are out
    tap(page, card_button(page, "AD"))
    assert "Bob (A\u2666, trick 1)" in fact(page, "Partners revealed")
    assert unseen_offered(page) == 47
