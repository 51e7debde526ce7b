"""The club layer's refusals: each an ``InputError`` with its own code (listed in docs/problems.md),
so the API answers it as problem+json naming what was wrong, and nothing is recorded."""

from __future__ import annotations

from typing import Any

from referee.errors import InputError


class ClubError(InputError):
    """A roster or session entry refused; ``code`` says which kind, ``legal`` what would do."""

    def __init__(self, message: str, *, code: str, legal: list[Any] | None = None) -> None:
        super().__init__(message, legal=legal)
        self.code = code  # each caller names its code as a literal, for docs/problems.md's check
