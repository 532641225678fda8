"""Tests for cards.impose.geometry: grid slots and crop marks, kept off the cards and the edge."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cards import messages
from cards.impose import (
    HORIZONTAL,
    VERTICAL,
    Box,
    MarkStyle,
    PrintOptions,
    SheetError,
    computed_grid,
    crop_marks,
    impose,
    load_sheet,
    unmarked_cuts,
)
from cards.impose.geometry import grid_slots
from tests.support.fakes import fake_faces

POKER = (63 * mm, 88 * mm)


def overlaps(line, box: Box) -> bool:
    """Whether a crop-mark segment touches the inside of a box."""
    x0, x1 = sorted((line.x0, line.x1))
    y0, y1 = sorted((line.y0, line.y1))
    return x0 < box.x1 and x1 > box.x0 and y0 < box.y1 and y1 > box.y0


SIZES = [POKER, (44 * mm, 63 * mm), (70 * mm, 120 * mm), (56 * mm, 88 * mm)]


def grown(slot: Box, bleed: float) -> Box:
    return Box(slot.x0 - bleed, slot.y0 - bleed, slot.x1 + bleed, slot.y1 + bleed)


@pytest.mark.parametrize("name", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES, ids=["poker", "mini", "tarot", "bridge"])
@pytest.mark.parametrize("fold", [False, True], ids=["sheet", "fold"])
def test_crop_marks_never_touch_a_card_nor_the_edge(name, size, fold):
    """No crop mark reaches into a card or its bleed; nothing comes within 4 mm of the edge."""
    sheet = load_sheet(name, *size)
    faces = fake_faces(*[1] * 16, width=size[0], height=size[1])
    page = impose(faces, sheet, PrintOptions(fold=fold))[0]
    assert page.marks
    edge = 4 * mm
    boxes = [
        grown(Box(p.x, p.y, p.x + p.face.width, p.y + p.face.height), p.bleed)
        for p in page.placements
    ]
    for mark in page.marks:
        assert not any(overlaps(mark, box) for box in boxes)
    halves = [
        Box(0, 0, page.width / 2, page.height),
        Box(page.width / 2, 0, page.width, page.height),
    ]
    for item in [*boxes, *(Box(m.x0, m.y0, m.x1, m.y1) for m in page.marks)]:
        assert item.x0 >= edge - 1e-6 and item.y0 >= edge - 1e-6
        assert item.x1 <= page.width - edge + 1e-6 and item.y1 <= page.height - edge + 1e-6
        if fold:  # nor over the fold line: each item lies on one half, 4 mm from the fold
            assert any(
                item.x0 >= half.x0 + edge - 1e-6 and item.x1 <= half.x1 - edge + 1e-6
                for half in halves
            )


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_every_cut_line_is_marked_at_both_ends(name):
    """Each card edge is a cut, marked beyond the grid at both ends or in every gap it crosses."""
    sheet = load_sheet(name, *POKER)
    slots = sheet.slots()
    marks = impose(fake_faces(*[1] * 9), sheet, PrintOptions())[0].marks
    xs = sorted({s.x0 for s in slots} | {s.x1 for s in slots})
    ys = sorted({s.y0 for s in slots} | {s.y1 for s in slots})
    assert len(xs) == len(ys) == 6  # both edges of each of 3 columns and 3 rows
    low_y, high_y = min(ys), max(ys)
    low_x, high_x = min(xs), max(xs)
    for x in xs:
        on_line = [m for m in marks if m.x0 == m.x1 == pytest.approx(x)]
        ends = {
            ("top" if m.y0 >= high_y else "bottom" if m.y1 <= low_y else "gap") for m in on_line
        }
        assert ends == {"top", "bottom"} or sum(1 for m in on_line if low_y < m.y0 < high_y) == 2
    for y in ys:
        on_line = [m for m in marks if m.y0 == m.y1 == pytest.approx(y)]
        ends = {
            ("right" if m.x0 >= high_x else "left" if m.x1 <= low_x else "gap") for m in on_line
        }
        assert ends == {"left", "right"} or sum(1 for m in on_line if low_x < m.x0 < high_x) == 2


def test_letter_marks_its_vertical_cuts_between_the_rows():
    """Letter's top and bottom margins are too narrow for marks: they lie in the row gaps."""
    sheet = load_sheet("letter", *POKER)
    slots = sheet.slots()
    marks = impose(fake_faces(*[1] * 9), sheet, PrintOptions())[0].marks
    vertical = [m for m in marks if m.x0 == m.x1]
    low_y, high_y = min(s.y0 for s in slots), max(s.y1 for s in slots)
    assert len(vertical) == 12 and all(low_y < m.y0 < m.y1 < high_y for m in vertical)
    horizontal = [m for m in marks if m.y0 == m.y1]
    assert len(horizontal) == 12 and all(
        m.x1 <= min(s.x0 for s in slots) or m.x0 >= max(s.x1 for s in slots) for m in horizontal
    )


