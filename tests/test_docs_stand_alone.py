"""The repository's docs stand on their own: no tracked file cites the rule texts the project was
written from (they are not in the repository; ``docs/rules/`` says the rules as the referee applies
them), and every link or path the docs give leads to a file of the repository (and a link's
``#anchor`` to a heading of that file)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Written in two parts so that this file does not cite them itself.
OUTSIDE = ("rules/" + "source/", "RULINGS" + ".md")

_LINK = re.compile(r"\]\(([^)\s]+)\)")
_CODE_PATH = re.compile(r"`([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]*)`")
_DOCS_PATH = re.compile(r"\bdocs/[A-Za-z0-9_./-]+\.md\b")


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [name for name in out.stdout.splitlines() if (ROOT / name).is_file()]


def _text(name: str) -> str | None:
    data = (ROOT / name).read_bytes()
    if b"\0" in data:  # a picture or other binary file cites nothing
        return None
    return data.decode("utf-8", errors="replace")


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            slug = _slug(match.group(1))
            count = seen.get(slug, 0)
            anchors.add(slug if count == 0 else f"{slug}-{count}")
            seen[slug] = count + 1
    return anchors


def _exists(target: str, tracked: set[str]) -> bool:
    target = target.rstrip("/")
    return target in tracked or any(name.startswith(target + "/") for name in tracked)


def test_no_tracked_file_cites_the_rule_texts_outside_the_repository():
    citing = []
    for name in _tracked():
        text = _text(name)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(cited in line for cited in OUTSIDE):
                citing.append(f"{name}:{number}: {line.strip()}")
    assert citing == [], "cites a file outside the repository:\n" + "\n".join(citing)


def test_every_link_in_the_docs_leads_to_a_file_and_heading_of_the_repository():
    tracked = set(_tracked())
    broken = []
    for name in sorted(n for n in tracked if n.endswith(".md")):
        here = (ROOT / name).parent
        for target in _LINK.findall((ROOT / name).read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):  # https:, mailto: lead outside, on purpose
                continue
            path, _, anchor = target.partition("#")
            file = (here / path).resolve() if path else ROOT / name
            relative = file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else None
            if relative is None or not _exists(relative, tracked):
                broken.append(f"{name}: {target}: no such file in the repository")
            elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
                broken.append(f"{name}: {target}: no such heading")
    assert broken == [], "\n".join(broken)


def test_every_path_the_docs_name_is_in_the_repository():
    """A code path a page names (`referee/games/dungeon/`) and a page a docstring cites
    (``docs/rules/dungeon.md``) exist, so a reader who follows them finds them."""
    tracked = set(_tracked())
    top = {name.split("/")[0] for name in tracked if "/" in name}
    missing = []
    for name in sorted(tracked):
        if name.endswith(".md"):
            text = (ROOT / name).read_text(encoding="utf-8")
            paths = [p for p in _CODE_PATH.findall(text) if p.split("/")[0] in top]
        elif name.endswith(".py"):
            paths = _DOCS_PATH.findall((ROOT / name).read_text(encoding="utf-8"))
        else:
            continue
        missing += [f"{name}: {path}" for path in paths if not _exists(path, tracked)]
    assert missing == [], "names a path that is not in the repository:\n" + "\n".join(missing)
