"""The rules and the referee service are pure of storage: they import without a Redis client."""

from __future__ import annotations

import subprocess
import sys


def test_the_referee_package_imports_without_redis():
    code = ("import sys; import referee.service, referee.registry, referee.replay; "
            "print(sorted(m for m in sys.modules if m == 'redis' or m.startswith('redis.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
