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
    MarkStyle,
    PrintOptions,
    SheetError,
    crop_marks,
    impose,
    load_sheet,
    pack,
)
from tests.support.fakes import fake_faces

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


def test_single_card_pages_are_the_true_card_size():
    """Single-card pages are exactly the card (63 x 88 mm), with no bleed, unless asked for."""
    pages = impose(fake_faces(2), None, PrintOptions(backs=True))
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    for page in pages:
        assert (page.width, page.height) == pytest.approx(POKER)
        assert page.placements[0].bleed == 0


def test_single_card_pages_with_print_shop_bleed():
    """With a 3 mm bleed a single-card page is the card plus 3 mm, with trim and bleed boxes."""
    page = impose(fake_faces(1), None, PrintOptions(bleed=3 * mm))[0]
    assert (page.width, page.height) == pytest.approx((69 * mm, 94 * mm))
    assert page.trim_box == Box(3 * mm, 3 * mm, 66 * mm, 91 * mm)
    assert page.bleed_box == Box(0, 0, page.width, page.height)
    assert page.placements[0].bleed == pytest.approx(3 * mm)


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
    with pytest.raises(SheetError, match="skládání potřebuje arch"):
        impose(fake_faces(1), None, PrintOptions(fold=True))


def test_mixed_card_sizes_are_refused():
    """Cards of two sizes in one document are refused."""
    faces = fake_faces(1) + fake_faces(1, width=44 * mm, height=63 * mm)
    with pytest.raises(SheetError, match="stejnou velikost"):
        impose(faces, load_sheet("a4", *POKER), PrintOptions())


def test_bad_duplex_is_refused():
    """A duplex mode other than long or short is refused."""
    with pytest.raises(SheetError, match="oboustranný tisk je 'long' nebo 'short'"):
        PrintOptions(duplex="sideways")
