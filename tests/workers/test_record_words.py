"""Every event of Dungeon and of The Queens has words of its own in the records and in `courtcard
log`'s answers (none reads as its type and fields), and a blind record's words never name a card
nobody saw."""

from __future__ import annotations

import pytest

from events.registry import registry
from referee.games.dungeon import events as dungeon
from referee.games.the_queens import events as queens
from tests.referee.test_dungeon_golden_games import GOLDEN
from tests.workers.test_text_record import VARIANTS, envelopes_of, random_record
from referee.games.dungeon.words import cards_words
from workers.record_words import entry_words, sentence, words_of

SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def dungeon_logs() -> list[list]:
    """The golden games (between them every kind of Dungeon event, in both records) and random games
    of every variant."""
    logs = [golden.log() for golden in GOLDEN.values()]
    logs += [random_record("dungeon", seed=1)]
    return logs + [random_record(name, setup=setup) for name, setup in VARIANTS.values() if name == "dungeon"]


def queens_logs() -> list[list]:
    """Random games, known and as dealt, and a Queen on the key's top (random play seldom finds one)."""
    return [random_record("the-queens", seed=1), random_record("the-queens", setup=VARIANTS["the-queens blind"][1]),
            [queens.QueensKeyPaid(["?", "?", "QH"])]]


GAMES = {"dungeon": (dungeon, dungeon_logs), "the-queens": (queens, queens_logs)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_of_the_game_has_words_of_its_own(game):
    module, logs = GAMES[game]
    types = {name for name in registry.names() if registry.lookup(name).cls.__module__ == module.__name__}
    said: dict[str, str] = {}
    for log in logs():
        for envelope in envelopes_of(log):
            if envelope.type in types:
                own = words_of(envelope.type, envelope.payload, SEATS, game)
                assert own is not None, f"{envelope.type} has no words of its own"
                said[envelope.type] = sentence(envelope, SEATS, game=game)
                assert said[envelope.type] == own + "."
    assert sorted(said) == sorted(types)  # every event type of the game was read
    # None reads as the generic "Card drawn (seat Ann, ...)" made of its type's name.
    for kind, text in said.items():
        generic = kind.removeprefix("Dungeon").removeprefix("Queens")
        assert not text.lower().startswith(" ".join(w.lower() for w in _words(generic))), (kind, text)


def test_a_blind_record_never_names_a_card_nobody_saw():
    blind = [golden.log() for golden in GOLDEN.values() if golden.record == "blind"]
    logs = [*blind, random_record("the-queens", setup=VARIANTS["the-queens blind"][1])]
    for log in logs:
        envelopes = envelopes_of(log)
        for envelope in envelopes:
            assert "?" not in sentence(envelope, SEATS, envelopes), envelope
    drawn = next(e for e in envelopes_of(logs[0]) if e.type == "DungeonCardDrawn")
    assert sentence(drawn, SEATS, game="dungeon") == "Ann draws a card."


def test_cards_read_as_a_person_says_them():
    assert cards_words(["8H", "3H"]) == "the 8 and 3 of hearts"
    assert cards_words(["4C", "QS", "JK1=9H"]) == "the 4 of clubs, the queen of spades and a Joker as the 9 of hearts"
    assert cards_words(["9C", "?", "?"]) == "the 9 of clubs and 2 cards"
    assert cards_words([]) == "nothing"


def _words(name: str) -> list[str]:
    return "".join(f" {c}" if c.isupper() else c for c in name).split()


def test_a_card_reads_in_the_same_words_in_the_record_a_logged_action_and_a_ruling_explained():
    from referee.games.dungeon.disputes import card_words as spoken  # the words its explanations use

    for card, said in [("JK1=9H", "a Joker as the 9 of hearts"), ("?", "a face-down card"),
                       ("10D#2", "the 10 of diamonds (second pack)"), ("QS", "the queen of spades")]:
        assert spoken(card) == said
        assert words_of("DungeonCounterPlayed", {"seat": 0, "card": card}, ["Ann"], "dungeon") == f"Ann counters with {said}"
        assert words_of("CardPlayed", {"seat": 0, "card": card}, ["Ann"], "queens-dungeon") == f"Ann plays {said}"


def undone_draw_words(seed: int) -> tuple[str, str]:
    """A known Dungeon record (its deck shuffled by ``seed``) to the first turn's draw, undone: the
    undo's words, and the printable record's."""
    import random as _random

    from referee.registry import get_game
    from referee.undo import Undo

    game, rng = get_game("dungeon"), _random.Random(seed)
    state, log = game.initial_state(), []

    def take(events):
        nonlocal state
        for event in events:
            state = game.apply(state, event)
        log.extend(events)

    take(game.start({"players": 2}, SEATS[:2], "known", rng))
    while not any(type(e) is dungeon.DungeonCardDrawn for e in log):
        choices = [c for s in game.to_act(state) or range(2) for c in game.legal_actions(state, s)
                   if game.action_of(c) not in ("undo", "redo")]
        take(game.decide(state, choices[0], rng))
    take(game.decide(state, Undo(), rng))
    envelopes = envelopes_of(log)
    undo = envelopes[-1].payload
    entry = envelopes[undo["replaces_from"] - 1:undo["replaces_to"]]
    return entry_words(envelopes[-1], entry, SEATS[:2], "dungeon"), sentence(envelopes[-1], SEATS[:2], envelopes)


def test_an_undone_hidden_draw_is_worded_by_its_player_and_action_alone_whatever_the_deal():
    said = {undone_draw_words(seed) for seed in (1, 2, 3, 4)}
    assert len({words for words, _ in said}) == 1
    words, recorded = said.pop()
    assert words in ("Undone: Ann's draw.", "Undone: Bob's draw.")
    assert recorded.startswith(words[:-1] + " (versions ")


@pytest.mark.parametrize("payload,said", [
    ({"seat": 2, "hand": 3, "agree": True, "note": None}, "Cat confirms hand 3's score."),
    ({"seat": 1, "hand": 3, "agree": False, "note": "we took the last trick"},
     "Bob disagrees with hand 3's score: we took the last trick."),
    ({"seat": 0, "hand": 0, "agree": True, "note": None}, "Ann confirms the game's result."),
])
def test_a_players_confirmation_says_whose_and_which_hand(payload, said):
    from referee.confirmations import HandConfirmed

    event = HandConfirmed(**payload)
    assert words_of("HandConfirmed", payload, SEATS, "queens-dungeon") == said[:-1]
    assert sentence(envelopes_of([event])[0], SEATS, game="queens-dungeon") == said
