"""The type hints of ``events/`` and ``referee/`` are checked: mypy, strict, with the project's
configuration (``[tool.mypy]`` in pyproject.toml), so a hint that says the wrong thing fails the suite.

A few modules still wait for a real type where mypy cannot follow the code yet. Each has its own
override in pyproject.toml naming the error codes it may still raise, and nothing else is relaxed
for it. That list can only shrink: a relaxed code a module no longer raises fails the second test,
so it is taken out.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def _relaxed() -> dict[str, set[str]]:
    """module -> the error codes its override still allows."""
    out: dict[str, set[str]] = {}
    for override in CONFIG.get("overrides", []):
        codes = override.get("disable_error_code")
        if codes:
            modules = override["module"]
            for module in [modules] if isinstance(modules, str) else modules:
                out.setdefault(module, set()).update(codes)
    return out


def test_events_and_referee_pass_the_strict_type_check() -> None:
    assert CONFIG.get("strict") is True
    assert {"events", "referee"} <= set(CONFIG.get("files", []))
    run = _mypy()
    assert run.returncode == 0, f"mypy found errors:\n{run.stdout}{run.stderr}"


def test_each_relaxed_error_code_is_still_needed(tmp_path: Path) -> None:
    relaxed = _relaxed()
    if not relaxed:
        return
    # The same configuration without the relaxations: which codes does each module really raise?
    lines = ["[mypy]", "strict = True", f"python_version = {CONFIG['python_version']}",
             f"files = {', '.join(CONFIG['files'])}"]
    for override in CONFIG.get("overrides", []):
        if override.get("ignore_missing_imports"):
            modules = override["module"]
            for module in [modules] if isinstance(modules, str) else modules:
                lines += [f"[mypy-{module}]", "ignore_missing_imports = True"]
    config = tmp_path / "mypy.ini"
    config.write_text("\n".join(lines) + "\n")
    run = _mypy("--config-file", str(config), "--cache-dir", str(ROOT / ".mypy_cache" / "unrelaxed"))
    raised: dict[str, set[str]] = {}
    for path, code in re.findall(r"^(\S+?)\.py:\d+: error: .*\[([a-z-]+)\]$", run.stdout, re.M):
        module = path.replace("/", ".").removesuffix(".__init__")
        raised.setdefault(module, set()).add(code)
    stale = {m: sorted(codes - raised.get(m, set())) for m, codes in relaxed.items() if codes - raised.get(m, set())}
    assert not stale, f"these modules no longer raise these codes: take them out of pyproject.toml: {stale}"


def test_the_games_and_the_trick_engine_are_checked_with_nothing_relaxed() -> None:
    # Every game, the trick engine and the wrappers a game is served in are typed for real; the undo
    # is the one module of the referee still waiting for its types.
    relaxed = {m for m in _relaxed() if m == "referee" or m.startswith("referee.")}
    assert relaxed <= {"referee.undo"}, f"relaxed in the referee: {sorted(relaxed - {'referee.undo'})}"
