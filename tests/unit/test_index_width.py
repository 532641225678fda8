"""The index's one width rule: a long name shrinks down to the floor, then wraps (issue 20)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from cards.face import Label
from cards.impose import Page, Placement
from cards.index import fit_width, index_pages, measures
from cards.layout import load_layout
from tests.support.spells import make_spell

POKER = load_layout("poker")
FONT = POKER.fonts["body"]
LONG = "Mordenkainenův nesmírně velkolepý a přepychový palác pro celou družinu dobrodruhů"


@dataclass(frozen=True)
class Card:
    spell: object
    part: int = 1
    parts: int = 1
    width: float = POKER.width
    height: float = POKER.height


def test_a_name_that_fits_keeps_its_size_and_line():
    assert fit_width("Štít", FONT, 100, 7.5, 5.5) == (7.5, ("Štít",))


def test_a_name_a_little_too_long_shrinks_on_one_line():
    """Shrunk in proportion, never below the floor, still one line that fits."""
    text = "Ohnivá koule velmi dlouhá"
    width = stringWidth(text, FONT, 7.5) * 0.9
    size, lines = fit_width(text, FONT, width, 7.5, 5.5)
    assert lines == (text,) and 5.5 <= size < 7.5
    assert stringWidth(text, FONT, size) <= width + 1e-6


@pytest.mark.parametrize("width", [60.0, 90.0, 140.0])
def test_a_name_too_long_at_the_floor_wraps_at_the_floor(width):
    """At the floor, as many lines as it takes: every word in order, none wider than the cell."""
    size, lines = fit_width(LONG, FONT, width, 7.5, 5.5)
    assert size == 5.5 and len(lines) > 1
    assert " ".join(lines) == LONG
    assert all(stringWidth(line, FONT, size) <= width + 1e-6 for line in lines)


def test_a_word_wider_than_the_cell_is_broken_between_letters():
    word = "Nejnepřekonatelnější" * 3
    size, lines = fit_width(word, FONT, 40, 7.5, 5.5)
    assert "".join(lines) == word and len(lines) > 1
    assert all(stringWidth(line, FONT, size) <= 40 + 1e-6 for line in lines)


def _index_items(*spells):
    pages = tuple(
        Page(595, 842, (Placement(Card(spell), 0, 0, "front"),), side="front") for spell in spells
    )
    (page,) = index_pages(pages, POKER, "Test")
    return page.placements[0].face


@pytest.mark.parametrize("length", [56, 70, 120])
def test_a_long_name_in_the_index_stays_left_of_the_marks_and_level(length):
    """A 56+ character name never prints over the marks or the level column; the next row
    starts below its last line."""
    name = ((LONG + " ") * 2)[:length].rstrip()
    long = replace(make_spell(name=name, ritual=True), name_en="")
    after = replace(make_spell(name="Štít"), name_en="")
    face = _index_items(long, after)
    m = measures(POKER)
    column_right = face.width - 15 * mm
    marks_x = column_right - m.marks
    (heading,) = [i for i in face.items if isinstance(i, Label) and i.text == "Kouzlo"]
    names = [
        i
        for i in face.items
        if isinstance(i, Label) and i.x == pytest.approx(heading.x) and i.y < heading.y
    ]
    long_lines = [i for i in names if i.text != "Štít"]
    assert " ".join(i.text for i in long_lines) == name
    for label in long_lines:
        assert label.x + stringWidth(label.text, label.font, label.size) <= marks_x
        assert label.size >= m.min_size - 1e-9
    heights = sorted((i.y for i in long_lines), reverse=True)
    steps = [upper - lower for upper, lower in zip(heights, heights[1:], strict=False)]
    assert steps == pytest.approx([m.row] * (len(heights) - 1))  # one line a row, no overprint
    (shield,) = [i for i in names if i.text == "Štít"]
    assert shield.y < min(i.y for i in long_lines) - 0.9 * m.row
    level = [i for i in face.items if isinstance(i, Label) and i.text == "1."]
    assert level[0].y == pytest.approx(max(i.y for i in long_lines))  # beside the first line
