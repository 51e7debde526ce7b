"""Commands are loaded without marshmallow on valid input (referee.command_loader), with the
schema's checks and words: for every command of every registered game, valid and invalid bodies
load to the same command, or fail with the same messages, as through the schema itself."""

from __future__ import annotations

import marshmallow
import pytest
from marshmallow import fields as mf

from referee.command_loader import DECLINED, loader_for
from referee.fields import ExactBoolean, ExactInteger
from referee.registry import game_names, get_game

COMMANDS = [(name, action) for name in game_names() for action in sorted(get_game(name).command_schemas)]


def _range(field: ExactInteger) -> tuple[int, int]:
    (rng,) = field.validators
    return rng.min, rng.max


def _good(field: mf.Field) -> list:
    """Values the field accepts."""
    if isinstance(field, ExactInteger):
        low, high = _range(field)
        return [low, high]
    if isinstance(field, ExactBoolean):
        return [True, False]
    if isinstance(field, mf.List):
        return [[], list(_good(field.inner))]
    return ["QS", "", "♠ é"]


def _bad(field: mf.Field) -> list:
    """Values the field refuses (or that a lax loader might wrongly take)."""
    if isinstance(field, ExactInteger):
        low, high = _range(field)
        return [low - 1, high + 1, True, False, 1.0, 1.5, "1", [1], {"a": 1}, 2**64]
    if isinstance(field, ExactBoolean):
        return [0, 1, "true", "yes", None if not field.allow_none else 2]
    if isinstance(field, mf.List):
        return ["QS", {"a": 1}, 3, [None], [1], [["QS"], 1], [{"x": 1}]] + [[b] for b in _bad(field.inner)[:3]]
    return [1, 1.5, True, ["QS"], {"a": "b"}]


def _bodies(schema: marshmallow.Schema) -> tuple[list[dict], list[dict]]:
    """(valid bodies, invalid bodies) for a command schema, built from its fields."""
    fields = schema.load_fields
    full = {name: _good(field)[0] for name, field in fields.items()}
    required = {name: value for name, value in full.items() if fields[name].required}
    valid = [full, required]
    for name, field in fields.items():
        valid += [{**full, name: value} for value in _good(field)]
        if field.allow_none:
            valid.append({**full, name: None})
    invalid = [{**full, "colour": "red"}, {**full, "action": "play", "x": 1, "y": 2}]
    for name, field in fields.items():
        invalid += [{**full, name: value} for value in _bad(field)]
        if field.required:
            invalid.append({k: v for k, v in full.items() if k != name})
        if not field.allow_none:
            invalid.append({**full, name: None})
    if len(fields) > 1:  # errors in two fields at once, and an unknown field beside them
        first, second = list(fields.values())[:2]
        names = list(fields)[:2]
        invalid.append({**full, names[0]: _bad(first)[0], names[1]: _bad(second)[0], "extra": 1})
    return valid, invalid


def _through_schema(schema, body):
    try:
        return "loaded", schema.load(dict(body))
    except marshmallow.ValidationError as exc:
        return "refused", exc.messages


def _through_loader(schema, body):
    try:
        return "loaded", loader_for(schema).load(body)
    except marshmallow.ValidationError as exc:
        return "refused", exc.messages


@pytest.mark.parametrize(("game", "action"), COMMANDS)
def test_a_command_loads_as_its_schema_loads_it_and_is_refused_in_the_same_words(game, action):
    schema = get_game(game).command_schemas[action]
    valid, invalid = _bodies(schema)
    for body in valid + invalid:
        assert _through_loader(schema, body) == _through_schema(schema, body), body
    assert all(_through_schema(schema, body)[0] == "loaded" for body in valid)
    assert all(_through_schema(schema, body)[0] == "refused" for body in invalid)


@pytest.mark.parametrize(("game", "action"), COMMANDS)
def test_a_valid_command_is_loaded_without_marshmallow(game, action):
    schema = get_game(game).command_schemas[action]
    loader = loader_for(schema)
    valid, invalid = _bodies(schema)
    for body in valid:
        command = loader.load_fast(body)
        assert command is not DECLINED, body
        assert command == schema.load(dict(body))
        assert type(command) is type(schema.load(dict(body)))
    # ... and nothing invalid gets past it: the schema words every refusal
    assert all(loader.load_fast(body) is DECLINED for body in invalid)
