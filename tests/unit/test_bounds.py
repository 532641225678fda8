"""Tests for cards.bounds: a printed field that leaves the safe area, or lies over another
field, is an error naming the spell, its line and the field; a fitted card passes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cards.bounds import FieldTooWide, require_inside
from cards.face import Label
from cards.fit import fit_spell
from cards.layout import load_layout
from tests.support.spells import make_spell


@pytest.fixture(scope="module")
def fitted():
    """A fitted poker card of a plain spell, and the layout's safe margin."""
    layout = load_layout("poker")
    return fit_spell(make_spell(), layout)[0], layout.safe_margin


def _labels(face) -> list[Label]:
    return [item for item in face.items if isinstance(item, Label)]


def _with(face, old: Label, new: Label):
    return replace(face, items=tuple(new if item is old else item for item in face.items))


def test_a_fitted_card_is_inside(fitted):
    """What the fitter places passes the rule (it is the fitter's own last check)."""
    face, margin = fitted
    assert _labels(face)
    require_inside([face], margin)


def test_a_label_past_the_right_edge_names_spell_line_and_field(fitted):
    """A label moved past the safe area's right edge: the spell's file:line, the field, by how
    much, in Czech."""
    face, margin = fitted
    label = next(item for item in _labels(face) if item.text == "Chromatic orb")
    moved = replace(label, x=face.width - margin - 2)
    with pytest.raises(FieldTooWide) as raised:
        require_inside([face, _with(face, label, moved)], margin)
    message = str(raised.value)
    assert message.startswith("test:1: Barevná koule")
    assert "anglický název ('Chromatic orb')" in message and "širší" in message


def test_a_label_left_of_the_safe_area_is_refused(fitted):
    """A label starting left of the safe margin is outside too."""
    face, margin = fitted
    label = _labels(face)[0]
    with pytest.raises(FieldTooWide):
        require_inside([_with(face, label, replace(label, x=margin - 1))], margin)


def test_a_label_within_the_tolerance_passes(fitted):
    """Rounding of positions computed in mm (under half a point) is no error."""
    face, margin = fitted
    label = _labels(face)[0]
    require_inside([_with(face, label, replace(label, x=margin - 0.4))], margin)


def test_two_fields_over_each_other_are_refused(fitted):
    """A label put on another's baseline, over its text: both fields named."""
    face, margin = fitted
    first, second = _labels(face)[:2]
    on_top = replace(second, x=first.x, y=first.y)
    with pytest.raises(FieldTooWide) as raised:
        require_inside([_with(face, second, on_top)], margin)
    assert "by se tisklo přes" in str(raised.value)
