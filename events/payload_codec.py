"""A fast, validating codec for event dataclasses whose fields are plain JSON-shaped types.

marshmallow takes tens of microseconds per event; replaying a 1,000-event game has to fit in a
few milliseconds. For event classes built from ``str``, ``int``, ``float``, ``bool``, ``Any``,
``Literal``, ``Optional``, ``list``, ``tuple``, ``dict[str, ...]`` and nested dataclasses of the
same, this module compiles a loader and a dumper that check every value's type. Any other field
type, or a field carrying marshmallow metadata (validators), makes :func:`compile_codec` return
None, and the registry keeps using the marshmallow schema for that class.

It is deliberately stricter than marshmallow's defaults: it never coerces ``"3"`` to 3 or
``1`` to True, since every payload in a stream was written from a typed event.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Played:
    ...     seat: int
    ...     card: str
    >>> codec = compile_codec(Played)
    >>> codec.load({"seat": 2, "card": "QS"})
    Played(seat=2, card='QS')
    >>> codec.load({"seat": "2", "card": "QS"})  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    PayloadError: {'seat': ['Not a valid integer.']}
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any

from events.errors import EventStoreError

Convert = Callable[[Any], Any]
_MISSING = dataclasses.MISSING


class PayloadError(EventStoreError, ValueError):
    """A payload does not fit its event class; ``messages`` maps field names to problems."""

    def __init__(self, messages: dict[str, Any]) -> None:
        super().__init__(messages)
        self.messages = messages


class _Invalid(EventStoreError):
    """Raised inside converters; turned into a per-field message by the caller."""


def _message(exc: _Invalid) -> Any:
    # Nested dataclasses report a dict of their own field messages, as marshmallow does.
    detail = exc.args[0]
    return detail if isinstance(detail, dict) else [detail]


class Unsupported(EventStoreError):
    """A field type the fast codec does not handle."""


@dataclasses.dataclass(frozen=True)
class DataclassCodec:
    """Compiled loader and dumper for one dataclass."""

    cls: type
    # (name, load, dump, default) per field; default is _MISSING for required fields,
    # else a zero-argument callable giving the default.
    fields: tuple[tuple[str, Convert, Convert, Callable[[], Any] | object], ...]
    names: frozenset[str]
    hints: tuple[Any, ...] = ()
    fast_load: Callable[[Any], Any] = None  # type: ignore[assignment]
    fast_dump: Callable[[Any], dict[str, Any]] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "fast_load", _generate_fast_load(self))
        object.__setattr__(self, "fast_dump", _generate_fast_dump(self))

    def values_loader(self, names: tuple[str, ...], start: int) -> Callable[[list[Any]], Any] | None:
        """A loader of the event from a list of its payload's values, ``names[i]``'s at
        ``start + i`` (how stored form 3 keeps them: ``events.compact_form``), with the checks of
        :attr:`fast_load`; it raises PayloadError on anything those do not accept outright, and
        ValueError on a list of another length (the caller then loads the payload the careful
        way). None when ``names`` are not the fields."""
        if sorted(names) != sorted(self.names) or len(names) != len(self.fields):
            return None
        return _generate_fast_load(self, {name: start + i for i, name in enumerate(names)})

    def load(self, payload: Any) -> Any:
        """Validate a JSON payload and build the event; raises PayloadError."""
        return self.fast_load(payload)

    def checked_load(self, payload: Any) -> Any:
        """The field-by-field loader: slower than :attr:`fast_load`, but it explains failures."""
        if type(payload) is not dict:
            raise PayloadError({"_schema": ["Invalid input type."]})
        kwargs = {}
        errors = None
        for name, load, _dump, default in self.fields:
            try:
                value = payload[name]
            except KeyError:
                if default is _MISSING:
                    errors = errors or {}
                    errors[name] = ["Missing data for required field."]
                else:
                    kwargs[name] = typing.cast(Callable[[], Any], default)()
                continue
            try:
                kwargs[name] = load(value)
            except _Invalid as exc:
                errors = errors or {}
                errors[name] = _message(exc)
        if len(payload) > len(kwargs) + (len(errors) if errors else 0):
            errors = errors or {}
            for extra in payload.keys() - self.names:
                errors[extra] = ["Unknown field."]
        if errors:
            raise PayloadError(errors)
        return self.cls(**kwargs)

    def dump(self, event: Any) -> dict[str, Any]:
        """The JSON-ready payload of ``event``; raises PayloadError if a value has the wrong type."""
        return self.fast_dump(event)

    def checked_dump(self, event: Any) -> dict[str, Any]:
        """The field-by-field dumper: slower than :attr:`fast_dump`, but it explains failures."""
        out = {}
        errors = None
        for name, _load, dump, _default in self.fields:
            try:
                out[name] = dump(getattr(event, name))
            except _Invalid as exc:
                errors = errors or {}
                errors[name] = _message(exc)
        if errors:
            raise PayloadError(errors)
        return out


def compile_codec(cls: type) -> DataclassCodec | None:
    """Compile a codec for dataclass ``cls``, or return None if a field needs marshmallow."""
    try:
        return _compile(cls, {})
    except Unsupported:
        return None


def _compile(cls: type, seen: dict[type, DataclassCodec]) -> DataclassCodec:
    if cls in seen:
        raise Unsupported("recursive dataclass")
    try:
        hints = typing.get_type_hints(cls)
    except Exception as exc:  # unresolvable forward references
        raise Unsupported(str(exc)) from exc
    specs = []
    hint_list = []
    for f in dataclasses.fields(cls):
        if not f.init or f.metadata:
            raise Unsupported(f"field {f.name} has metadata or is not in __init__")
        load, dump = _converters(hints[f.name], seen)
        default: Callable[[], Any] | object  # a factory, or _MISSING when the field is required
        if f.default is not _MISSING:
            default = (lambda value: lambda: value)(f.default)
        elif f.default_factory is not _MISSING:
            default = f.default_factory
        elif _allows_none(hints[f.name]):
            default = _none  # as marshmallow-dataclass: an Optional field may be left out
        else:
            default = _MISSING
        specs.append((f.name, load, dump, default))
        hint_list.append(hints[f.name])
    return DataclassCodec(cls, tuple(specs), frozenset(s[0] for s in specs), tuple(hint_list))


def _none() -> None:
    return None


def _allows_none(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)


def _converters(tp: Any, seen: dict[type, DataclassCodec]) -> tuple[Convert, Convert]:
    """(load, dump) for one annotation."""
    if tp is Any:
        return _identity, _identity
    if tp in _SCALARS:
        check = _SCALARS[tp]
        return check, check
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _nested(_compile(tp, seen))
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(args) != 2:
            raise Unsupported(f"union {tp}")
        return _optional(*_converters(rest[0], seen))
    if origin is typing.Literal:
        return _literal(args)
    if origin is list and len(args) == 1:
        load, dump = _converters(args[0], seen)
        return _sequence(load, list), _sequence(dump, list)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        load, dump = _converters(args[0], seen)
        return _sequence(load, tuple), _sequence(dump, list)
    if origin is tuple and args and Ellipsis not in args:
        pairs = [_converters(a, seen) for a in args]
        return _fixed_tuple([p[0] for p in pairs], tuple), _fixed_tuple([p[1] for p in pairs], list)
    if origin is dict and len(args) == 2 and args[0] is str:
        load, dump = _converters(args[1], seen)
        return _mapping(load), _mapping(dump)
    if tp is dict or tp is list:
        return _plain(tp), _plain(tp)
    raise Unsupported(f"type {tp}")


def _identity(value: Any) -> Any:
    return value


def _check_str(value: Any) -> str:
    if type(value) is not str:
        raise _Invalid("Not a valid string.")
    return value


def _check_int(value: Any) -> int:
    # 64-bit bound: larger integers do not survive common JSON parsers (orjson reads them as floats).
    if type(value) is not int or not -(2**63) <= value < 2**63:
        raise _Invalid("Not a valid integer.")
    return value


def _check_float(value: Any) -> float:
    if type(value) is float:
        if value - value != 0.0:  # NaN or an infinity: not JSON (marshmallow refuses them too)
            raise _Invalid("Special numeric values (nan or infinity) are not permitted.")
        return value
    if type(value) is int:
        return float(value)
    raise _Invalid("Not a valid number.")


def _check_bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _Invalid("Not a valid boolean.")
    return value


_SCALARS: dict[Any, Convert] = {str: _check_str, int: _check_int, float: _check_float, bool: _check_bool}
#: the checks that accept a value exactly when its type is the one named, and give it back as it is
_SELF_CHECKED: dict[Convert, type] = {_check_str: str, _check_bool: bool}


def _plain(kind: type) -> Convert:
    def convert(value: Any) -> Any:
        if not isinstance(value, kind):
            raise _Invalid(f"Not a valid {kind.__name__}.")
        return value

    return convert


def _optional(load: Convert, dump: Convert) -> tuple[Convert, Convert]:
    def load_optional(value: Any) -> Any:
        return None if value is None else load(value)

    def dump_optional(value: Any) -> Any:
        return None if value is None else dump(value)

    return load_optional, dump_optional


def _literal(choices: tuple[Any, ...]) -> tuple[Convert, Convert]:
    def convert(value: Any) -> Any:
        # type() as well as ==, so that True does not pass for 1.
        for choice in choices:
            if value == choice and type(value) is type(choice):
                return value
        raise _Invalid(f"Must be one of: {', '.join(map(str, choices))}.")

    return convert, convert


def _sequence(item: Convert, build: type) -> Convert:
    kind = _SELF_CHECKED.get(item)
    if kind is not None:  # a list of text, say (a trick's cards): no call per item when all fit

        def convert_plain(value: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise _Invalid("Not a valid list.")
            for v in value:
                if type(v) is not kind:
                    item(v)  # raises the item's own message
            return build(value)

        return convert_plain

    def convert(value: Any) -> Any:
        if type(value) is not list and type(value) is not tuple:
            raise _Invalid("Not a valid list.")
        return build([item(v) for v in value])

    return convert


def _fixed_tuple(items: list[Convert], build: type) -> Convert:
    def convert(value: Any) -> Any:
        if (type(value) is not list and type(value) is not tuple) or len(value) != len(items):
            raise _Invalid("Not a valid tuple.")
        return build([f(v) for f, v in zip(items, value)])

    return convert


def _mapping(item: Convert) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is not dict or not all(type(k) is str for k in value):
            raise _Invalid("Not a valid mapping type.")
        return {k: item(v) for k, v in value.items()}

    return convert


def _nested(codec: DataclassCodec) -> tuple[Convert, Convert]:
    def load(value: Any) -> Any:
        try:
            return codec.load(value)
        except PayloadError as exc:
            raise _Invalid(exc.messages) from None

    def dump(value: Any) -> Any:
        if type(value) is not codec.cls:
            raise _Invalid(f"Not a {codec.cls.__name__}.")
        try:
            return codec.dump(value)
        except PayloadError as exc:
            raise _Invalid(exc.messages) from None

    return load, dump


# Inline type tests for the scalar annotations; anything else calls its converter.
_INLINE_CHECKS = {
    str: "type({v}) is str",
    int: "type({v}) is int and -9223372036854775808 <= {v} < 9223372036854775808",
    bool: "type({v}) is bool",
    float: "type({v}) is float and {v} - {v} == 0.0",
}


def _generate_fast_load(codec: DataclassCodec, at: dict[str, int] | None = None) -> Callable[[Any], Any]:
    """Compile a loader specialised to one class: straight-line code for the valid case.

    Whatever it does not accept outright (a missing or unknown field, a wrong type, an int where
    a float is declared) goes to :meth:`DataclassCodec.checked_load`, which either converts it
    or reports why not; so the two always agree. With ``at`` (field name -> index), the loader
    takes a list of the values instead of a dict, and raises PayloadError on what it does not
    accept outright.
    """
    namespace: dict[str, Any] = {
        "_cls": codec.cls, "_slow": codec.checked_load if at is None else _refuse, "_MISS": _MISSING,
        "_Invalid": _Invalid, "_new": object.__new__,
    }
    lines = ["def fast_load(p):", "    if type(p) is not dict:", "        return _slow(p)", "    n = 0"]
    if at is not None:
        # One unpacking reads every value and checks the list's length (ValueError if it is not
        # exactly the values): cheaper than an index and a separate length check per value.
        targets = [f"_{i}" for i in range(len(at) + min(at.values(), default=0))]
        for i, (name, *_rest) in enumerate(codec.fields):
            targets[at[name]] = f"v{i}"
        lines = ["def fast_load(p):", f"    [{', '.join(targets)}] = p"]
    args = []
    for i, ((name, load, _dump, default), hint) in enumerate(zip(codec.fields, codec.hints)):
        v = f"v{i}"
        namespace[f"_load{i}"], namespace[f"_default{i}"] = load, default
        if at is not None:
            lines += _check_lines(i, v, hint, "    ")
            args.append(f"{name}={v}")
            continue
        lines.append(f"    {v} = p.get({name!r}, _MISS)")
        if default is _MISSING:
            lines += [f"    if {v} is _MISS:", "        return _slow(p)"]
            lines += _check_lines(i, v, hint, "    ")
        else:
            lines += [f"    if {v} is _MISS:", f"        {v} = _default{i}()", "    else:", "        n += 1"]
            lines += _check_lines(i, v, hint, "        ")
        args.append(f"{name}={v}")
    required = sum(1 for f in codec.fields if f[3] is _MISSING)
    if at is None:
        # Every key was one of ours exactly when the count of found fields equals the dict's size.
        lines += [f"    if len(p) != n + {required}:", "        return _slow(p)"]
    thawed = _thawed(codec.cls)
    if thawed is not None:
        # What the generated __init__ of a frozen slots dataclass does, but the fields are written
        # as plain attribute stores on an instance of a class of the same layout that is not
        # frozen, which then becomes the class itself: building the event is a large part of a
        # replay's decoding, and for a 4-field event this took 0.57 of the time of a call to each
        # slot's descriptor, 0.39 of object.__setattr__ by name (timeit, one process).
        namespace["_thawed"] = thawed
        lines += ["    e = _new(_thawed)", *(f"    e.{f[0]} = v{i}" for i, f in enumerate(codec.fields)),
                  "    e.__class__ = _cls", "    return e"]
    else:
        lines.append(f"    return _cls({', '.join(args)})")
    exec("\n".join(lines), namespace)  # noqa: S102 - the source is built from field names only
    made: Callable[[Any], Any] = namespace["fast_load"]
    return made


def _refuse(values: Any) -> Any:
    raise PayloadError({"_schema": ["Not loadable from its values alone."]})


def _thawed(cls: type) -> type | None:
    """A class whose instances have the layout of ``cls``'s and take attribute writes, if
    ``cls(**fields)`` does nothing but store the fields in their slots (a slots dataclass whose
    ``__init__`` is the generated one, with no ``__post_init__``; frozen or not): an instance of
    it, its fields written, may become a ``cls`` by assigning its ``__class__`` (Python allows
    that between classes of the same layout). None for any other class, or when Python refuses
    the assignment (the loader then calls the class)."""
    init = cls.__dict__.get("__init__")
    fields = dataclasses.fields(cls)
    slots = cls.__dict__.get("__slots__")
    if (
        init is None
        or getattr(getattr(init, "__code__", None), "co_filename", None) != "<string>"  # not made by dataclasses
        or hasattr(cls, "__post_init__")
        or len(fields) != len(getattr(cls, "__dataclass_fields__", ()))  # ClassVar or InitVar pseudo-fields
        or type(slots) is not tuple
        or cls.__bases__ != (object,)
        or {f.name for f in fields} != set(slots) - {"__weakref__"}
    ):
        return None
    thawed = type(f"{cls.__name__}Thawed", (), {"__slots__": slots, "__module__": __name__})
    try:
        trial: Any = object.__new__(thawed)
        trial.__class__ = cls
    except TypeError:
        return None
    return thawed


def _generate_fast_dump(codec: DataclassCodec) -> Callable[[Any], dict[str, Any]]:
    """Compile a dumper specialised to one class; anything it does not accept outright goes to
    :meth:`DataclassCodec.checked_dump`, which converts it or reports why not."""
    namespace: dict[str, Any] = {"_slow": codec.checked_dump, "_Invalid": _Invalid}
    lines = ["def fast_dump(e):"]
    items = []
    for i, ((name, _load, dump, _default), hint) in enumerate(zip(codec.fields, codec.hints)):
        v = f"v{i}"
        namespace[f"_dump{i}"] = dump
        lines.append(f"    {v} = e.{name}")
        if hint in _INLINE_CHECKS:
            lines += [f"    if not ({_INLINE_CHECKS[hint].format(v=v)}):", "        return _slow(e)"]
        elif dump is not _identity:
            lines += ["    try:", f"        {v} = _dump{i}({v})", "    except _Invalid:", "        return _slow(e)"]
        items.append(f"{name!r}: {v}")
    lines.append(f"    return {{{', '.join(items)}}}")
    exec("\n".join(lines), namespace)  # noqa: S102 - the source is built from field names only
    made: Callable[[Any], dict[str, Any]] = namespace["fast_dump"]
    return made


def _check_lines(i: int, v: str, hint: Any, indent: str) -> list[str]:
    if hint in _INLINE_CHECKS:
        return [f"{indent}if not ({_INLINE_CHECKS[hint].format(v=v)}):", f"{indent}    return _slow(p)"]
    return [f"{indent}try:", f"{indent}    {v} = _load{i}({v})", f"{indent}except _Invalid:", f"{indent}    return _slow(p)"]
