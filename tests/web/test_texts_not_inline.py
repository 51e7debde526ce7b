"""Every text a person reads on the pages is taken from the catalogue (api/web/static/texts_en.js),
so that a translation is one file: no script writes words inline where a person reads them (an
element's text or its title, placeholder, aria-label or alt, a notice, the document's title), and
every text and label of the templates is marked with its catalogue key. Pure: reads the sources."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).parents[2] / "api" / "web"
STATIC = WEB / "static"
# The catalogue itself, its lookup, and the service worker (which shows nothing).
NOT_PAGES = {"texts_en.js", "texts.js", "sw.js"}
# Literals that are read but are not words of a language: names of things, not sentences.
NOT_WORDS = {
    "Courtcard",  # the product's name
    "cat data/director-key",  # a command, typed as it is
    "queens-dungeon",  # a game's id
    "courtcard.token.", "courtcard.recent", "courtcard.director", "courtcard.table.",  # the browser's storage keys
}
# Nor are a card's codes (a rank or suit letter), a colour, an address.
NOT_WORDS_PATTERN = re.compile(r"[A-Z]|#[0-9a-fA-F]{3,8}|https?://\S+")
# Attributes whose value a person reads (or hears, from a screen reader).
READ_ATTRS = ("title", "placeholder", "aria-label", "alt")


def strings(src: str):
    """Each string literal of a script: (start, end, the text outside any ${...}), comments skipped."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            i = src.find("\n", i) if "\n" in src[i:] else n
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        elif c in "\"'":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append((i, j + 1, src[i + 1 : j]))
            i = j + 1
        elif c == "`":
            j, text, depth = i + 1, [], 0
            while src[j] != "`":
                if src[j] == "\\":
                    text.append(src[j : j + 2])
                    j += 2
                elif src.startswith("${", j):
                    j = closing(src, j + 1) + 1
                    text.append(" ")
                else:
                    text.append(src[j])
                    j += 1
            out.append((i, j + 1, "".join(text)))
            i = j + 1
        else:
            i += 1
    return out


