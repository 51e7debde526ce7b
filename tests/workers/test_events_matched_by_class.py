"""Workers (and the API's readers) match recorded events by their class, so that an event they
name wrongly fails when the module is imported instead of silently matching nothing."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def comparisons_of_a_type_name(path: Path) -> list[str]:
    """``envelope.type == "CardPlayed"``-style comparisons (==, !=, in, not in) in one file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Compare) and not all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            sides = [node.left, *node.comparators]
            if any(isinstance(side, ast.Attribute) and side.attr == "type" for side in sides):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_workers_and_api_never_match_an_event_by_its_type_name():
    files = sorted((ROOT / "workers").rglob("*.py")) + sorted((ROOT / "api").rglob("*.py"))
    assert [hit for path in files for hit in comparisons_of_a_type_name(path)] == []
