"""type.flush_left: a layout's paragraphs and list items set flush-left (mini), read by
blocks.description; mini's English name in roman at 6.8 pt."""

from __future__ import annotations

import pytest

from cards.face import Label, TextLine
from cards.fit import fit_spell
from cards.layout import LayoutError, load_layout
from cards.model import BulletList, Paragraph
from cards.select import find_spell
from cards.source.library import read_compendium
from tests.support.spells import SENTENCE, make_spell

TEXT = SENTENCE * 4


def _layout(tmp_path, flush: str):
    path = tmp_path / f"flush-{flush}.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n[type]\nflush_left = {flush}\n', "utf-8")
    return load_layout(path)


def _stretched(faces) -> list[str]:
    """The description's lines whose spaces are stretched past their width (justified)."""
    return [
        item.line.text
        for face in faces
        for item in face.items
        if isinstance(item, TextLine) and item.role == "body" and item.line.word_space > 1e-6
    ]


def test_flush_left_sets_paragraphs_and_list_items_ragged(tmp_path):
    """With type.flush_left no line of a paragraph or a list item stretches its spaces; the
    same spell justified stretches some."""
    spell = make_spell(Paragraph(TEXT), BulletList((TEXT, TEXT)))
    assert _stretched(fit_spell(spell, _layout(tmp_path, "false")))
    assert _stretched(fit_spell(spell, _layout(tmp_path, "true"))) == []


def test_flush_left_is_read_from_the_layout(tmp_path):
    """Mini sets flush-left, poker justifies; a value other than true or false is refused."""
    assert load_layout("mini").sizes.flush_left is True
    assert load_layout("poker").sizes.flush_left is False
    with pytest.raises(LayoutError, match=r"type\.flush_left"):
        _layout(tmp_path, '"ano"')


def test_minis_english_name_is_roman_at_6_8_points():
    """Mlžný krok on mini: "Misty step" in the body's roman at 6.8 pt (it was 6.0)."""
    layout = load_layout("mini")
    faces = fit_spell(find_spell(read_compendium().spells, "Mlžný krok"), layout)
    (english,) = [i for i in faces[0].items if isinstance(i, Label) and i.text == "Misty step"]
    assert english.font == layout.fonts["body"]
    assert english.size >= 6.8
