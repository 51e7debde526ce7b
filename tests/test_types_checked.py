"""The type hints of ``events/`` and ``referee/`` are checked: mypy, strict, with the project's
configuration (``[tool.mypy]`` in pyproject.toml), so a hint that says the wrong thing fails the suite.

Nothing is relaxed for any module: no override turns an error code off or ignores a module's errors.
The one override left tells mypy that the embedded server's package ships no type information.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def test_events_and_referee_pass_the_strict_type_check() -> None:
    assert CONFIG.get("strict") is True
    assert {"events", "referee"} <= set(CONFIG.get("files", []))
    run = _mypy()
    assert run.returncode == 0, f"mypy found errors:\n{run.stdout}{run.stderr}"


def test_no_module_of_the_events_or_the_referee_is_checked_less_strictly() -> None:
    relaxing = {"disable_error_code", "ignore_errors", "strict", "check_untyped_defs",
                "disallow_untyped_defs", "disallow_any_generics", "warn_return_any"}
    relaxed = {str(override["module"]): sorted(relaxing & set(override))
               for override in CONFIG.get("overrides", []) if relaxing & set(override)}
    assert not relaxed, f"overrides that relax the strict check: {relaxed}"
