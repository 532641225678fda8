"""tests/support/pdfread.py reads back what pdfplumber reads: the same characters, paths, text."""

from __future__ import annotations

import pdfplumber
import pytest

from cards.build import build_pdf
from cards.impose import PrintOptions
from tests.support.pdfread import open_pdf
from tests.support.readback import spells_named

CHAR_KEYS = (
    "text",
    "fontname",
    "size",
    "x0",
    "x1",
    "y0",
    "y1",
    "top",
    "bottom",
    "upright",
    "matrix",
    "non_stroking_color",
    "stroking_color",
)
PATH_KEYS = (
    "x0",
    "x1",
    "top",
    "bottom",
    "width",
    "height",
    "fill",
    "stroke",
    "linewidth",
    "non_stroking_color",
    "stroking_color",
    "pts",
    "y0",
    "y1",
    "dash",
)


@pytest.fixture(scope="module")
def sheet_pdf(tmp_path_factory):
    """Three spells (a table, a long one) on A4 with crop marks, backs and an index."""
    spells = spells_named("Ohnivá koule", "Bludiště", "Hromadné léčivé slovo")
    path = tmp_path_factory.mktemp("pdfread") / "deck.pdf"
    build_pdf(spells, path, sheet="a4", options=PrintOptions(backs=True), index=True)
    return path


def _picked(item: dict, keys: tuple[str, ...]) -> dict:
    return {key: item[key] for key in keys}


def _without_doctop(word: dict) -> dict:
    return {key: value for key, value in word.items() if key != "doctop"}


@pytest.mark.slow
def test_every_page_reads_as_pdfplumber_reads_it(sheet_pdf):
    with pdfplumber.open(sheet_pdf) as reference, open_pdf(sheet_pdf) as pdf:
        assert len(pdf.pages) == len(reference.pages) >= 4
        for ours, theirs in zip(pdf.pages, reference.pages, strict=True):
            assert (ours.width, ours.height) == (theirs.width, theirs.height)
            assert [_picked(c, CHAR_KEYS) for c in ours.chars] == [
                _picked(c, CHAR_KEYS) for c in theirs.chars
            ]
            for kind in ("rects", "lines", "curves"):
                assert [_picked(p, PATH_KEYS) for p in getattr(ours, kind)] == [
                    _picked(p, PATH_KEYS) for p in getattr(theirs, kind)
                ], kind
            assert ours.extract_text() == theirs.extract_text()
            assert ours.extract_text_lines(return_chars=False) == theirs.extract_text_lines(
                return_chars=False
            )
            half = (0, 0, ours.width / 2, ours.height)
            assert ours.crop(half).extract_text() == theirs.crop(half).extract_text()
            # doctop (the top from the document's start) is left out: the tests never read it
            assert [_without_doctop(w) for w in ours.extract_words()] == [
                _without_doctop(w) for w in theirs.extract_words()
            ]
        assert sum(len(page.chars) for page in pdf.pages) > 2000
        assert any(page.lines for page in pdf.pages)  # the crop marks
        assert any(page.rects for page in pdf.pages) and any(page.curves for page in pdf.pages)


def test_a_page_read_again_after_flush_cache_is_the_same(sheet_pdf):
    with open_pdf(sheet_pdf) as pdf:
        page = pdf.pages[1]
        first = [dict(c) for c in page.chars]
        assert pdf.pages[0].chars  # another page read in between
        page.flush_cache()
        assert page.chars == first


def test_the_tokenizer_gives_pdfminers_operands():
    """Numbers keep int or float, names become literals, strings lose their escapes."""
    from pdfminer.psparser import LIT

    from tests.support.pdfread import _operations

    stream = rb"1 0 0 1 5.5 -.25 Tm /F2+0 9 Tf (a\(b\)\\\101\
c\n) Tj [(x) -120 (y)] TJ"
    assert list(_operations(stream)) == [
        (b"Tm", [1, 0, 0, 1, 5.5, -0.25]),
        (b"Tf", [LIT("F2+0"), 9]),
        (b"Tj", [b"a(b)\\Ac\n"]),
        (b"TJ", [[b"x", -120, b"y"]]),
    ]
    assert [type(v) for v in list(_operations(b"1 1.0 Td"))[0][1]] == [int, float]


@pytest.mark.parametrize("syntax", [b"/P << /MCID 0 >> BDC", b"<41> Tj", b"/A#20B Do", b"BI"])
def test_a_stream_the_tokenizer_does_not_know_goes_to_pdfminer(syntax, tmp_path):
    """Marked content, hex strings, escaped names and inline images: pdfminer's own parser."""
    from tests.support.pdfread import _operations, _Unfamiliar

    with pytest.raises(_Unfamiliar):
        list(_operations(b"q " + syntax + b" Q"))


def test_a_page_with_marked_content_reads_as_pdfplumber_reads_it(tmp_path):
    """The fallback: a page whose stream has a dictionary is read by pdfminer's parser."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from tests.support.readback import ROOT

    pdfmetrics.registerFont(TTFont("PdfreadCharis", ROOT / "fonts" / "CharisSIL-Regular.ttf"))
    path = tmp_path / "marked.pdf"
    canvas = Canvas(str(path), pagesize=(200, 100))
    canvas._code.append("/Span << /MCID 0 >> BDC")
    canvas.setFont("PdfreadCharis", 12)
    canvas.drawString(10, 50, "Příliš žluťoučký kůň")
    canvas._code.append("EMC")
    canvas.save()
    with pdfplumber.open(path) as reference, open_pdf(path) as pdf:
        (theirs,), (ours,) = reference.pages, pdf.pages
        assert [c["text"] for c in ours.chars] == list("Příliš žluťoučký kůň")
        assert [_picked(c, CHAR_KEYS) for c in ours.chars] == [
            _picked(c, CHAR_KEYS) for c in theirs.chars
        ]
