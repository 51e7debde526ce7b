"""Queen Bees commands: the shared ones of a plain trick game (``bid`` is a number of tricks)."""

from __future__ import annotations

from referee.table_actions import trick_command_of as command_of  # bids, cards and claims: all shared
from referee.trickgame.commands import SHARED_ACTIONS, schemas_of

ACTIONS: dict[str, type] = dict(SHARED_ACTIONS)
COMMAND_SCHEMAS, ACTION_OF = schemas_of(ACTIONS)
