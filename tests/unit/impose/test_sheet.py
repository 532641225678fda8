"""Tests for cards.impose.sheet: sheet files, paper sizes, the grid, gaps and bleed."""

from __future__ import annotations

import tomllib

import pytest
from reportlab.lib.units import mm

from cards.impose import (
    LAYOUTS,
    PrintOptions,
    SheetError,
    impose,
    load_sheet,
)
from tests.support.fakes import fake_faces

POKER = (63 * mm, 88 * mm)


def expected_slots(name: str) -> list[tuple[float, float]]:
    """Lower-left card corners computed straight from the sheet file: a centred grid."""
    data = tomllib.loads((LAYOUTS / f"{name}.toml").read_text(encoding="utf-8"))
    grid, paper = data["grid"], data["paper"]
    width, height = grid["card_width_mm"], grid["card_height_mm"]
    column_gap, row_gap = grid["column_gap_mm"], grid["row_gap_mm"]
    left = (paper["width_mm"] - grid["columns"] * width - (grid["columns"] - 1) * column_gap) / 2
    top = (paper["height_mm"] + grid["rows"] * height + (grid["rows"] - 1) * row_gap) / 2
    return [
        ((left + c * (width + column_gap)) * mm, (top - r * (height + row_gap) - height) * mm)
        for r in range(grid["rows"])
        for c in range(grid["columns"])
    ]


@pytest.mark.parametrize(
    ("name", "width", "height"), [("a4", 595.28, 841.89), ("letter", 612.0, 792.0)]
)
def test_paper_size(name, width, height):
    """A4 and Letter sheets have their paper sizes in points."""
    sheet = load_sheet(name, *POKER)
    assert sheet.paper_width == pytest.approx(width, abs=0.01)
    assert sheet.paper_height == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_poker_grid_is_the_files(name):
    """Poker cards sit 3 x 3 at the positions the sheet file defines."""
    sheet = load_sheet(name, *POKER)
    assert (sheet.columns, sheet.rows) == (3, 3)
    corners = [v for slot in sheet.slots() for v in (slot.x0, slot.y0)]
    assert corners == pytest.approx([v for corner in expected_slots(name) for v in corner])


@pytest.mark.parametrize(
    ("size", "grid"), [((44, 63), (4, 4)), ((70, 120), (2, 2)), ((56, 88), (3, 3))]
)
def test_grid_follows_card_size(size, grid):
    """Other card sizes get as many columns and rows as fit inside the margins of A4."""
    sheet = load_sheet("a4", size[0] * mm, size[1] * mm)
    assert (sheet.columns, sheet.rows) == grid
    for slot in sheet.slots():
        assert slot.x0 >= sheet.margin and slot.x1 <= sheet.paper_width - sheet.margin
        assert slot.y0 >= sheet.margin and slot.y1 <= sheet.paper_height - sheet.margin


def test_none_means_single_cards():
    """The sheet "none" loads as None (one card per page)."""
    assert load_sheet("none", *POKER) is None


def test_unknown_sheet_lists_the_known_ones():
    """An unknown sheet name is answered with the sheets there are."""
    with pytest.raises(SheetError, match="a4, letter, none"):
        load_sheet("a3", *POKER)


def test_bad_value_names_file_and_key(tmp_path):
    """A bad value in a sheet file is reported with the file and the key."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8")
    text = text.replace("row_gap_mm = 4", 'row_gap_mm = "x"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    expected = r'bad\.toml: grid\.row_gap_mm: má být číslo od 0 do 100 mm, je "x"'
    with pytest.raises(SheetError, match=expected):
        load_sheet(str(path), *POKER)


def test_grid_too_large_names_key(tmp_path):
    """A declared grid that does not fit the paper is reported with its key."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8").replace("columns = 3", "columns = 4")
    path = tmp_path / "wide.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError, match=r"wide\.toml: grid\.columns"):
        load_sheet(str(path), *POKER)


def test_one_gap_key_serves_both_directions(tmp_path):
    """A sheet file with a single grid.gap_mm uses it between columns and between rows."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8")
    text = text.replace("column_gap_mm = 3", "gap_mm = 2").replace("row_gap_mm = 4", "")
    path = tmp_path / "one.toml"
    path.write_text(text, encoding="utf-8")
    sheet = load_sheet(str(path), *POKER)
    assert sheet.column_gap == sheet.row_gap == pytest.approx(2 * mm)
    with pytest.raises(SheetError, match=r"one\.toml: grid\.gap_mm: mezera je 2 mm"):
        sheet.with_bleed(1.5 * mm)


def test_bleed_needs_a_gap():
    """A bleed wider than half a gap is refused, naming the gap key and the way out."""
    sheet = load_sheet("a4", *POKER)
    with pytest.raises(SheetError, match=r"a4\.toml: grid\.column_gap_mm: .*--sheet SOUBOR\.toml"):
        impose(fake_faces(1), sheet, PrintOptions(bleed=2 * mm))


def test_bleed_must_keep_off_the_paper_edge():
    """A bleed that would bring the cards within the margin of the paper edge is refused."""
    sheet = load_sheet("letter", *POKER)
    with pytest.raises(SheetError, match=r"letter\.toml: .*grid\.margin_mm"):
        sheet.with_bleed(1.4 * mm)


def test_default_sheets_have_gaps_and_bleed():
    """A4 and Letter put a gap between cards and run each card's colour into it."""
    for name in ("a4", "letter"):
        sheet = load_sheet(name, *POKER)
        assert min(sheet.column_gap, sheet.row_gap) >= 2 * sheet.bleed > 0
        # A cut 0.5 mm off the line shows the card's own bleed, not white or a neighbour.
        assert sheet.bleed >= 0.5 * mm
        assert min(sheet.column_gap, sheet.row_gap) - sheet.bleed >= 0.5 * mm
