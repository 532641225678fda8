"""Tests for cards.impose: sheet files, grid, crop marks, order, backs, fold and single pages."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from cards.impose import (
    LAYOUTS,
    Box,
    PrintOptions,
    SheetError,
    crop_marks,
    impose,
    load_sheet,
    pack,
)
from tests.conftest import fake_faces

POKER = (63 * mm, 88 * mm)


def overlaps(line, box: Box) -> bool:
    """Whether a crop-mark segment touches the inside of a box."""
    x0, x1 = sorted((line.x0, line.x1))
    y0, y1 = sorted((line.y0, line.y1))
    return x0 < box.x1 and x1 > box.x0 and y0 < box.y1 and y1 > box.y0


def expected_slots(name: str) -> list[tuple[float, float]]:
    """Lower-left card corners computed straight from the sheet file: a centred grid."""
    data = tomllib.loads((LAYOUTS / f"{name}.toml").read_text(encoding="utf-8"))
    grid, paper = data["grid"], data["paper"]
    width, height, gap = grid["card_width_mm"], grid["card_height_mm"], grid["gap_mm"]
    left = (paper["width_mm"] - grid["columns"] * width - (grid["columns"] - 1) * gap) / 2
    top = (paper["height_mm"] + grid["rows"] * height + (grid["rows"] - 1) * gap) / 2
    return [
        ((left + c * (width + gap)) * mm, (top - r * (height + gap) - height) * mm)
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
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8").replace("gap_mm = 0", 'gap_mm = "x"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError, match=r"bad\.toml: grid\.gap_mm: expected a number"):
        load_sheet(str(path), *POKER)


def test_grid_too_large_names_key(tmp_path):
    """A declared grid that does not fit the paper is reported with its key."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8").replace("columns = 3", "columns = 4")
    path = tmp_path / "wide.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SheetError, match=r"wide\.toml: grid\.columns"):
        load_sheet(str(path), *POKER)


def test_bleed_needs_a_gap():
    """A bleed on a sheet without room between the cards is refused, naming the gap key."""
    sheet = load_sheet("a4", *POKER)
    with pytest.raises(SheetError, match=r"a4\.toml: grid\.gap_mm"):
        impose(fake_faces(1), sheet, PrintOptions(bleed=2 * mm))


@pytest.mark.parametrize(("gap", "bleed"), [(0, 0), (4 * mm, 0), (6 * mm, 3 * mm)])
def test_crop_marks_never_touch_a_card(gap, bleed):
    """No crop mark reaches into any card or its bleed."""
    sheet = load_sheet("a4", 44 * mm, 63 * mm)
    sheet = sheet.__class__(**{**sheet.__dict__, "gap": gap}).with_bleed(bleed)
    page = impose(fake_faces(*[1] * 16, width=44 * mm, height=63 * mm), sheet, PrintOptions())[0]
    assert page.marks
    for slot in sheet.slots():
        grown = Box(slot.x0 - bleed, slot.y0 - bleed, slot.x1 + bleed, slot.y1 + bleed)
        assert not any(overlaps(mark, grown) for mark in page.marks)


def test_every_cut_line_has_marks_at_both_ends():
    """Without a gap, each of the 4 vertical and 4 horizontal cut lines has two marks."""
    sheet = load_sheet("a4", *POKER)
    marks = impose(fake_faces(*[1] * 9), sheet, PrintOptions())[0].marks
    vertical = sorted(m.x0 for m in marks if m.x0 == m.x1)
    horizontal = sorted(m.y0 for m in marks if m.y0 == m.y1)
    xs = sorted({s.x0 for s in sheet.slots()} | {s.x1 for s in sheet.slots()})
    ys = sorted({s.y0 for s in sheet.slots()} | {s.y1 for s in sheet.slots()})
    assert len(xs) == len(ys) == 4
    assert vertical == pytest.approx(sorted(xs * 2))
    assert horizontal == pytest.approx(sorted(ys * 2))


def test_gap_marks_both_edges():
    """With a gap, both edges of every card get their own marks."""
    slots = [Box(0, 0, 10, 10), Box(14, 0, 24, 10)]
    marks = crop_marks(slots, 0, 1, 3, Box(-50, -50, 50, 50))
    assert sorted(m.x0 for m in marks if m.x0 == m.x1) == [0, 0, 10, 10, 14, 14, 24, 24]


def test_marks_are_clipped_to_the_paper():
    """Crop marks stop at the paper edge."""
    marks = crop_marks([Box(5, 5, 15, 15)], 0, 2, 10, Box(0, 0, 20, 20))
    for mark in marks:
        assert min(mark.x0, mark.x1, mark.y0, mark.y1) >= 0
        assert max(mark.x0, mark.x1, mark.y0, mark.y1) <= 20


def test_nine_cards_per_full_page():
    """Twenty single cards fill two pages of nine and one of two."""
    pages = impose(fake_faces(*[1] * 20), load_sheet("a4", *POKER), PrintOptions())
    assert [len(p.placements) for p in pages] == [9, 9, 2]
    assert all(p.side == "front" for p in pages)


def test_split_spell_moves_to_the_next_sheet():
    """A spell that does not fit the rest of a sheet starts the next one, in order."""
    faces = fake_faces(*[1] * 8, 2, 1)
    pages = pack(faces, 9)
    assert [(f.spell, f.part) for f in pages[1][:2]] == [("s8", 1), ("s8", 2)]


