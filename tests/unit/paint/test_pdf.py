"""Tests for cards.paint.pdf: the PDF read back (pypdf for boxes, pdfplumber for drawing)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from cards.atomic import WriteError
from cards.impose import LAYOUTS, PrintOptions, impose, load_sheet
from cards.paint.pdf import write_pdf
from tests.support.fakes import draw_back_box, draw_box, fake_faces
from tests.support.pdfread import open_pdf

POKER = (63 * mm, 88 * mm)
FRONT = (0.8, 0.2)  # red and green of the fake drawers' fill; blue tells the faces apart
BACK = (0.2, 0.8)


def build(tmp_path: Path, faces, sheet="a4", name="out.pdf", **options) -> Path:
    """Impose fake faces and write them with the stand-in drawers."""
    pages = impose(faces, load_sheet(sheet, *POKER), PrintOptions(**options))
    return write_pdf(
        pages, tmp_path / name, title="Test", draw_front=draw_box, draw_back=draw_back_box
    )


def card_rects(page, side) -> list[tuple[float, float, float, float]]:
    """Rectangles of one side's fake cards, as (x0, bottom, x1, top) in PDF coordinates."""
    return sorted(cards_by_face(page, side).values())


def cards_by_face(page, side) -> dict[float, tuple[float, float, float, float]]:
    """Rectangles of one side's fake cards by face code (the blue of their fill)."""
    found = {}
    for rect in page.rects:
        colour = rect["non_stroking_color"]
        if colour and len(colour) == 3 and tuple(colour[:2]) == pytest.approx(side):
            box = (rect["x0"], page.height - rect["bottom"], rect["x1"], page.height - rect["top"])
            found[round(colour[2], 3)] = box
    return found


@pytest.mark.parametrize(("sheet", "size"), [("a4", (595.3, 841.9)), ("letter", (612, 792))])
def test_page_size(tmp_path, sheet, size):
    """Every page of an A4 or Letter document has the paper's size."""
    reader = PdfReader(build(tmp_path, fake_faces(*[1] * 10), sheet=sheet, backs=True))
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.05)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_nine_cards_at_the_sheet_positions(tmp_path, sheet):
    """A full front page shows nine cards exactly where the sheet puts them."""
    path = build(tmp_path, fake_faces(*[1] * 9), sheet=sheet)
    loaded = load_sheet(sheet, *POKER)
    with open_pdf(path) as pdf:
        rects = card_rects(pdf.pages[0], FRONT)
    assert len(rects) == 9
    expected = sorted(
        (s.x0 - b, s.y0 - b, s.x1 + b, s.y1 + b)
        for s, b in ((slot, loaded.bleed) for slot in loaded.slots())
    )
    for found, wanted in zip(rects, expected, strict=True):
        assert found == pytest.approx(wanted, abs=0.01)


def test_crop_marks_only_outside_cards(tmp_path):
    """Every drawn line lies outside all card rectangles, and there is one at each cut line end."""
    path = build(tmp_path, fake_faces(*[1] * 9))
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        rects = card_rects(page, FRONT)
        lines = [
            (ln["x0"], page.height - ln["bottom"], ln["x1"], page.height - ln["top"])
            for ln in page.lines
        ]
    assert len(lines) == 24  # 6 vertical and 6 horizontal cut lines, a mark at both ends
    for x0, y0, x1, y1 in lines:
        for rx0, ry0, rx1, ry1 in rects:
            assert x1 <= rx0 or x0 >= rx1 or y1 <= ry0 or y0 >= ry1


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_are_mirrors_of_fronts(tmp_path, duplex):
    """With backs there are twice the pages and each back is its front mirrored on the flip edge."""
    path = build(tmp_path, fake_faces(*[1] * 13), backs=True, duplex=duplex)
    with open_pdf(path) as pdf:
        assert len(pdf.pages) == 4
        for front_page, back_page in zip(pdf.pages[::2], pdf.pages[1::2], strict=True):
            width, height = front_page.width, front_page.height
            fronts = cards_by_face(front_page, FRONT)
            backs = cards_by_face(back_page, BACK)
            assert fronts and sorted(backs) == sorted(fronts)
            for code, (x0, y0, x1, y1) in fronts.items():
                if duplex == "long":
                    wanted = (width - x1, y0, width - x0, y1)
                else:
                    wanted = (x0, height - y1, x1, height - y0)
                assert backs[code] == pytest.approx(wanted, abs=0.01)


