"""``courtcard`` commands for a game's record: export, import, verify and audit."""

from __future__ import annotations

from api.cli import main  # noqa: F401  (commands below register on the main group)