def test_room_left_is_back_filled():
    """The slot a moved spell leaves is filled with the next single card."""
    faces = fake_faces(*[1] * 8, 2, 1)
    pages = pack(faces, 9)
    assert [f.spell for f in pages[0]] == [f"s{i}" for i in range(8)] + ["s9"]


def test_spell_longer_than_a_page_starts_on_an_empty_page():
    """A spell with more parts than a page holds opens a page and runs on in order."""
    pages = pack(fake_faces(1, 5), 4)
    assert [[(f.spell, f.part) for f in page] for page in pages] == [
        [("s0", 1)],
        [("s1", 1), ("s1", 2), ("s1", 3), ("s1", 4)],
        [("s1", 5)],
    ]


@given(st.lists(st.integers(1, 4), max_size=40), st.integers(2, 9))
def test_pack_keeps_every_card_and_every_spell_together(parts, capacity):
    """Packing loses no card, keeps parts in order, and opens a page with part 2 only if needed."""
    faces = fake_faces(*parts)
    pages = pack(faces, capacity)
    flat = [f for page in pages for f in page]
    assert len(flat) == len(faces) and set(flat) == set(faces)
    assert all(0 < len(page) <= capacity for page in pages)
    for index, face in enumerate(flat):
        if face.part > 1:
            assert flat[index - 1] == faces[faces.index(face) - 1]
    for page in pages:
        if page[0].part > 1:
            assert page[0].parts > capacity


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_their_fronts(duplex):
    """Each back lies where its front lands when the sheet turns over the long or short edge."""
    sheet = load_sheet("a4", *POKER)
    pages = impose(fake_faces(*[1] * 7), sheet, PrintOptions(backs=True, duplex=duplex))
    assert [p.side for p in pages] == ["front", "back"]
    front, back = pages
    for f, b in zip(front.placements, back.placements, strict=True):
        assert b.face == f.face and b.side == "back"
        if duplex == "long":
            assert (b.x, b.y) == pytest.approx((sheet.paper_width - f.x - f.face.width, f.y))
        else:
            assert (b.x, b.y) == pytest.approx((f.x, sheet.paper_height - f.y - f.face.height))


def test_back_offset_shifts_backs_exactly():
    """A back offset moves every back by exactly that amount, and no front."""
    sheet = load_sheet("letter", *POKER)
    plain = impose(fake_faces(*[1] * 9), sheet, PrintOptions(backs=True))
    moved = impose(fake_faces(*[1] * 9), sheet, PrintOptions(backs=True, back_offset=(1.5, -2.0)))
    assert moved[0] == plain[0]
    for a, b in zip(plain[1].placements, moved[1].placements, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0))


def test_single_card_pages_have_print_shop_bleed():
    """Single-card pages are the card plus 3 mm bleed around it, with trim and bleed boxes."""
    faces = fake_faces(2)
    pages = impose(faces, None, PrintOptions(backs=True))
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    page = pages[0]
    assert (page.width, page.height) == pytest.approx((69 * mm, 94 * mm))
    assert page.trim_box == Box(3 * mm, 3 * mm, 66 * mm, 91 * mm)
    assert page.bleed_box == Box(0, 0, page.width, page.height)
    assert page.placements[0].bleed == pytest.approx(3 * mm)


def test_single_card_bleed_can_be_zero():
    """With bleed 0 a single-card page is exactly the card."""
    page = impose(fake_faces(1), None, PrintOptions(bleed=0.0))[0]
    assert (page.width, page.height) == pytest.approx(POKER)


def test_fold_puts_backs_mirrored_across_the_fold():
    """In fold mode each back is its front mirrored across the centre fold line of the page."""
    sheet = load_sheet("a4", *POKER)
    page = impose(fake_faces(*[1] * 4), sheet, PrintOptions(fold=True))[0]
    assert page.width > page.height and page.fold.x0 == pytest.approx(page.width / 2)
    fronts = [p for p in page.placements if p.side == "front"]
    backs = [p for p in page.placements if p.side == "back"]
    assert len(fronts) == len(backs) == 4
    for f, b in zip(fronts, backs, strict=True):
        assert f.x + f.face.width < page.width / 2 < b.x
        assert (b.x + b.face.width + f.x) / 2 == pytest.approx(page.width / 2)
        assert b.y == pytest.approx(f.y)
    assert all(max(m.x0, m.x1) <= page.width / 2 for m in page.marks)


def test_fold_needs_a_sheet():
    """Fold mode on single-card pages is refused with a clear message."""
    with pytest.raises(SheetError, match="fold mode needs a sheet"):
        impose(fake_faces(1), None, PrintOptions(fold=True))


def test_mixed_card_sizes_are_refused():
    """Cards of two sizes in one document are refused."""
    faces = fake_faces(1) + fake_faces(1, width=44 * mm, height=63 * mm)
    with pytest.raises(SheetError, match="same size"):
        impose(faces, load_sheet("a4", *POKER), PrintOptions())


def test_bad_duplex_is_refused():
    """A duplex mode other than long or short is refused."""
    with pytest.raises(SheetError, match="duplex"):
        PrintOptions(duplex="sideways")