def test_back_offset_is_exact(tmp_path):
    """An offset of 1.5, -0.7 mm shifts every back rectangle by exactly that in the PDF."""
    faces = fake_faces(*[1] * 9)
    plain = build(tmp_path, faces, name="plain.pdf", backs=True)
    moved = build(tmp_path, faces, name="moved.pdf", backs=True, back_offset=(1.5 * mm, -0.7 * mm))
    with open_pdf(plain) as a, open_pdf(moved) as b:
        before, after = cards_by_face(a.pages[1], BACK), cards_by_face(b.pages[1], BACK)
        assert card_rects(a.pages[0], FRONT) == card_rects(b.pages[0], FRONT)
    assert len(before) == len(after) == 9
    for code, old in before.items():
        shift = [n - o for n, o in zip(after[code], old, strict=True)]
        assert shift == pytest.approx([1.5 * mm, -0.7 * mm] * 2, abs=0.005)


def test_single_card_pages_have_trim_and_bleed_boxes(tmp_path):
    """Single-card pages: MediaBox is the card plus 2 x 3 mm, TrimBox the card, BleedBox all."""
    reader = PdfReader(build(tmp_path, fake_faces(1, 2), sheet="none", bleed=3 * mm))
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 69 * mm, 94 * mm])
        assert [float(v) for v in page.trimbox] == pytest.approx([3 * mm, 3 * mm, 66 * mm, 91 * mm])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69 * mm, 94 * mm])
        assert "/TrimBox" in page and "/BleedBox" in page


def test_background_fills_the_bleed(tmp_path):
    """On a single-card page the drawn background reaches the page edge through the bleed."""
    path = build(tmp_path, fake_faces(1), sheet="none", bleed=3 * mm)
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        assert card_rects(page, FRONT) == [pytest.approx((0, 0, page.width, page.height), abs=0.01)]


def test_sheet_pages_have_no_trim_box(tmp_path):
    """Home sheets carry no TrimBox: there the crop marks show the cut."""
    reader = PdfReader(build(tmp_path, fake_faces(1)))
    assert "/TrimBox" not in reader.pages[0]


def test_print_scaling_none(tmp_path):
    """The document asks viewers to print at 100 % (PrintScaling /None)."""
    reader = PdfReader(build(tmp_path, fake_faces(1)))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_fold_page_has_a_fold_line(tmp_path):
    """A fold page is landscape, with a dashed line down the middle and fronts and backs."""
    path = build(tmp_path, fake_faces(*[1] * 4), fold=True)
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        assert page.width > page.height
        middle = [ln for ln in page.lines if ln["x0"] == ln["x1"] == pytest.approx(page.width / 2)]
        assert len(middle) == 1 and middle[0]["dash"] is not None
        assert len(card_rects(page, FRONT)) == len(card_rects(page, BACK)) == 4


def test_deterministic_bytes(tmp_path):
    """The same pages give a byte-identical file."""
    faces = fake_faces(*[1] * 11, 2)
    first = build(tmp_path, faces, name="a.pdf", backs=True).read_bytes()
    second = build(tmp_path, faces, name="b.pdf", backs=True).read_bytes()
    assert first == second


def test_creates_the_output_directory(tmp_path):
    """A missing output directory is created."""
    path = build(tmp_path, fake_faces(1), name="deep/er/out.pdf")
    assert path == tmp_path / "deep/er/out.pdf" and path.stat().st_size > 0


def test_error_keeps_the_earlier_file(tmp_path):
    """A failure while drawing leaves the earlier file untouched and no temporary file behind."""
    good = build(tmp_path, fake_faces(1))
    before = good.read_bytes()

    def broken(canvas, face, x, y, **_):
        raise KeyboardInterrupt

    pages = impose(fake_faces(3), load_sheet("a4", *POKER), PrintOptions())
    with pytest.raises(KeyboardInterrupt):
        write_pdf(pages, good, title="Test", draw_front=broken, draw_back=draw_back_box)
    assert good.read_bytes() == before
    assert os.listdir(tmp_path) == ["out.pdf"]


