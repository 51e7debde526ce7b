"""The page's texts live in one catalogue (api/web/static/texts_en.js), so that a translation is one
file: every key a page uses (t("start.player") in a script, data-t="start.title" in a template)
is in it, and every text in it is used."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).parents[2] / "api" / "web"
CATALOGUE = WEB / "static" / "texts_en.js"


def catalogue() -> set[str]:
    return set(re.findall(r'^\s*"([a-z_.]+)":', CATALOGUE.read_text(), re.MULTILINE))


def namespaces() -> set[str]:
    return {key.split(".")[0] for key in catalogue()}


def used_keys() -> dict[str, set[str]]:
    """The keys each file that reads the catalogue uses: string literals in a catalogue namespace
    (so a key chosen by a condition, t(a ? "x.y" : "x.z"), counts too) and data-t attributes."""
    spaces = "|".join(map(re.escape, namespaces()))
    literal = re.compile(rf'"((?:{spaces})(?:\.[a-z_]+)+)"')
    out = {}
    for path in [*WEB.glob("static/*.js"), *WEB.glob("templates/web/*.html")]:
        if path.name in (CATALOGUE.name, "texts.js"):  # the catalogue and its lookup
            continue
        text = path.read_text()
        # data-t="key" and data-t-aria-label="key" (texts.js translate()); a page's title key is a
        # template block (base.html: {% block title_key %}start.page_title{% endblock %})
        keys = set(re.findall(r'data-t(?:-[a-z-]+)?="([a-z_.]+)"', text))
        keys |= set(re.findall(r"\{% block title_key %\}([a-z_.]+)\{% endblock %\}", text))
        if 'from "./texts.js"' in text:
            keys |= set(literal.findall(text))
        if keys:
            out[path.name] = keys
    return out


def test_every_text_key_a_page_uses_is_in_the_catalogue():
    used = used_keys()
    assert {"start.js", "start.html", "token.js", "join.js"} <= set(used)
    missing = {name: sorted(keys - catalogue()) for name, keys in used.items() if keys - catalogue()}
    assert missing == {}


def test_every_text_in_the_catalogue_is_used_by_a_page():
    used = set().union(*used_keys().values())
    assert sorted(catalogue() - used) == []
