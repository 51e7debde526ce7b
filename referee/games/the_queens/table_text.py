"""The tableau as lines of text for ``courtcard show`` (``api/cli_table.py``), through the game's
``table_lines``. Pure: a view (``views.public_view`` or ``views.director_view``) in, lines out.
"""

from __future__ import annotations

from typing import Any

#: The keys of a view the lines say: the command line prints the others as labelled facts.
SAID = frozenset({"seats", "phase", "key", "shutter", "foundations", "talon", "pack", "queens_counted", "home",
                  "result", "lost"})


def table_lines(view: dict[str, Any]) -> tuple[list[str], set[str]]:
    """The cards home and the result, why the game is lost (the player's own view), the
    foundations, the key, the shutter, the talon and the pack, and, in the director's view, the
    key, the talon and the pack card by card."""
    lines = [f"{view.get('home')} of 104 cards home" + (f"; the game is {view['result']}." if view.get("result") else ".")]
    if view.get("lost"):
        # The same line as the one ``courtcard log`` prints when a move leaves the game lost.
        words = view["lost"]
        lines.append(f"Lost: {words[0].upper()}{words[1:]}.")
    foundations = ", ".join(f"{f['top']} ({f['count']}, next {f['next']})" if f.get("next") else f"{f['top']} ({f['count']}, full)"
                            for f in view["foundations"])
    lines.append(f"Foundations: {foundations or 'none yet'}.")
    key, talon, pack = view["key"], view["talon"], view["pack"]
    lines.append(f"Key: {key['count']} cards, {key['top'] or 'face down'} on top.")
    for name, pile in view["shutter"].items():
        lines.append(f"Shutter {name}: {_cards(pile)}.")
    lines.append(f"Talon: {talon['count']} cards" + (f", {talon['top']} on top." if talon.get("top") else "."))
    lines.append(f"Pack: {pack['count']} cards; Queens counted: {view.get('queens_counted')}.")
    for place in ("key", "talon", "pack"):
        if view[place].get("cards") is not None:
            lines.append(f"{place.capitalize()}, card by card: {_cards(view[place]['cards'])}.")
    return lines, set(SAID)


def _cards(cards: list[str] | None) -> str:
    return " ".join(cards) if cards else "none"
