"""Tests for cards.face: placed primitives move as a whole, and only upwards or downwards."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from cards.face import Area, Disc, Fill, Label, Outline, Primitive, Rule, Shape, TextLine
from cards.fit import fit_spell
from cards.layout import load_layout
from tests.support.spells import make_spell

# The fields of each primitive that say how high it stands; every other field stays as it is.
HEIGHTS = {
    TextLine: ("y",),
    Label: ("y",),
    Rule: ("y1", "y2"),
    Fill: ("y",),
    Outline: ("y",),
    Shape: ("y",),
    Disc: ("y",),
}


def _primitives():
    """One of each primitive: a fitted card's text line and icon, the rest made by hand."""
    face = fit_spell(make_spell(), load_layout("poker"))[0]
    line = next(item for item in face.items if isinstance(item, TextLine))
    shape = next(item for item in face.items if isinstance(item, Shape))
    return [
        line,
        shape,
        Label("Dosah", "CharisSIL", 6.0, 11.0, 200.0, "#112233"),
        Rule(10.0, 20.0, 150.0, 21.0, 0.5, "#445566"),
        Fill(1.0, 2.0, 30.0, 40.0, "#778899", radius=2.0),
        Outline(3.0, 4.0, 50.0, 60.0, 0.75, "#aabbcc", radius=1.5),
        Disc(80.0, 90.0, 12.0, None, edge="#ddeeff", line_width=0.3),
    ]


@pytest.mark.parametrize("item", _primitives(), ids=lambda item: type(item).__name__)
def test_a_moved_primitive_changes_its_height_only(item):
    """moved(dy) adds dy to each of its heights and keeps every other field."""
    moved = item.moved(7.25)
    assert type(moved) is type(item)
    for field in dataclasses.fields(item):
        before, after = getattr(item, field.name), getattr(moved, field.name)
        if field.name in HEIGHTS[type(item)]:
            assert after == pytest.approx(before + 7.25), field.name
        else:
            assert after == before, field.name


def test_every_primitive_is_covered():
    """The test above takes every kind of primitive a face may hold (cards.face.Primitive)."""
    assert {type(item) for item in _primitives()} == set(HEIGHTS) == set(get_args(Primitive))


def test_an_areas_top_is_its_bottom_plus_its_height():
    """Area: a rectangle from its lower-left corner."""
    assert Area(10.0, 20.0, 30.0, 40.0).top == 60.0
