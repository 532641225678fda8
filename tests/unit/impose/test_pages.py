"""Tests for cards.impose.pages: packing cards onto pages, backs, fold and single-card pages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from cards.impose import (
    Box,
    PrintOptions,
    SheetError,
    impose,
    load_sheet,
    pack,
)
from tests.support.fakes import fake_faces

POKER = (63 * mm, 88 * mm)


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