STYLE = MarkStyle(length=3, min_length=1.5, offset=1, gap_offset=0.5, width=0.25)


def test_gap_marks_both_edges():
    """With a gap, both edges of every card get their own marks."""
    slots = [Box(0, 0, 10, 10), Box(14, 0, 24, 10)]
    marks = crop_marks(slots, 0, STYLE, Box(-50, -50, 50, 50))
    assert sorted(m.x0 for m in marks if m.x0 == m.x1) == [0, 0, 10, 10, 14, 14, 24, 24]


def test_narrow_margin_moves_marks_into_the_gaps():
    """A margin too narrow for a mark puts that cut's marks between the cards' bleeds."""
    slots = [Box(0, 0, 10, 10), Box(0, 20, 10, 30)]
    marks = crop_marks(slots, 1, STYLE, Box(-50, -2, 50, 32))
    vertical = sorted((m.x0, m.y0, m.y1) for m in marks if m.x0 == m.x1)
    assert vertical == [(0, 13.5, 16.5), (10, 13.5, 16.5)]  # centred in the 11.5..18.5 room


def test_no_room_for_marks_is_an_error():
    """A cut that can be marked neither in a margin nor in a gap is refused."""
    slots = [Box(0, 0, 10, 10), Box(0, 12, 10, 22)]
    expected = "marks.min_length_mm: svislé řezy nemají kde být vyznačeny"
    with pytest.raises(SheetError, match=expected):
        crop_marks(slots, 0.5, STYLE, Box(-50, -1, 50, 23), source="x.toml")


def test_marks_keep_the_margin_from_the_edge():
    """Crop marks stop `margin` before the edge, shortened to the room there is."""
    marks = crop_marks([Box(5, 5, 15, 15)], 0, STYLE, Box(-2, -2, 22, 22), margin=3.5)
    for mark in marks:
        assert min(mark.x0, mark.x1, mark.y0, mark.y1) >= 1.5
        assert max(mark.x0, mark.x1, mark.y0, mark.y1) <= 18.5
    assert {round(abs(m.x1 - m.x0) + abs(m.y1 - m.y0), 6) for m in marks} == {2.5}


LONG_STYLE = MarkStyle(length=5.0, min_length=1.5, offset=0.5, gap_offset=0.2, width=0.25)


def test_unmarked_cuts_names_the_direction():
    """Two rows 2 pt apart on a strip with no margin: the vertical cuts have no room."""
    area = Box(0, 0, 100, 23)
    two_rows = grid_slots(area, 8, 2, 10, 10, 2, 2)
    assert unmarked_cuts(two_rows, 0.5, LONG_STYLE, area) == VERTICAL
    turned = grid_slots(Box(0, 0, 23, 100), 2, 8, 10, 10, 2, 2)
    assert unmarked_cuts(turned, 0.5, LONG_STYLE, Box(0, 0, 23, 100)) == HORIZONTAL
    one_row = grid_slots(area, 8, 1, 10, 10, 2, 2)
    assert unmarked_cuts(one_row, 0.5, LONG_STYLE, area) is None


def test_the_grid_drops_a_row_or_a_column_whatever_the_messages_say(monkeypatch):
    """computed_grid drops the row (or column) whose cuts cannot be marked, in any wording."""
    expected = {
        Box(0, 0, 100, 23): (8, 1),  # the vertical cuts: one row less
        Box(0, 0, 23, 100): (1, 8),  # the horizontal cuts: one column less
    }
    for swapped in (False, True):
        if swapped:  # a catalogue that says "horizontal" where it means vertical
            monkeypatch.setitem(messages.CATALOGUE, "sheet_no_marks_vertical", "horizontal")
            monkeypatch.setitem(messages.CATALOGUE, "sheet_no_marks_horizontal", "vertical")
        for area, grid in expected.items():
            assert computed_grid(area, 10, 10, 2, 2, 0, 0.5, LONG_STYLE) == grid
