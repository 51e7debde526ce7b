"""The registry's validated decoding: the compiled codec agrees with marshmallow, upcasters lift
old payloads, and nothing invalid is encoded. Pure: no store."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Literal

import marshmallow
import marshmallow_dataclass
import pytest
from hypothesis import given
from hypothesis import strategies as st
from store_samples import HandDealt, ScoreRecorded, sample_registry

from events.payload_codec import PayloadError, compile_codec
from events.registry import EventRegistry, EventTypeError


# Slots, as the referee's events are: their loader fills the slots itself.
@dataclass(frozen=True, slots=True)
class Seat:
    index: int
    name: str


@dataclass(frozen=True)
class PlainSeat:
    index: int
    name: str


@dataclass(frozen=True, slots=True)
class Everything:
    title: str
    count: int
    ratio: float
    flag: bool
    seats: list[Seat]
    cards: tuple[str, ...]
    pair: tuple[int, str]
    totals: dict[str, int]
    kind: Literal["a", "b"]
    maybe: int | None
    note: str = "none"
    extra: list[int] = field(default_factory=list)


EVERYTHING = compile_codec(Everything)
MARSHMALLOW = marshmallow_dataclass.class_schema(Everything)()

everything = st.builds(
    Everything,
    title=st.text(),
    count=st.integers(-(2**63), 2**63 - 1),
    ratio=st.floats(allow_nan=False, allow_infinity=False),
    flag=st.booleans(),
    seats=st.lists(st.builds(Seat, st.integers(0, 9), st.text(max_size=5)), max_size=3),
    cards=st.lists(st.text(max_size=3), max_size=4).map(tuple),
    pair=st.tuples(st.integers(0, 9), st.text(max_size=3)),
    totals=st.dictionaries(st.text(max_size=4), st.integers(-99, 99), max_size=3),
    kind=st.sampled_from(["a", "b"]),
    maybe=st.none() | st.integers(0, 5),
    note=st.text(max_size=5),
    extra=st.lists(st.integers(0, 9), max_size=3),
)


@given(everything)
def test_codec_round_trips_and_agrees_with_marshmallow(event):
    payload = EVERYTHING.dump(event)
    assert EVERYTHING.load(payload) == event
    assert MARSHMALLOW.load(payload) == event


VALID = EVERYTHING.dump(Everything("t", 1, 0.5, True, [Seat(0, "ann")], ("QS",), (1, "x"), {"ann": 3}, "a", None))


@pytest.mark.parametrize(
    "change, field_name",
    [
        ({"count": "1"}, "count"),
        ({"count": True}, "count"),
        ({"flag": 1}, "flag"),
        ({"title": None}, "title"),
        ({"seats": [{"index": 0}]}, "seats"),
        ({"cards": "QS"}, "cards"),
        ({"cards": ["QS", 3]}, "cards"),
        ({"pair": [1]}, "pair"),
        ({"totals": {"ann": "3"}}, "totals"),
        ({"kind": "c"}, "kind"),
        ({"surprise": 1}, "surprise"),
        ({"count": 2**64}, "count"),
    ],
)
def test_codec_rejects_what_marshmallow_would_not_build(change, field_name):
    payload = {**VALID, **change}
    with pytest.raises(ValueError) as caught:
        EVERYTHING.load(payload)
    assert field_name in caught.value.messages


def test_codec_reports_a_missing_required_field():
    payload = {k: v for k, v in VALID.items() if k != "title"}
    with pytest.raises(ValueError) as caught:
        EVERYTHING.load(payload)
    assert caught.value.messages == {"title": ["Missing data for required field."]}


def test_codec_fills_defaults_and_optional_fields_left_out():
    payload = {k: v for k, v in VALID.items() if k not in ("note", "extra", "maybe")}
    event = EVERYTHING.load(payload)
    assert (event.note, event.extra, event.maybe) == ("none", [], None)


def test_codec_accepts_an_int_where_a_float_is_declared():
    assert EVERYTHING.load({**VALID, "ratio": 2}).ratio == 2.0


def test_decode_upcasts_an_old_payload_without_touching_it():
    old = {"seat": 1, "points": 10}
    assert sample_registry.decode("ScoreRecorded", 1, old) == ScoreRecorded(1, 10, 0)
    assert old == {"seat": 1, "points": 10}


@pytest.mark.parametrize("version", [0, 3, "1"])
def test_decode_refuses_a_schema_version_that_never_existed(version):
    with pytest.raises(EventTypeError):
        sample_registry.decode("ScoreRecorded", version, {"seat": 1, "points": 10, "bonus": 0})


def test_decode_refuses_an_unknown_type():
    with pytest.raises(EventTypeError, match="unknown event type"):
        sample_registry.decode("Nope", 1, {})


def test_encode_refuses_an_event_with_a_wrong_field_type():
    with pytest.raises(EventTypeError, match="dealer"):
        sample_registry.encode(HandDealt((("QS",),), dealer="north"))  # type: ignore[arg-type]


def test_explicit_marshmallow_schema_is_used_with_its_validators():
    registry = EventRegistry()

    class BidSchema(marshmallow.Schema):
        amount = marshmallow.fields.Integer(required=True, validate=marshmallow.validate.Range(1, 13))

        @marshmallow.post_load
        def make(self, data, **kwargs):
            return Bid(**data)

    @registry.event_type("BidMade", schema=BidSchema())
    @dataclass(frozen=True)
    class Bid:
        amount: int

    assert registry.lookup("BidMade").codec is None
    assert registry.decode("BidMade", 1, {"amount": 7}) == Bid(7)
    with pytest.raises(EventTypeError):
        registry.decode("BidMade", 1, {"amount": 14})
    with pytest.raises(EventTypeError):
        registry.encode(Bid(0))


def test_field_with_marshmallow_metadata_falls_back_to_marshmallow():
    @dataclass(frozen=True)
    class Bounded:
        n: int = field(metadata={"validate": marshmallow.validate.Range(0, 3)})

    assert compile_codec(Bounded) is None
    registry = EventRegistry()
    registry.register(Bounded, "Bounded")
    with pytest.raises(EventTypeError):
        registry.decode("Bounded", 1, {"n": 9})


def test_registering_a_name_twice_is_refused():
    registry = EventRegistry()
    registry.register(Seat, "Seat")
    with pytest.raises(EventTypeError):
        registry.register(Everything, "Seat")


@pytest.mark.parametrize("cls", [Seat, PlainSeat])
def test_loaded_event_is_frozen_hashable_and_equal_to_one_built_directly(cls):
    built = cls(3, "ann")
    loaded = compile_codec(cls).load({"index": 3, "name": "ann"})
    assert type(loaded) is cls
    assert loaded == built and hash(loaded) == hash(built) and repr(loaded) == repr(built)
    with pytest.raises(AttributeError):
        loaded.index = 4  # type: ignore[misc]


def test_slots_event_is_loaded_into_its_slots_without_calling_its_init():
    # Replay builds thousands of events: the loader stores fields in the slots itself, which
    # costs about a third less than the frozen dataclass __init__ (object.__setattr__ per field).
    @dataclass(frozen=True, slots=True)
    class Played:
        seat: int
        card: str

    codec = compile_codec(Played)

    def refuse(self, *args, **kwargs):
        raise AssertionError("__init__ called")

    Played.__init__ = refuse
    loaded = codec.load({"seat": 2, "card": "QS"})
    assert (loaded.seat, loaded.card) == (2, "QS")


def test_slots_subclass_is_loaded_with_its_inherited_fields():
    @dataclass(frozen=True, slots=True)
    class Base:
        hand: int

    @dataclass(frozen=True, slots=True)
    class Played(Base):
        card: str
        note: str = "none"

    assert compile_codec(Played).load({"hand": 3, "card": "QS"}) == Played(3, "QS")


@pytest.mark.parametrize("change", [{"count": "1"}, {"flag": 1}, {"seats": [Seat(0, "ann"), "x"]}, {"ratio": float("nan")}])
def test_dump_refuses_a_value_of_the_wrong_type_naming_its_field(change):
    event = Everything("t", 1, 0.5, True, [Seat(0, "ann")], ("QS",), (1, "x"), {"ann": 3}, "a", None)
    with pytest.raises(ValueError) as caught:
        EVERYTHING.dump(dataclasses.replace(event, **change))
    assert caught.value.messages.keys() == change.keys()


def test_dump_writes_an_int_given_for_a_float_field_as_a_float():
    event = Everything("t", 1, 2, True, [], (), (1, "x"), {}, "b", 4)  # type: ignore[arg-type]
    assert EVERYTHING.dump(event)["ratio"] == 2.0 and type(EVERYTHING.dump(event)["ratio"]) is float


def test_an_event_loads_from_its_stored_values_with_the_checks_its_payload_gets():
    """Stored form 3 keeps a payload's values by position (field names sorted): the codec loads
    the event from them, with the same checks, and refuses what its dict loader would not take
    outright (the reader then goes the careful way)."""
    codec = sample_registry.lookup("NoteTaken").codec
    load = codec.values_loader(("seat", "text"), 1)
    assert load(["run index", 2, "hi"]) == codec.load({"seat": 2, "text": "hi"})
    for bad in (["i", "2", "hi"], ["i", 2, 3], ["i", True, "hi"]):
        with pytest.raises(PayloadError):
            load(bad)
    assert codec.values_loader(("seat",), 0) is None and codec.values_loader(("seat", "words"), 0) is None


def test_a_frozen_slots_event_loaded_from_its_values_is_that_class_and_stays_frozen():
    """The values loader builds a frozen slots dataclass without its __init__ (its fields are
    written on a class of the same layout, which then becomes the event's class): the event is
    exactly of its class, equal to the dict loader's, and refuses any change; a list of more
    values than fields is refused."""
    names = tuple(sorted(VALID))
    load = EVERYTHING.values_loader(names, 1)
    event = load(["run index", *(VALID[name] for name in names)])
    expected = EVERYTHING.load(VALID)
    assert type(event) is Everything and event == expected and repr(event) == repr(expected)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.title = "changed"  # type: ignore[misc]
    with pytest.raises(ValueError):  # the loader counts the values itself
        load(["run index", *(VALID[name] for name in names), "one value too many"])
