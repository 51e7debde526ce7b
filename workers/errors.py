"""Errors raised by the workers, under one root so callers can catch the package as a whole."""

from __future__ import annotations


class WorkersError(Exception):
    """Root of every error the workers raise."""
