"""cards.frozen: a frozen_record is made and behaves as the frozen dataclass it stands for."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from cards.frozen import frozen_record


@frozen_record
class Record:
    a: int
    b: str = "bé"
    c: tuple = ()


@dataclasses.dataclass(frozen=True)
class Reference:
    a: int
    b: str = "bé"
    c: tuple = ()


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "x"), {}), ((1,), {"c": (2,)}), ((), {"a": 3, "b": "y", "c": (4,)})],
)
def test_made_as_the_dataclass_would_make_it(args, kwargs):
    """Positional, keyword and default values land in the same fields, the same way."""
    record, reference = Record(*args, **kwargs), Reference(*args, **kwargs)
    assert dataclasses.astuple(record) == dataclasses.astuple(reference)
    assert repr(record).replace("Record", "Reference") == repr(reference)
    assert record == Record(*args, **kwargs) and hash(record) == hash(Record(*args, **kwargs))
    assert dataclasses.replace(record, b="z").b == "z"
    assert pickle.loads(pickle.dumps(record)) == record


def test_wrong_calls_fail_as_the_dataclass_s_do():
    """A missing or unknown field is a TypeError, as the generated __init__ gives."""
    with pytest.raises(TypeError):
        Record()
    with pytest.raises(TypeError):
        Record(1, d=2)
    with pytest.raises(TypeError):
        Record(1, a=2)


def test_still_frozen():
    """Assigning a field raises, as on any frozen dataclass."""
    record = Record(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.a = 2  # type: ignore[misc]


def test_a_default_factory_is_refused():
    """A field with a default_factory would be shared by every instance: refused outright."""
    with pytest.raises(TypeError, match="default_factory"):

        @frozen_record
        class Listed:
            items: list = dataclasses.field(default_factory=list)
