"""The marshmallow schemas of a game's commands, in every game.

Commands are frozen dataclasses (``referee.frozen``); a game's ``command_schemas`` maps each action
name to a marshmallow schema whose ``load(json)`` returns the command. Cards and suits stay as typed
by a person (``qs``, ``Td``): ``decide`` normalises them and explains a bad one. Numbers are exact
and bounded (``referee.fields``): a seat is a ``Seat``, any other integer an ``ExactInteger``.
"""

from __future__ import annotations

import marshmallow
import marshmallow_dataclass

from referee.fields import ExactBoolean, ExactInteger


class CommandSchema(marshmallow.Schema):
    """The base of every command's schema: a plain ``int`` field is read exactly, and bounded; a
    ``bool`` is JSON true or false."""

    TYPE_MAPPING = {**marshmallow.Schema.TYPE_MAPPING, int: ExactInteger, bool: ExactBoolean}


def schemas_of(actions: dict[str, type]) -> tuple[dict, dict]:
    """(action name -> marshmallow schema, command class -> action name) for a game's actions."""
    schemas = {name: marshmallow_dataclass.class_schema(cls, base_schema=CommandSchema)() for name, cls in actions.items()}
    return schemas, {cls: name for name, cls in actions.items()}
