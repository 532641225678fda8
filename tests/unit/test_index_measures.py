"""A layout's [index] measures reach the index pages: no key is silently ignored."""

from __future__ import annotations

import pytest

from cards.impose import PrintOptions, impose, load_sheet
from cards.index import index_pages
from cards.layout import LAYOUT_SCHEMA, Layout, load_layout
from tests.support.fakes import FakeFace
from tests.support.spells import make_spell

# Each [index] key with a value that must move something on the index page of the deck below.
CHANGED = {
    "margin_mm": 20.0,
    "gutter_mm": 12.0,
    "column_width_mm": 50.0,  # three columns on A4 rather than two
    "min_paper_width_mm": 250.0,  # A4 counts as single cards: "stran", not "archů"
    "size": 8.0,
    "english_size": 6.0,
    "min_size": 6.0,  # the long name is set at the least size
    "leading": 1.5,
    "header_size": 14.0,
    "note_size": 6.5,
    "marks_from_right_mm": 50.0,
    "level_from_right_mm": 36.0,
    "school_from_right_mm": 25.0,
    "english_gap_mm": 3.0,
    "icon_em": 1.3,
    "icon_drop_em": 0.2,
    "icon_gap_mm": 2.0,
    "base_body_min": 5.0,  # poker's 6.5 pt body then counts as large: everything grows
}

LONG = "Nesmírně dlouhý název kouzla, který se do sloupce rejstříku nevejde ani zmenšený"


def _variant(tmp_path, key: str, value: float) -> Layout:
    path = tmp_path / f"index-{key}.toml"
    path.write_text(f'kind = "card"\nbase = "poker"\n\n[index]\n{key} = {value}\n', "utf-8")
    return load_layout(path)


def _index_items(layout: Layout):
    """The items of the index pages of a small deck: a ritual, a concentration spell, a long
    name, each with its English name, on A4 sheets."""
    spells = (
        make_spell(name="Poplach", ritual=True),
        make_spell(name="Světlo", school="Zaklínání", level=0),
        make_spell(name=LONG, school="Iluze", concentration=True),
    )
    faces = [FakeFace(spell, width=layout.width, height=layout.height) for spell in spells]
    pages = impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions())
    index = index_pages(pages, layout, "Test")
    return [placement.face.items for page in index for placement in page.placements]


def test_every_index_key_is_tried():
    """The table above names every key a layout's [index] may hold."""
    assert set(CHANGED) == set(LAYOUT_SCHEMA["index"])


@pytest.mark.parametrize("key", sorted(CHANGED))
def test_an_index_key_changes_the_index(tmp_path, key):
    """A layout that changes one [index] key gets another index page than poker's."""
    poker = load_layout("poker")
    changed = _variant(tmp_path, key, CHANGED[key])
    name = key.removesuffix("_mm")
    assert getattr(changed.index, name) != getattr(poker.index, name)
    assert _index_items(poker) != _index_items(changed)
