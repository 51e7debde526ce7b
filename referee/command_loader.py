"""Loading a command from its JSON fields without marshmallow on the usual path.

A game's ``command_schemas`` (marshmallow, through marshmallow_dataclass) define what a command
holds, and they stay what documents it (``GET /games/catalog``) and what words its errors. Loading
a play through marshmallow cost about 40 us of a request's CPU; a command is a few flat fields, so
a loader built once per schema from its fields checks them with plain type and range tests and
builds the command itself.

The loader only ever accepts: whatever it does not recognise as valid (a missing required field, a
wrong type, a number out of range, an unknown field) goes to the schema itself, which refuses it in
its own words (or, if the loader was stricter than the schema, accepts it as before). So errors are
marshmallow's, word for word, and a valid command is the same object either way
(tests/referee/test_command_loader.py checks both for every command of every registered game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import marshmallow
from marshmallow import fields as mf, validate

from referee.fields import ExactBoolean, ExactInteger

#: What a field check returns for a value it does not accept as valid.
DECLINED = object()

#: One field's check: the raw value (``marshmallow.missing`` when absent) -> the loaded value or DECLINED.
Check = Callable[[Any], Any]


class CommandLoader:
    """Loads one command: ``load(fields)`` is the schema's ``load``, faster on valid input."""

    def __init__(self, schema: marshmallow.Schema) -> None:
        self.schema = schema
        self.command_class = _command_class(schema)
        checks = {name: _check_of(field) for name, field in schema.load_fields.items()}
        # A schema with a field of a kind the loader does not know is loaded by marshmallow alone.
        self.fast = self.command_class is not None and schema.unknown == marshmallow.RAISE and all(
            check is not None and field.data_key is None and field.attribute is None
            for check, field in zip(checks.values(), schema.load_fields.values()))
        self.checks: dict[str, Check] = {n: c for n, c in checks.items() if c is not None} if self.fast else {}

    def load_fast(self, data: Mapping[str, Any]) -> Any:
        """The command, or DECLINED where the schema must decide (and word any error)."""
        command_class = self.command_class
        if not self.fast or command_class is None:
            return DECLINED
        checks = self.checks
        for key in data:
            if key not in checks:
                return DECLINED  # an unknown field: the schema names it
        loaded: dict[str, Any] = {}
        for name, check in checks.items():
            value = check(data.get(name, marshmallow.missing))
            if value is DECLINED:
                return DECLINED
            if value is not marshmallow.missing:
                loaded[name] = value
        return command_class(**loaded)

    def load(self, data: Mapping[str, Any]) -> Any:
        """The command ``data`` holds; raises the schema's ``marshmallow.ValidationError`` otherwise."""
        command = self.load_fast(data)
        return self.schema.load(dict(data)) if command is DECLINED else command


_LOADERS: dict[int, CommandLoader] = {}


def loader_for(schema: marshmallow.Schema) -> CommandLoader:
    """The loader of ``schema``, built on first use (schemas live as long as their game)."""
    loader = _LOADERS.get(id(schema))
    if loader is None or loader.schema is not schema:
        loader = _LOADERS[id(schema)] = CommandLoader(schema)
    return loader


def _command_class(schema: marshmallow.Schema) -> type | None:
    """The dataclass a marshmallow_dataclass schema loads into: its ``load`` holds it as ``clazz``.
    None if that is not where it is (another version of the library): then marshmallow loads."""
    for klass in type(schema).__mro__:
        load = klass.__dict__.get("load")
        code, closure = getattr(load, "__code__", None), getattr(load, "__closure__", None)
        if code is not None and closure is not None and "clazz" in code.co_freevars:
            found = closure[code.co_freevars.index("clazz")].cell_contents
            return found if isinstance(found, type) else None
    return None


def _check_of(field: mf.Field[Any]) -> Check | None:
    """A check doing what ``field.deserialize`` does on valid input; None for a kind of field
    (or a validator) it does not know."""
    value_check = _value_check(field)
    if value_check is None:
        return None
    required, allow_none, default = field.required, field.allow_none, field.load_default

    def check(value: Any) -> Any:
        if value is marshmallow.missing:
            if required:
                return DECLINED
            return default() if callable(default) else default
        if value is None:
            return None if allow_none else DECLINED
        return value_check(value)

    return check


def _value_check(field: mf.Field[Any]) -> Check | None:
    """The check of a present, non-null value."""
    if isinstance(field, ExactInteger) and type(field).deserialize is mf.Field.deserialize:
        ranges = [v for v in field.validators if isinstance(v, validate.Range)]
        if len(ranges) != len(field.validators) or not field.strict:
            return None
        low_high = [(r.min, r.max, r.min_inclusive, r.max_inclusive) for r in ranges]
        if any(not (low_in and high_in) for _, _, low_in, high_in in low_high):
            return None
        low = max((lo for lo, *_ in low_high if lo is not None), default=None)
        high = min((hi for _, hi, *_ in low_high if hi is not None), default=None)

        def exact_integer(value: Any) -> Any:
            # bool is an int to Python, never to a command (marshmallow refuses it too)
            if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
                return DECLINED
            return value

        return exact_integer
    if field.validators:
        return None
    if type(field) is ExactBoolean:
        return lambda value: value if type(value) is bool else DECLINED
    if type(field) is mf.String:
        return lambda value: value if type(value) is str else DECLINED
    if type(field) is mf.List:
        inner = _value_check(field.inner)
        if inner is None or field.inner.allow_none or field.inner.validators:
            return None

        def each(value: Any) -> Any:
            if type(value) is not list:
                return DECLINED
            out = [inner(item) for item in value]
            return DECLINED if any(item is DECLINED for item in out) else out

        return each
    return None
