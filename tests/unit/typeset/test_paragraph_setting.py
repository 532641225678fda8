"""Tests for cards.typeset.lines.ParagraphSetting: one value a paragraph, the key of its lines."""

from __future__ import annotations

import dataclasses

import pytest

from cards.layout import load_layout
from cards.typeset import ParagraphSetting, TypesetContext, set_lines

HEADING = "Na vyšších úrovních."
TEXT = (
    "Sešleš-li toto kouzlo použitím pozice kouzla 3. či vyšší úrovně, za každou další "
    "úroveň pozice nad 2. se zranění zvýší o 1k8."
)
BASE = ParagraphSetting(120.0, 8.0, expansion=0.02)
# One setting for each field, differing from BASE in that field only.
CHANGED = {
    "width": dataclasses.replace(BASE, width=100.0),
    "size": dataclasses.replace(BASE, size=7.0),
    "indent": dataclasses.replace(BASE, indent=9.0),
    "first_indent": dataclasses.replace(BASE, first_indent=9.0),
    "justify": dataclasses.replace(BASE, justify=False),
    "hyphenate": dataclasses.replace(BASE, hyphenate=False),
    "expansion": dataclasses.replace(BASE, expansion=0.0),
    "ragged_first": dataclasses.replace(BASE, ragged_first=True),
    "flush_left": dataclasses.replace(BASE, flush_left=True),
}


def _texts(lines) -> list[tuple[str, float, float, float]]:
    return [(line.text, line.word_space, line.scale, line.runs[0].x) for line in lines]


def _paragraph(context: TypesetContext):
    """The higher-levels paragraph of a spell, its run-in heading in bold (the poker fonts)."""
    fonts = load_layout("poker").fonts
    return context.paragraph(TEXT, fonts["body"], HEADING, fonts["bold"])


def test_every_field_is_changed_by_one_setting():
    """The table below covers every field of the setting (a new field needs a row)."""
    names = {f.name for f in dataclasses.fields(ParagraphSetting)}
    assert set(CHANGED) == names
    for name, setting in CHANGED.items():
        assert getattr(setting, name) != getattr(BASE, name)


def test_equal_settings_take_the_lines_a_context_keeps():
    """Two settings made apart but equal find the same lines in a context's cache."""
    context = TypesetContext()
    prepared = _paragraph(context)
    first = set_lines(prepared, ParagraphSetting(120.0, 8.0, expansion=0.02), context)
    again = set_lines(prepared, ParagraphSetting(120.0, 8.0, expansion=0.02), context)
    assert again is first
    assert hash(BASE) == hash(ParagraphSetting(120.0, 8.0, expansion=0.02))


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_a_setting_differing_in_one_field_is_set_anew(name):
    """With a context, lines set after BASE at a setting differing in one field are those
    set without any cache: every field keys the context's lines."""
    context = TypesetContext()
    prepared = _paragraph(context)
    base = set_lines(prepared, BASE, context)
    cached = set_lines(prepared, CHANGED[name], context)
    fresh = set_lines(_paragraph(TypesetContext()), CHANGED[name])
    assert _texts(fresh) != _texts(base)  # (the field changes these lines)
    assert _texts(cached) == _texts(fresh)


def test_a_setting_cannot_be_changed():
    """A ParagraphSetting is frozen: it keys a cache."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        BASE.width = 1.0  # type: ignore[misc]