def test_written_file_is_readable_by_others(tmp_path):
    """The finished file gets ordinary permissions, not a temporary file's private ones."""
    path = build(tmp_path, fake_faces(1))
    assert path.stat().st_mode & 0o044 == 0o044 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_failed_rename_removes_the_temporary_file(tmp_path, monkeypatch):
    """If the final rename fails, the earlier file stays and the temporary file is removed."""
    good = build(tmp_path, fake_faces(1))
    before = good.read_bytes()

    def refuse(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(WriteError, match="out.pdf: .*disk full"):
        build(tmp_path, fake_faces(2))
    assert good.read_bytes() == before
    assert os.listdir(tmp_path) == ["out.pdf"]


@pytest.fixture(scope="module")
def real_faces():
    """Card faces of the first twelve spells of the compendium, with the poker layout."""
    from cards.fit import fit_spell
    from cards.layout import load_layout
    from cards.source.library import read_compendium

    layout = load_layout("poker")
    spells = read_compendium().spells[:12]
    return layout, tuple(face for spell in spells for face in fit_spell(spell, layout))


@pytest.mark.slow
def test_real_cards_use_embedded_layout_fonts(tmp_path, real_faces):
    """Real fronts and backs set every character in an embedded subset of a layout font."""
    from reportlab.pdfbase import pdfmetrics

    layout, faces = real_faces
    pages = impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions(backs=True))
    path = write_pdf(pages, tmp_path / "real.pdf", title="Kouzla")
    fonts = {pdfmetrics.getFont(name).face.name.decode() for name in layout.fonts.values()}
    with open_pdf(path) as pdf:
        chars = [char for page in pdf.pages for char in page.chars]
    assert chars
    for char in chars:
        subset, _, font = char["fontname"].partition("+")
        assert len(subset) == 6 and font in fonts


def test_real_cards_are_deterministic(tmp_path, real_faces):
    """Real cards with backs written twice give byte-identical files."""
    layout, faces = real_faces
    pages = impose(faces, load_sheet("a4", layout.width, layout.height), PrintOptions(backs=True))
    first = write_pdf(pages, tmp_path / "a.pdf", title="Kouzla").read_bytes()
    assert write_pdf(pages, tmp_path / "b.pdf", title="Kouzla").read_bytes() == first


def test_real_single_card_colour_fills_the_bleed(tmp_path, real_faces):
    """On a print-shop page the card's school colour covers the whole page, bleed included."""
    layout, faces = real_faces
    pages = impose(faces[:1], None, PrintOptions(backs=True, bleed=3 * mm))
    path = write_pdf(pages, tmp_path / "shop.pdf", title="Kouzla")
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            full = [
                rect
                for rect in page.rects
                if rect["width"] == pytest.approx(page.width, abs=0.01)
                and rect["height"] == pytest.approx(page.height, abs=0.01)
                and rect["fill"]
            ]
            assert full, "no fill reaches the page edges"


def test_gap_sheet_marks_both_edges_outside_the_bleed(tmp_path):
    """With a 4 mm gap and 2 mm bleed, each card edge has its own marks, clear of every bleed."""
    text = (LAYOUTS / "a4.toml").read_text(encoding="utf-8")
    text = text.replace("column_gap_mm = 3 ", "column_gap_mm = 4 ")
    text = text.replace("bleed_mm = 1 ", "bleed_mm = 2 ").replace(
        "width_mm = 210", "width_mm = 230"
    )
    sheet_file = tmp_path / "gap.toml"
    sheet_file.write_text(text, encoding="utf-8")
    sheet = load_sheet(str(sheet_file), *POKER)
    assert sheet.column_gap == sheet.row_gap == pytest.approx(4 * mm)
    assert sheet.bleed == pytest.approx(2 * mm)
    pages = impose(fake_faces(*[1] * 9), sheet, PrintOptions())
    path = write_pdf(pages, tmp_path / "gap.pdf", title="T", draw_front=draw_box)
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        cards = card_rects(page, FRONT)
        lines = [
            (ln["x0"], page.height - ln["bottom"], ln["x1"], page.height - ln["top"])
            for ln in page.lines
        ]
    assert len(cards) == 9
    for x0, y0, x1, y1 in cards:  # the fill reaches 2 mm beyond every cut line
        assert (x1 - x0, y1 - y0) == pytest.approx((67 * mm, 92 * mm))
    xs = {round(ln[0], 2) for ln in lines if ln[0] == ln[2]}
    ys = {round(ln[1], 2) for ln in lines if ln[1] == ln[3]}
    assert len(xs) == len(ys) == 6  # both edges of each of 3 columns and 3 rows
    for x0, y0, x1, y1 in lines:
        for cx0, cy0, cx1, cy1 in cards:
            assert x1 <= cx0 or x0 >= cx1 or y1 <= cy0 or y0 >= cy1
