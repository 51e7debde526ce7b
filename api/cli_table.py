"""The table as text for ``courtcard show``: names, never seat numbers, and what each kind of game
lays on the table written out as a person would say it.

A game may write its table itself (its ``table_lines``: Dungeon's players and their dungeons, The
Queens' tableau); otherwise this module reads the shape of the view, never the game's name: a
trick game's view has a ``hand`` with its ``tricks`` (and maybe ``cuts``). Whatever a
view holds that these sections do not say is still printed, as labelled facts (by
:func:`api.render.render_game`), so nothing the referee shows is left out.
"""

from __future__ import annotations

import json
from typing import Any


def plain(value: Any) -> str:
    """A value of a view or an event as plain text: a list of cards or numbers as ``QS 10D``, yes
    or no, ``-`` for nothing, anything else as compact JSON."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return " ".join(map(str, value)) or "none"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(", ", ": "))
    return str(value)


# workers.claims (the words for kinds of irregularity and renege windows) is imported where it is
# used: every ``courtcard`` command imports this module, and it pulls in the referee.

SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: View keys whose value is a seat: shown as that seat's player.
SEAT_KEYS = frozenset({"seat", "dealer", "leader", "turn", "declarer", "high_bidder", "trump_by", "accused",
                       "claimant", "winner", "attacker", "target", "defender", "asker", "answerer", "by"})

#: View keys whose value maps cards to the seats holding them (Black Queen's called cards).
CARD_HOLDERS = frozenset({"holders"})


class Names:
    """Seat numbers as the names the game was created with, and the view's facts with them."""

    def __init__(self, seats: list[str]) -> None:
        self.seats = seats

    def __call__(self, seat: Any) -> str:
        # Loaded when a seat is first named: --version and --help load nothing of the rules.
        from referee.seat_names import Names as SeatNames  # the one place a seat becomes a name

        return SeatNames(self.seats)(seat)

    def named(self, value: Any) -> Any:
        """``value`` with every seat in it (a SEAT_KEYS member's value) given as its name."""
        if isinstance(value, dict):
            return {k: self(v) if k in SEAT_KEYS and isinstance(v, int) else self.named(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.named(v) for v in value]
        return value

    def per_seat(self, values: list[Any]) -> str:
        """``[3, 1, 0, 2]`` -> ``Ann 3, Bob 1, Cat 0, Dan 2``."""
        return ", ".join(f"{self(s)} {plain(v)}" for s, v in enumerate(values))

    def fact(self, key: str, value: Any) -> str:
        """One fact of a view as text: a seat as its name, a list by seat (numbers, yes or no, lists)
        as ``Ann 3, Bob 1``, a list of entries naming seats (an auction) as ``Cat 110, Dan -``. A
        list of cards is never read as one by seat, whatever its length."""
        if key in SEAT_KEYS and isinstance(value, int):
            return self(value)
        if key in CARD_HOLDERS and isinstance(value, dict):
            return ", ".join(f"{card} {self(seat)}" for card, seat in value.items())
        if isinstance(value, list) and self.seats and len(value) == len(self.seats) and key != "seats" \
                and all(not isinstance(v, (dict, str)) for v in value):
            return self.per_seat(value)
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return ", ".join(" ".join(plain(v) for v in self.named(entry).values()) for entry in value)
        if isinstance(value, dict) and all(not isinstance(v, (dict, list)) for v in value.values()):
            # ``{"seat": 0, "card": "QS", "trick": 1}`` -> "seat Ann, card QS, trick 1", not JSON
            return ", ".join(f"{k.replace('_', ' ')} {plain(v)}" for k, v in self.named(value).items()) or "-"
        return plain(self.named(value))


def table_lines(view: dict[str, Any], game: str | None = None) -> tuple[list[str], set[str]]:
    """The view's sections as lines of text, and the keys (of the view, or ``hand.<key>``) they said:
    the writing of its table by the game called ``game`` (its ``table_lines``), else the view's shape
    read here."""
    names = Names(view.get("seats") or [])
    if game is not None and (own := _game_lines(game, view, names)) is not None:
        return own
    return _trick_table(view, names)


def _game_lines(name: str, view: dict[str, Any], names: Names) -> tuple[list[str], set[str]] | None:
    """The game's own lines for its view, or None: a game with none, or one this command line does
    not know (a service newer than it), whose view is read by its shape."""
    # Only the game shown loads, when a table is shown: never the registry and every game's rules.
    from referee.game_index import game_class

    try:
        game = game_class(name)()
    except KeyError:
        return None
    lines: tuple[list[str], set[str]] | None = game.table_lines(view, names)
    return lines


def _cards(cards: list[str] | None) -> str:
    return " ".join(cards) if cards else "none"


# -- trick games --------------------------------------------------------------------------------

def _trick_table(view: dict[str, Any], names: Names) -> tuple[list[str], set[str]]:
    lines: list[str] = []
    said = {"seats", "phase", "dealer", "totals", "units", "cuts", "rulings", "replaced", "outcome"}
    lines.append(f"Phase: {str(view.get('phase', '')).replace('_', ' ')}; dealer: {names(view.get('dealer'))}.")
    if view.get("cuts"):
        draws = ", ".join(f"{names(c['seat'])} {c['card']}" + (f" (round {c['round']})" if c.get("round", 1) > 1 else "")
                          for c in view["cuts"])
        lines.append(f"The cut for the first deal: {draws}.")
    hand = view.get("hand")
    if hand:
        lines += _hand_lines(hand, names, view.get("phase") == "play")
        said |= {f"hand.{k}" for k in _HAND_SAID}
    for entry in view.get("rulings") or []:
        lines.append(ruling_sentence(entry, names))
    for first, last in view.get("replaced") or []:
        lines.append(f"Events {first} to {last} were replaced by a correction." if first != last else
                     f"Event {first} was replaced by a correction.")
    return lines, said


_HAND_SAID = ("no", "dealer", "trump", "trump_broken", "quota", "trick_no", "leader", "turn", "trick", "tricks",
              "tricks_won", "queens_won", "cards_left", "card_points", "settings", "penalties", "over", "hands",
              "irregularities", "unproven_claims", "your_hand")


def settled_lines(hand: dict[str, Any], names: Names) -> list[str]:
    """A hand's totals set (a renege in window C, the Queens) and penalties taken, as sentences."""
    lines = []
    for seat, settings in enumerate(hand.get("settings") or []):
        for s in settings:
            lines.append(f"{names(seat)}'s total was set from {s['before']} to {s['after']} "
                         f"({s['reason'].replace('_', ' ')}, trick {s['trick']}).")
    for seat, penalties in enumerate(hand.get("penalties") or []):
        for p in penalties:
            lines.append(f"{names(seat)} loses {-p['amount']} points ({p['reason'].replace('_', ' ')}, trick {p['trick']}).")
    return lines


def _irregularity(irr: dict[str, Any], names: Names, what: str) -> str:
    """One irregularity the director sees: the card, what it broke, its proof, where it stands."""
    from referee.trickgame.words import IRREGULAR_WORDS  # only the director's table loads the rules' words

    did = IRREGULAR_WORDS.get(irr.get("kind"), str(irr.get("kind")).replace("_", " "))
    proof = f"; proved by {irr['proof']['card']} in trick {irr['proof']['trick']}" if irr.get("proof") else ""
    held = f"; still holding {' '.join(irr['held'])}" if irr.get("held") else ""
    window = irr.get("window_now") or irr.get("window")
    return (f"Event {irr.get('version')}: {names(irr.get('seat'))} played {irr.get('card')} in trick {irr.get('trick')}, "
            f"{what} ({did}{proof}{held}); {str(irr.get('status')).replace('_', ' ')}"
            + (f", window {window} now." if window else "."))


def _hand_lines(hand: dict[str, Any], names: Names, playing: bool) -> list[str]:
    head = f"Hand {hand['no']}, dealt by {names(hand.get('dealer'))}"
    if hand.get("trump"):
        head += f"; trump {SUITS.get(hand['trump'], hand['trump'])}"
        if "trump_broken" in hand:
            head += " (broken)" if hand["trump_broken"] else " (not broken)"
    if hand.get("quota") is not None:
        head += f"; quota {hand['quota']} tricks"
    lines = [head + ("; the hand is over." if hand.get("over") else ".")]
    for trick in hand.get("tricks") or []:
        plays = ", ".join(f"{names(s)} {c}" for s, c in zip(trick["seats"], trick["cards"]))
        queens = trick.get("queens") or 0
        extra = f", {queens} Queen{'s' if queens != 1 else ''}" if queens else ""
        lines.append(f"Trick {trick['trick']}: {plays}; won by {names(trick['winner'])}{extra}.")
    if playing and hand.get("turn") is not None:
        so_far = ", ".join(f"{names(p['seat'])} {p['card']}" for p in hand.get("trick") or [])
        lines.append(f"Trick {hand.get('trick_no')}: " + (f"{so_far}; " if so_far else "") +
                     f"{names(hand['turn'])} to {'play' if so_far else 'lead'}.")
    for key, label in (("tricks_won", "Tricks won"), ("queens_won", "Queens won"), ("card_points", "Card points"),
                       ("cards_left", "Cards left")):
        if hand.get(key):
            lines.append(f"{label}: {names.per_seat(hand[key])}.")
    lines += settled_lines(hand, names)
    for seat, cards in enumerate(hand.get("hands") or []):
        lines.append(f"{names(seat)} holds {_cards(cards)}.")
    for irr in hand.get("irregularities") or []:
        lines.append(_irregularity(irr, names, "an irregular card"))
    for irr in hand.get("unproven_claims") or []:
        lines.append(_irregularity(irr, names, "a card off the led suit, a claim of being void not yet proven"))
    if hand.get("your_hand"):
        lines.append(f"Your hand: {_cards(hand['your_hand'])}.")
    return lines


def ruling_sentence(entry: dict[str, Any], names: Names) -> str:
    """A claim, a ruling or a correction of ``view["rulings"]`` as a sentence, with its event: the
    words the view carries (the game's ``words``), or its fields for a view without them."""
    said = entry.get("said") or ", ".join(f"{k.replace('_', ' ')} {plain(v)}" for k, v in names.named(entry).items()
                                          if k not in ("version",)) + "."
    return f"Event {entry.get('version')}: {said}"


# -- what a game's view says of its loss ----------------------------------------------------

def lost_line(words: str) -> str:
    """The referee's words when a game can no longer be won (a player's own view, its ``lost``), as
    the line ``courtcard log`` prints after the action that left it so."""
    return f"Lost: {words[0].upper()}{words[1:]}."
