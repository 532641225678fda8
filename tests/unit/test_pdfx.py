"""PDF/X for print shops (cards/pdfx.py): output intent, PDF/X keys, fonts, same bytes."""

from __future__ import annotations

import io

import pikepdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards.pdfx import make_pdfx
from tests.support.fonts import register_mono


def _cmyk_pdf(text: str = "Ohnivá koule", *, helvetica_text: bool = False) -> bytes:
    """A one-page reportlab PDF in CMYK ink, its text in an embedded TrueType font."""
    font = register_mono("PdfxTestMono")
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(180, 250), invariant=1)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont(font, 10)
    canvas.drawString(20, 200, text)
    if helvetica_text:  # set and shown in one text object
        bare = canvas.beginText(20, 100)
        bare.setFont("Helvetica", 10)
        bare.textLine("bare")
        canvas.drawText(bare)
    canvas.save()
    return out.getvalue()


def _open(data: bytes) -> pikepdf.Pdf:
    return pikepdf.open(io.BytesIO(data))


@pytest.mark.parametrize(
    ("standard", "version", "keys"),
    [
        ("PDF/X-4", "1.6", {"/GTS_PDFXVersion": "PDF/X-4"}),
        (
            "PDF/X-1a:2003",
            "1.4",
            {"/GTS_PDFXVersion": "PDF/X-1:2003", "/GTS_PDFXConformance": "PDF/X-1a:2003"},
        ),
    ],
)
def test_a_pdfx_file_has_its_version_keys_and_a_cmyk_output_intent(standard, version, keys):
    """The standard's PDF version and Info keys, Trapped false, one GTS_PDFX intent with a
    four-channel profile, and XMP naming the standard."""
    data = make_pdfx(_cmyk_pdf(), standard)
    assert data.startswith(f"%PDF-{version}".encode())
    with _open(data) as pdf:
        assert {key: str(pdf.docinfo[key]) for key in keys} == keys
        assert pdf.docinfo.Trapped == pikepdf.Name("/False")
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert intent.DestOutputProfile.N == 4
        xmp = pdf.Root.Metadata.read_bytes().decode()
    assert f"GTS_PDFXVersion>{keys['/GTS_PDFXVersion']}</" in xmp


def test_the_same_pdf_gives_the_same_bytes_and_another_pdf_another_id():
    """Deterministic: the identifier is a digest of the input."""
    first, again = make_pdfx(_cmyk_pdf()), make_pdfx(_cmyk_pdf())
    other = make_pdfx(_cmyk_pdf("Štít"))
    assert first == again
    with _open(first) as a, _open(other) as b:
        assert a.trailer.ID != b.trailer.ID


def _fonts(data: bytes) -> list[tuple[str, bool]]:
    with _open(data) as pdf:
        fonts = pdf.pages[0].Resources.Font
        return sorted(
            (str(name), "/FontDescriptor" in f or "/DescendantFonts" in f)
            for name, f in fonts.items()
        )


def test_reportlabs_unused_helvetica_is_pointed_at_the_embedded_font():
    """reportlab sets /F1 Helvetica on every page and shows nothing in it: after make_pdfx
    every font of the page is embedded, and the text is unchanged."""
    source = _cmyk_pdf()
    assert not all(embedded for _, embedded in _fonts(source))
    data = make_pdfx(source)
    assert all(embedded for _, embedded in _fonts(data))
    with _open(source) as a, _open(data) as b:
        assert a.pages[0].Contents.read_bytes() == b.pages[0].Contents.read_bytes()


def test_a_helvetica_that_shows_text_is_left_for_preflight_to_report():
    """A bare font that does show text is not swapped for another (its glyphs would change)."""
    data = make_pdfx(_cmyk_pdf(helvetica_text=True))
    assert not all(embedded for _, embedded in _fonts(data))


def test_an_unknown_standard_is_a_value_error_listing_the_known():
    """make_pdfx(..., "PDF/X-3") names the standards it writes."""
    with pytest.raises(ValueError, match="PDF/X-4"):
        make_pdfx(_cmyk_pdf(), "PDF/X-3")
