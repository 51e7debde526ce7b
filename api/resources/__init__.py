"""One blueprint per resource. Add a resource module to ``blueprints`` to serve it."""

from __future__ import annotations


def blueprints() -> list:
    """Each resource's flask-smorest blueprint, in the order they are documented. Imported here,
    when the app is built, so that importing this package alone loads no resource."""
    from api.resources import (audit, desk, disputes, events, exports, games, health, imports, leagues, players, scores,
                               sessions, signing)

    return [module.blp for module in (games, events, scores, audit, disputes, desk, exports, imports, signing, health,
                                          players, sessions, leagues)]
