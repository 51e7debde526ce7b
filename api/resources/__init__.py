"""One blueprint per resource. Add a resource module's name to ``RESOURCES`` to serve it."""

from __future__ import annotations

import importlib

#: Modules under ``api.resources`` that define a flask-smorest ``blp``, in the order they are documented.
RESOURCES = ("games", "events", "scores", "audit", "disputes", "exports", "imports", "signing", "health")


def blueprints():
    for name in RESOURCES:
        yield importlib.import_module(f"api.resources.{name}").blp
