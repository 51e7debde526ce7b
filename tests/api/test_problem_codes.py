"""One code for each kind of failure, and every code the API can answer documented in docs/problems.md
and listed in the OpenAPI document, so that code, docs and spec cannot drift apart."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from api.problems import HTTP_STATUS_CODES, PROBLEM_CODES

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "referee", "events", "workers")
#: Codes given by an expression rather than a literal, and where they come from: the refusal's own
#: code (an InputError's, found below as the literal it is), or the HTTP layer's (HTTP_STATUS_CODES).
DYNAMIC_CODES = {"exc.code", "slug"}


def codes_in_source() -> set[str]:
    """Every problem code the code base can answer: the code of each ``ApiProblem(...)`` and
    ``problem(...)``, each ``code="..."`` passed to an error, each error class's ``code = "..."``,
    and the HTTP layer's codes."""
    codes = set(HTTP_STATUS_CODES.values()) | {"http_error"}
    for path in sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            given = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in ("ApiProblem", "problem") and len(node.args) >= 3:
                    given.append(node.args[2])
                given += [kw.value for kw in node.keywords if kw.arg == "code"]
            elif isinstance(node, ast.ClassDef):
                given += [stmt.value for stmt in node.body if isinstance(stmt, ast.Assign)
                          and [ast.unparse(t) for t in stmt.targets] == ["code"]
                          and isinstance(stmt.value, ast.Constant)]
            for value in given:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    codes.add(value.value)
                else:
                    assert ast.unparse(value) in DYNAMIC_CODES, f"{path}:{node.lineno}: a code this test cannot read"
    return codes


def documented_codes() -> set[str]:
    table = (ROOT / "docs" / "problems.md").read_text()
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE))


def test_every_code_the_api_answers_is_documented():
    assert codes_in_source() - documented_codes() == set()


def test_every_documented_code_is_one_the_api_answers():
    assert documented_codes() - codes_in_source() == set()


def test_openapi_document_lists_exactly_the_documented_codes(client):
    spec = client.get("/openapi.json").get_json()
    listed = spec["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
    assert sorted(listed) == sorted(documented_codes()) == sorted(PROBLEM_CODES)


def test_options_refused_by_their_schema_or_by_the_game_have_one_code(client):
    by_schema = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C", "D"],
                                            "options": {"partners": "often"}})
    by_game = client.post("/games", json={"game": "queens-dungeon", "seats": ["A", "B", "C"],
                                          "options": {"players": 3, "partners": True}})
    assert (by_schema.status_code, by_game.status_code) == (422, 422)
    assert by_schema.get_json()["code"] == by_game.get_json()["code"] == "invalid_options"