def closing(src: str, i: int) -> int:
    """The index of the bracket closing the one at src[i], skipping strings inside."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack, j, lits = [pairs[src[i]]], i + 1, {s: e for s, e, _ in strings_cache.get(src, [])}
    while stack:
        if j in lits:
            j = lits[j]
            continue
        ch = src[j]
        if ch in pairs:
            stack.append(pairs[ch])
        elif ch in ")}]":
            stack.pop()
        j += 1
    return j - 1


strings_cache: dict[str, list] = {}


def expression_end(src: str, i: int) -> int:
    """Where the expression starting at i ends: at a comma, a semicolon, a newline or a closing
    bracket at its own level."""
    lits = {s: e for s, e, _ in strings_cache[src]}
    j = i
    while j < len(src):
        if j in lits:
            j = lits[j]
            continue
        ch = src[j]
        if ch in "({[":
            j = closing(src, j) + 1
            continue
        if ch in ",;\n)}]":
            return j
        j += 1
    return j


def read_regions(src: str):
    """The spans of a script whose strings a person reads."""
    regions = []
    # a constant holding words, shown later: const SOMEONE_FIRST = "..."
    for m in re.finditer(r"\bconst [A-Z][A-Z_]*\s*=\s*(?=[\"'`])", src):
        regions.append((m.end(), expression_end(src, m.end())))
    # a property set to words: el.textContent = ..., document.title = ..., input.placeholder = ...
    for m in re.finditer(r"\.(textContent|innerText|title|placeholder|alt)\s*=(?!=)", src):
        regions.append((m.end(), expression_end(src, m.end())))
    for m in re.finditer(r"setAttribute\(\s*\"(?:%s)\",\s*" % "|".join(READ_ATTRS), src):
        regions.append((m.end(), expression_end(src, m.end())))
    # an attribute in an element builder's attributes: { title: ..., "aria-label": ... }
    for m in re.finditer(r"[{,]\s*\"?(%s)\"?\s*:" % "|".join(READ_ATTRS), src):
        regions.append((m.end(), expression_end(src, m.end())))
    # the children of h(tag, attrs, ...children), of fill(el, ...children), and a notice
    for m in re.finditer(r"(?<![\w.$])(h|fill|notify)\(", src):
        start, end = m.end(), closing(src, m.end() - 1)
        first = expression_end(src, start)  # the tag, the element, or (notify) the text itself
        if m.group(1) == "notify":  # its text; the second argument is the notice's kind
            regions.append((start, first))
            continue
        rest = first + 1
        if m.group(1) == "h":
            k = rest
            while k < end and src[k].isspace():
                k += 1
            if k < end and src[k] == "{":  # the attributes: their read ones are found above
                rest = closing(src, k) + 1
            else:
                rest = expression_end(src, k) + 1 if k < end else end
        regions.append((rest, end))
    return regions


def skipped(src: str):
    """The spans that are not read though inside a read region: a catalogue key (t("key")), the
    tag and attributes of a nested h(...), comparisons and keys of the data."""
    spans = []
    for m in re.finditer(r"(?<![\w.$])h\(", src):
        end = closing(src, m.end() - 1)
        first = expression_end(src, m.end())
        k = first + 1
        while k < end and src[k].isspace():
            k += 1
        attrs_end = closing(src, k) + 1 if k < end and src[k] == "{" else first
        spans.append((m.end(), attrs_end))
    for m in re.finditer(r"(?<![\w.$])t\(\s*", src):
        spans.append((m.end(), expression_end(src, m.end())))
    for m in re.finditer(r"[=!]==?\s*", src):
        spans.append((m.start(), m.end() + 1))
    # the arguments of any other call (legalFor(seat, "deal"), Object.assign(el, {id: ...}))
    for m in re.finditer(r"(?<![\w$])([\w$.]+)\(", src):
        if m.group(1) not in ("h", "fill", "notify", "t", "if", "for", "while", "switch", "return"):
            spans.append((m.end(), closing(src, m.end() - 1)))
    return spans


def inline_words(path: Path) -> list[str]:
    src = path.read_text()
    strings_cache[src] = strings(src)
    regions, skip = read_regions(src), skipped(src)
    found = set()
    for start, end, text in strings_cache[src]:
        text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)  # "\u25ae" is a symbol
        if not re.search(r"[A-Za-z]", text) or text.strip() in NOT_WORDS or NOT_WORDS_PATTERN.fullmatch(text):
            continue
        if re.search(r"[{,]\s*$", src[:start]) and re.match(r"\s*:", src[end:]):  # a key of an object
            continue
        # read if some region holds it and nothing inside that region (a key, a nested element's
        # attributes, another call's arguments) takes it out of what is read
        if any(a <= start < b and not any(a <= s <= start < e for s, e in skip) for a, b in regions):
            line = src.count("\n", 0, start) + 1
            found.add(f"{path.name}:{line}: {src[start:end]}")
    return sorted(found)


def test_no_script_writes_words_a_person_reads_inline():
    found = [w for path in sorted(STATIC.glob("*.js")) if path.name not in NOT_PAGES for w in inline_words(path)]
    assert found == []


def test_every_text_of_the_templates_is_a_catalogue_entry():
    found = []
    for path in sorted((WEB / "templates" / "web").glob("*.html")):
        html = re.sub(r"\{#.*?#\}|\{%.*?%\}", "", path.read_text(), flags=re.S)
        for m in re.finditer(r"<(\w+)([^>]*)>([^<]*)", html):
            tag, attrs, text = m.groups()
            if tag in ("script", "style"):
                continue
            if re.search(r"[A-Za-z]", text) and text.strip() not in NOT_WORDS and "data-t=" not in attrs:
                found.append(f"{path.name}: <{tag}> {text.strip()}")
            for attr in READ_ATTRS:
                if re.search(rf'\b{attr}="[^"]*[A-Za-z]', attrs) and f"data-t-{attr}=" not in attrs:
                    found.append(f"{path.name}: <{tag} {attr}>")
    assert found == []


def test_the_check_finds_each_kind_of_inline_words_and_passes_catalogue_lookups(tmp_path):
    script = tmp_path / "sample.js"
    script.write_text("\n".join([
        'const A = h("p", { class: "hint" }, "Tap a card");',
        'const B = h("input", { placeholder: "e.g. 3s", "aria-label": t("play.typed.label") });',
        'el.textContent = ok ? t("play.live") : "offline";',
        'notify(`${card} cannot be played now.`, "info");',
        'const WAIT = "Someone logged first";',
        'const C = h("button", { type: "button", "data-key": "x-y", onclick: () => act({ action: "play" }) }, t("play.typed.log"), " \\u00b7 ", 12);',
        'if (phase === "deal") fill(box, legalFor(0, "deal"), t("play.end.now", { n: 2 }));',
    ]))
    found = [line.split(": ", 1)[1] for line in inline_words(script)]
    assert sorted(found) == sorted(['"Tap a card"', '"e.g. 3s"', '"offline"', "`${card} cannot be played now.`",
                                    '"Someone logged first"'])
